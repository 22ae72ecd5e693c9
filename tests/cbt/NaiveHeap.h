// Test-only reference for the CBT heap: reads and writes one bit at a time
// over a byte array and reduces with Alg. 2 element by element, using the
// layout formula of paper §3.3 directly. Deliberately shares no code with
// the library so the two can be compared byte for byte.
#pragma once

#include "cbt/ConcurrentBinaryTree.h"

#include <cstddef>
#include <cstdint>
#include <random>
#include <span>
#include <vector>

namespace cbt::testing {

class NaiveHeap {
public:
    // A zero heap of max depth D with its header (1 << D in bits [0, D+3)).
    explicit NaiveHeap(int maxDepth) : maxDepth_(maxDepth), bytes_(std::size_t{1} << (maxDepth - 1))
    {
        writeBits(0, maxDepth + 3, std::uint64_t{1} << maxDepth);
    }

    // A copy of existing heap bytes of max depth D.
    NaiveHeap(int maxDepth, std::span<const std::byte> bytes) : maxDepth_(maxDepth), bytes_(bytes.begin(), bytes.end())
    {
    }

    int maxDepth() const { return maxDepth_; }
    const std::vector<std::byte>& bytes() const { return bytes_; }
    std::uint64_t bitfieldSize() const { return std::uint64_t{1} << maxDepth_; }

    bool bit(std::uint64_t heapBit) const
    {
        return ((std::to_integer<unsigned>(bytes_[heapBit / 8]) >> (heapBit % 8)) & 1U) != 0;
    }

    void setBit(std::uint64_t heapBit, bool value)
    {
        const auto mask = static_cast<std::byte>(1U << (heapBit % 8));
        if (value) {
            bytes_[heapBit / 8] |= mask;
        } else {
            bytes_[heapBit / 8] &= ~mask;
        }
    }

    std::uint64_t readBits(std::uint64_t first, int width) const
    {
        std::uint64_t value = 0;
        for (int i = 0; i < width; ++i) {
            if (bit(first + static_cast<std::uint64_t>(i))) {
                value |= std::uint64_t{1} << i;
            }
        }
        return value;
    }

    void writeBits(std::uint64_t first, int width, std::uint64_t value)
    {
        for (int i = 0; i < width; ++i) {
            setBit(first + static_cast<std::uint64_t>(i), ((value >> i) & 1U) != 0);
        }
    }

    static int depthOfIndex(std::uint64_t heapIndex)
    {
        int depth = -1;
        for (; heapIndex != 0; heapIndex >>= 1) {
            ++depth;
        }
        return depth;
    }

    // x_k = 2^(d_k+1) + k * N_k, N_k = D - d_k + 1.
    std::uint64_t elementOffset(std::uint64_t heapIndex) const
    {
        const int depth = depthOfIndex(heapIndex);
        return (std::uint64_t{1} << (depth + 1)) + heapIndex * static_cast<std::uint64_t>(maxDepth_ - depth + 1);
    }

    std::uint64_t element(std::uint64_t heapIndex) const
    {
        return readBits(elementOffset(heapIndex), maxDepth_ - depthOfIndex(heapIndex) + 1);
    }

    void setElement(std::uint64_t heapIndex, std::uint64_t value)
    {
        writeBits(elementOffset(heapIndex), maxDepth_ - depthOfIndex(heapIndex) + 1, value);
    }

    // Bitfield bit b is heap element 2^D + b.
    bool bitfieldBit(std::uint64_t index) const { return element(bitfieldSize() + index) != 0; }
    void setBitfieldBit(std::uint64_t index, bool value) { setElement(bitfieldSize() + index, value ? 1U : 0U); }

    // Alg. 2, one element at a time.
    void reduce()
    {
        for (int depth = maxDepth_ - 1; depth >= 0; --depth) {
            for (std::uint64_t k = std::uint64_t{1} << depth; k < (std::uint64_t{2} << depth); ++k) {
                setElement(k, element(2 * k) + element(2 * k + 1));
            }
        }
    }

    // Sets every bitfield bit at random with probability `density`.
    void randomizeBitfield(std::mt19937_64& random, double density)
    {
        std::bernoulli_distribution coin(density);
        for (std::uint64_t index = 0; index < bitfieldSize(); ++index) {
            setBitfieldBit(index, coin(random));
        }
    }

private:
    int maxDepth_;
    std::vector<std::byte> bytes_;
};

inline std::vector<std::byte> toVector(std::span<const std::byte> bytes)
{
    return {bytes.begin(), bytes.end()};
}

// Recomputes the tree's reduction with the naive Alg. 2 from its bitfield.
inline std::vector<std::byte> naiveReductionOf(const ConcurrentBinaryTree& tree)
{
    NaiveHeap heap(tree.maxDepth(), tree.bytes());
    heap.reduce();
    return heap.bytes();
}

// The leaves of the tree in leaf-index order, found by scanning the bitfield
// the paper's way (§3.1): a one bit followed by N0 zeros is the node of depth
// D - log2(1 + N0) starting there. Returns an empty vector when the bitfield
// is not a well-formed tree (a run length that is not a power of two, or a
// node not aligned to its size).
inline std::vector<HeapIndex> leavesFromBitfield(const ConcurrentBinaryTree& tree)
{
    const NaiveHeap heap(tree.maxDepth(), tree.bytes());
    const std::uint64_t size = heap.bitfieldSize();
    std::vector<HeapIndex> leaves;
    std::uint64_t start = 0;
    while (start < size) {
        if (!heap.bitfieldBit(start)) {
            return {};
        }
        std::uint64_t next = start + 1;
        while (next < size && !heap.bitfieldBit(next)) {
            ++next;
        }
        const std::uint64_t span = next - start;
        if ((span & (span - 1)) != 0 || start % span != 0) {
            return {};
        }
        int spanLog2 = 0;
        while ((std::uint64_t{1} << spanLog2) < span) {
            ++spanLog2;
        }
        leaves.push_back(static_cast<HeapIndex>((size + start) >> spanLog2));
        start = next;
    }
    return leaves;
}

}  // namespace cbt::testing
