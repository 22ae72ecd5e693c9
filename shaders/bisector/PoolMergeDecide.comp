#version 460
// Merge, deciding (PoolUpdate.cpp, findDiamond): one thread per even child
// that classify found may merge (the merge list). One unchanged this frame heads a
// diamond with its sibling and, across their parent's base, the twin pair
// (none on the base mesh's boundary); when all of them may merge, the even
// child with the smaller key puts the diamond on the list. Reads the keys and
// links after the split, writes nothing else.
#extension GL_GOOGLE_include_directive : require
#include "bisector/BisectorPool.glsl"

layout(local_size_x = 64) in;

bool mayMerge(uint slot)
{
    return slot != POOL_NO_SLOT &&
           (pool_flags[slot] & (POOL_PATTERN_BITS | POOL_MERGE_CANDIDATE)) == POOL_MERGE_CANDIDATE;
}

void main()
{
    uint index = gl_GlobalInvocationID.x;
    if (index >= pool_counters.counts[POOL_MERGE_LIST]) {
        return;
    }
    uint c0 = pool_ListEntry(POOL_MERGE_LIST, index);
    uint64_t key = pool_keys[c0];
    if (!mayMerge(c0) || (key & 1ul) != 0ul) {
        return;
    }
    uint c1 = pool_NewLink(c0, POOL_LEFT_EDGE);
    if (!mayMerge(c1) || pool_keys[c1] != key + 1ul) {
        return;
    }
    uint q1 = pool_NewLink(c0, POOL_RIGHT_EDGE);
    uint q0 = pool_NewLink(c1, POOL_LEFT_EDGE);
    if (q0 != POOL_NO_SLOT || q1 != POOL_NO_SLOT) {
        if (!mayMerge(q0) || !mayMerge(q1)) {
            return;
        }
        uint64_t twinKey = pool_keys[q0];
        if ((twinKey & 1ul) != 0ul || pool_keys[q1] != twinKey + 1ul || pool_Depth(twinKey) != pool_Depth(key) ||
            twinKey < key) {
            return;
        }
    }
    pool_AppendOne(POOL_DIAMOND_LIST, c0);
}
