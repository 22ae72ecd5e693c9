#version 460
// Decodes every leaf (Alg. 1) to its heap index and, when compiled with
// LEB_DECODE_TRIANGLES, to its triangle (three dvec2 per leaf, v0 v1 v2: the
// exact walk of leb/TriangleWalk.glsl, as the CPU's doubles; that variant
// needs shaderFloat64). One thread per leaf, launched with vkCmdDispatchIndirect
// on the dispatcher's arguments; leaves at or beyond `capacity` are skipped.
// The terrain draw reads the heap indices (shaders/terrain/TerrainDraw.vert),
// so the decode runs once per leaf and frame rather than once per vertex
// (for the leaves the buffer holds; the vertex shader decodes any others).
#extension GL_GOOGLE_include_directive : require

#define CBT_HEAP_BUFFER_BINDING 0
#define CBT_HEAP_READ_ONLY
#include "cbt/ConcurrentBinaryTree.glsl"
#include "leb/LongestEdgeBisection.glsl"

layout(local_size_x = 256) in;

layout(std430, binding = 1) writeonly buffer LeafHeapIndices {
    uint heapIndices[];
};

#ifdef LEB_DECODE_TRIANGLES
layout(std430, binding = 2) writeonly buffer LeafTriangles {
    dvec2 vertices[];
};
#endif

layout(push_constant) uniform LeafDecodeConstants {
    uint domain;    // LEB_DOMAIN_*
    uint capacity;  // leaves the output buffers hold
} constants;

void main()
{
    uint workgroupIndex = gl_WorkGroupID.y * gl_NumWorkGroups.x + gl_WorkGroupID.x;
    uint leafIndex = workgroupIndex * gl_WorkGroupSize.x + gl_LocalInvocationIndex;
    if (leafIndex >= cbt_NodeCount() || leafIndex >= constants.capacity) {
        return;
    }
    uint heapIndex = cbt_DecodeNode(leafIndex);
    heapIndices[leafIndex] = heapIndex;
#ifdef LEB_DECODE_TRIANGLES
    leb_Triangle triangle = leb_DecodeTriangle(heapIndex, constants.domain);
    for (uint vertex = 0u; vertex < 3u; ++vertex) {
        vertices[3u * leafIndex + vertex] = dvec2(triangle.v[vertex]);
    }
#endif
}
