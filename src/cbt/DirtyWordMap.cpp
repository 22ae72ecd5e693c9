#include "cbt/DirtyWordMap.h"

#include <algorithm>
#include <atomic>
#include <bit>

namespace cbt {

namespace {

constexpr std::uint64_t kBitsPerWord = 64;

std::size_t wordsForBits(std::uint64_t bitCount)
{
    return static_cast<std::size_t>(std::max<std::uint64_t>(1, (bitCount + kBitsPerWord - 1) / kBitsPerWord));
}

}  // namespace

DirtyWordMap::DirtyWordMap(std::uint64_t trackedWordCount)
    : wordBits_(wordsForBits(trackedWordCount), 0),
      summaryBits_(wordsForBits(wordsForBits(trackedWordCount)), 0)
{
}

void DirtyWordMap::mark(std::uint64_t wordIndex) noexcept
{
    const std::uint64_t mapWord = wordIndex / kBitsPerWord;
    const std::uint64_t bit = std::uint64_t{1} << (wordIndex % kBitsPerWord);
    std::atomic_ref<std::uint64_t> entry(wordBits_[mapWord]);
    // Plain load first: re-marking an already dirty word (the common case in
    // an update pass) then costs no read-modify-write.
    if ((entry.load(std::memory_order_relaxed) & bit) != 0) {
        return;
    }
    const std::uint64_t previous = entry.fetch_or(bit, std::memory_order_relaxed);
    if (previous == 0) {
        // Whoever turns the map word from zero to non-zero flags the summary.
        std::atomic_ref<std::uint64_t>(summaryBits_[mapWord / kBitsPerWord])
            .fetch_or(std::uint64_t{1} << (mapWord % kBitsPerWord), std::memory_order_relaxed);
    }
}

bool DirtyWordMap::take(std::vector<std::uint32_t>& indices, std::size_t limit)
{
    indices.clear();
    for (std::size_t summaryIndex = 0; summaryIndex < summaryBits_.size(); ++summaryIndex) {
        std::uint64_t summary = summaryBits_[summaryIndex];
        summaryBits_[summaryIndex] = 0;
        while (summary != 0) {
            const std::size_t mapWord =
                summaryIndex * kBitsPerWord + static_cast<std::size_t>(std::countr_zero(summary));
            summary &= summary - 1;
            std::uint64_t flagged = wordBits_[mapWord];
            wordBits_[mapWord] = 0;
            if (indices.size() + static_cast<std::size_t>(std::popcount(flagged)) > limit) {
                // Zero the map words this summary word still flags, then the rest.
                for (; summary != 0; summary &= summary - 1) {
                    wordBits_[summaryIndex * kBitsPerWord + static_cast<std::size_t>(std::countr_zero(summary))] = 0;
                }
                clear();
                return false;
            }
            while (flagged != 0) {
                const auto bit = static_cast<std::uint64_t>(std::countr_zero(flagged));
                flagged &= flagged - 1;
                indices.push_back(static_cast<std::uint32_t>(mapWord * kBitsPerWord + bit));
            }
        }
    }
    return true;
}

void DirtyWordMap::clear() noexcept
{
    // Only the map words the summary flags can be non-zero.
    for (std::size_t summaryIndex = 0; summaryIndex < summaryBits_.size(); ++summaryIndex) {
        for (std::uint64_t summary = summaryBits_[summaryIndex]; summary != 0; summary &= summary - 1) {
            wordBits_[summaryIndex * kBitsPerWord + static_cast<std::size_t>(std::countr_zero(summary))] = 0;
        }
        summaryBits_[summaryIndex] = 0;
    }
}

}  // namespace cbt
