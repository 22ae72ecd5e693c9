#include "cbt/SumReduction.h"

#include "cbt/BitAccess.h"
#include "cbt/HeapLayout.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <system_error>
#include <thread>
#include <utility>

namespace cbt::reduction {

namespace {

using bits::BitStreamReader;
using bits::BitStreamWriter;
using layout::levelStartBit;
using layout::lowBitMask;

// One 64-bit bitfield word fills 64 / 2^k fields of k + 1 bits at depth D - k
// for k = 1 .. 6, i.e. a contiguous chunk of this many bits per level.
inline constexpr int kSwarLevelCount = 6;
constexpr int chunkBitCount(int levelsAboveBitfield)
{
    return (64 >> levelsAboveBitfield) * (levelsAboveBitfield + 1);  // 64, 48, 32, 20, 12, 7
}

// A full pass works on chunks of 64 nodes at the "cut" depth, each covering
// 2^kChunkBitfieldLog2 bitfield bits, so that every level a chunk writes is
// a whole number of 64-bit words: chunks never share a word and may run on
// different threads.
inline constexpr int kChunkBitfieldLog2 = 18;
inline constexpr std::size_t kMaxChunkWords = std::size_t{1} << (kChunkBitfieldLog2 - 6);
// Threads only pay off for big heaps on machines with cores to spare: on a
// 2-core machine shared with other work a descheduled helper thread made
// the pass slower, never faster.
inline constexpr int kMinDepthForThreads = 22;
inline constexpr unsigned kMinHardwareThreads = 4;
inline constexpr unsigned kMaxThreads = 8;

constexpr std::uint64_t repeatEvery(std::uint64_t pattern, int period)
{
    std::uint64_t result = 0;
    for (int bit = 0; bit < layout::kWordBits; bit += period) {
        result |= pattern << bit;
    }
    return result;
}

// Lanes of LaneBits bits each hold a value of at most FieldBits bits (the
// lane's other bits are zero). Packs them into contiguous FieldBits-wide
// fields, lowest lane first, by merging neighbouring lanes pairwise.
template <int LaneBits, int FieldBits>
constexpr std::uint64_t packLanes(std::uint64_t lanes)
{
    if constexpr (LaneBits >= layout::kWordBits) {
        return lanes;
    } else {
        constexpr std::uint64_t evenFields = repeatEvery(lowBitMask(FieldBits), 2 * LaneBits);
        constexpr std::uint64_t oddFields = repeatEvery(lowBitMask(FieldBits) << FieldBits, 2 * LaneBits);
        const std::uint64_t merged = (lanes & evenFields) | ((lanes >> (LaneBits - FieldBits)) & oddFields);
        return packLanes<2 * LaneBits, 2 * FieldBits>(merged);
    }
}

// chunks[k - 1] holds the packed fields of depth D - k.
using BottomLevelChunks = std::array<std::uint64_t, kSwarLevelCount>;

inline BottomLevelChunks sumBitfieldWord(std::uint64_t word)
{
    const std::uint64_t pairs = word - ((word >> 1) & 0x5555555555555555U);                            // <= 2
    const std::uint64_t quads = (pairs & 0x3333333333333333U) + ((pairs >> 2) & 0x3333333333333333U);  // <= 4
    const std::uint64_t octets = (quads + (quads >> 4)) & 0x0F0F0F0F0F0F0F0FU;                         // <= 8
    const std::uint64_t sixteens = (octets + (octets >> 8)) & 0x00FF00FF00FF00FFU;                     // <= 16
    const std::uint64_t thirtyTwos = (sixteens + (sixteens >> 16)) & 0x0000FFFF0000FFFFU;              // <= 32
    const std::uint64_t total = (thirtyTwos + (thirtyTwos >> 32)) & 0xFFU;                             // <= 64
    return {pairs,
            packLanes<4, 3>(quads),
            packLanes<8, 4>(octets),
            packLanes<16, 5>(sixteens),
            packLanes<32, 6>(thirtyTwos),
            total};
}

std::uint64_t* wordAt(std::uint64_t* heap, std::uint64_t wordAlignedBit)
{
    return heap + (wordAlignedBit >> layout::kWordBitsLog2);
}

// Writes chunk number Index (Width bits) of a run of chunks at compile-time
// bit position Index * Width of `words`. Chunks are placed in increasing
// order, so a chunk starting a word, or the spill of a chunk into the next
// word, is the first write to that word and assigns it.
template <int Width, std::size_t Index>
inline void placeChunk(std::uint64_t chunk, std::uint64_t* words)
{
    constexpr std::size_t firstBit = Index * static_cast<std::size_t>(Width);
    constexpr std::size_t word = firstBit / 64U;
    constexpr int shift = static_cast<int>(firstBit % 64U);
    if constexpr (shift == 0) {
        words[word] = chunk;
    } else {
        words[word] |= chunk << shift;
    }
    if constexpr (shift + Width > 64) {
        words[word + 1] = chunk >> (64 - shift);
    }
}

// 64 chunks of Width bits are exactly Width words.
template <int Width, std::size_t... Index>
inline void packBlock(const std::uint64_t* chunks, std::uint64_t* out, std::index_sequence<Index...>)
{
    (placeChunk<Width, Index>(chunks[Index], out), ...);
}

inline constexpr std::size_t kBlockWords = 64;

// Depths D-1 .. D-6 for bitfield words [firstWord, lastWord), both multiples
// of 64: each block of 64 bitfield words writes chunkBitCount(k) whole words
// of depth D - k. The depth D-6 values (one per word) also go to `wordCounts`.
void reduceBottomLevels(std::uint64_t* heap, int maxDepth, std::uint64_t firstWord, std::uint64_t lastWord,
                        std::uint32_t* wordCounts)
{
    const std::uint64_t* bitfield = wordAt(heap, layout::bitfieldStartBit(maxDepth));
    std::array<std::uint64_t*, kSwarLevelCount> levels{};
    for (int levelsUp = 1; levelsUp <= kSwarLevelCount; ++levelsUp) {
        levels[static_cast<std::size_t>(levelsUp - 1)] = wordAt(heap, levelStartBit(maxDepth, maxDepth - levelsUp));
    }
    // chunks[k - 1][w]: the depth D - k chunk of word w of the block.
    std::array<std::array<std::uint64_t, kBlockWords>, kSwarLevelCount> chunks;
    constexpr auto blockIndices = std::make_index_sequence<kBlockWords>();
    for (std::uint64_t block = firstWord / kBlockWords; block < lastWord / kBlockWords; ++block) {
        const std::uint64_t* words = bitfield + block * kBlockWords;
        for (std::size_t word = 0; word < kBlockWords; ++word) {
            const BottomLevelChunks sums = sumBitfieldWord(words[word]);
            for (std::size_t level = 0; level < kSwarLevelCount; ++level) {
                chunks[level][word] = sums[level];
            }
        }
        std::copy(chunks[0].begin(), chunks[0].end(), levels[0] + block * kBlockWords);
        for (std::size_t word = 0; word < kBlockWords; ++word) {
            wordCounts[block * kBlockWords - firstWord + word] =
                static_cast<std::uint32_t>(chunks[kSwarLevelCount - 1][word]);
        }
        packBlock<chunkBitCount(2)>(chunks[1].data(), levels[1] + block * chunkBitCount(2), blockIndices);
        packBlock<chunkBitCount(3)>(chunks[2].data(), levels[2] + block * chunkBitCount(3), blockIndices);
        packBlock<chunkBitCount(4)>(chunks[3].data(), levels[3] + block * chunkBitCount(4), blockIndices);
        packBlock<chunkBitCount(5)>(chunks[4].data(), levels[4] + block * chunkBitCount(5), blockIndices);
        packBlock<chunkBitCount(6)>(chunks[5].data(), levels[5] + block * chunkBitCount(6), blockIndices);
    }
}

// Depths D-7 .. cutDepth of one chunk from its depth D-6 values `counts`,
// summing pairs in place level by level and streaming each level out.
// The chunk starts at node `firstCutNode` of cutDepth.
void reduceChunkUpperLevels(std::uint64_t* heap, int maxDepth, int cutDepth, std::uint64_t firstCutNode,
                            std::span<std::uint32_t> counts)
{
    std::size_t count = counts.size();
    for (int depth = maxDepth - kSwarLevelCount - 1; depth >= cutDepth; --depth) {
        count /= 2;
        const int width = layout::fieldWidth(maxDepth, depth);
        BitStreamWriter parents(heap, levelStartBit(maxDepth, depth) +
                                          (firstCutNode << (depth - cutDepth)) * static_cast<std::uint64_t>(width));
        for (std::size_t node = 0; node < count; ++node) {
            counts[node] = counts[2 * node] + counts[2 * node + 1];
            parents.push(counts[node], width);
        }
    }
}

// Same as reduceBottomLevels for one word, writing fields in place.
void reduceBottomLevelsOfWord(std::uint64_t* heap, int maxDepth, std::uint64_t word)
{
    const std::uint64_t* bitfield = wordAt(heap, layout::bitfieldStartBit(maxDepth));
    const BottomLevelChunks chunks = sumBitfieldWord(bitfield[word]);
    wordAt(heap, levelStartBit(maxDepth, maxDepth - 1))[word] = chunks[0];
    for (int levelsUp = 2; levelsUp <= kSwarLevelCount; ++levelsUp) {
        const int width = chunkBitCount(levelsUp);
        bits::writeBits(heap, levelStartBit(maxDepth, maxDepth - levelsUp) + word * static_cast<std::uint64_t>(width),
                        width, chunks[static_cast<std::size_t>(levelsUp - 1)]);
    }
}

// CBT[k] = CBT[2k] + CBT[2k+1] for the nodes [first, last) of `depth`
// (indices within the level). Streams whole words when the range allows.
void reduceLevelRange(std::uint64_t* heap, int maxDepth, int depth, std::uint64_t first, std::uint64_t last)
{
    const int childWidth = layout::fieldWidth(maxDepth, depth + 1);
    const int parentWidth = childWidth + 1;
    const std::uint64_t childMask = lowBitMask(childWidth);
    BitStreamReader children(heap,
                             levelStartBit(maxDepth, depth + 1) + first * 2U * static_cast<std::uint64_t>(childWidth));
    const std::uint64_t parentStart = levelStartBit(maxDepth, depth) + first * static_cast<std::uint64_t>(parentWidth);
    const bool wholeWords = depth >= layout::kWordBitsLog2 && first % 64U == 0 && last % 64U == 0;
    if (wholeWords) {
        BitStreamWriter parents(heap, parentStart);
        for (std::uint64_t node = first; node < last; ++node) {
            const std::uint64_t pair = children.pull(2 * childWidth);
            parents.push((pair & childMask) + (pair >> childWidth), parentWidth);
        }
        return;
    }
    for (std::uint64_t node = first; node < last; ++node) {
        const std::uint64_t pair = children.pull(2 * childWidth);
        bits::writeBits(heap, parentStart + (node - first) * static_cast<std::uint64_t>(parentWidth), parentWidth,
                        (pair & childMask) + (pair >> childWidth));
    }
}

template <typename ChunkFunction>
void forEachChunk(std::uint64_t chunkCount, unsigned threadCount, const ChunkFunction& reduceChunk)
{
    std::atomic<std::uint64_t> nextChunk{0};
    const auto work = [&] {
        for (std::uint64_t chunk = nextChunk.fetch_add(1, std::memory_order_relaxed); chunk < chunkCount;
             chunk = nextChunk.fetch_add(1, std::memory_order_relaxed)) {
            reduceChunk(chunk);
        }
    };
    std::vector<std::jthread> helpers;
    helpers.reserve(threadCount);
    try {
        for (unsigned helper = 1; helper < threadCount; ++helper) {
            helpers.emplace_back(work);
        }
    } catch (const std::system_error&) {
        // No more threads available: the ones started and this one finish the work.
    }
    work();
}  // helpers join here, which publishes their writes

unsigned automaticThreadCount(int maxDepth)
{
    const unsigned hardware = std::thread::hardware_concurrency();
    if (maxDepth < kMinDepthForThreads || hardware < kMinHardwareThreads) {
        return 1;
    }
    return std::min(hardware, kMaxThreads);
}

}  // namespace

void reduceElementWise(std::span<std::uint64_t> heap, int maxDepth)
{
    for (int depth = maxDepth - 1; depth >= 0; --depth) {
        const int width = layout::fieldWidth(maxDepth, depth);
        const int childWidth = width - 1;
        const std::uint64_t start = levelStartBit(maxDepth, depth);
        const std::uint64_t childStart = levelStartBit(maxDepth, depth + 1);
        const std::uint64_t nodeCount = std::uint64_t{1} << depth;
        for (std::uint64_t node = 0; node < nodeCount; ++node) {
            const std::uint64_t left = childStart + 2U * node * static_cast<std::uint64_t>(childWidth);
            const std::uint64_t right = left + static_cast<std::uint64_t>(childWidth);
            const std::uint64_t sum =
                bits::readBits(heap.data(), left, childWidth) + bits::readBits(heap.data(), right, childWidth);
            bits::writeBits(heap.data(), start + node * static_cast<std::uint64_t>(width), width, sum);
        }
    }
}

void reduceFull(std::span<std::uint64_t> heapWords, int maxDepth, unsigned threadCount)
{
    if (maxDepth < kWordKernelMinDepth) {
        reduceElementWise(heapWords, maxDepth);
        return;
    }
    std::uint64_t* heap = heapWords.data();
    // Chunk = 64 nodes at cutDepth; below cutDepth each chunk is independent.
    const int cutDepth = std::max(layout::kWordBitsLog2, maxDepth - (kChunkBitfieldLog2 - layout::kWordBitsLog2));
    const std::uint64_t chunkCount = (std::uint64_t{1} << cutDepth) / 64U;
    const int bitfieldWordsPerCutNodeLog2 = maxDepth - cutDepth - layout::kWordBitsLog2;
    const std::size_t chunkWords = std::size_t{64} << bitfieldWordsPerCutNodeLog2;  // <= kMaxChunkWords
    const auto reduceChunk = [&](std::uint64_t chunk) {
        const std::uint64_t firstNode = chunk * 64U;
        const std::uint64_t firstWord = firstNode << bitfieldWordsPerCutNodeLog2;
        std::array<std::uint32_t, kMaxChunkWords> counts;  // depth D-6 values of the chunk
        reduceBottomLevels(heap, maxDepth, firstWord, firstWord + chunkWords, counts.data());
        reduceChunkUpperLevels(heap, maxDepth, cutDepth, firstNode, std::span(counts.data(), chunkWords));
    };
    const unsigned threads = threadCount == 0 ? automaticThreadCount(maxDepth) : threadCount;
    forEachChunk(chunkCount, static_cast<unsigned>(std::min<std::uint64_t>(threads, chunkCount)), reduceChunk);
    for (int depth = cutDepth - 1; depth >= 0; --depth) {
        reduceLevelRange(heap, maxDepth, depth, 0, std::uint64_t{1} << depth);
    }
}

void reduceDirtyWords(std::span<std::uint64_t> heapWords, int maxDepth, std::span<const std::uint32_t> sortedDirtyWords,
                      std::vector<std::uint32_t>& scratch)
{
    std::uint64_t* heap = heapWords.data();
    for (const std::uint32_t word : sortedDirtyWords) {
        reduceBottomLevelsOfWord(heap, maxDepth, word);
    }
    // Bitfield word w is exactly node w of depth D - 6; walk up the ancestors
    // one level at a time, keeping the list sorted and free of duplicates.
    scratch.assign(sortedDirtyWords.begin(), sortedDirtyWords.end());
    for (int depth = maxDepth - kSwarLevelCount - 1; depth >= 0; --depth) {
        std::size_t parentCount = 0;
        for (const std::uint32_t child : scratch) {
            const std::uint32_t parent = child >> 1;
            if (parentCount == 0 || scratch[parentCount - 1] != parent) {
                scratch[parentCount++] = parent;
            }
        }
        scratch.resize(parentCount);
        const int childWidth = layout::fieldWidth(maxDepth, depth + 1);
        const std::uint64_t childStart = levelStartBit(maxDepth, depth + 1);
        const std::uint64_t parentStart = levelStartBit(maxDepth, depth);
        for (const std::uint32_t parent : scratch) {
            const std::uint64_t pair = bits::readBits(
                heap, childStart + std::uint64_t{parent} * 2U * static_cast<std::uint64_t>(childWidth), 2 * childWidth);
            bits::writeBits(heap, parentStart + std::uint64_t{parent} * static_cast<std::uint64_t>(childWidth + 1),
                            childWidth + 1, (pair & lowBitMask(childWidth)) + (pair >> childWidth));
        }
    }
}

}  // namespace cbt::reduction
