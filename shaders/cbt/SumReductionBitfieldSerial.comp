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
// switching between them, which makes the shared-memory tree slow there.
// What costs on such a driver, measured on lavapipe (llvmpipe, 256-bit SIMD):
// every non-uniform buffer access runs lane by lane, about as dear for a
// 256-bit quad as for one word, so this kernel loads and stores whole quads
// (u64vec4) wherever the layout allows; and a 64-bit operation is two SIMD
// instructions, a 32-bit one one, so all counting is done on 32-bit words.
//
// An invocation owns a block of 2^13 bitfield bits (32 quads) and writes its
// segment of levels D-1 .. D-13: 2^(13-j) fields of j+1 bits for level D-j,
// starting at bit 2^(D-j) (j+3) + block 2^(13-j) (j+1).
//  1. Levels D-1 .. D-3 from the bitfield, in 8 units of 4 quads: SWAR
//     counting of each 32-bit word (cbt/SumReductionSerialWrite.glsl) gives
//     32, 24 and 16 bits, i.e. 4, 3 and 2 whole quads per unit, so the
//     unit's writers start on a quad boundary and, unrolled, compose every
//     quad with constant shifts and store it once.
//  2. Levels D-4 .. D-7 from level D-3 (read back: it is this invocation's
//     own, just written), in 2 units of 8 quads: per 32-bit word of level
//     D-3, 20, 12 and 7 bits of levels D-4 .. D-6, and per two such words one
//     8-bit field of level D-7. Per unit: 5 and 3 quads (D-4, D-5), 448
//     bits of D-6 (not a whole number of quads: three 128-bit stores and one
//     64-bit store, see sumReduction_StoreLevel6Unit) and 1 quad (D-7).
//  3. Levels D-8 .. D-13 from the block's 64 fields of level D-7 (2 quads,
//     read back): D-8 (288 bits) and D-9 (160 bits) are whole 32-bit words;
//     the 88, 48, 26 and 14 bits of levels D-10 .. D-13 share their first and
//     last words with neighbouring blocks: the pass clears levels D-10 ..
//     D-13 before the dispatch (vkCmdFillBuffer) and every invocation ORs
//     its segments in with atomicOr.
// Alignment, for D >= 14: levels D-1 .. D-5 and D-7 start at a multiple of
// 256 bits and a block's segments of them (8192, 6144, 4096, 2560, 1536 and
// 512 bits) are multiples of 256; level D-6 starts at a multiple of 256 and
// its segments are 896 bits (seven 128-bit halves of a quad); levels D-8 and
// D-9 start at multiples of 32. So levels D-1 .. D-9 are written with plain
// stores of whole quads, half quads or words that no other invocation
// touches, and the four views of the heap (quads, half quads, 64-bit and
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

// The same buffer as cbt_heap, seen as 64-bit words (little-endian pairs),
// as 128-bit half quads of two such words and as 256-bit quads of four.
layout(std430, set = 0, binding = CBT_HEAP_BUFFER_BINDING) buffer SumReductionHeapPairs {
    uint64_t sumReduction_heapPairs[];
};
layout(std430, set = 0, binding = CBT_HEAP_BUFFER_BINDING) buffer SumReductionHeapHalfQuads {
    u64vec2 sumReduction_heapHalfQuads[];
};
layout(std430, set = 0, binding = CBT_HEAP_BUFFER_BINDING) buffer SumReductionHeapQuads {
    u64vec4 sumReduction_heapQuads[];
};
#include "cbt/SumReductionSerialWrite.glsl"

#ifndef SUM_REDUCTION_SERIAL_LOCAL_SIZE
#define SUM_REDUCTION_SERIAL_LOCAL_SIZE 8
#endif
layout(local_size_x = SUM_REDUCTION_SERIAL_LOCAL_SIZE) in;

