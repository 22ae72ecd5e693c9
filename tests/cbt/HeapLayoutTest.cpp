// Heap layout (paper §3.3) and the worked D = 4 examples of Fig. 2 / Fig. 4.
#include "NaiveHeap.h"

#include "cbt/ConcurrentBinaryTree.h"

#include <gtest/gtest.h>

#include <vector>

namespace cbt {
namespace {

using testing::NaiveHeap;

// Bitfield bit that encodes node k at depth d: k * 2^(D-d) - 2^D (paper §3.1).
std::uint64_t bitfieldBitOf(int maxDepth, HeapIndex heapIndex)
{
    const int depth = depthOf(heapIndex);
    return (std::uint64_t{heapIndex} << (maxDepth - depth)) - (std::uint64_t{1} << maxDepth);
}

TEST(HeapLayout, FindMsbAndDepth)
{
    EXPECT_EQ(findMSB(1), 0);
    EXPECT_EQ(findMSB(2), 1);
    EXPECT_EQ(findMSB(3), 1);
    EXPECT_EQ(findMSB(0x8000000000000000U), 63);
    EXPECT_EQ(depthOf(1), 0);
    EXPECT_EQ(depthOf(20), 4);
    EXPECT_EQ(depthOf(0x7FFFFFFFU), 30);
}

TEST(HeapLayout, HeapByteSizes)
{
    EXPECT_EQ(heapByteSize(1), 1U);
    EXPECT_EQ(heapByteSize(2), 2U);
    EXPECT_EQ(heapByteSize(3), 4U);
    EXPECT_EQ(heapByteSize(16), 32U * 1024U);
    EXPECT_EQ(heapByteSize(20), 512U * 1024U);
    EXPECT_EQ(heapByteSize(27), 64U * 1024U * 1024U);
    EXPECT_EQ(heapByteSize(30), 512U * 1024U * 1024U);
}

TEST(HeapLayout, ElementBitRangesFollowTheFormula)
{
    // D = 4: header [0, 7), CBT[1] 5 bits at 7, CBT[2] 4 bits at 2^2 + 2 * 4.
    EXPECT_EQ(elementBitRange(4, 1).offset, 7U);
    EXPECT_EQ(elementBitRange(4, 1).width, 5);
    EXPECT_EQ(elementBitRange(4, 2).offset, 12U);
    EXPECT_EQ(elementBitRange(4, 2).width, 4);
    EXPECT_EQ(elementBitRange(4, 5).offset, 8U + 5U * 3U);
    EXPECT_EQ(elementBitRange(4, 20).offset, 32U + 20U);
    EXPECT_EQ(elementBitRange(4, 20).width, 1);
    // The bitfield starts at 3 * 2^D.
    for (int maxDepth = 1; maxDepth <= 30; ++maxDepth) {
        const auto bitfield = elementBitRange(maxDepth, HeapIndex{1} << maxDepth);
        EXPECT_EQ(bitfield.offset, std::uint64_t{3} << maxDepth) << "D = " << maxDepth;
        EXPECT_EQ(bitfield.width, 1);
        EXPECT_EQ(elementBitRange(maxDepth, 1).offset, static_cast<std::uint64_t>(maxDepth + 3));
        EXPECT_EQ(elementBitRange(maxDepth, 1).width, maxDepth + 1);
    }
}

TEST(HeapLayout, ElementsAreContiguousAndFillTheHeap)
{
    for (int maxDepth = 1; maxDepth <= 14; ++maxDepth) {
        const HeapIndex end = HeapIndex{2} << maxDepth;
        for (HeapIndex k = 1; k + 1 < end; ++k) {
            const BitRange range = elementBitRange(maxDepth, k);
            ASSERT_EQ(range.offset + static_cast<std::uint64_t>(range.width), elementBitRange(maxDepth, k + 1).offset)
                << "D = " << maxDepth << " k = " << k;
            ASSERT_EQ(range.width, maxDepth - depthOf(k) + 1);
        }
        const BitRange last = elementBitRange(maxDepth, end - 1);
        EXPECT_EQ(last.offset + static_cast<std::uint64_t>(last.width), std::uint64_t{4} << maxDepth);
    }
}

TEST(HeapLayout, BytesAreExactlyTheHeapWithAOneHotHeader)
{
    for (int maxDepth = 1; maxDepth <= 16; ++maxDepth) {
        const ConcurrentBinaryTree tree(maxDepth, maxDepth / 2);
        ASSERT_EQ(tree.byteSize(), heapByteSize(maxDepth));
        ASSERT_EQ(tree.bytes().size(), heapByteSize(maxDepth));
        const NaiveHeap heap(maxDepth, tree.bytes());
        EXPECT_EQ(heap.readBits(0, maxDepth + 3), std::uint64_t{1} << maxDepth) << "D = " << maxDepth;
        EXPECT_EQ(heap.element(1), tree.nodeCount());
    }
}

// Fig. 2 (right): leaves {4, 5, 6, 14, 15}, bitfield ones at {0, 4, 8, 12, 14}.
ConcurrentBinaryTree figureTwoTree()
{
    ConcurrentBinaryTree tree(4);
    tree.splitNode(1);
    tree.splitNode(2);
    tree.splitNode(3);
    tree.splitNode(7);
    tree.computeSumReduction();
    return tree;
}

TEST(PaperExamples, FigureTwoBitfield)
{
    const ConcurrentBinaryTree tree = figureTwoTree();
    const NaiveHeap heap(4, tree.bytes());
    std::vector<std::uint64_t> ones;
    for (std::uint64_t bit = 0; bit < 16; ++bit) {
        EXPECT_EQ(heap.bit(3 * 16 + bit), heap.bitfieldBit(bit));
        if (heap.bitfieldBit(bit)) {
            ones.push_back(bit);
        }
    }
    EXPECT_EQ(ones, (std::vector<std::uint64_t>{0, 4, 8, 12, 14}));
    EXPECT_EQ(tree.nodeCount(), 5U);
    const std::vector<HeapIndex> leaves{4, 5, 6, 14, 15};
    for (std::uint32_t leaf = 0; leaf < leaves.size(); ++leaf) {
        EXPECT_EQ(tree.decodeNode(leaf), leaves[leaf]);
        EXPECT_EQ(tree.encodeNode(leaves[leaf]), leaf);
        EXPECT_TRUE(tree.isLeaf(leaves[leaf]));
    }
    // encodeNode(5) is the leaf index of the leaf starting at bitfield bit 4.
    EXPECT_EQ(bitfieldBitOf(4, 5), 4U);
    EXPECT_EQ(tree.encodeNode(5), 1U);
    // The reduction of Fig. 4.
    EXPECT_EQ(tree.heapRead(2), 2U);
    EXPECT_EQ(tree.heapRead(3), 3U);
    EXPECT_EQ(tree.heapRead(7), 2U);
    EXPECT_EQ(tree.heapRead(6), 1U);
    EXPECT_EQ(tree.heapRead(13), 0U);
    EXPECT_FALSE(tree.isLeaf(3));
}

TEST(PaperExamples, BitsEncodeTheNodesThatStartThere)
{
    // Bit 0 encodes {16, 8, 4, 2, 1}, bit 4 {20, 10, 5}, bit 14 {30, 15}.
    for (const HeapIndex k : {16U, 8U, 4U, 2U, 1U}) {
        EXPECT_EQ(bitfieldBitOf(4, k), 0U) << k;
    }
    for (const HeapIndex k : {20U, 10U, 5U}) {
        EXPECT_EQ(bitfieldBitOf(4, k), 4U) << k;
    }
    for (const HeapIndex k : {30U, 15U}) {
        EXPECT_EQ(bitfieldBitOf(4, k), 14U) << k;
    }
    // In uniform trees, the leaf decoded from the one bit at 0 / 4 / 14 is the
    // node of that depth: leaf index = number of ones before the bit.
    for (int depth = 0; depth <= 4; ++depth) {
        const ConcurrentBinaryTree tree(4, depth);
        EXPECT_EQ(tree.decodeNode(0), HeapIndex{1} << depth);
    }
    EXPECT_EQ(ConcurrentBinaryTree(4, 4).decodeNode(4), 20U);
    EXPECT_EQ(ConcurrentBinaryTree(4, 3).decodeNode(2), 10U);
    EXPECT_EQ(ConcurrentBinaryTree(4, 2).decodeNode(1), 5U);
    EXPECT_EQ(ConcurrentBinaryTree(4, 4).decodeNode(14), 30U);
    EXPECT_EQ(figureTwoTree().decodeNode(4), 15U);
}

TEST(PaperExamples, SplitSetsAndMergeClearsTheRightChildBit)
{
    ConcurrentBinaryTree tree(4, 2);
    // Splitting 5 sets the bit of 11: 11 * 2 - 16 = 6, i.e. heap bit 48 + 6.
    tree.splitNode(5);
    EXPECT_TRUE(NaiveHeap(4, tree.bytes()).bit(48 + 6));
    tree.computeSumReduction();
    EXPECT_EQ(tree.nodeCount(), 5U);
    EXPECT_EQ(tree.decodeNode(1), 10U);
    EXPECT_EQ(tree.decodeNode(2), 11U);
    // Merging 10 (or 11) clears the bit of 11 again.
    tree.mergeNode(10);
    EXPECT_FALSE(NaiveHeap(4, tree.bytes()).bit(48 + 6));
    tree.computeSumReduction();
    EXPECT_EQ(tree.nodeCount(), 4U);
    EXPECT_EQ(tree.decodeNode(1), 5U);
    // Merging 6 clears the bit of 7 (7 * 4 - 16 = 12).
    tree.mergeNode(6);
    EXPECT_FALSE(NaiveHeap(4, tree.bytes()).bit(48 + 12));
    tree.computeSumReduction();
    EXPECT_EQ(tree.nodeCount(), 3U);
    EXPECT_EQ(tree.decodeNode(2), 3U);
}

TEST(HeapLayout, CeilNodesDoNotSplitAndRootDoesNotMerge)
{
    ConcurrentBinaryTree full(5, 5);
    const auto before = testing::toVector(full.bytes());
    for (HeapIndex k = 32; k < 64; ++k) {
        EXPECT_TRUE(full.isCeil(k));
        full.splitNode(k);
    }
    full.computeSumReduction();
    EXPECT_EQ(testing::toVector(full.bytes()), before);
    EXPECT_FALSE(full.isCeil(31));
    EXPECT_FALSE(full.isCeil(1));

    ConcurrentBinaryTree root(5, 0);
    const auto rootBefore = testing::toVector(root.bytes());
    root.mergeNode(1);
    root.computeSumReduction();
    EXPECT_EQ(testing::toVector(root.bytes()), rootBefore);
    EXPECT_EQ(root.nodeCount(), 1U);

    ConcurrentBinaryTree two(5, 1);
    two.mergeNode(1);
    two.computeSumReduction();
    EXPECT_EQ(two.nodeCount(), 2U);
    two.mergeNode(3);
    two.computeSumReduction();
    EXPECT_EQ(two.nodeCount(), 1U);
    EXPECT_EQ(two.decodeNode(0), 1U);
}

TEST(HeapLayout, UniformTreesHaveTwoToTheDepthLeaves)
{
    for (const int maxDepth : {1, 2, 3, 5, 6, 11, 12, 13, 18}) {
        for (int depth = 0; depth <= maxDepth; ++depth) {
            const ConcurrentBinaryTree tree(maxDepth, depth);
            const std::uint32_t count = std::uint32_t{1} << depth;
            ASSERT_EQ(tree.nodeCount(), count) << "D = " << maxDepth << " d = " << depth;
            const std::uint32_t step = std::max(1U, count / 97U);
            for (std::uint32_t leaf = 0; leaf < count; leaf += step) {
                ASSERT_EQ(tree.decodeNode(leaf), count + leaf);
                ASSERT_EQ(tree.encodeNode(count + leaf), leaf);
            }
            EXPECT_EQ(testing::toVector(tree.bytes()), testing::naiveReductionOf(tree));
        }
    }
}

TEST(HeapLayout, ResetToDepthRebuildsTheUniformTree)
{
    ConcurrentBinaryTree tree(13, 2);
    tree.splitNode(4);
    tree.splitNode(9);
    tree.computeSumReduction();
    tree.resetToDepth(7);
    EXPECT_EQ(testing::toVector(tree.bytes()), testing::toVector(ConcurrentBinaryTree(13, 7).bytes()));
}

}  // namespace
}  // namespace cbt
