#version 460
// The draw order's first pass (terrain/PoolTerrainDrawOrder.glsl), over the
// live list after the index pass: each visible bisector counted in its
// distance band, and the band kept in its visible list entry.
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
    uint slot = pool_ListEntry(POOL_VISIBLE_LIST, index);
    uint band = poolTerrain_DrawBand(slot);
    atomicAdd(poolTerrain_bandCounts[band], 1u);
    pool_SetListEntry(POOL_VISIBLE_LIST, index, slot | (band << POOL_TERRAIN_SLOT_BITS));
}