#define SUM_REDUCTION_BLOCK_BITS_LOG2 13u
// A block's bitfield bits: 128 64-bit words, 32 quads.
#define SUM_REDUCTION_BLOCK_QUADS 32u
// Part 1 works in units of 16 bitfield words (4 quads).
#define SUM_REDUCTION_BITFIELD_UNIT_QUADS 4u
// Part 2 works in units of 32 words of level D-3 (8 quads); a block has 64.
#define SUM_REDUCTION_LEVEL3_UNIT_QUADS 8u

// First bit of the block's segment of level D - levelsUp.
uint sumReduction_SegmentFirstBit(uint maxDepth, uint block, uint levelsUp)
{
    return (1u << (maxDepth - levelsUp)) * (levelsUp + 3u) +
           block * (1u << (SUM_REDUCTION_BLOCK_BITS_LOG2 - levelsUp)) * (levelsUp + 1u);
}

// Part 1: levels D-1 .. D-3 of the block from its bitfield words. Per unit of
// 16 words: 4, 3 and 2 quads.
void sumReduction_WriteLevels1To3(uint maxDepth, uint block)
{
    uint firstInputQuad = (cbt_BitfieldOffset(maxDepth) >> 8u) + block * SUM_REDUCTION_BLOCK_QUADS;
    uint level1FirstBit = sumReduction_SegmentFirstBit(maxDepth, block, 1u);
    uint level2FirstBit = sumReduction_SegmentFirstBit(maxDepth, block, 2u);
    uint level3FirstBit = sumReduction_SegmentFirstBit(maxDepth, block, 3u);
    for (uint unit = 0u; unit < SUM_REDUCTION_BLOCK_QUADS / SUM_REDUCTION_BITFIELD_UNIT_QUADS; ++unit) {
        sumReduction_QuadWriter level1 = sumReduction_BeginQuadSegment(level1FirstBit + unit * 1024u);
        sumReduction_QuadWriter level2 = sumReduction_BeginQuadSegment(level2FirstBit + unit * 768u);
        sumReduction_QuadWriter level3 = sumReduction_BeginQuadSegment(level3FirstBit + unit * 512u);
        [[unroll]] for (uint quad = 0u; quad < SUM_REDUCTION_BITFIELD_UNIT_QUADS; ++quad) {
            u64vec4 words = sumReduction_heapQuads[firstInputQuad + unit * SUM_REDUCTION_BITFIELD_UNIT_QUADS + quad];
            [[unroll]] for (uint wordHalf = 0u; wordHalf < 8u; ++wordHalf) {
                sumReduction_BitfieldCounts counts =
                    sumReduction_CountBitfieldWord(unpackUint2x32(words[wordHalf >> 1u])[wordHalf & 1u]);
                sumReduction_AppendToQuads(level1, counts.level1, 32u);
                sumReduction_AppendToQuads(level2, counts.level2, 24u);
                sumReduction_AppendToQuads(level3, counts.level3, 16u);
            }
        }
    }
}

// Stores unit `unit` (0 or 1) of the block's level D-6 segment, its 14
// words composed in `words`. The segment (896 bits) starts on a 128-bit
// boundary, so unit 0 is three half quads and a 64-bit word, unit 1 a
// 64-bit word and three half quads: 4 stores where 64-bit words would take
// 7. `unit` is the same in all invocations, so the selects below pick one
// layout for all of them (no per-lane branch).
void sumReduction_StoreLevel6Unit(uint level6FirstBit, uint unit, uint words[14])
{
    bool secondUnit = unit == 1u;
    uint firstHalfQuad = (level6FirstBit >> 7u) + (secondUnit ? 4u : 0u);
    [[unroll]] for (uint halfQuad = 0u; halfQuad < 3u; ++halfQuad) {
        uint first = 4u * halfQuad;
        uvec4 unit0Words = uvec4(words[first], words[first + 1u], words[first + 2u], words[first + 3u]);
        uvec4 unit1Words = uvec4(words[first + 2u], words[first + 3u], words[first + 4u], words[first + 5u]);
        uvec4 halfQuadWords = secondUnit ? unit1Words : unit0Words;
        sumReduction_heapHalfQuads[firstHalfQuad + halfQuad] =
            u64vec2(packUint2x32(halfQuadWords.xy), packUint2x32(halfQuadWords.zw));
    }
    // Unit 0's words 12 and 13 end the first 448 bits; unit 1's words 0 and
    // 1 fill the rest of that half quad.
    uvec2 pairWords = secondUnit ? uvec2(words[0], words[1]) : uvec2(words[12], words[13]);
    sumReduction_heapPairs[(level6FirstBit >> 6u) + 6u + (secondUnit ? 1u : 0u)] = packUint2x32(pairWords);
}

