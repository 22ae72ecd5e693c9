// Conforming split and merge (Alg. 7 and 8): small exact cases, then
// thousands of random operations, single-threaded and in multi-threaded
// tree.update passes, after which the tessellation must still be conforming.
#include "TessellationChecks.h"

#include "cbt/ConcurrentBinaryTree.h"
#include "leb/LongestEdgeBisection.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <ostream>
#include <random>
#include <string>
#include <vector>

namespace leb {
namespace {

std::vector<std::byte> bytesOf(const cbt::ConcurrentBinaryTree& tree)
{
    return {tree.bytes().begin(), tree.bytes().end()};
}

// A per-leaf coin flip that does not depend on which thread asks.
bool coinFlip(HeapIndex leaf, std::uint64_t salt, unsigned percent)
{
    std::uint64_t h = (leaf + salt) * 0x9E3779B97F4A7C15ull;
    h ^= h >> 31u;
    h *= 0xBF58476D1CE4E5B9ull;
    h ^= h >> 29u;
    return h % 100u < percent;
}

TEST(ConformingSplit, OnAUniformTreeSplitsTheNodeAndItsEdgeNeighbor)
{
    for (const Domain domain : {Domain::Triangle, Domain::Square}) {
        const cbt::ConcurrentBinaryTree uniform(8, 4);
        for (HeapIndex k = 16; k < 32; ++k) {
            cbt::ConcurrentBinaryTree tree = uniform;
            conformingSplit(tree, k, domain);
            tree.computeSumReduction();
            const bool border = sameDepthNeighbors(k, domain).edge == kNoNeighbor;
            EXPECT_EQ(tree.nodeCount(), border ? 17u : 18u) << k;
            EXPECT_EQ(tree.heapRead(k), 2u) << k;
            EXPECT_TRUE(checks::isValidTessellation(tree, domain)) << k;
        }
    }
}

TEST(ConformingSplit, PropagatesAlongTheLongestEdgePath)
{
    // Splitting the corner leaf 2^8 of a depth-8 triangle-domain tree once
    // from the root forces every longest-edge ancestor path to split.
    cbt::ConcurrentBinaryTree tree(10, 0);
    HeapIndex leaf = 1;
    for (int depth = 0; depth < 8; ++depth) {
        conformingSplit(tree, leaf, Domain::Triangle);
        tree.computeSumReduction();
        ASSERT_TRUE(checks::isValidTessellation(tree, Domain::Triangle)) << depth;
        leaf = leaf * 2u + static_cast<HeapIndex>(depth % 2);
    }
    EXPECT_TRUE(tree.isLeaf(leaf));
    EXPECT_GT(tree.nodeCount(), 9u);  // more than the path alone: propagation happened
}

TEST(ConformingSplit, CeilLeafDoesNotSplit)
{
    cbt::ConcurrentBinaryTree tree(6, 6);
    const std::vector<std::byte> before = bytesOf(tree);
    conformingSplit(tree, (1u << 6u) + 5u, Domain::Triangle);
    tree.computeSumReduction();
    EXPECT_EQ(bytesOf(tree), before);
}

TEST(ConformingMerge, UndoesAConformingSplitOnAUniformTree)
{
    for (const Domain domain : {Domain::Triangle, Domain::Square}) {
        const cbt::ConcurrentBinaryTree uniform(8, 4);
        for (HeapIndex k = 16; k < 32; ++k) {
            cbt::ConcurrentBinaryTree tree = uniform;
            conformingSplit(tree, k, domain);
            tree.computeSumReduction();
            conformingMerge(tree, 2u * k + 1u, domain);
            tree.computeSumReduction();
            EXPECT_EQ(bytesOf(tree), bytesOf(uniform)) << k;
        }
    }
}

TEST(ConformingMerge, RefusesWithoutADiamondAndAtTheRootLevel)
{
    // Square domain: heaps 2 and 3 never merge into the square.
    cbt::ConcurrentBinaryTree square(6, 1);
    const std::vector<std::byte> squareBefore = bytesOf(square);
    conformingMerge(square, 2, Domain::Square);
    conformingMerge(square, 3, Domain::Square);
    square.computeSumReduction();
    EXPECT_EQ(bytesOf(square), squareBefore);

    // Triangle domain: the root does not merge; its children do (no diamond).
    cbt::ConcurrentBinaryTree triangle(6, 1);
    conformingMerge(triangle, 1, Domain::Triangle);
    triangle.computeSumReduction();
    EXPECT_EQ(triangle.nodeCount(), 2u);
    conformingMerge(triangle, 3, Domain::Triangle);
    triangle.computeSumReduction();
    EXPECT_EQ(triangle.nodeCount(), 1u);

    // A diamond whose other half is split further does not merge.
    cbt::ConcurrentBinaryTree tree(8, 3);
    const HeapIndex k = 9;
    const HeapIndex diamond = sameDepthNeighbors(k, Domain::Triangle).edge;
    ASSERT_NE(diamond, kNoNeighbor);
    conformingSplit(tree, k, Domain::Triangle);
    tree.computeSumReduction();
    conformingSplit(tree, 2u * diamond, Domain::Triangle);
    tree.computeSumReduction();
    ASSERT_TRUE(tree.isLeaf(2u * k));
    ASSERT_TRUE(tree.isLeaf(2u * k + 1u));
    ASSERT_FALSE(tree.isLeaf(2u * diamond));
    const std::vector<std::byte> before = bytesOf(tree);
    conformingMerge(tree, 2u * k, Domain::Triangle);
    tree.computeSumReduction();
    EXPECT_EQ(bytesOf(tree), before);
    // Not a leaf: no-op.
    conformingMerge(tree, diamond, Domain::Triangle);
    tree.computeSumReduction();
    EXPECT_EQ(bytesOf(tree), before);
}

struct StressCase {
    Domain domain;
    int maxDepth;
    std::uint32_t seed;
};

void PrintTo(const StressCase& config, std::ostream* out)
{
    *out << (config.domain == Domain::Triangle ? "triangle" : "square") << " D=" << config.maxDepth
         << " seed=" << config.seed;
}

class ConformingStress : public ::testing::TestWithParam<StressCase> {};

TEST_P(ConformingStress, RandomSplitsAndMergesStayConforming)
{
    const StressCase config = GetParam();
    const Domain domain = config.domain;
    cbt::ConcurrentBinaryTree tree(config.maxDepth, domain == Domain::Square ? 1 : 0);
    std::mt19937 random(config.seed);
    int splitAttempts = 0;
    int mergeAttempts = 0;
    std::uint32_t largestLeafCount = 0;
    for (int step = 0; step < 90; ++step) {
        const int kind = step % 3;
        if (kind == 0) {
            // Single operations on random leaves, one reduction each.
            for (int op = 0; op < 40; ++op) {
                const auto leafIndex = static_cast<std::uint32_t>(random() % tree.nodeCount());
                const HeapIndex leaf = tree.decodeNode(leafIndex);
                if (random() % 100u < 65u) {
                    conformingSplit(tree, leaf, domain);
                    ++splitAttempts;
                } else {
                    conformingMerge(tree, leaf, domain);
                    ++mergeAttempts;
                }
                tree.computeSumReduction();
            }
        } else {
            // One parallel pass, split-only or merge-only, on 2 or 4 threads.
            const std::uint64_t salt = random();
            const bool splitPass = kind == 1;
            const unsigned percent = splitPass ? 12u : 60u;
            const unsigned threads = (step % 2 == 0) ? 2u : 4u;
            const std::uint32_t leavesBefore = tree.nodeCount();
            tree.update(
                [=](cbt::ConcurrentBinaryTree& updated, HeapIndex leaf) {
                    if (coinFlip(leaf, salt, percent)) {
                        if (splitPass) {
                            conformingSplit(updated, leaf, domain);
                        } else {
                            conformingMerge(updated, leaf, domain);
                        }
                    }
                },
                threads);
            (splitPass ? splitAttempts : mergeAttempts) += static_cast<int>(leavesBefore * percent / 100u);
        }
        largestLeafCount = std::max(largestLeafCount, tree.nodeCount());
        ASSERT_TRUE(checks::isValidTessellation(tree, domain)) << "after step " << step;
    }
    EXPECT_GT(splitAttempts, 1000);
    EXPECT_GT(mergeAttempts, 500);
    EXPECT_GT(largestLeafCount, 200u);  // the tree grew well beyond its start
    const std::vector<LeafTriangle> leaves = leafTriangles(tree, domain);
    EXPECT_TRUE(checks::pointLocationAgrees(tree, leaves, domain, random, 300));
}

INSTANTIATE_TEST_SUITE_P(BothDomains, ConformingStress,
                         ::testing::Values(StressCase{Domain::Triangle, 14, 1u}, StressCase{Domain::Triangle, 12, 2u},
                                           StressCase{Domain::Triangle, 9, 3u}, StressCase{Domain::Square, 14, 4u},
                                           StressCase{Domain::Square, 12, 5u}, StressCase{Domain::Square, 9, 6u}),
                         [](const ::testing::TestParamInfo<StressCase>& testInfo) {
                             return std::string(testInfo.param.domain == Domain::Triangle ? "Triangle" : "Square") +
                                    "Depth" + std::to_string(testInfo.param.maxDepth) + "Seed" +
                                    std::to_string(testInfo.param.seed);
                         });

}  // namespace
}  // namespace leb
