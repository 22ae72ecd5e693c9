#version 460
// Sum reduction, first dispatch: from the bitfield (depth D) up to 13 levels.
//
// Design of the GPU sum reduction (paper Alg. 2, bit-exact with
// cbt::ConcurrentBinaryTree::computeSumReductionFull for D = 1 .. 30):
//
// Instead of one dispatch per level (the paper's D - 1 kernels), several
// levels are folded per dispatch through shared memory, in the spirit of the
// reduce-by-256 / reduce-by-8 passes of Schneider & Rautek's GPU Fenwick tree:
//
//  1. SumReductionBitfield.comp (this file). A workgroup of 256 threads owns
//     a block of 256 bitfield words = 8192 bits (the whole bitfield when
//     2^D < 8192) and writes its segments of levels D-1 .. D-13 (min(D, 13)
//     levels). Full blocks (D >= 13): each thread loads one word and counts
//     it SWAR-style (cbt/SumReductionCounting.glsl): the word's fields of
//     level D-1 are exactly one heap word, stored at once; its fields of
//     levels D-2 .. D-5 (chunks of 24, 16, 10 and 6 bits) go to shared memory,
//     from which each thread composes one whole word of a level's segment
//     (those segments start on word boundaries, so these are plain stores);
//     its bitCount becomes a leaf of a shared-memory tree of 256 leaves whose
//     nodes are the fields of levels D-6 .. D-13. Levels D-6 .. D-9 are whole
//     words too, composed from the nodes the same way; levels D-10 .. D-13
//     share words with the neighbouring blocks and go through the general
//     gather of cbt/SumReductionWrite.glsl. A smaller bitfield (D < 13) is
//     one block read whole into shared memory; levels D-1 .. D-5 are then
//     bitCounts of slices of its words, the rest the tree's nodes.
//     (H100, D = 27: these whole-word paths took the pass from 0.31 ms,
//     gathering every level field by field, to 0.10 ms; docs/PERFORMANCE.md.)
//  2. SumReductionUpper.comp. A workgroup reads 512 fields of level L (two
//     per thread) into the leaves of a shared tree of 512 leaves and writes
//     its segments of levels L-1 .. L-9. It runs as often as needed:
//     D = 27 takes 3 dispatches (26..14, 13..5, 4..0), D = 30 also 3
//     (29..17, 16..8, 7..0), D <= 13 just one.
//
// Writing packed fields (cbt/SumReductionWrite.glsl): every 32-bit word of a
// block's segment of a level is composed by one thread, which gathers the
// fields overlapping it. A word entirely inside the segment gets a plain
// store; a word shared with another block's segment, another level, the
// header or the bitfield gets atomicAnd / atomicOr on the segment's bits only.
// Reads of words written in the same dispatch are atomic or ordered: the
// header word (cbt_MaxDepth) is loaded atomically; the upper pass loads its
// input with relaxed atomic loads, since the first word of level L may hold
// the end of the output level L-1; for D < 5 the bitfield shares a word with
// the levels, but the single workgroup reads it before its first barrier.
// Consecutive dispatches are separated by buffer memory barriers on the heap
// (compute read/write -> compute read/write).
//
// Variant: cbt/SumReductionBitfieldSerial.comp replaces dispatch 1 on CPU
// drivers (lavapipe), where barriers are costly: one invocation per block,
// no shared memory, no barrier (terrain::SumReductionPass picks the variant).
//
// Dispatch: one workgroup per block, flattened over x and y when there are
// more blocks than maxComputeWorkGroupCount[0]; extra workgroups return.
#extension GL_GOOGLE_include_directive : require
#extension GL_KHR_memory_scope_semantics : require

#define CBT_HEAP_BUFFER_BINDING 0
#include "cbt/ConcurrentBinaryTree.glsl"

#define SUM_REDUCTION_THREADS 256u
#define SUM_REDUCTION_BLOCK_BITS_LOG2 13u
layout(local_size_x = 256) in;

