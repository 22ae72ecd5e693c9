#version 460
// Sum reduction, upper dispatches: folds up to 9 levels above level L (the
// push constant inputDepth) through shared memory. See the design notes at
// the top of cbt/SumReductionBitfield.comp.
//
// A workgroup owns a block of F = min(512, 2^L) consecutive fields of level
// L; its threads read them into the leaves of a shared tree, and the block
// writes its segments of levels L-1 .. L-log2(F).
//
// Workgroup size: SUM_REDUCTION_UPPER_LOCAL_SIZE, 256 by default (two fields
// per thread). The SerialBlocks variant of the pass (CPU drivers) compiles it
// with 8, one SIMD group of lavapipe: there a workgroup's SIMD groups run one
// after the other and every barrier() switches between all of them, so 256
// threads made the 9 barrier()s of the tree cost more than the work (D = 27,
// lavapipe on 2 cores: this dispatch took about 1.5 ms with 256 threads,
// 0.2 ms with 8).
#extension GL_GOOGLE_include_directive : require
#extension GL_KHR_memory_scope_semantics : require

#define CBT_HEAP_BUFFER_BINDING 0
#include "cbt/ConcurrentBinaryTree.glsl"

#ifndef SUM_REDUCTION_UPPER_LOCAL_SIZE
#define SUM_REDUCTION_UPPER_LOCAL_SIZE 256
#endif
#define SUM_REDUCTION_THREADS uint(SUM_REDUCTION_UPPER_LOCAL_SIZE)
#define SUM_REDUCTION_BLOCK_FIELDS_LOG2 9u
layout(local_size_x = SUM_REDUCTION_UPPER_LOCAL_SIZE) in;

layout(push_constant) uniform SumReductionUpperConstants {
    uint inputDepth;  // L, 1 .. D - 1
} constants;

// Leaves [F, 2F) = the block's fields of level L, node 1 = their sum.
shared uint sumReduction_tree[1024];
#include "cbt/SumReductionWrite.glsl"

// Number of input fields in a block, set at the start of main().
uint sumReduction_fieldCount = 1u;

uint sumReduction_BlockFieldValue(uint levelsUp, uint localField)
{
    return sumReduction_tree[(sumReduction_fieldCount >> levelsUp) + localField];
}

// A field of the input level. Its first word may be the last word of level
// L - 1, which other workgroups of this dispatch update with atomics: load
// atomically.
uint sumReduction_ReadInputField(uint maxDepth, uint heapIndex)
{
    cbt_BitRange range = cbt_ElementBitRange(maxDepth, heapIndex);
    uint wordIndex = range.offset >> 5u;
    uint bitInWord = range.offset & 31u;
    uint value = atomicLoad(cbt_heap[wordIndex], gl_ScopeDevice, gl_StorageSemanticsBuffer,
                            gl_SemanticsRelaxed) >> bitInWord;
    if (bitInWord + range.width > 32u) {
        value |= atomicLoad(cbt_heap[wordIndex + 1u], gl_ScopeDevice, gl_StorageSemanticsBuffer,
                            gl_SemanticsRelaxed) << (32u - bitInWord);
    }
    return value & cbt_LowBitsMask(range.width);
}

void main()
{
    uint maxDepth = cbt_MaxDepth();
    uint inputDepth = constants.inputDepth;
    uint fieldCountLog2 = min(inputDepth, SUM_REDUCTION_BLOCK_FIELDS_LOG2);
    uint blockIndex = sumReduction_BlockIndex();
    if (blockIndex >= (1u << (inputDepth - fieldCountLog2))) {
        return;  // the whole workgroup: padding of a 2-D dispatch
    }
    uint fieldCount = 1u << fieldCountLog2;
    sumReduction_fieldCount = fieldCount;
    uint firstHeapIndex = (1u << inputDepth) + blockIndex * fieldCount;
    for (uint field = gl_LocalInvocationIndex; field < fieldCount; field += SUM_REDUCTION_THREADS) {
        sumReduction_tree[fieldCount + field] = sumReduction_ReadInputField(maxDepth, firstHeapIndex + field);
    }
    sumReduction_BuildTree(fieldCount);

    for (uint levelsUp = 1u; levelsUp <= fieldCountLog2; ++levelsUp) {
        sumReduction_WriteSegment(maxDepth, inputDepth - levelsUp, levelsUp, blockIndex,
                                  fieldCount >> levelsUp, 32u * levelsUp);
    }
}
