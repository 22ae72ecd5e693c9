#include "bisector/SumTreeIndex.h"

#include "bisector/WordSelect.h"

#include <algorithm>
#include <array>
#include <bit>

namespace bisector {

namespace {

// The depth at which every node covers one 64-bit word of the bitfield.
constexpr int kWordLevelsBelow = std::countr_zero(kSlotsPerWord);
constexpr unsigned kSingleThread = 1;

int treeDepthFor(std::uint32_t capacity)
{
    requirePoolCapacity(capacity, "bisector::SumTreeIndex");
    return std::max(std::countr_zero(capacity), kWordLevelsBelow);
}

}  // namespace

SumTreeIndex::SumTreeIndex(std::uint32_t capacity)
    : capacity_(capacity),
      surplusSlotCount_(static_cast<std::uint32_t>(std::popcount(surplusSlotMask(capacity)))),
      tree_(treeDepthFor(capacity))
{
    if (surplusSlotCount_ != 0) {
        const std::array<std::uint64_t, 1> surplus{surplusSlotMask(capacity_)};
        tree_.loadBitfield(surplus, kSingleThread);
    } else {
        // The tree starts as a single leaf, bitfield bit 0.
        tree_.updateBitfieldBit(0, false);
    }
}

void SumTreeIndex::rebuild(std::span<const std::uint64_t> words)
{
    requireOccupancyWords(words);
    if (surplusSlotCount_ != 0) {
        const std::array<std::uint64_t, 1> withSurplus{words[0] | surplusSlotMask(capacity_)};
        tree_.loadBitfield(withSurplus, kSingleThread);
        return;
    }
    tree_.loadBitfield(words, kSingleThread);
}

void SumTreeIndex::set(std::uint32_t slot)
{
    requireSlotInRange(slot);
    tree_.updateBitfieldBit(slot, true);
}

void SumTreeIndex::clear(std::uint32_t slot)
{
    requireSlotInRange(slot);
    tree_.updateBitfieldBit(slot, false);
}

bool SumTreeIndex::isUsed(std::uint32_t slot) const
{
    requireSlotInRange(slot);
    return ((tree_.bitfieldWord(slot / kSlotsPerWord) >> (slot % kSlotsPerWord)) & 1U) != 0;
}

std::uint32_t SumTreeIndex::usedCount() const noexcept
{
    return tree_.nodeCount() - surplusSlotCount_;
}

std::uint32_t SumTreeIndex::selectFree(std::uint32_t k) const
{
    requireFreeRank(k);
    const int wordDepth = tree_.maxDepth() - kWordLevelsBelow;
    cbt::HeapIndex node = 1;
    for (int depth = 0; depth < wordDepth; ++depth) {
        const cbt::HeapIndex left = 2U * node;
        const std::uint32_t leftSlots = std::uint32_t{1} << (tree_.maxDepth() - depth - 1);
        const std::uint32_t leftFree = leftSlots - tree_.heapRead(left);
        if (k < leftFree) {
            node = left;
        } else {
            k -= leftFree;
            node = left + 1U;
        }
    }
    const std::uint32_t word = node - (cbt::HeapIndex{1} << wordDepth);
    return word * kSlotsPerWord + static_cast<std::uint32_t>(selectClearBit(tree_.bitfieldWord(word), k));
}

std::size_t SumTreeIndex::bytes() const noexcept
{
    return tree_.byteSize();
}

}  // namespace bisector
