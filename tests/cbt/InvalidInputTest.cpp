// Every rejected input throws std::invalid_argument with a message that says
// what is wrong.
#include "NaiveHeap.h"

#include "cbt/ConcurrentBinaryTree.h"

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>
#include <vector>

namespace cbt {
namespace {

template <typename Action>
void expectInvalidArgument(Action&& action, const std::string& expectedSubstring)
{
    try {
        action();
        FAIL() << "expected std::invalid_argument containing \"" << expectedSubstring << "\"";
    } catch (const std::invalid_argument& error) {
        const std::string message = error.what();
        EXPECT_NE(message.find(expectedSubstring), std::string::npos) << "message: " << message;
        EXPECT_EQ(message.find('\n'), std::string::npos) << "message is not one line: " << message;
    }
}

TEST(InvalidInput, MaxDepthOutOfRange)
{
    for (const int maxDepth : {0, 31, -1, 64}) {
        expectInvalidArgument([maxDepth] { ConcurrentBinaryTree tree(maxDepth); }, "1..30");
        expectInvalidArgument([maxDepth] { static_cast<void>(heapByteSize(maxDepth)); }, "1..30");
    }
}

TEST(InvalidInput, InitialDepthOutOfRange)
{
    expectInvalidArgument([] { ConcurrentBinaryTree tree(10, 11); }, "0..10");
    expectInvalidArgument([] { ConcurrentBinaryTree tree(10, -1); }, "0..10");
    expectInvalidArgument([] { ConcurrentBinaryTree tree(1, 2); }, "0..1");
}

TEST(InvalidInput, ResetToDepthOutOfRangeLeavesTheTreeAlone)
{
    ConcurrentBinaryTree tree(8, 3);
    expectInvalidArgument([&tree] { tree.resetToDepth(9); }, "0..8");
    expectInvalidArgument([&tree] { tree.resetToDepth(-1); }, "0..8");
    EXPECT_EQ(tree.nodeCount(), 8U);
}

TEST(InvalidInput, FromBytesRejectsEmptyInput)
{
    expectInvalidArgument([] { ConcurrentBinaryTree::fromBytes({}); }, "empty");
}

TEST(InvalidInput, FromBytesRejectsSizesThatAreNotAPowerOfTwo)
{
    std::vector<std::byte> bytes(3, std::byte{0});
    bytes[0] = std::byte{0b0100};  // a D = 2 header
    expectInvalidArgument([&bytes] { ConcurrentBinaryTree::fromBytes(bytes); }, "3 bytes is not a power of two");
}

TEST(InvalidInput, FromBytesRejectsASizeThatDoesNotMatchTheHeader)
{
    std::vector<std::byte> bytes = testing::toVector(ConcurrentBinaryTree(10, 3).bytes());
    // D = 11 in the header over the 512 bytes of a D = 10 heap (CBT[1] = 8
    // sits at bits 13.., so bits [0, 14) read as one-hot 1 << 11).
    testing::NaiveHeap heap(10, bytes);
    heap.writeBits(0, 13, std::uint64_t{1} << 11);
    expectInvalidArgument([&heap] { ConcurrentBinaryTree::fromBytes(heap.bytes()); },
                          "512 bytes does not match the header's max depth 11");
    // The smallest heaps: one byte is D = 1 only.
    const std::vector<std::byte> oneByteDepthTwo{std::byte{0b0100}};
    expectInvalidArgument([&oneByteDepthTwo] { ConcurrentBinaryTree::fromBytes(oneByteDepthTwo); },
                          "does not match the header's max depth 2");
}

TEST(InvalidInput, FromBytesRejectsHeadersOutOfRangeOrNotOneHot)
{
    std::vector<std::byte> bytes = testing::toVector(ConcurrentBinaryTree(10, 3).bytes());
    const std::vector<std::byte> allZero(512, std::byte{0});
    expectInvalidArgument([&allZero] { ConcurrentBinaryTree::fromBytes(allZero); }, "out of range 1..30");

    std::vector<std::byte> depthZero = bytes;
    depthZero[0] |= std::byte{1};  // lowest set bit 0: D = 0
    expectInvalidArgument([&depthZero] { ConcurrentBinaryTree::fromBytes(depthZero); }, "out of range 1..30");

    std::vector<std::byte> twoHot = bytes;
    twoHot[1] |= std::byte{0x10};  // bit 12, inside the header of D = 10
    expectInvalidArgument([&twoHot] { ConcurrentBinaryTree::fromBytes(twoHot); }, "not one-hot");

    // D = 31 would need 2^30 bytes; a header with only bit 31 set on a small
    // heap still reports the range, not the size.
    std::vector<std::byte> deep(8, std::byte{0});
    deep[3] = std::byte{0x80};
    expectInvalidArgument([&deep] { ConcurrentBinaryTree::fromBytes(deep); }, "out of range 1..30");
}

TEST(InvalidInput, FromBytesRejectsAnInconsistentReduction)
{
    for (const int maxDepth : {1, 3, 10, 13}) {
        const ConcurrentBinaryTree tree(maxDepth, maxDepth / 2);
        testing::NaiveHeap heap(maxDepth, tree.bytes());
        ASSERT_NO_THROW(ConcurrentBinaryTree::fromBytes(heap.bytes()));
        // CBT[1] one more than the bitfield's count.
        heap.setElement(1, heap.element(1) + 1U);
        expectInvalidArgument([&heap] { ConcurrentBinaryTree::fromBytes(heap.bytes()); },
                              "inconsistent sum reduction at heap index 1");
    }
    // A deeper element: CBT[5] of a D = 12 tree (the first differing field).
    const ConcurrentBinaryTree tree(12, 12);
    testing::NaiveHeap heap(12, tree.bytes());
    heap.setElement(5, heap.element(5) ^ 2U);
    expectInvalidArgument([&heap] { ConcurrentBinaryTree::fromBytes(heap.bytes()); },
                          "inconsistent sum reduction at heap index 5");
    // A bitfield flip leaves the stored reduction wrong at the bit's parent.
    testing::NaiveHeap flipped(12, tree.bytes());
    flipped.setBitfieldBit(4095, false);
    expectInvalidArgument([&flipped] { ConcurrentBinaryTree::fromBytes(flipped.bytes()); },
                          "inconsistent sum reduction at heap index 1 ");
}

TEST(InvalidInput, FromBytesAcceptsWhatBytesReturns)
{
    for (const int maxDepth : {1, 2, 3, 4, 7, 12, 15}) {
        ConcurrentBinaryTree tree(maxDepth, maxDepth - 1);
        tree.splitNode(1);
        tree.mergeNode(3);
        tree.computeSumReduction();
        const ConcurrentBinaryTree loaded = ConcurrentBinaryTree::fromBytes(tree.bytes());
        EXPECT_EQ(loaded.maxDepth(), maxDepth);
        EXPECT_EQ(testing::toVector(loaded.bytes()), testing::toVector(tree.bytes()));
    }
}

}  // namespace
}  // namespace cbt
