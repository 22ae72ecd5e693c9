// GpuConcurrentBinaryTree (upload / download, layout of the heap in its
// buffer, argument checks) and the update pipeline's optional timestamps.
#include "PipelineTestSupport.h"

#include "GpuTestEnvironment.h"
#include "cbt/gpu/ConcurrentBinaryTree.h"

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>
#include <vector>

namespace cbt::gpu::test {
namespace {

class GpuConcurrentBinaryTreeTest : public vk::test::GpuTest {};

TEST_F(GpuConcurrentBinaryTreeTest, RoundTripsTheHeapBytes)
{
    for (const int maxDepth : {1, 2, 3, 4, 5, 12}) {
        const cbt::ConcurrentBinaryTree reference = randomBitfieldTree(maxDepth, 31u);
        ConcurrentBinaryTree tree(device(), maxDepth, HeapGuardBytes{5, 7});
        tree.upload(reference);
        EXPECT_TRUE(sameBytes(tree.downloadBytes(), reference.bytes())) << "D = " << maxDepth;
        const cbt::ConcurrentBinaryTree downloaded = tree.download();
        EXPECT_EQ(downloaded.maxDepth(), maxDepth);
        EXPECT_EQ(downloaded.nodeCount(), reference.nodeCount());

        EXPECT_EQ(tree.heapByteSize(), reference.byteSize());
        EXPECT_EQ(tree.heapRange(), maxDepth >= 3 ? reference.byteSize() : 4u) << "D = " << maxDepth;
        EXPECT_GE(tree.heapOffset(), 5u);
        EXPECT_EQ(tree.heapOffset() % device().limits().minStorageBufferOffsetAlignment, 0u);
        EXPECT_EQ(tree.guardBytesAfter(), 8u);
        EXPECT_EQ(tree.buffer().size(), tree.heapOffset() + tree.heapRange() + tree.guardBytesAfter());
        const VkDescriptorBufferInfo descriptor = tree.descriptorInfo();
        EXPECT_EQ(descriptor.offset, tree.heapOffset());
        EXPECT_EQ(descriptor.range, tree.heapRange());
    }
}

TEST_F(GpuConcurrentBinaryTreeTest, RejectsWrongDepthsAndSizes)
{
    EXPECT_THROW(ConcurrentBinaryTree(device(), 0), std::invalid_argument);
    EXPECT_THROW(ConcurrentBinaryTree(device(), 31), std::invalid_argument);
    ConcurrentBinaryTree tree(device(), 6);
    EXPECT_THROW(tree.upload(cbt::ConcurrentBinaryTree(5)), std::invalid_argument);
    const std::vector<std::byte> tooShort(tree.heapByteSize() - 1);
    EXPECT_THROW(tree.uploadBytes(tooShort), std::invalid_argument);
}

}  // namespace
}  // namespace cbt::gpu::test
