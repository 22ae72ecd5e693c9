// Internal geometry of the CBT heap (paper §3.3), shared by the tree, the
// sum reduction (the CPU one, and the GPU pass where it addresses levels of
// the heap from the host) and the serialisation code. Not part of the public
// API.
//
// A heap of max depth D is 2^(D+2) bits. Depth level d in [0, D] holds 2^d
// fields of N_d = D - d + 1 bits each; the fields of one level are contiguous
// and the level starts at bit 2^(d+1) + 2^d * N_d = 2^d * (D - d + 3).
// Level D is the bitfield (1-bit fields) starting at bit 3 * 2^D. Bits
// [0, D + 3) hold the header, whose value is exactly 1 << D.
#pragma once

#include <cstddef>
#include <cstdint>

namespace cbt::layout {

inline constexpr int kWordBits = 64;
inline constexpr int kWordBitsLog2 = 6;

constexpr std::uint64_t lowBitMask(int width) noexcept
{
    return width >= kWordBits ? ~std::uint64_t{0} : (std::uint64_t{1} << width) - 1U;
}

constexpr std::uint64_t heapBitCount(int maxDepth) noexcept
{
    return std::uint64_t{1} << (maxDepth + 2);
}

// Storage words; heaps smaller than one word (D < 4) still use one word.
constexpr std::size_t heapWordCount(int maxDepth) noexcept
{
    return maxDepth >= 4 ? std::size_t{1} << (maxDepth - 4) : std::size_t{1};
}

constexpr std::size_t heapByteCount(int maxDepth) noexcept
{
    return std::size_t{1} << (maxDepth - 1);
}

constexpr int fieldWidth(int maxDepth, int depth) noexcept
{
    return maxDepth - depth + 1;
}

constexpr std::uint64_t levelStartBit(int maxDepth, int depth) noexcept
{
    return (std::uint64_t{1} << depth) * static_cast<std::uint64_t>(maxDepth - depth + 3);
}

// First heap bit of the field of `heapIndex`, which sits at `depth`:
// 2^(d+1) + k * N_d (paper §3.3).
constexpr std::uint64_t fieldFirstBit(int maxDepth, std::uint64_t heapIndex, int depth) noexcept
{
    return (std::uint64_t{1} << (depth + 1)) + heapIndex * static_cast<std::uint64_t>(fieldWidth(maxDepth, depth));
}

constexpr std::uint64_t bitfieldStartBit(int maxDepth) noexcept
{
    return std::uint64_t{3} << maxDepth;
}

constexpr int headerBitCount(int maxDepth) noexcept
{
    return maxDepth + 3;
}

constexpr std::uint64_t headerValue(int maxDepth) noexcept
{
    return std::uint64_t{1} << maxDepth;
}

// Heap bit of the bitfield bit that encodes node `heapIndex` at `depth`:
// bitfield bit k * 2^(D-d) - 2^D, shifted by the bitfield start 3 * 2^D.
constexpr std::uint64_t bitfieldHeapBit(int maxDepth, std::uint64_t heapIndex, int depth) noexcept
{
    return (heapIndex << (maxDepth - depth)) + (std::uint64_t{1} << (maxDepth + 1));
}

// Number of 64-bit words of the bitfield when it is at least one word (D >= 6).
constexpr std::uint64_t bitfieldWordCount(int maxDepth) noexcept
{
    return maxDepth >= kWordBitsLog2 ? std::uint64_t{1} << (maxDepth - kWordBitsLog2) : 1U;
}

}  // namespace cbt::layout
