// One bit per 64-bit word of a CBT bitfield, set when splitNode / mergeNode
// changes that word, so that the next sum reduction only has to redo the
// touched words and their ancestors. A second, coarser level (one bit per
// word of the map) keeps collection cheap for huge bitfields.
//
// mark() is atomic and may run on many threads at once; take() and clear()
// are single-threaded (they run after the update threads are joined).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace cbt {

class DirtyWordMap {
public:
    DirtyWordMap() = default;
    // Tracks `trackedWordCount` bitfield words (indices 0 .. count - 1).
    explicit DirtyWordMap(std::uint64_t trackedWordCount);

    bool isTracking() const noexcept { return !wordBits_.empty(); }

    // Atomically flags bitfield word `wordIndex` as changed.
    void mark(std::uint64_t wordIndex) noexcept;

    // Moves the flagged word indices, in increasing order, into `indices`
    // (which is cleared first) and clears the map. Returns false, leaving
    // `indices` partial and the map cleared, when more than `limit` words
    // are flagged: the caller then reduces everything.
    bool take(std::vector<std::uint32_t>& indices, std::size_t limit);

    void clear() noexcept;

private:
    std::vector<std::uint64_t> wordBits_;     // bit i: bitfield word i changed
    std::vector<std::uint64_t> summaryBits_;  // bit i: wordBits_[i] != 0
};

}  // namespace cbt
