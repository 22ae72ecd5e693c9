#version 460
// Sum reduction, first dispatch, barrier-free variant for D >= 14: the 13
// levels above the bitfield (D-1 .. D-13), one invocation per block of 2^13
// bitfield bits.
//
// Same job and bit-exact result as cbt/SumReductionBitfield.comp (whose
// header has the design of the whole GPU reduction; the upper dispatches,
// cbt/SumReductionUpper.comp, are shared by both variants), but with no
// shared memory and no barrier. CPU Vulkan drivers such as lavapipe run a
// workgroup's invocations as SIMD groups of 8 and implement barrier() by
// switching between them, which makes the shared-memory tree slow there; and
// llvmpipe runs every buffer access lane by lane, so this kernel also keeps
// the number of loads and stores near the minimum: 64-bit words, each output
// word composed in registers and stored once.
//
// An invocation owns a block of 2^13 bitfield bits (128 64-bit words) and
// writes its segment of levels D-1 .. D-13: 2^(13-j) fields of j+1 bits for
// level D-j, starting at bit 2^(D-j) (j+3) + block 2^(13-j) (j+1).
//  1. Levels D-1 .. D-7, in 8 units of 16 words. Levels D-1 .. D-6 of one
//     word come from SWAR counting (cbt/SumReductionSerialWrite.glsl): 64,
//     48, 32, 20, 12 and 7 bits; a field of level D-7 is the sum of two
//     words' counts (8 bits). Per unit, levels D-1 .. D-5 and D-7 are whole
//     64-bit words (16, 12, 8, 5, 3 and 1), so the unit's writers start on a
//     word boundary and, unrolled, compose every word with constant shifts;
//     level D-6 (112 bits per unit) is gathered in two registers and
//     appended to a writer that runs across units (448 bits = 7 words per
//     4 units).
//  2. Levels D-8 .. D-13 from the block's 64 fields of level D-7 (8 words,
//     read back): D-8 (288 bits) and D-9 (160 bits) are whole 32-bit words;
//     the 88, 48, 26 and 14 bits of levels D-10 .. D-13 share words with
//     neighbouring blocks and are written field by field with atomics.
// Alignment, for D >= 14: level d starts at a multiple of 64 bits when
// d >= 6 and of 32 bits when d >= 5, and a block's segments of levels D-1 ..
// D-7 are 8192, 6144, 4096, 2560, 1536, 896 and 512 bits, all multiples of
// 64. So levels D-1 .. D-9 are written with plain stores of whole words that
// no other invocation touches, and the two views of the heap (64-bit and
// 32-bit words) never touch the same word in this dispatch. The pass uses
// cbt/SumReductionBitfield.comp for D < 14.
//
// Dispatch: ceil(2^(D-13) / SUM_REDUCTION_SERIAL_LOCAL_SIZE) workgroups,
// flattened over x and y when there are more than maxComputeWorkGroupCount[0];
// invocations past the last block return.
#extension GL_GOOGLE_include_directive : require
#extension GL_KHR_memory_scope_semantics : require
#extension GL_EXT_control_flow_attributes : require
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require

#define CBT_HEAP_BUFFER_BINDING 0
#include "cbt/ConcurrentBinaryTree.glsl"

// The same buffer as cbt_heap, seen as 64-bit words (little-endian pairs).
layout(std430, set = 0, binding = CBT_HEAP_BUFFER_BINDING) buffer SumReductionHeapPairs {
    uint64_t sumReduction_heapPairs[];
};
#include "cbt/SumReductionSerialWrite.glsl"

#ifndef SUM_REDUCTION_SERIAL_LOCAL_SIZE
#define SUM_REDUCTION_SERIAL_LOCAL_SIZE 8
#endif
layout(local_size_x = SUM_REDUCTION_SERIAL_LOCAL_SIZE) in;

#define SUM_REDUCTION_BLOCK_BITS_LOG2 13u
#define SUM_REDUCTION_BLOCK_PAIRS 128u
#define SUM_REDUCTION_UNIT_PAIRS 16u
// Levels D-1 .. D-5, written per unit.
#define SUM_REDUCTION_UNIT_LEVELS 5u

// First bit of the block's segment of level D - levelsUp.
uint sumReduction_SegmentFirstBit(uint maxDepth, uint block, uint levelsUp)
{
    return (1u << (maxDepth - levelsUp)) * (levelsUp + 3u) +
           block * (1u << (SUM_REDUCTION_BLOCK_BITS_LOG2 - levelsUp)) * (levelsUp + 1u);
}

