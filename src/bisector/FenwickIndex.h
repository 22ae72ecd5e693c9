// The occupancy index as a Fenwick tree (binary indexed tree) of the
// popcounts of the bitfield's 64-bit words, after Fenwick 1994 and the GPU
// index of Schneider & Rautek. With W = P / 64 words, entry i (1-based) of
// the tree holds the used slots of words (i - lowbit(i), i], lowbit(i) =
// i & -i. Memory: the P bits plus W 32-bit counts, 0.1875 bytes a slot
// (the sum tree needs 0.5).
//
// Update: add +-1 to entries i, i + lowbit(i), ... up to W (log2 W steps).
// Rebuild: popcount every word into its entry, then push each entry into
// its parent i + lowbit(i) in one pass, O(W).
// select0(k): binary lifting. From position 0, try steps W, W/2, ..., 1:
// entry position + step covers exactly the `step` words after position, so
// when its free slots, step * 64 - entry, are at most k the answer lies
// beyond them and the position moves on. The final position is the word
// that holds the answer, finished by a select within that word.
//
// A pool below 64 slots keeps the surplus slots of its one word
// permanently used (see surplusSlotMask); counts exclude them.
#pragma once

#include "bisector/OccupancyIndex.h"

#include <vector>

namespace bisector {

class FenwickIndex final : public OccupancyIndex {
public:
    // Every slot free. Throws std::invalid_argument unless capacity is a
    // power of two from 1 to 2^30.
    explicit FenwickIndex(std::uint32_t capacity);

    [[nodiscard]] std::uint32_t capacity() const noexcept override { return capacity_; }
    void rebuild(std::span<const std::uint64_t> words) override;
    void set(std::uint32_t slot) override;
    void clear(std::uint32_t slot) override;
    [[nodiscard]] bool isUsed(std::uint32_t slot) const override;
    [[nodiscard]] std::uint32_t usedCount() const noexcept override { return usedCount_; }
    [[nodiscard]] std::uint32_t selectFree(std::uint32_t k) const override;
    [[nodiscard]] std::size_t bytes() const noexcept override;
    [[nodiscard]] std::string_view name() const noexcept override { return "fenwick"; }

private:
    // Sets or clears the bit of `slot` (in range) and updates the entries covering its word.
    void writeSlot(std::uint32_t slot, bool used) noexcept;

    std::uint32_t capacity_;
    std::uint32_t usedCount_ = 0;
    std::vector<std::uint64_t> words_;   // the occupancy bits, surplus slots set
    std::vector<std::uint32_t> counts_;  // the Fenwick tree; counts_[0] unused, so that entry i is counts_[i]
};

}  // namespace bisector
