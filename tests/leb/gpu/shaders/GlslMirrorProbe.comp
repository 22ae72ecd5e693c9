#version 460
// Test probe: for every leaf, the GLSL mirror's answers to the queries the
// update pipeline itself does not all use (encode, leaf / ceil tests,
// neighbours, true neighbours, matrix decoding), for comparison with the CPU.
#extension GL_GOOGLE_include_directive : require

#define CBT_HEAP_BUFFER_BINDING 0
#define CBT_HEAP_READ_ONLY
#include "cbt/ConcurrentBinaryTree.glsl"
#include "leb/LongestEdgeBisection.glsl"
#include "leb/DoubleGeometry.glsl"

layout(local_size_x = 64) in;

struct LeafProbe {
    uint heapIndex;     // cbt_DecodeNode(leaf)
    uint leafIndex;     // cbt_EncodeNode(heapIndex)
    uint flags;         // bit 0: cbt_IsLeaf, bit 1: cbt_IsCeil
    uint nodeCount;     // cbt_NodeCount
    uvec4 sameDepth;    // leb_SameDepthNeighbors (left, right, edge, node)
    uvec4 trueNeighbors;
    dvec2 vertices[3];  // leb_DecodeMatrix(heapIndex) applied to the base triangle
};

layout(std430, binding = 1) writeonly buffer Probes {
    LeafProbe probes[];
};

layout(push_constant) uniform ProbeConstants {
    uint domain;
} constants;

void main()
{
    uint leaf = gl_GlobalInvocationID.x;
    if (leaf >= cbt_NodeCount()) {
        return;
    }
    uint heapIndex = cbt_DecodeNode(leaf);
    leb_Neighbors same = leb_SameDepthNeighbors(heapIndex, constants.domain);
    leb_Neighbors actual = leb_TrueNeighbors(heapIndex, constants.domain);
    dmat3 matrix = leb_DecodeMatrix(heapIndex, constants.domain);
    leb_DoubleTriangle base = leb_ToDouble(leb_BaseTriangle());
    dvec3 xs = matrix * dvec3(base.v[0].x, base.v[1].x, base.v[2].x);
    dvec3 ys = matrix * dvec3(base.v[0].y, base.v[1].y, base.v[2].y);

    probes[leaf].heapIndex = heapIndex;
    probes[leaf].leafIndex = cbt_EncodeNode(heapIndex);
    probes[leaf].flags = (cbt_IsLeaf(heapIndex) ? 1u : 0u) | (cbt_IsCeil(heapIndex) ? 2u : 0u);
    probes[leaf].nodeCount = cbt_NodeCount();
    probes[leaf].sameDepth = uvec4(same.left, same.right, same.edge, same.node);
    probes[leaf].trueNeighbors = uvec4(actual.left, actual.right, actual.edge, actual.node);
    for (int vertex = 0; vertex < 3; ++vertex) {
        probes[leaf].vertices[vertex] = dvec2(xs[vertex], ys[vertex]);
    }
}