// The block's bitfield words (only word 0, holding all 2^D bits, when D < 5).
shared uint sumReduction_words[256];
// Leaves [W, 2W) = bitCount of the W words, node 1 = the block's total.
shared uint sumReduction_tree[512];
// Full blocks (D >= 13): the chunks of levels D-2 .. D-5 of each word
// (cbt/SumReductionCounting.glsl), [j - 2][word] for level D-j.
shared uint sumReduction_chunks[4][256];
#include "cbt/SumReductionCounting.glsl"
#include "cbt/SumReductionWrite.glsl"

// Number of words in a block (1 for D <= 5), set at the start of main().
uint sumReduction_wordCount = 1u;

uint sumReduction_BlockFieldValue(uint levelsUp, uint localField)
{
    if (levelsUp < 5u) {
        uint firstBit = localField << levelsUp;
        uint word = sumReduction_words[firstBit >> 5u];
        return uint(bitCount(bitfieldExtract(word, int(firstBit & 31u), int(1u << levelsUp))));
    }
    return sumReduction_tree[(sumReduction_wordCount >> (levelsUp - 5u)) + localField];
}

// Full block (D >= 13), level D - levelsUp for levelsUp = 2 .. 9, whose
// segment is made of whole words that start on a word boundary (the level's
// first bit, 2^d (D - d + 3), is a multiple of 32 for d >= 5, and d = 4 only
// occurs for D = 13, where it is 192). The segment is a run of packed values
// of `width` bits, lowest first:
//  - levelsUp 2 .. 5: the 256 chunks of sumReduction_chunks[levelsUp - 2]
//    (24, 16, 10 and 6 bits: the words' fields of that level);
//  - levelsUp 6 .. 9: the 2^(13 - levelsUp) fields of levelsUp + 1 bits, the
//    shared tree's nodes from 256 >> (levelsUp - 5) on (896, 512, 288 and 160
//    bits in all).
uint sumReduction_PackedValue(uint levelsUp, uint index)
{
    if (levelsUp <= 5u) {
        return sumReduction_chunks[levelsUp - 2u][index];
    }
    return sumReduction_tree[(SUM_REDUCTION_THREADS >> (levelsUp - 5u)) + index];
}

// Invocations `rotation` .. `rotation` + words - 1 (mod 256) compose one word
// of that segment each and store it whole (the rotation of
// cbt/SumReductionWrite.glsl).
void sumReduction_WriteWholeWordSegment(uint maxDepth, uint levelsUp, uint blockIndex, uint width, uint rotation)
{
    uint valueCount = levelsUp <= 5u ? SUM_REDUCTION_THREADS : 1u << (SUM_REDUCTION_BLOCK_BITS_LOG2 - levelsUp);
    uint wordCount = (valueCount * width) >> 5u;
    uint word = sumReduction_FirstRotatedWord(rotation);
    if (word >= wordCount) {
        return;
    }
    uint segmentFirstWord = (sumReduction_LevelOffset(maxDepth, maxDepth - levelsUp) >> 5u) + blockIndex * wordCount;
    uint firstBit = word * 32u;
    uint index = firstBit / width;
    uint bits = sumReduction_PackedValue(levelsUp, index) >> (firstBit - index * width);
    for (uint position = (index + 1u) * width - firstBit; position < 32u; position += width) {
        ++index;
        bits |= sumReduction_PackedValue(levelsUp, index) << position;
    }
    cbt_heap[segmentFirstWord + word] = bits;
}

