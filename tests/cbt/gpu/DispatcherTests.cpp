// The dispatcher (shaders/cbt/Dispatcher.comp): the indirect arguments of the
// per-leaf kernels and the leaf count, from the tree, also spread over two
// dimensions when the device's x limit is low.
#include "PipelineTestSupport.h"

#include "GpuTestEnvironment.h"
#include "cbt/gpu/ConcurrentBinaryTree.h"
#include "cbt/gpu/DispatcherPass.h"

#include <gtest/gtest.h>

#include <algorithm>

namespace cbt::gpu::test {
namespace {

class DispatcherTest : public vk::test::GpuTest {};

TEST_F(DispatcherTest, ArgumentsFollowTheLeafCount)
{
    for (const std::uint32_t leafDepth : {0u, 8u, 13u}) {
        const cbt::ConcurrentBinaryTree reference(15, static_cast<int>(leafDepth));
        const std::uint32_t leafCount = reference.nodeCount();
        ASSERT_EQ(leafCount, 1u << leafDepth);
        ConcurrentBinaryTree tree(device(), reference);
        DispatcherPass dispatcher(device(), shaders(), tree);
        device().submitAndWait([&](VkCommandBuffer commands) { dispatcher.record(commands); });
        const IndirectArguments arguments = dispatcher.download();
        EXPECT_EQ(arguments.leafCount, leafCount);
        EXPECT_EQ(arguments.dispatch.x, (leafCount + kLeafKernelWorkgroupSize - 1) / kLeafKernelWorkgroupSize);
        EXPECT_EQ(arguments.dispatch.y, 1u);
        EXPECT_EQ(arguments.dispatch.z, 1u);

        // Spread over y when x is limited: 32 workgroups of 256 at x <= 5.
        dispatcher.setMaxWorkgroupCountX(5);
        device().submitAndWait([&](VkCommandBuffer commands) { dispatcher.record(commands); });
        const IndirectArguments spread = dispatcher.download();
        const std::uint32_t workgroups = (leafCount + 255) / 256;
        EXPECT_EQ(spread.dispatch.x, std::min(workgroups, 5u));
        EXPECT_GE(spread.dispatch.x * spread.dispatch.y, workgroups);
        EXPECT_LT((spread.dispatch.y - 1) * spread.dispatch.x, workgroups);
        EXPECT_EQ(spread.leafCount, leafCount);
    }
}

}  // namespace
}  // namespace cbt::gpu::test
