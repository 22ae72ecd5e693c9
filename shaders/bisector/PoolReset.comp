#version 460
// One thread, first in a frame: every free slot is in the budget, and the
// lists the frame fills are empty, with no workgroups over them (their
// appends count those, pool_CountWorkgroups).
#extension GL_GOOGLE_include_directive : require
#include "bisector/BisectorPool.glsl"

layout(local_size_x = 1) in;

void main()
{
    pool_counters.budget = int(pool.capacity - pool_counters.counts[POOL_LIVE_LIST]);
    pool_counters.allocationCursor = 0u;
    pool_counters.deferredCount = 0u;
    pool_counters.freedCount = 0u;
    pool_counters.counts[POOL_SPLIT_LIST] = 0u;
    pool_counters.counts[POOL_CHANGED_LIST] = 0u;
    pool_counters.counts[POOL_DIAMOND_LIST] = 0u;
    pool_counters.counts[POOL_MERGE_LIST] = 0u;
    for (uint list = POOL_SPLIT_LIST; list <= POOL_MERGE_LIST; ++list) {
        pool_counters.dispatch[list] = pool_DispatchArguments(0u, 1u, 1u);
    }
    pool_counters.createdDispatch = pool_DispatchArguments(0u, 1u, 1u);
}
