#version 460
// Every live bisector's geometry from its key (exact vertices and their
// points from the origin): once at the start, and when the origin moves.
#extension GL_GOOGLE_include_directive : require
#include "bisector/BisectorPool.glsl"
#include "planet/GlobeCriterion.glsl"
#include "planet/GlobeGeometry.glsl"

layout(local_size_x = 64) in;

void main()
{
    uint index = gl_GlobalInvocationID.x;
    if (index >= pool_counters.counts[POOL_LIVE_LIST]) {
        return;
    }
    uint slot = pool_ListEntry(POOL_LIVE_LIST, index);
    planet_Triangle t = planet_TriangleOf(pool_keys[slot], pool.rootBits);
    globe_WriteGeometry(slot, t.v[0], t.v[1], t.v[2]);
}
