#version 460
// The geometry cache of every live bisector, from its exact vertices: run
// when the heightmap, the heights or the origin change (and once at the
// start), over the live list.
#extension GL_GOOGLE_include_directive : require
#include "bisector/BisectorPool.glsl"
#include "terrain/PoolTerrain.glsl"

layout(local_size_x = 64) in;

void main()
{
    uint index = gl_GlobalInvocationID.x;
    if (index >= pool_counters.counts[POOL_LIVE_LIST]) {
        return;
    }
    uint slot = pool_ListEntry(POOL_LIVE_LIST, index);
    poolTerrain_WriteGeometry(slot, pool_keys[slot], poolTerrain_exact[3u * slot], poolTerrain_exact[3u * slot + 1u],
                              poolTerrain_exact[3u * slot + 2u]);
}
