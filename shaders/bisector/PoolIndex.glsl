// Index (the last pass of a frame, after the occupancy tree's reduction): one
// thread per live bisector, found by select1 on the tree, writes the live
// list the next frame runs over, forwards its links that name a slot a merge
// freed, and puts it on the visible list when the draw shows it: as classify
// found for a bisector it classified this frame, else as the criterion, which
// the entry program includes before this file, says:
//   bool bisector_IsVisible(uint slot, uint64_t key)
// Dispatched over the new live count (PoolArguments.comp with POOL_LIVE_LIST).
#ifndef BISECTOR_POOL_INDEX_GLSL
#define BISECTOR_POOL_INDEX_GLSL

#include "bisector/PoolListAppend.glsl"

layout(local_size_x = 64) in;

void main()
{
    uint index = gl_GlobalInvocationID.x;
    if (index >= pool_counters.counts[POOL_LIVE_LIST]) {
        return;
    }
    uint slot = pool_SelectUsed(index);
    pool_SetListEntry(POOL_LIVE_LIST, index, slot);
    for (uint edge = 0u; edge < 3u; ++edge) {
        uint neighbour = pool_NewLink(slot, edge);
        if (neighbour != POOL_NO_SLOT && pool_forward[neighbour] != POOL_NO_SLOT) {
            pool_SetNewLink(slot, edge, pool_forward[neighbour]);
        }
    }
    uint flags = pool_flags[slot];
    bool classified = (flags & (POOL_CLASSIFIED | POOL_PATTERN_BITS)) == POOL_CLASSIFIED;
    bool visible = classified ? (flags & POOL_CLASSIFIED_VISIBLE) != 0u : bisector_IsVisible(slot, pool_keys[slot]);
    uint entry = pool_AppendEntry(POOL_VISIBLE_LIST, visible);
    if (visible) {
        pool_SetListEntry(POOL_VISIBLE_LIST, entry, slot);
    }
}

#endif  // BISECTOR_POOL_INDEX_GLSL