// Part 2: levels D-4 .. D-7 from the block's 64 words of level D-3, read
// back. Per unit of 32 words: 5 quads of level D-4, 3 of D-5, 448 bits of
// D-6 (composed in words, then stored by sumReduction_StoreLevel6Unit) and 1
// quad of D-7.
void sumReduction_WriteLevels4To7(uint maxDepth, uint block)
{
    uint level3FirstQuad = sumReduction_SegmentFirstBit(maxDepth, block, 3u) >> 8u;
    uint level4FirstBit = sumReduction_SegmentFirstBit(maxDepth, block, 4u);
    uint level5FirstBit = sumReduction_SegmentFirstBit(maxDepth, block, 5u);
    uint level6FirstBit = sumReduction_SegmentFirstBit(maxDepth, block, 6u);
    uint level7FirstBit = sumReduction_SegmentFirstBit(maxDepth, block, 7u);
    for (uint unit = 0u; unit < 2u; ++unit) {
        sumReduction_QuadWriter level4 = sumReduction_BeginQuadSegment(level4FirstBit + unit * 1280u);
        sumReduction_QuadWriter level5 = sumReduction_BeginQuadSegment(level5FirstBit + unit * 768u);
        uint level6Words[14];  // the unit's 448 bits of level D-6
        uint level6Count = 0u;
        sumReduction_WordComposer level6 = sumReduction_emptyWord;
        sumReduction_QuadWriter level7 = sumReduction_BeginQuadSegment(level7FirstBit + unit * 256u);
        [[unroll]] for (uint quad = 0u; quad < SUM_REDUCTION_LEVEL3_UNIT_QUADS; ++quad) {
            u64vec4 words = sumReduction_heapQuads[level3FirstQuad + unit * SUM_REDUCTION_LEVEL3_UNIT_QUADS + quad];
            uint previousTotal = 0u;
            [[unroll]] for (uint wordHalf = 0u; wordHalf < 8u; ++wordHalf) {
                sumReduction_Level3Counts counts =
                    sumReduction_CountLevel3Word(unpackUint2x32(words[wordHalf >> 1u])[wordHalf & 1u]);
                sumReduction_AppendToQuads(level4, counts.level4, 20u);
                sumReduction_AppendToQuads(level5, counts.level5, 12u);
                uint level6Word;
                if (sumReduction_ComposeWord(level6, counts.level6, 7u, level6Word)) {
                    level6Words[level6Count] = level6Word;
                    level6Count += 1u;
                }
                if ((wordHalf & 1u) == 1u) {
                    sumReduction_AppendToQuads(level7, previousTotal + counts.level6, 8u);
                }
                previousTotal = counts.level6;
            }
        }
        sumReduction_StoreLevel6Unit(level6FirstBit, unit, level6Words);
    }
}

