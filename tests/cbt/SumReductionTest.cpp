// The fast sum reductions (full and incremental) against the naive Alg. 2 of
// NaiveHeap, byte for byte.
#include "NaiveHeap.h"
#include "RandomTrees.h"

#include "cbt/ConcurrentBinaryTree.h"
#include "cbt/SumReduction.h"

#include <gtest/gtest.h>

#include <cstring>
#include <random>
#include <vector>

namespace cbt {
namespace {

using testing::NaiveHeap;
using testing::toVector;

// A heap of max depth D whose bitfield is random with the given density and
// whose reduction is the naive one.
NaiveHeap randomReducedHeap(int maxDepth, std::uint64_t seed, double density)
{
    std::mt19937_64 random(seed);
    NaiveHeap heap(maxDepth);
    heap.randomizeBitfield(random, density);
    heap.reduce();
    return heap;
}

class FullReduction : public ::testing::TestWithParam<int> {};

TEST_P(FullReduction, MatchesNaiveOnRandomBitfields)
{
    const int maxDepth = GetParam();
    const int seeds = maxDepth <= 18 ? 3 : 1;
    for (int seed = 0; seed < seeds; ++seed) {
        for (const double density : {0.5, 0.03, 1.0}) {
            const auto heapSeed = static_cast<std::uint64_t>(seed * 7 + maxDepth);
            const NaiveHeap expected = randomReducedHeap(maxDepth, heapSeed, density);
            // fromBytes recomputes the reduction with the fast path and rejects
            // any difference from the naive bytes it was given.
            ConcurrentBinaryTree tree = ConcurrentBinaryTree::fromBytes(expected.bytes());
            ASSERT_EQ(toVector(tree.bytes()), expected.bytes()) << "D = " << maxDepth << " density " << density;
            tree.computeSumReductionFull();
            ASSERT_EQ(toVector(tree.bytes()), expected.bytes()) << "D = " << maxDepth << " density " << density;
            ASSERT_EQ(tree.nodeCount(), expected.element(1));
        }
    }
}

INSTANTIATE_TEST_SUITE_P(Depths, FullReduction, ::testing::Range(1, 23));

TEST(FullReduction, BytesDoNotDependOnTheThreadCount)
{
    // The automatic policy may run single-threaded on small machines, so
    // drive the chunked multi-threaded pass explicitly.
    for (const int maxDepth : {12, 18, 20, 21}) {
        const NaiveHeap expected = randomReducedHeap(maxDepth, 77, 0.3);
        for (const unsigned threads : {1U, 2U, 3U, 4U, 8U}) {
            NaiveHeap stale = expected;
            stale.setElement(1, 0);
            stale.setElement(3, 0);
            stale.setElement((std::uint64_t{1} << (maxDepth - 1)) + 5U, 0);
            std::vector<std::uint64_t> words(stale.bytes().size() / sizeof(std::uint64_t));
            std::memcpy(words.data(), stale.bytes().data(), stale.bytes().size());
            reduction::reduceFull(words, maxDepth, threads);
            std::vector<std::byte> reduced(stale.bytes().size());
            std::memcpy(reduced.data(), words.data(), reduced.size());
            ASSERT_EQ(reduced, expected.bytes()) << "D = " << maxDepth << " threads " << threads;
        }
    }
}

TEST(FullReduction, RepairsAStaleReductionInPlace)
{
    // Corrupt every reduction level through splits that the reduction has not
    // seen yet, then check the full pass against the naive reduction.
    for (const int maxDepth : {3, 9, 12, 14, 20}) {
        ConcurrentBinaryTree tree(maxDepth, maxDepth / 2);
        std::mt19937_64 random(static_cast<std::uint64_t>(maxDepth));
        std::uniform_int_distribution<HeapIndex> node(1, (HeapIndex{1} << maxDepth) - 1U);
        for (int split = 0; split < 5000; ++split) {
            tree.splitNode(node(random));
        }
        tree.computeSumReductionFull();
        EXPECT_EQ(toVector(tree.bytes()), testing::naiveReductionOf(tree)) << "D = " << maxDepth;
    }
}

// Random split / merge of arbitrary nodes (not only leaves): the bitfield can
// take any value, which is all the reduction cares about.
void touchRandomNodes(ConcurrentBinaryTree& tree, std::mt19937_64& random, int count)
{
    std::uniform_int_distribution<HeapIndex> node(1, (HeapIndex{2} << tree.maxDepth()) - 1U);
    std::bernoulli_distribution split(0.6);
    for (int touch = 0; touch < count; ++touch) {
        if (split(random)) {
            tree.splitNode(node(random));
        } else {
            tree.mergeNode(node(random));
        }
    }
}

class IncrementalReduction : public ::testing::TestWithParam<int> {};

TEST_P(IncrementalReduction, EqualsFullAndNaiveAfterRandomSplitsAndMerges)
{
    const int maxDepth = GetParam();
    std::mt19937_64 random(static_cast<std::uint64_t>(maxDepth) * 31U);
    ConcurrentBinaryTree tree(maxDepth, maxDepth / 3);
    // Few touches (incremental path), then many (fallback to a full pass),
    // then few again: the dirty map must be right after each.
    const std::uint64_t bitfieldWords = std::max<std::uint64_t>(1, (std::uint64_t{1} << maxDepth) / 64U);
    for (const auto touches : {1, 7, 300, static_cast<int>(bitfieldWords), 3, 0, 40}) {
        touchRandomNodes(tree, random, touches);
        ConcurrentBinaryTree full = tree;
        tree.computeSumReduction();
        full.computeSumReductionFull();
        ASSERT_EQ(toVector(tree.bytes()), toVector(full.bytes())) << "D = " << maxDepth << " touches " << touches;
        if (maxDepth <= 20) {
            ASSERT_EQ(toVector(tree.bytes()), testing::naiveReductionOf(tree)) << "touches " << touches;
        }
    }
}

INSTANTIATE_TEST_SUITE_P(Depths, IncrementalReduction, ::testing::Values(1, 4, 6, 11, 12, 13, 16, 19, 20, 24));

TEST(IncrementalReduction, SplitThenMergeRestoresTheHeap)
{
    for (const int maxDepth : {5, 12, 16}) {
        ConcurrentBinaryTree tree = testing::randomTree(maxDepth, 99, 8);
        const std::vector<std::byte> original = toVector(tree.bytes());
        std::mt19937_64 random(5);
        for (int trial = 0; trial < 50; ++trial) {
            std::uniform_int_distribution<std::uint32_t> leafIndex(0, tree.nodeCount() - 1U);
            const HeapIndex leaf = tree.decodeNode(leafIndex(random));
            if (tree.isCeil(leaf)) {
                continue;
            }
            const std::uint32_t leafCount = tree.nodeCount();
            tree.splitNode(leaf);
            tree.computeSumReduction();
            ASSERT_EQ(tree.nodeCount(), leafCount + 1U);
            ASSERT_EQ(toVector(tree.bytes()), testing::naiveReductionOf(tree));
            tree.mergeNode(2 * leaf + (trial & 1));
            tree.computeSumReduction();
            ASSERT_EQ(toVector(tree.bytes()), original) << "D = " << maxDepth << " leaf " << leaf;
        }
    }
}

TEST(IncrementalReduction, FollowsFromBytesAndResetToDepth)
{
    constexpr int kMaxDepth = 14;
    const NaiveHeap loaded = randomReducedHeap(kMaxDepth, 3, 0.2);
    ConcurrentBinaryTree tree = ConcurrentBinaryTree::fromBytes(loaded.bytes());
    std::mt19937_64 random(8);
    touchRandomNodes(tree, random, 20);
    tree.computeSumReduction();
    EXPECT_EQ(toVector(tree.bytes()), testing::naiveReductionOf(tree));

    touchRandomNodes(tree, random, 20);
    tree.resetToDepth(3);
    EXPECT_EQ(toVector(tree.bytes()), toVector(ConcurrentBinaryTree(kMaxDepth, 3).bytes()));
    touchRandomNodes(tree, random, 20);
    tree.computeSumReduction();
    EXPECT_EQ(toVector(tree.bytes()), testing::naiveReductionOf(tree));
}

TEST(IncrementalReduction, CopiesKeepTheirOwnDirtyState)
{
    ConcurrentBinaryTree tree(13, 4);
    tree.splitNode(17);
    ConcurrentBinaryTree copy = tree;
    tree.computeSumReduction();
    copy.splitNode(40);
    copy.computeSumReduction();
    EXPECT_EQ(toVector(tree.bytes()), testing::naiveReductionOf(tree));
    EXPECT_EQ(toVector(copy.bytes()), testing::naiveReductionOf(copy));
    EXPECT_EQ(copy.nodeCount(), tree.nodeCount() + 1U);

    ConcurrentBinaryTree moved = std::move(copy);
    EXPECT_EQ(moved.nodeCount(), 18U);
    EXPECT_EQ(copy.byteSize(), 0U);  // NOLINT(bugprone-use-after-move): moved-from state is specified
}

}  // namespace
}  // namespace cbt
