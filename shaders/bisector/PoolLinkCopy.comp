#version 460
// The links of every live bisector into the copy this frame writes (a frame
// reads one copy and writes the other), before the bisect pass rewrites
// those that change.
#extension GL_GOOGLE_include_directive : require
#include "bisector/BisectorPool.glsl"

layout(local_size_x = 64) in;

void main()
{
    uint index = gl_GlobalInvocationID.x;
    if (index >= pool_counters.counts[POOL_LIVE_LIST]) {
        return;
    }
    uint slot = pool_ListEntry(POOL_LIVE_LIST, index);
    for (uint edge = 0u; edge < 3u; ++edge) {
        pool_SetNewLink(slot, edge, pool_Link(slot, edge));
    }
}
