#include "bisector/FenwickIndex.h"

#include "bisector/WordSelect.h"

#include <algorithm>
#include <bit>

namespace bisector {

namespace {

constexpr std::size_t lowestSetBit(std::size_t value) noexcept
{
    return value & (~value + 1U);
}

std::size_t validWordCount(std::uint32_t capacity)
{
    requirePoolCapacity(capacity, "bisector::FenwickIndex");
    return occupancyWordCount(capacity);
}

}  // namespace

FenwickIndex::FenwickIndex(std::uint32_t capacity)
    : capacity_(capacity),
      words_(validWordCount(capacity), 0),
      counts_(words_.size() + 1U, 0)
{
    // Only a pool below 64 slots has surplus slots, and then entry 1 is its one entry.
    words_[0] = surplusSlotMask(capacity_);
    counts_[1] = static_cast<std::uint32_t>(std::popcount(words_[0]));
}

void FenwickIndex::rebuild(std::span<const std::uint64_t> words)
{
    requireOccupancyWords(words);
    std::copy(words.begin(), words.end(), words_.begin());
    words_[0] |= surplusSlotMask(capacity_);
    const std::size_t wordCount = words_.size();
    std::uint64_t used = 0;
    for (std::size_t entry = 1; entry <= wordCount; ++entry) {
        const auto wordUsed = static_cast<std::uint32_t>(std::popcount(words_[entry - 1U]));
        used += wordUsed;
        counts_[entry] = wordUsed;
    }
    // Entries in increasing order: each is complete when reached, since all
    // the entries it covers come before it.
    for (std::size_t entry = 1; entry <= wordCount; ++entry) {
        const std::size_t parent = entry + lowestSetBit(entry);
        if (parent <= wordCount) {
            counts_[parent] += counts_[entry];
        }
    }
    usedCount_ =
        static_cast<std::uint32_t>(used) - static_cast<std::uint32_t>(std::popcount(surplusSlotMask(capacity_)));
}

void FenwickIndex::set(std::uint32_t slot)
{
    requireSlotInRange(slot);
    writeSlot(slot, true);
}

void FenwickIndex::clear(std::uint32_t slot)
{
    requireSlotInRange(slot);
    writeSlot(slot, false);
}

void FenwickIndex::writeSlot(std::uint32_t slot, bool used) noexcept
{
    std::uint64_t& word = words_[slot / kSlotsPerWord];
    const std::uint64_t mask = std::uint64_t{1} << (slot % kSlotsPerWord);
    if (((word & mask) != 0) == used) {
        return;
    }
    word ^= mask;
    usedCount_ = used ? usedCount_ + 1U : usedCount_ - 1U;
    // +1 or -1 modulo 2^32 along the entries covering the word.
    const std::uint32_t delta = used ? 1U : ~std::uint32_t{0};
    for (std::size_t entry = slot / kSlotsPerWord + 1U; entry < counts_.size(); entry += lowestSetBit(entry)) {
        counts_[entry] += delta;
    }
}

bool FenwickIndex::isUsed(std::uint32_t slot) const
{
    requireSlotInRange(slot);
    return ((words_[slot / kSlotsPerWord] >> (slot % kSlotsPerWord)) & 1U) != 0;
}

std::uint32_t FenwickIndex::selectFree(std::uint32_t k) const
{
    requireFreeRank(k);
    const std::size_t wordCount = words_.size();
    std::size_t position = 0;  // words known to lie before the answer's word
    for (std::size_t step = std::bit_floor(wordCount); step != 0; step >>= 1U) {
        const std::size_t next = position + step;
        if (next <= wordCount) {
            const auto freeInStep = static_cast<std::uint32_t>(step * kSlotsPerWord - counts_[next]);
            if (freeInStep <= k) {
                position = next;
                k -= freeInStep;
            }
        }
    }
    return static_cast<std::uint32_t>(position * kSlotsPerWord) +
           static_cast<std::uint32_t>(selectClearBit(words_[position], k));
}

std::size_t FenwickIndex::bytes() const noexcept
{
    return words_.size() * sizeof(std::uint64_t) + counts_.size() * sizeof(std::uint32_t);
}

}  // namespace bisector
