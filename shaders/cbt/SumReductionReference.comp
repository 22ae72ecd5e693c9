#version 460
// The sum reduction of paper Alg. 2 as the paper writes it, to read and to
// check the tuned kernels against (SumReductionBitfield.comp and
// SumReductionBitfieldSerial.comp compute the same heap, many levels per
// dispatch):
//
//   for d = D - 1 down to 0:
//       for every node k at depth d, in parallel:
//           CBT[k] = CBT[2k] + CBT[2k + 1]
//
// cbt::gpu::SumReductionPass records one dispatch of this kernel per depth,
// bottom-up, with a barrier between two, and one thread per node of the
// depth (2^d of them, spread over y beyond the device's workgroup limit).
//
// A node's field shares 32-bit words with its neighbours', which other
// threads write at the same time, so the write changes only its own bits
// (atomics, cbt_HeapWriteAtomic), and the children's words are loaded
// atomically (CBT_HEAP_ATOMIC_LOADS).
#extension GL_GOOGLE_include_directive : require

#define CBT_HEAP_BUFFER_BINDING 0
#define CBT_HEAP_ATOMIC_LOADS
#include "cbt/ConcurrentBinaryTree.glsl"

layout(local_size_x = 256) in;

layout(push_constant) uniform ReferenceConstants {
    uint depth;  // d: this dispatch writes the nodes of depth d
} level;

void main()
{
    uint workgroup = gl_WorkGroupID.y * gl_NumWorkGroups.x + gl_WorkGroupID.x;
    uint node = workgroup * gl_WorkGroupSize.x + gl_LocalInvocationIndex;
    uint nodesAtDepth = 1u << level.depth;
    if (node >= nodesAtDepth) {
        return;
    }
    uint heapIndex = nodesAtDepth + node;
    uint maxDepth = cbt_MaxDepth();
    uint childDepth = level.depth + 1u;
    uint sum = cbt_ReadField(maxDepth, 2u * heapIndex, childDepth) + cbt_ReadField(maxDepth, 2u * heapIndex + 1u, childDepth);
    cbt_HeapWriteAtomic(heapIndex, sum);
}