// Part 3: levels D-8 .. D-13 from the block's 64 fields of level D-7 (8
// words, read back). D-8 (288 bits) and D-9 (160 bits) are whole 32-bit
// words; the 88, 48, 26 and 14 bits of levels D-10 .. D-13 share their first
// and last words with neighbouring blocks.
void sumReduction_WriteLevels8To13(uint maxDepth, uint block)
{
    uint level7FirstQuad = sumReduction_SegmentFirstBit(maxDepth, block, 7u) >> 8u;
    sumReduction_WordWriter level8 = sumReduction_BeginWordSegment(sumReduction_SegmentFirstBit(maxDepth, block, 8u));
    sumReduction_WordWriter level9 = sumReduction_BeginWordSegment(sumReduction_SegmentFirstBit(maxDepth, block, 9u));
    sumReduction_FieldPack level10 = sumReduction_FieldPack(0ul, 0ul);
    uint level11 = 0u;  // 4 fields of 12 bits: 48 bits, in level11 and level11High
    uint level11High = 0u;
    uint level12 = 0u;  // 2 fields of 13 bits
    uint level10Sum = 0u;
    uint level11Sum = 0u;
    uint level12Sum = 0u;
    uint level13Sum = 0u;
    u64vec4 level7Quads[2] = u64vec4[2](sumReduction_heapQuads[level7FirstQuad],
                                        sumReduction_heapQuads[level7FirstQuad + 1u]);
    // Each 32-bit half of a level D-7 word: four 8-bit fields.
    [[unroll]] for (uint halfWord = 0u; halfWord < 16u; ++halfWord) {
        uint fields7 = uint(level7Quads[halfWord >> 3u][(halfWord >> 1u) & 3u] >> (32u * (halfWord & 1u)));
        uint sums8 = (fields7 & 0x00FF00FFu) + ((fields7 >> 8u) & 0x00FF00FFu);  // two 9-bit sums in 16-bit lanes
        sumReduction_AppendToWords(level8, (sums8 & 0x1FFu) | ((sums8 >> 7u) & 0x3FE00u), 18u);
        uint field9 = (sums8 & 0xFFFFu) + (sums8 >> 16u);
        sumReduction_AppendToWords(level9, field9, 10u);
        level10Sum += field9;
        if ((halfWord & 1u) == 1u) {
            sumReduction_PackField(level10, (halfWord >> 1u) * 11u, level10Sum, 11u);
            level11Sum += level10Sum;
            level10Sum = 0u;
        }
        if ((halfWord & 3u) == 3u) {
            uint position = (halfWord >> 2u) * 12u;
            if (position < 32u) {
                level11 |= level11Sum << position;
                if (position + 12u > 32u) {
                    level11High |= level11Sum >> (32u - position);
                }
            } else {
                level11High |= level11Sum << (position - 32u);
            }
            level12Sum += level11Sum;
            level11Sum = 0u;
        }
        if ((halfWord & 7u) == 7u) {
            level12 |= level12Sum << ((halfWord >> 3u) * 13u);
            level13Sum += level12Sum;
            level12Sum = 0u;
        }
    }
    sumReduction_OrIntoClearedSegment(sumReduction_SegmentFirstBit(maxDepth, block, 10u),
                                      sumReduction_PackWords(level10), 88u);
    sumReduction_OrIntoClearedSegment(sumReduction_SegmentFirstBit(maxDepth, block, 11u),
                                      uvec3(level11, level11High, 0u), 48u);
    sumReduction_OrIntoClearedSegment(sumReduction_SegmentFirstBit(maxDepth, block, 12u),
                                      uvec3(level12, 0u, 0u), 26u);
    sumReduction_OrIntoClearedSegment(sumReduction_SegmentFirstBit(maxDepth, block, 13u),
                                      uvec3(level13Sum, 0u, 0u), 14u);
}

void main()
{
    uint maxDepth = cbt_MaxDepth();
    uint block = (gl_WorkGroupID.y * gl_NumWorkGroups.x + gl_WorkGroupID.x) * SUM_REDUCTION_SERIAL_LOCAL_SIZE +
                 gl_LocalInvocationIndex;
    if (block >= (1u << (maxDepth - SUM_REDUCTION_BLOCK_BITS_LOG2))) {
        return;  // past the last block
    }
    // Each part reads back what this invocation wrote in the part before.
    sumReduction_WriteLevels1To3(maxDepth, block);
    sumReduction_WriteLevels4To7(maxDepth, block);
    sumReduction_WriteLevels8To13(maxDepth, block);
}
