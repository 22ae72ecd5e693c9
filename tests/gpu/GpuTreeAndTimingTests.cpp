// GpuConcurrentBinaryTree (upload / download, layout of the heap in its
// buffer, argument checks) and the update pipeline's optional timestamps.
#include "PipelineTestSupport.h"

#include "GpuTestEnvironment.h"
#include "terrain/CbtUpdatePipeline.h"
#include "terrain/GpuConcurrentBinaryTree.h"
#include "vk/TimestampQueries.h"

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>
#include <vector>

namespace terrain::test {
namespace {

class GpuConcurrentBinaryTreeTest : public gpu::test::GpuTest {};

TEST_F(GpuConcurrentBinaryTreeTest, RoundTripsTheHeapBytes)
{
    for (const int maxDepth : {1, 2, 3, 4, 5, 12}) {
        const cbt::ConcurrentBinaryTree reference = randomBitfieldTree(maxDepth, 31u);
        GpuConcurrentBinaryTree tree(device(), maxDepth, HeapGuardBytes{5, 7});
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
    EXPECT_THROW(GpuConcurrentBinaryTree(device(), 0), std::invalid_argument);
    EXPECT_THROW(GpuConcurrentBinaryTree(device(), 31), std::invalid_argument);
    GpuConcurrentBinaryTree tree(device(), 6);
    EXPECT_THROW(tree.upload(cbt::ConcurrentBinaryTree(5)), std::invalid_argument);
    const std::vector<std::byte> tooShort(tree.heapByteSize() - 1);
    EXPECT_THROW(tree.uploadBytes(tooShort), std::invalid_argument);
}

class UpdatePipelineTimingTest : public gpu::test::GpuTest {};

TEST_F(UpdatePipelineTimingTest, TimesEveryPassWhenGivenATimer)
{
    GpuConcurrentBinaryTree tree(device(), cbt::ConcurrentBinaryTree(14, 4));
    const CbtUpdatePipeline pipeline(device(), shaderCompiler(), tree, uniformSubdivisionCriterion(),
                                     leb::Domain::Triangle);
    gpu::TimestampQueries timer(device(), 1, CbtUpdatePipeline::timestampPassNames());
    device().submitAndWait([&](VkCommandBuffer commands) {
        timer.begin(commands, 0);
        pipeline.record(commands, SubdivisionPhase::Split, VK_NULL_HANDLE, &timer);
    });
    const auto times = timer.collect(0);
    ASSERT_TRUE(times.has_value());
    ASSERT_EQ(times->size(), CbtUpdatePipeline::timestampPassNames().size());
    for (std::size_t pass = 0; pass < times->size(); ++pass) {
        EXPECT_EQ((*times)[pass].name, CbtUpdatePipeline::timestampPassNames()[pass]);
        EXPECT_GE((*times)[pass].milliseconds, 0.0);
    }
    // The timed update did its work: every leaf of depth 4 split.
    EXPECT_EQ(pipeline.dispatcher().download().leafCount, 32u);
}

}  // namespace
}  // namespace terrain::test
