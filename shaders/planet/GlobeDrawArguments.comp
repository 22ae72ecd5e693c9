#version 460
// One thread, after the index pass: the globe draw's VkDrawIndirectCommand
// (three vertices per visible bisector).
#extension GL_GOOGLE_include_directive : require
#include "bisector/BisectorPool.glsl"

layout(local_size_x = 1) in;

void main()
{
    pool_counters.drawVertexCount = 3u * pool_counters.visibleCount;
    pool_counters.drawInstanceCount = 1u;
    pool_counters.drawFirstVertex = 0u;
    pool_counters.drawFirstInstance = 0u;
}
