#version 460
// Dispatcher kernel (paper §4.2): one thread reads the leaf count L and
// writes the indirect arguments of the kernels that run one thread per leaf:
// ceil(L / T) workgroups of T threads, spread over y when that exceeds the
// device's maxComputeWorkGroupCount[0] (kernels flatten gl_WorkGroupID); and
// L itself, for whoever draws or reports the leaves without reading the heap.
#extension GL_GOOGLE_include_directive : require

#define CBT_HEAP_BUFFER_BINDING 0
#define CBT_HEAP_READ_ONLY
#include "cbt/ConcurrentBinaryTree.glsl"

layout(local_size_x = 1) in;

// Byte layout shared with cbt::gpu::IndirectArguments (16 bytes).
layout(std430, binding = 1) writeonly buffer CbtIndirectArguments {
    uint dispatchX;
    uint dispatchY;
    uint dispatchZ;
    uint leafCount;
} arguments;

layout(push_constant) uniform DispatcherConstants {
    uint threadsPerWorkgroup;  // T, the local size of the per-leaf kernels
    uint maxWorkgroupCountX;   // maxComputeWorkGroupCount[0]
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
}
