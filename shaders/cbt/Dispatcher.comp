#version 460
// Dispatcher kernel (paper §4.2): one thread reads the leaf count L and
// writes the indirect arguments of the next kernels and of the draw:
//   - VkDispatchIndirectCommand for one thread per leaf: ceil(L / T)
//     workgroups of T threads, spread over y when that exceeds the device's
//     maxComputeWorkGroupCount[0] (kernels flatten gl_WorkGroupID);
//   - L itself (for readers that want the count without the heap);
//   - VkDrawIndirectCommand {verticesPerLeaf * L, 1, 0, 0}: one instance,
//     the vertex shader decodes leaf gl_VertexIndex / verticesPerLeaf. (One
//     instance per leaf drew the same triangles, but lavapipe runs a vertex
//     batch per instance: with 3 vertices each, most SIMD lanes idled and
//     its draw took about 13 % longer; an H100 did not tell the two apart.)
//     Should verticesPerLeaf * L not fit 32 bits (at the most, 192 vertices
//     per leaf, that takes 22 million leaves, far more than a target of a few
//     pixels per edge gives on any screen), only the leaves that fit are
//     drawn, never a wrapped count.
#extension GL_GOOGLE_include_directive : require

#define CBT_HEAP_BUFFER_BINDING 0
#define CBT_HEAP_READ_ONLY
#include "cbt/ConcurrentBinaryTree.glsl"

layout(local_size_x = 1) in;

// Byte layout shared with terrain::IndirectArguments (32 bytes).
layout(std430, binding = 1) writeonly buffer CbtIndirectArguments {
    uint dispatchX;
    uint dispatchY;
    uint dispatchZ;
    uint leafCount;
    uint vertexCount;
    uint instanceCount;
    uint firstVertex;
    uint firstInstance;
} arguments;

layout(push_constant) uniform DispatcherConstants {
    uint threadsPerWorkgroup;  // T, the local size of the per-leaf kernels
    uint maxWorkgroupCountX;   // maxComputeWorkGroupCount[0]
    uint verticesPerLeaf;      // 3 times the uniform subdivision factor
} constants;

void main()
{
    uint leafCount = cbt_NodeCount();
    uint workgroups = (leafCount + constants.threadsPerWorkgroup - 1u) / constants.threadsPerWorkgroup;
    uint workgroupsX = min(workgroups, constants.maxWorkgroupCountX);
    arguments.dispatchX = workgroupsX;
    arguments.dispatchY = workgroupsX == 0u ? 1u : (workgroups + workgroupsX - 1u) / workgroupsX;
    arguments.dispatchZ = 1u;
    arguments.leafCount = leafCount;
    uint drawnLeafCount = min(leafCount, 0xFFFFFFFFu / constants.verticesPerLeaf);
    arguments.vertexCount = drawnLeafCount * constants.verticesPerLeaf;
    arguments.instanceCount = 1u;
    arguments.firstVertex = 0u;
    arguments.firstInstance = 0u;
}
