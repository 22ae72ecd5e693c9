// Index (the last passes of a frame, after bisector/PoolLiveList.comp has
// written the live list the next frame runs over), in two programs of this
// file:
// - over the live list: one thread per live bisector forwards its links that
//   name a slot a merge freed, and puts the bisector on the visible list
//   when classify, which ran over it this frame, found the draw shows it;
// - with POOL_INDEX_CREATED, over the changed list's workgroups then the
//   diamond list's (createdDispatch: one thread per split bisector, for its
//   children, and one per merged diamond, for its parents): puts the
//   bisectors this frame created on the visible list as the criterion,
//   which the entry program includes before this file, says:
//     bool bisector_IsVisible(uint slot, uint64_t key)
//   Asking the criterion only of these threads keeps the live list's threads
//   from waiting on the few of them that would ask it.
// Dispatched over the lists' counts (pool_CountWorkgroups).
#ifndef BISECTOR_POOL_INDEX_GLSL
#define BISECTOR_POOL_INDEX_GLSL

#include "bisector/PoolListAppend.glsl"

layout(local_size_x = 64) in;

// Puts `slot` on the visible list when `visible`; every running invocation
// of the subgroup calls it.
void appendVisible(uint slot, bool visible)
{
    uint entry = pool_AppendEntry(POOL_VISIBLE_LIST, visible);
    if (visible) {
        pool_SetListEntry(POOL_VISIBLE_LIST, entry, slot);
    }
}

bool isVisibleCreated(uint slot)
{
    return slot != POOL_NO_SLOT && bisector_IsVisible(slot, pool_keys[slot]);
}

#ifdef POOL_INDEX_CREATED

void main()
{
    uint changedWorkgroups = pool_counters.dispatch[POOL_CHANGED_LIST].x;
    bool changed = gl_WorkGroupID.x < changedWorkgroups;
    uint list = changed ? POOL_CHANGED_LIST : POOL_DIAMOND_LIST;
    uint index = gl_GlobalInvocationID.x - (changed ? 0u : changedWorkgroups * POOL_WORKGROUP_SIZE);
    if (index >= pool_counters.counts[list]) {
        return;
    }
    uint slot = pool_ListEntry(list, index);
    if (changed) {
        // The split bisector's children: two, three or four (c0 or c00 in its slot).
        pool_ChildSlots c = pool_ChildSlotsOf(slot, pool_Pattern(slot));
        appendVisible(c.c0, isVisibleCreated(c.c0));
        appendVisible(c.c1, isVisibleCreated(c.c1));
        appendVisible(c.c00, isVisibleCreated(c.c00));
        appendVisible(c.c01, isVisibleCreated(c.c01));
        appendVisible(c.c10, isVisibleCreated(c.c10));
        appendVisible(c.c11, isVisibleCreated(c.c11));
    } else {
        // The diamond's parents: its working even child's slot, and the
        // other pair's across the base (none on a boundary).
        appendVisible(slot, isVisibleCreated(slot));
        uint other = pool_NewLink(slot, POOL_BASE_EDGE);
        appendVisible(other, isVisibleCreated(other));
    }
}

#else

void main()
{
    uint index = gl_GlobalInvocationID.x;
    if (index >= pool_counters.counts[POOL_LIVE_LIST]) {
        return;
    }
    uint slot = pool_ListEntry(POOL_LIVE_LIST, index);
    if (pool_counters.freedCount != 0u) {  // else no merge freed a slot
        for (uint edge = 0u; edge < 3u; ++edge) {
            uint neighbour = pool_NewLink(slot, edge);
            if (neighbour != POOL_NO_SLOT && pool_forward[neighbour] != POOL_NO_SLOT) {
                pool_SetNewLink(slot, edge, pool_forward[neighbour]);
            }
        }
    }
    // Split bisectors (their slot is a child's now) and merged parents
    // (flags cleared) are the other program's.
    uint flags = pool_flags[slot];
    bool classified = (flags & (POOL_CLASSIFIED | POOL_PATTERN_BITS)) == POOL_CLASSIFIED;
    appendVisible(slot, classified && (flags & POOL_CLASSIFIED_VISIBLE) != 0u);
}

#endif

#endif  // BISECTOR_POOL_INDEX_GLSL