// D >= 13: a block is 256 words (one per invocation). Levels D-1 .. D-5 come
// from SWAR counts of each invocation's word: D-1 is the word's pair counts,
// stored directly; D-2 .. D-5 go through sumReduction_chunks. Levels D-6 ..
// D-13 come from the shared tree, each written by the subgroups that the
// chunk segments leave least busy (rotation).
void sumReduction_ReduceFullBlock(uint maxDepth, uint blockIndex)
{
    uint thread = gl_LocalInvocationIndex;
    uint word = cbt_heap[(cbt_BitfieldOffset(maxDepth) >> 5u) + blockIndex * 256u + thread];
    sumReduction_BitfieldCounts counts = sumReduction_CountBitfieldWord(word);
    sumReduction_chunks[0][thread] = counts.level2;
    sumReduction_chunks[1][thread] = counts.level3;
    sumReduction_chunks[2][thread] = counts.level4;
    sumReduction_chunks[3][thread] = counts.level5;
    sumReduction_tree[256u + thread] = counts.level5;
    uint level1FirstWord = sumReduction_LevelOffset(maxDepth, maxDepth - 1u) >> 5u;
    cbt_heap[level1FirstWord + blockIndex * 256u + thread] = counts.level1;
    sumReduction_BuildTree(256u);

    sumReduction_WriteWholeWordSegment(maxDepth, 2u, blockIndex, 24u, 0u);
    sumReduction_WriteWholeWordSegment(maxDepth, 3u, blockIndex, 16u, 0u);
    sumReduction_WriteWholeWordSegment(maxDepth, 4u, blockIndex, 10u, 0u);
    sumReduction_WriteWholeWordSegment(maxDepth, 5u, blockIndex, 6u, 0u);
    sumReduction_WriteWholeWordSegment(maxDepth, 6u, blockIndex, 7u, 128u);
    sumReduction_WriteWholeWordSegment(maxDepth, 7u, blockIndex, 8u, 160u);
    sumReduction_WriteWholeWordSegment(maxDepth, 8u, blockIndex, 9u, 192u);
    sumReduction_WriteWholeWordSegment(maxDepth, 9u, blockIndex, 10u, 224u);
    for (uint levelsUp = 10u; levelsUp <= SUM_REDUCTION_BLOCK_BITS_LOG2; ++levelsUp) {
        sumReduction_WriteSegment(maxDepth, maxDepth - levelsUp, levelsUp, blockIndex,
                                  1u << (SUM_REDUCTION_BLOCK_BITS_LOG2 - levelsUp), 32u * (levelsUp - 6u));
    }
}

void main()
{
    uint maxDepth = cbt_MaxDepth();
    uint blockBitsLog2 = min(maxDepth, SUM_REDUCTION_BLOCK_BITS_LOG2);
    uint blockIndex = sumReduction_BlockIndex();
    if (blockIndex >= (1u << (maxDepth - blockBitsLog2))) {
        return;  // the whole workgroup: padding of a 2-D dispatch
    }
    uint wordCountLog2 = blockBitsLog2 >= 5u ? blockBitsLog2 - 5u : 0u;
    uint wordCount = 1u << wordCountLog2;
    sumReduction_wordCount = wordCount;
    if (blockBitsLog2 == SUM_REDUCTION_BLOCK_BITS_LOG2) {
        sumReduction_ReduceFullBlock(maxDepth, blockIndex);
        return;
    }
    // D < 13: one block of 2^D bits, every field gathered from the cached words.
    uint thread = gl_LocalInvocationIndex;
    if (thread < wordCount) {
        uint bitfieldOffset = cbt_BitfieldOffset(maxDepth);
        uint word;
        if (maxDepth >= 5u) {
            word = cbt_heap[(bitfieldOffset >> 5u) + thread];
        } else {
            // 2^D < 32 bits that do not start on a word boundary.
            word = bitfieldExtract(cbt_heap[bitfieldOffset >> 5u], int(bitfieldOffset & 31u),
                                   int(1u << maxDepth));
        }
        sumReduction_words[thread] = word;
        sumReduction_tree[wordCount + thread] = uint(bitCount(word));
    }
    // For D < 5 the word just read also holds level bits written below.
    memoryBarrierBuffer();
    sumReduction_BuildTree(wordCount);

    for (uint levelsUp = 1u; levelsUp <= blockBitsLog2; ++levelsUp) {
        sumReduction_WriteSegment(maxDepth, maxDepth - levelsUp, levelsUp, 0u, 1u << (blockBitsLog2 - levelsUp),
                                  32u * levelsUp);
    }
}
