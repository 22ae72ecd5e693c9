// The terrain's draw arguments (shaders/terrain/DrawArguments.comp): one
// instance of 3 * 2^s vertices per leaf of the tree the dispatcher counted,
// and never a wrapped count when those do not fit 32 bits.
#include "GpuTestEnvironment.h"

#include "cbt/ConcurrentBinaryTree.h"
#include "cbt/gpu/ConcurrentBinaryTree.h"
#include "cbt/gpu/DispatcherPass.h"
#include "terrain/DrawArgumentsPass.h"
#include "vk/Barriers.h"

#include <gtest/gtest.h>

#include <stdexcept>

namespace terrain::test {
namespace {

class DrawArgumentsTest : public vk::test::GpuTest {
protected:
    // The draw arguments of a tree of 2^leafDepth leaves at `verticesPerLeaf`.
    VkDrawIndirectCommand drawArgumentsOf(int leafDepth, std::uint32_t vertices)
    {
        cbt::gpu::ConcurrentBinaryTree tree(device(), cbt::ConcurrentBinaryTree(15, leafDepth));
        cbt::gpu::DispatcherPass dispatcher(device(), shaders(), tree);
        DrawArgumentsPass pass(device(), shaders());
        pass.bindLeafCount(dispatcher.argumentsBuffer());
        device().submitAndWait([&](VkCommandBuffer commands) {
            dispatcher.record(commands);
            vk::memoryBarrier(device(), commands, VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT,
                              VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT, VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT,
                              VK_ACCESS_2_SHADER_STORAGE_READ_BIT);
            pass.record(commands, vertices);
        });
        return pass.download();
    }
};

TEST_F(DrawArgumentsTest, OneInstanceOfEveryLeafsVertices)
{
    EXPECT_EQ(verticesPerLeaf(0), 3u);
    EXPECT_EQ(verticesPerLeaf(2), 12u);
    EXPECT_EQ(verticesPerLeaf(6), 192u);
    for (const int leafDepth : {0, 8, 13}) {
        const VkDrawIndirectCommand draw = drawArgumentsOf(leafDepth, verticesPerLeaf(2));
        EXPECT_EQ(draw.vertexCount, 12u << leafDepth);
        EXPECT_EQ(draw.instanceCount, 1u);
        EXPECT_EQ(draw.firstVertex, 0u);
        EXPECT_EQ(draw.firstInstance, 0u);
    }
}

// Should verticesPerLeaf * L not fit 32 bits, only the leaves that fit are
// drawn (never a wrapped, smaller count).
TEST_F(DrawArgumentsTest, DrawCoversTheLeavesWhoseVerticesFitThirtyTwoBits)
{
    const std::uint32_t vertices = 3u << 20;
    const VkDrawIndirectCommand draw = drawArgumentsOf(13, vertices);
    const std::uint32_t fittingLeaves = 0xFFFFFFFFu / vertices;  // 1365 of the 8192
    EXPECT_EQ(draw.vertexCount, fittingLeaves * vertices);
    EXPECT_EQ(draw.instanceCount, 1u);
    DrawArgumentsPass pass(device(), shaders());
    EXPECT_THROW(device().submitAndWait([&](VkCommandBuffer commands) { pass.record(commands, 0); }),
                 std::invalid_argument);
}

}  // namespace
}  // namespace terrain::test
