// The occupancy index as a CBT (Dupuy 2020): the tree's bitfield is the
// occupancy bitfield and its sum reduction the index, CBT[k] the used slots
// below node k. The heap is bit for bit what cbt::gpu's sum-reduction pass
// builds, so the GPU allocator can rebuild it with that pass.
//
// select0(k) descends from the root with zeros(node) = capacity(node) -
// CBT[node] down to depth D - 6, whose nodes are exactly the bitfield's
// 64-bit words, and finishes with a select in that word.
//
// The tree is at least 64 slots deep (D >= 6): a smaller pool keeps its
// slots at the start of that one word and the surplus slots permanently set,
// so that no query reaches them; counts exclude them.
#pragma once

#include "bisector/OccupancyIndex.h"

#include "cbt/ConcurrentBinaryTree.h"

namespace bisector {

class SumTreeIndex final : public OccupancyIndex {
public:
    // Every slot free. Throws std::invalid_argument unless capacity is a
    // power of two from 1 to 2^30.
    explicit SumTreeIndex(std::uint32_t capacity);

    [[nodiscard]] std::uint32_t capacity() const noexcept override { return capacity_; }
    // Loads the bitfield and recomputes the whole reduction on one thread,
    // so that it compares with the other index like for like.
    void rebuild(std::span<const std::uint64_t> words) override;
    void set(std::uint32_t slot) override;
    void clear(std::uint32_t slot) override;
    [[nodiscard]] bool isUsed(std::uint32_t slot) const override;
    [[nodiscard]] std::uint32_t usedCount() const noexcept override;
    [[nodiscard]] std::uint32_t selectFree(std::uint32_t k) const override;
    [[nodiscard]] std::size_t bytes() const noexcept override;
    [[nodiscard]] std::string_view name() const noexcept override { return "sum-tree"; }

    // The tree itself, surplus slots included (what a GPU upload would copy).
    [[nodiscard]] const cbt::ConcurrentBinaryTree& tree() const noexcept { return tree_; }

private:
    std::uint32_t capacity_;
    std::uint32_t surplusSlotCount_;
    cbt::ConcurrentBinaryTree tree_;
};

}  // namespace bisector
