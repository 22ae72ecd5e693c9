#version 460
// One thread, after the index pass: the globe draw's VkDrawIndirectCommand
// (three vertices per visible bisector), the workgroups of its visibility
// pass over the visible list (planet/GlobeRaster.comp) and, side by side for the frame's
// statistics read-back, the live, visible and deferred counts and what the
// update changed.
#extension GL_GOOGLE_include_directive : require
#include "bisector/BisectorPool.glsl"

layout(local_size_x = 1) in;

void main()
{
    uint visible = pool_counters.visibleCount;
    pool_counters.drawVertexCount = 3u * visible;
    pool_counters.drawInstanceCount = 1u;
    pool_counters.drawFirstVertex = 0u;
    pool_counters.drawFirstInstance = 0u;
    pool_counters.visibleDispatch.x = min((visible + POOL_WORKGROUP_SIZE - 1u) / POOL_WORKGROUP_SIZE, 65535u);
    pool_counters.visibleDispatch.y = 1u;
    pool_counters.visibleDispatch.z = 1u;
    pool_counters.liveStatistic = pool_counters.counts[POOL_LIVE_LIST];
    pool_counters.visibleStatistic = visible;
    pool_counters.deferredStatistic = pool_counters.deferredCount;
    pool_counters.changedStatistic = pool_counters.counts[POOL_CHANGED_LIST] + pool_counters.counts[POOL_DIAMOND_LIST];
}
