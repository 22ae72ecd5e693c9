#version 460
// Test probe for the GLSL heap writes: stores expected[k] into CBT[k] for
// every heap index k in [1, 2^D), either
//   mode 0: one thread, cbt_HeapWrite for each k in turn, or
//   mode 1: one thread per k, cbt_HeapWriteAtomic, all at once (neighbouring
//           fields share words, so plain read-modify-writes would race).
#extension GL_GOOGLE_include_directive : require
#extension GL_KHR_memory_scope_semantics : require

#define CBT_HEAP_BUFFER_BINDING 0
#include "cbt/ConcurrentBinaryTree.glsl"

layout(local_size_x = 64) in;

layout(std430, binding = 1) readonly buffer ExpectedValues {
    uint expected[];  // indexed by heap index; [0] unused
};

layout(push_constant) uniform ProbeConstants {
    uint mode;
} constants;

void main()
{
    uint fieldCount = 1u << cbt_MaxDepth();  // heap indices 1 .. 2^D - 1
    if (constants.mode == 0u) {
        if (gl_GlobalInvocationID.x == 0u) {
            for (uint heapIndex = 1u; heapIndex < fieldCount; ++heapIndex) {
                cbt_HeapWrite(heapIndex, expected[heapIndex]);
            }
        }
        return;
    }
    uint heapIndex = gl_GlobalInvocationID.x + 1u;
    if (heapIndex < fieldCount) {
        cbt_HeapWriteAtomic(heapIndex, expected[heapIndex]);
    }
}
