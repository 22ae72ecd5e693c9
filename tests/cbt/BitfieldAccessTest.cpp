// The bitfield as a plain array of bits (a tree used as an occupancy index):
// loading it whole, reading it by words and updating one bit with its
// ancestors must give the bytes of the naive Alg. 2 over the same bits.
#include "NaiveHeap.h"

#include "cbt/ConcurrentBinaryTree.h"

#include <gtest/gtest.h>

#include <random>
#include <stdexcept>
#include <vector>

namespace cbt {
namespace {

using testing::NaiveHeap;
using testing::toVector;

// Random bitfield words for a tree of max depth D (the unused high bits of a
// one-word bitfield below 64 bits left zero).
std::vector<std::uint64_t> randomBitfieldWords(int maxDepth, std::mt19937_64& random)
{
    std::vector<std::uint64_t> words(maxDepth >= 6 ? std::size_t{1} << (maxDepth - 6) : 1U);
    for (std::uint64_t& word : words) {
        word = random();
    }
    if (maxDepth < 6) {
        words[0] &= (std::uint64_t{1} << (1 << maxDepth)) - 1U;
    }
    return words;
}

// The naive heap holding `words` as its bitfield, reduced by Alg. 2.
std::vector<std::byte> naiveHeapBytes(int maxDepth, const std::vector<std::uint64_t>& words)
{
    NaiveHeap heap(maxDepth);
    for (std::uint64_t bit = 0; bit < heap.bitfieldSize(); ++bit) {
        heap.setBitfieldBit(bit, ((words[bit / 64] >> (bit % 64)) & 1U) != 0);
    }
    heap.reduce();
    return heap.bytes();
}

TEST(BitfieldAccess, LoadBitfieldEqualsTheNaiveReductionAtEveryDepth)
{
    std::mt19937_64 random(7);
    for (int maxDepth = kMinMaxDepth; maxDepth <= 14; ++maxDepth) {
        const std::vector<std::uint64_t> words = randomBitfieldWords(maxDepth, random);
        ConcurrentBinaryTree tree(maxDepth, maxDepth);
        ASSERT_EQ(tree.bitfieldWordCount(), words.size()) << "D = " << maxDepth;
        tree.loadBitfield(words);
        EXPECT_EQ(toVector(tree.bytes()), naiveHeapBytes(maxDepth, words)) << "D = " << maxDepth;
        for (std::size_t word = 0; word < words.size(); ++word) {
            ASSERT_EQ(tree.bitfieldWord(word), words[word]) << "D = " << maxDepth << " word " << word;
        }
    }
}

TEST(BitfieldAccess, UpdateBitfieldBitKeepsTheReductionExact)
{
    std::mt19937_64 random(11);
    for (const int maxDepth : {1, 3, 6, 9, 13}) {
        std::vector<std::uint64_t> words = randomBitfieldWords(maxDepth, random);
        ConcurrentBinaryTree tree(maxDepth);
        tree.loadBitfield(words);
        const std::uint64_t bitCount = std::uint64_t{1} << maxDepth;
        for (int change = 0; change < 300; ++change) {
            const auto bit = static_cast<std::uint32_t>(random() % bitCount);
            const bool value = (random() & 1U) != 0;
            const bool wasSet = ((words[bit / 64] >> (bit % 64)) & 1U) != 0;
            EXPECT_EQ(tree.updateBitfieldBit(bit, value), wasSet != value);
            words[bit / 64] = value ? words[bit / 64] | (std::uint64_t{1} << (bit % 64))
                                    : words[bit / 64] & ~(std::uint64_t{1} << (bit % 64));
        }
        EXPECT_EQ(toVector(tree.bytes()), naiveHeapBytes(maxDepth, words)) << "D = " << maxDepth;
        EXPECT_FALSE(tree.updateBitfieldBit(static_cast<std::uint32_t>(bitCount), true));
        EXPECT_EQ(toVector(tree.bytes()), naiveHeapBytes(maxDepth, words)) << "D = " << maxDepth;
    }
}

TEST(BitfieldAccess, LoadBitfieldRejectsAWrongSizeOrStrayBits)
{
    ConcurrentBinaryTree deep(8);
    const std::vector<std::uint64_t> threeWords(3, 0);
    EXPECT_THROW(deep.loadBitfield(threeWords), std::invalid_argument);
    ConcurrentBinaryTree shallow(3);
    const std::vector<std::uint64_t> ninthBit{std::uint64_t{1} << 8};
    EXPECT_THROW(shallow.loadBitfield(ninthBit), std::invalid_argument);
    const std::vector<std::uint64_t> eightBits{0xffU};
    shallow.loadBitfield(eightBits);
    EXPECT_EQ(shallow.nodeCount(), 8U);
}

}  // namespace
}  // namespace cbt
