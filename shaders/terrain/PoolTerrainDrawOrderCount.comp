#version 460
// The draw order's first pass (terrain/PoolTerrainDrawOrder.glsl), over the
// live list after the index pass: each visible bisector counted in its
// distance band.
#extension GL_GOOGLE_include_directive : require
#include "bisector/BisectorPool.glsl"
#include "terrain/PoolTerrainDrawOrder.glsl"

layout(local_size_x = 64) in;

void main()
{
    uint index = gl_GlobalInvocationID.x;
    if (index >= pool_counters.visibleCount) {
        return;
    }
    atomicAdd(poolTerrain_bandCounts[poolTerrain_DrawBand(pool_ListEntry(POOL_VISIBLE_LIST, index))], 1u);
}