// Part 1: levels D-1 .. D-7 of the block.
void sumReduction_WriteLowLevels(uint maxDepth, uint block)
{
    uint firstInputPair = (cbt_BitfieldOffset(maxDepth) >> 6u) + block * SUM_REDUCTION_BLOCK_PAIRS;
    uint level7FirstPair = sumReduction_SegmentFirstBit(maxDepth, block, 7u) >> 6u;
    sumReduction_PairWriter level6 = sumReduction_BeginPairSegment(sumReduction_SegmentFirstBit(maxDepth, block, 6u));
    for (uint unit = 0u; unit < SUM_REDUCTION_BLOCK_PAIRS / SUM_REDUCTION_UNIT_PAIRS; ++unit) {
        // writers[j - 1]: the unit's 16 * 64 / 2^j fields of level D - j.
        sumReduction_PairWriter writers[SUM_REDUCTION_UNIT_LEVELS];
        [[unroll]] for (uint levelsUp = 1u; levelsUp <= SUM_REDUCTION_UNIT_LEVELS; ++levelsUp) {
            uint unitBits = (SUM_REDUCTION_UNIT_PAIRS * 64u >> levelsUp) * (levelsUp + 1u);
            writers[levelsUp - 1u] = sumReduction_BeginPairSegment(
                sumReduction_SegmentFirstBit(maxDepth, block, levelsUp) + unit * unitBits);
        }
        uint64_t level6Low = 0ul;   // the unit's level D-6 bits 0 .. 63
        uint64_t level6High = 0ul;  // and 64 .. 111
        uint64_t level7 = 0ul;
        uint64_t previousTotal = 0ul;
        [[unroll]] for (uint pair = 0u; pair < SUM_REDUCTION_UNIT_PAIRS; ++pair) {
            sumReduction_PairCounts counts = sumReduction_CountPair(
                sumReduction_heapPairs[firstInputPair + unit * SUM_REDUCTION_UNIT_PAIRS + pair]);
            sumReduction_AppendToPairs(writers[0], counts.level1, 64u);
            sumReduction_AppendToPairs(writers[1], counts.level2, 48u);
            sumReduction_AppendToPairs(writers[2], counts.level3, 32u);
            sumReduction_AppendToPairs(writers[3], counts.level4, 20u);
            sumReduction_AppendToPairs(writers[4], counts.level5, 12u);
            uint level6Bit = 7u * pair;
            if (level6Bit < 64u) {
                level6Low |= counts.total << level6Bit;
            }
            if (level6Bit + 7u > 64u) {
                level6High |= level6Bit >= 64u ? counts.total << (level6Bit - 64u) : counts.total >> (64u - level6Bit);
            }
            if ((pair & 1u) == 1u) {
                level7 |= (previousTotal + counts.total) << (4u * (pair - 1u));
            }
            previousTotal = counts.total;
        }
        sumReduction_heapPairs[level7FirstPair + unit] = level7;
        sumReduction_AppendToPairs(level6, level6Low, 64u);
        sumReduction_AppendToPairs(level6, level6High, 48u);
    }
}

// Part 2: levels D-8 .. D-13 from the block's 64 fields of level D-7.
void sumReduction_WriteHighLevels(uint maxDepth, uint block)
{
    uint level7FirstPair = sumReduction_SegmentFirstBit(maxDepth, block, 7u) >> 6u;
    sumReduction_WordWriter level8 = sumReduction_BeginWordSegment(sumReduction_SegmentFirstBit(maxDepth, block, 8u));
    sumReduction_WordWriter level9 = sumReduction_BeginWordSegment(sumReduction_SegmentFirstBit(maxDepth, block, 9u));
    uint level10FirstBit = sumReduction_SegmentFirstBit(maxDepth, block, 10u);
    uint level11FirstBit = sumReduction_SegmentFirstBit(maxDepth, block, 11u);
    uint level12FirstBit = sumReduction_SegmentFirstBit(maxDepth, block, 12u);
    uint level10Sum = 0u;
    uint level11Sum = 0u;
    uint level12Sum = 0u;
    uint level13Sum = 0u;
    // Each 32-bit half of a level D-7 word: four 8-bit fields.
    [[unroll]] for (uint halfWord = 0u; halfWord < 16u; ++halfWord) {
        uint fields7 = uint(sumReduction_heapPairs[level7FirstPair + (halfWord >> 1u)] >> (32u * (halfWord & 1u)));
        uint sums8 = (fields7 & 0x00FF00FFu) + ((fields7 >> 8u) & 0x00FF00FFu);  // two 9-bit sums in 16-bit lanes
        sumReduction_AppendToWords(level8, (sums8 & 0x1FFu) | ((sums8 >> 7u) & 0x3FE00u), 18u);
        uint field9 = (sums8 & 0xFFFFu) + (sums8 >> 16u);
        sumReduction_AppendToWords(level9, field9, 10u);
        level10Sum += field9;
        if ((halfWord & 1u) == 1u) {
            cbt_WriteBitsAtomic(level10FirstBit + (halfWord >> 1u) * 11u, 11u, level10Sum);
            level11Sum += level10Sum;
            level10Sum = 0u;
        }
        if ((halfWord & 3u) == 3u) {
            cbt_WriteBitsAtomic(level11FirstBit + (halfWord >> 2u) * 12u, 12u, level11Sum);
            level12Sum += level11Sum;
            level11Sum = 0u;
        }
        if ((halfWord & 7u) == 7u) {
            cbt_WriteBitsAtomic(level12FirstBit + (halfWord >> 3u) * 13u, 13u, level12Sum);
            level13Sum += level12Sum;
            level12Sum = 0u;
        }
    }
    cbt_WriteBitsAtomic(sumReduction_SegmentFirstBit(maxDepth, block, 13u), 14u, level13Sum);
}

void main()
{
    uint maxDepth = cbt_MaxDepth();
    uint block = (gl_WorkGroupID.y * gl_NumWorkGroups.x + gl_WorkGroupID.x) * SUM_REDUCTION_SERIAL_LOCAL_SIZE +
                 gl_LocalInvocationIndex;
    if (block >= (1u << (maxDepth - SUM_REDUCTION_BLOCK_BITS_LOG2))) {
        return;  // past the last block
    }
    sumReduction_WriteLowLevels(maxDepth, block);
    // Part 2 reads back level D-7 as written by this invocation in part 1.
    sumReduction_WriteHighLevels(maxDepth, block);
}
