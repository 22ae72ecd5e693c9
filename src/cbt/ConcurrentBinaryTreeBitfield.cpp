// The bitfield as a plain array of bits: what a tree used as an occupancy
// index (one bit per slot, the sum reduction counting used slots) reads and
// writes. The bitfield starts at heap bit 3 * 2^D, a word boundary from
// D = 6 on; shallower bitfields are a part of one word.
#include "cbt/ConcurrentBinaryTree.h"

#include "cbt/BitAccess.h"
#include "cbt/HeapLayout.h"
#include "cbt/SumReduction.h"
#include "cbt/TreeErrors.h"

#include <algorithm>
#include <string>

namespace cbt {

namespace {

// Bits of the bitfield held by one of its words: 64, or 2^D when D < 6.
int bitsPerBitfieldWord(int maxDepth) noexcept
{
    return maxDepth >= layout::kWordBitsLog2 ? layout::kWordBits : 1 << maxDepth;
}

}  // namespace

std::size_t ConcurrentBinaryTree::bitfieldWordCount() const noexcept
{
    return static_cast<std::size_t>(layout::bitfieldWordCount(maxDepth_));
}

std::uint64_t ConcurrentBinaryTree::bitfieldWord(std::size_t wordIndex) const noexcept
{
    const std::uint64_t firstBit = layout::bitfieldStartBit(maxDepth_) + std::uint64_t{wordIndex} * layout::kWordBits;
    return bits::readBitsRelaxed(words_.data(), firstBit, bitsPerBitfieldWord(maxDepth_));
}

void ConcurrentBinaryTree::loadBitfield(std::span<const std::uint64_t> words, unsigned threadCount)
{
    if (words.size() != bitfieldWordCount()) {
        errors::fail("loadBitfield", std::to_string(words.size()) + " words given, the bitfield of max depth " +
                                         std::to_string(maxDepth_) + " has " + std::to_string(bitfieldWordCount()));
    }
    const int wordBits = bitsPerBitfieldWord(maxDepth_);
    const std::uint64_t bitfieldStart = layout::bitfieldStartBit(maxDepth_);
    if (wordBits < layout::kWordBits) {
        if ((words[0] & ~layout::lowBitMask(wordBits)) != 0) {
            errors::fail("loadBitfield", "bits at " + std::to_string(wordBits) + " and above must be zero");
        }
        bits::writeBits(words_.data(), bitfieldStart, wordBits, words[0]);
    } else {
        std::copy(words.begin(), words.end(),
                  words_.begin() + static_cast<std::ptrdiff_t>(bitfieldStart >> layout::kWordBitsLog2));
    }
    reduction::reduceFull(words_, maxDepth_, threadCount);
    dirtyWords_.clear();
}

bool ConcurrentBinaryTree::updateBitfieldBit(std::uint32_t bitIndex, bool value) noexcept
{
    if (std::uint64_t{bitIndex} >= (std::uint64_t{1} << maxDepth_)) {
        return false;
    }
    const HeapIndex leaf = (HeapIndex{1} << maxDepth_) + bitIndex;
    const std::uint64_t heapBit = layout::bitfieldHeapBit(maxDepth_, leaf, maxDepth_);
    if ((bits::readBits(words_.data(), heapBit, 1) != 0) == value) {
        return false;
    }
    bits::writeBits(words_.data(), heapBit, 1, value ? 1U : 0U);
    int depth = maxDepth_ - 1;
    for (HeapIndex node = leaf >> 1U; node != 0; node >>= 1U, --depth) {
        const int width = layout::fieldWidth(maxDepth_, depth);
        const std::uint64_t firstBit = layout::fieldFirstBit(maxDepth_, node, depth);
        const std::uint64_t count = bits::readBits(words_.data(), firstBit, width);
        bits::writeBits(words_.data(), firstBit, width, value ? count + 1U : count - 1U);
    }
    return true;
}

}  // namespace cbt
