// Appending to a list of the pool from a compute pass: one atomic per
// subgroup instead of one per entry (and one more for the list's indirect
// dispatch, pool_CountWorkgroups, except on the visible list). Every
// invocation of the subgroup that is still running must call it (with
// `append` false when it adds nothing); it returns the entry index of an
// invocation that appends.
#ifndef BISECTOR_POOL_LIST_APPEND_GLSL
#define BISECTOR_POOL_LIST_APPEND_GLSL

#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_ballot : require

uint pool_AppendEntry(uint list, bool append)
{
    uvec4 ballot = subgroupBallot(append);
    uint total = subgroupBallotBitCount(ballot);
    uint first = 0u;
    if (total > 0u && subgroupElect()) {
        if (list == POOL_VISIBLE_LIST) {
            first = atomicAdd(pool_counters.visibleCount, total);
        } else {
            first = atomicAdd(pool_counters.counts[list], total);
            pool_CountWorkgroups(list, first, total);
        }
    }
    return subgroupBroadcastFirst(first) + subgroupBallotExclusiveBitCount(ballot);
}

#endif  // BISECTOR_POOL_LIST_APPEND_GLSL
