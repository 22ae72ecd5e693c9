// decodeNode / encodeNode (Alg. 1 and Alg. 13 with their errata) on random
// trees: every leaf index round-trips, decodes to a leaf, and the decoded
// leaves are exactly the ones the bitfield encodes, in order.
#include "NaiveHeap.h"
#include "RandomTrees.h"

#include "cbt/ConcurrentBinaryTree.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <vector>

namespace cbt {
namespace {

using testing::randomTree;

void expectRoundTrips(const ConcurrentBinaryTree& tree)
{
    const std::vector<HeapIndex> leaves = testing::leavesFromBitfield(tree);
    ASSERT_FALSE(leaves.empty()) << "bitfield is not a well-formed tree";
    ASSERT_EQ(tree.nodeCount(), leaves.size());
    for (std::uint32_t leafIndex = 0; leafIndex < tree.nodeCount(); ++leafIndex) {
        const HeapIndex heapIndex = tree.decodeNode(leafIndex);
        ASSERT_EQ(heapIndex, leaves[leafIndex]) << "leaf " << leafIndex;
        ASSERT_TRUE(tree.isLeaf(heapIndex));
        ASSERT_EQ(tree.encodeNode(heapIndex), leafIndex);
    }
}

class DecodeEncode : public ::testing::TestWithParam<int> {};

TEST_P(DecodeEncode, RoundTripsOnRandomTrees)
{
    const int maxDepth = GetParam();
    const int passes = std::min(maxDepth + 2, 12);
    for (std::uint64_t seed = 1; seed <= 12; ++seed) {
        const ConcurrentBinaryTree tree = randomTree(maxDepth, seed, passes);
        SCOPED_TRACE(::testing::Message()
                     << "D = " << maxDepth << " seed = " << seed << " leaves = " << tree.nodeCount());
        expectRoundTrips(tree);
    }
}

INSTANTIATE_TEST_SUITE_P(Depths, DecodeEncode, ::testing::Values(1, 2, 3, 4, 5, 6, 7, 12, 13, 17));

TEST(DecodeEncodeSmall, DepthOneHasBothShapes)
{
    ConcurrentBinaryTree tree(1);
    EXPECT_EQ(tree.nodeCount(), 1U);
    EXPECT_EQ(tree.decodeNode(0), 1U);
    EXPECT_EQ(tree.encodeNode(1), 0U);
    tree.splitNode(1);
    tree.computeSumReduction();
    EXPECT_EQ(tree.nodeCount(), 2U);
    EXPECT_EQ(tree.decodeNode(0), 2U);
    EXPECT_EQ(tree.decodeNode(1), 3U);
    EXPECT_EQ(tree.encodeNode(3), 1U);
    EXPECT_TRUE(tree.isCeil(3));
    EXPECT_EQ(tree.bytes().size(), 1U);
    // header 0b0010, CBT[1] = 2 at bits 4..5, bitfield bits 6 and 7 set.
    EXPECT_EQ(std::to_integer<unsigned>(tree.bytes()[0]), 0b11100010U);
}

TEST(DecodeEncodeSmall, DeepTreeAlongOnePath)
{
    // Refine towards the last leaf down to D = 17: the path 1, 3, 7, ...
    constexpr int kMaxDepth = 17;
    ConcurrentBinaryTree tree(kMaxDepth);
    HeapIndex node = 1;
    for (int depth = 0; depth < kMaxDepth; ++depth) {
        tree.splitNode(node);
        node = 2 * node + 1;
    }
    tree.computeSumReduction();
    EXPECT_EQ(tree.nodeCount(), static_cast<std::uint32_t>(kMaxDepth + 1));
    EXPECT_EQ(tree.decodeNode(tree.nodeCount() - 1), (HeapIndex{1} << (kMaxDepth + 1)) - 1U);
    EXPECT_EQ(tree.decodeNode(0), 2U);
    expectRoundTrips(tree);
}

}  // namespace
}  // namespace cbt
