#version 460
// The draw order's second pass (terrain/PoolTerrainDrawOrder.glsl), over the
// live list after the first: each visible bisector written into the draw
// list after every bisector of the nearer bands.
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
    uint entry = pool_ListEntry(POOL_VISIBLE_LIST, index);
    uint slot = entry & POOL_TERRAIN_SLOT_MASK;
    uint band = entry >> POOL_TERRAIN_SLOT_BITS;
    uint first = 0u;
    for (uint nearer = 0u; nearer < band; ++nearer) {
        first += poolTerrain_bandCounts[nearer];
    }
    poolTerrain_drawList[first + atomicAdd(poolTerrain_bandPlaced[band], 1u)] = slot;
}
