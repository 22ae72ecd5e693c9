// Select within one 64-bit word: the position of the k-th set (or clear) bit,
// the last step of both occupancy indexes once their descent has found the
// word that holds the answer.
#pragma once

#include <bit>
#include <cstdint>

namespace bisector {

// Position (0..63) of the set bit of rank `rank` in `word` (rank 0 is the
// lowest set bit). Requires rank < std::popcount(word).
//
// Bytes first: SWAR counts of the set bits of each byte, turned into prefix
// sums by one multiplication (byte b of `prefix` = set bits in bytes 0..b,
// at most 64, so no byte overflows). The answer lies in the first byte whose
// prefix exceeds `rank`. Comparing all eight prefixes with rank + 1 at once:
// each byte of `prefix | 0x80..` is 128 + prefix_b, subtracting rank + 1
// (<= 64) borrows from no neighbour, and leaves bit 7 set exactly where
// prefix_b >= rank + 1. Then at most seven lowest set bits are dropped in
// that byte.
[[nodiscard]] constexpr int selectSetBit(std::uint64_t word, std::uint32_t rank) noexcept
{
    constexpr std::uint64_t kOnes = 0x0101010101010101U;
    constexpr std::uint64_t kHighBits = kOnes * 0x80U;
    std::uint64_t byteCounts = word - ((word >> 1U) & 0x5555555555555555U);
    byteCounts = (byteCounts & 0x3333333333333333U) + ((byteCounts >> 2U) & 0x3333333333333333U);
    byteCounts = (byteCounts + (byteCounts >> 4U)) & 0x0f0f0f0f0f0f0f0fU;
    const std::uint64_t prefix = byteCounts * kOnes;
    const std::uint64_t reached = ((prefix | kHighBits) - kOnes * (std::uint64_t{rank} + 1U)) & kHighBits;
    const int byteShift = std::countr_zero(reached) - 7;  // 8 * the index of the byte
    const auto bitsBefore = static_cast<std::uint32_t>(((prefix << 8U) >> byteShift) & 0xffU);
    std::uint64_t byteBits = (word >> byteShift) & 0xffU;
    // (byteBits != 0 only bounds the loop should a caller break the precondition.)
    for (std::uint32_t skipped = rank - bitsBefore; skipped > 0 && byteBits != 0; --skipped) {
        byteBits &= byteBits - 1U;
    }
    return byteShift + std::countr_zero(byteBits);
}

// Position of the clear bit of rank `rank`; requires rank < 64 - std::popcount(word).
[[nodiscard]] constexpr int selectClearBit(std::uint64_t word, std::uint32_t rank) noexcept
{
    return selectSetBit(~word, rank);
}

}  // namespace bisector
