#version 460
// One thread, after the index pass: the draw's VkDrawIndirectCommand (3 * 2^s
// vertices per visible bisector, s the uniform subdivision), the dispatch
// over its triangles and, side by
// side for the frame's statistics read-back, the live, visible and deferred
// counts and what the update changed; and the draw order's band counts
// cleared for the next update (terrain/PoolTerrainDrawOrder.glsl).
#extension GL_GOOGLE_include_directive : require
#include "bisector/BisectorPool.glsl"
#include "terrain/PoolTerrainDrawOrder.glsl"

layout(local_size_x = 1) in;

void main()
{
    uint visible = pool_counters.visibleCount;
    pool_counters.drawVertexCount = visible * (3u << terrainFrame.uniformSubdivisionLevels);
    pool_counters.drawInstanceCount = 1u;
    pool_counters.drawFirstVertex = 0u;
    pool_counters.drawFirstInstance = 0u;
    // Workgroups over the draw's triangles, for the visibility pass in
    // compute (terrain/TerrainRaster.comp), whose invocations stride over
    // them beyond 65535 workgroups.
    uint triangles = visible << terrainFrame.uniformSubdivisionLevels;
    pool_counters.visibleDispatch.x = min((triangles + POOL_WORKGROUP_SIZE - 1u) / POOL_WORKGROUP_SIZE, 65535u);
    pool_counters.visibleDispatch.y = 1u;
    pool_counters.visibleDispatch.z = 1u;
    pool_counters.liveStatistic = pool_counters.counts[POOL_LIVE_LIST];
    pool_counters.visibleStatistic = visible;
    pool_counters.deferredStatistic = pool_counters.deferredCount;
    pool_counters.changedStatistic = pool_counters.counts[POOL_CHANGED_LIST] + pool_counters.counts[POOL_DIAMOND_LIST];
    for (uint band = 0u; band < POOL_TERRAIN_DRAW_BANDS; ++band) {
        poolTerrain_bandCounts[band] = 0u;
        poolTerrain_bandPlaced[band] = 0u;
    }
}
