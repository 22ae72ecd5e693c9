#version 460
// One thread: the indirect dispatch arguments over list `pool.argument`
// (POOL_LIVE_LIST .. POOL_MERGE_LIST), one workgroup per
// POOL_WORKGROUP_SIZE entries. With pool.argument == POOL_LIVE_LIST the live
// count is first taken from the occupancy tree's root, and the visible count
// reset, for the index pass.
#extension GL_GOOGLE_include_directive : require
#include "bisector/BisectorPool.glsl"

layout(local_size_x = 1) in;

void main()
{
    uint list = pool.argument;
    if (list == POOL_LIVE_LIST) {
        pool_counters.counts[POOL_LIVE_LIST] = cbt_HeapRead(1u);
        pool_counters.visibleCount = 0u;
    }
    uint count = pool_counters.counts[list];
    pool_counters.dispatch[list] = pool_DispatchArguments((count + POOL_WORKGROUP_SIZE - 1u) / POOL_WORKGROUP_SIZE,
                                                          1u, 1u);
}
