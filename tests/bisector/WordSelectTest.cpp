// The select within one 64-bit word against a bit-by-bit scan, for every
// rank of random words of every density and of the edge cases.
#include "bisector/WordSelect.h"

#include <gtest/gtest.h>

#include <bit>
#include <random>
#include <vector>

namespace bisector {
namespace {

// Position of the set bit of rank `rank`, scanning from bit 0; -1 if none.
int scanForSetBit(std::uint64_t word, std::uint32_t rank)
{
    for (int bit = 0; bit < 64; ++bit) {
        if (((word >> bit) & 1U) != 0) {
            if (rank == 0) {
                return bit;
            }
            --rank;
        }
    }
    return -1;
}

std::vector<std::uint64_t> testWords()
{
    std::vector<std::uint64_t> words{0x1U,
                                     0x8000000000000000U,
                                     ~std::uint64_t{0},
                                     0xff00000000000000U,
                                     0x00000000000000ffU,
                                     0x8000000000000001U,
                                     0x0101010101010101U,
                                     0xaaaaaaaaaaaaaaaaU};
    std::mt19937_64 random(64);
    for (int trial = 0; trial < 2000; ++trial) {
        // AND-ing or OR-ing random words spreads the densities from sparse to dense.
        std::uint64_t word = random();
        for (int extra = 0; extra < trial % 4; ++extra) {
            word = trial % 8 < 4 ? word & random() : word | random();
        }
        words.push_back(word);
    }
    return words;
}

TEST(WordSelect, SetBitOfEveryRankMatchesTheScan)
{
    for (const std::uint64_t word : testWords()) {
        const auto setBits = static_cast<std::uint32_t>(std::popcount(word));
        for (std::uint32_t rank = 0; rank < setBits; ++rank) {
            ASSERT_EQ(selectSetBit(word, rank), scanForSetBit(word, rank)) << std::hex << word << " rank " << rank;
        }
    }
}

TEST(WordSelect, ClearBitOfEveryRankMatchesTheScan)
{
    for (const std::uint64_t word : testWords()) {
        const auto clearBits = static_cast<std::uint32_t>(64 - std::popcount(word));
        for (std::uint32_t rank = 0; rank < clearBits; ++rank) {
            ASSERT_EQ(selectClearBit(word, rank), scanForSetBit(~word, rank)) << std::hex << word << " rank " << rank;
        }
    }
}

TEST(WordSelect, WorksAtCompileTime)
{
    static_assert(selectSetBit(0x8000000000000000U, 0) == 63);
    static_assert(selectSetBit(~std::uint64_t{0}, 63) == 63);
    static_assert(selectClearBit(0x7U, 0) == 3);
    SUCCEED();
}

}  // namespace
}  // namespace bisector
