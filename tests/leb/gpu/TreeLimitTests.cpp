// The update pipeline at the limits of the tree: nothing splits at the max
// depth, nothing merges at the root level, uniform split / merge updates
// match the CPU (also through a 2-D dispatch), the guards stay untouched.
#include "PipelineTestSupport.h"

#include "GpuTestEnvironment.h"
#include "cbt/gpu/ConcurrentBinaryTree.h"
#include "leb/LongestEdgeBisection.h"
#include "leb/gpu/UpdatePipeline.h"

#include <gtest/gtest.h>

#include <string>

namespace leb::gpu::test {
namespace {

using namespace cbt::gpu::test;

class TreeLimitTest : public vk::test::GpuTest, public ::testing::WithParamInterface<leb::Domain> {
protected:
    // Runs `rounds` updates of one phase with the uniform criterion.
    void runUniform(const UpdatePipeline& pipeline, SubdivisionPhase phase, int rounds)
    {
        device().submitAndWait([&](VkCommandBuffer commands) {
            for (int round = 0; round < rounds; ++round) {
                pipeline.record(commands, phase);
            }
        });
    }

    [[nodiscard]] int rootDepth() const { return GetParam() == leb::Domain::Square ? 1 : 0; }
};

TEST_P(TreeLimitTest, LeavesAtTheMaxDepthDoNotSplit)
{
    const leb::Domain domain = GetParam();
    constexpr int kMaxDepth = 9;
    const cbt::ConcurrentBinaryTree reference(kMaxDepth, kMaxDepth);
    cbt::gpu::ConcurrentBinaryTree tree(device(), kMaxDepth, kTestGuards);
    tree.fillGuards(kGuardAllOnes);
    tree.upload(reference);
    const UpdatePipeline pipeline(device(), shaders(), tree, uniformSubdivisionCriterion(), domain);
    runUniform(pipeline, SubdivisionPhase::Split, 2);
    EXPECT_TRUE(sameBytes(tree.downloadBytes(), reference.bytes()));
    EXPECT_EQ(pipeline.dispatcher().download().leafCount, 1u << kMaxDepth);
    EXPECT_TRUE(guardsHold(tree, kGuardAllOnes));
}

TEST_P(TreeLimitTest, RootLevelDoesNotMerge)
{
    const leb::Domain domain = GetParam();
    constexpr int kMaxDepth = 10;
    const cbt::ConcurrentBinaryTree reference(kMaxDepth, rootDepth());
    cbt::gpu::ConcurrentBinaryTree tree(device(), kMaxDepth, kTestGuards);
    tree.fillGuards(kGuardAllOnes);
    tree.upload(reference);
    const UpdatePipeline pipeline(device(), shaders(), tree, uniformSubdivisionCriterion(), domain);
    runUniform(pipeline, SubdivisionPhase::Merge, 3);
    EXPECT_TRUE(sameBytes(tree.downloadBytes(), reference.bytes()));
    EXPECT_EQ(pipeline.dispatcher().download().leafCount, domain == leb::Domain::Square ? 2u : 1u);
    EXPECT_TRUE(guardsHold(tree, kGuardAllOnes));
}

// Uniform merges coarsen a uniform tree one level per update down to the
// root level, and no further.
TEST_P(TreeLimitTest, UniformMergesStopAtTheRootLevel)
{
    const leb::Domain domain = GetParam();
    constexpr int kMaxDepth = 11;
    constexpr int kStartDepth = 6;
    cbt::gpu::ConcurrentBinaryTree tree(device(), cbt::ConcurrentBinaryTree(kMaxDepth, kStartDepth));
    const UpdatePipeline pipeline(device(), shaders(), tree, uniformSubdivisionCriterion(), domain);
    runUniform(pipeline, SubdivisionPhase::Merge, 2);
    EXPECT_TRUE(sameBytes(tree.downloadBytes(), cbt::ConcurrentBinaryTree(kMaxDepth, kStartDepth - 2).bytes()));
    runUniform(pipeline, SubdivisionPhase::Merge, kStartDepth);
    EXPECT_TRUE(sameBytes(tree.downloadBytes(), cbt::ConcurrentBinaryTree(kMaxDepth, rootDepth()).bytes()));
}

// Split-everything updates from the root level, dispatched over x and y,
// equal the CPU's Alg. 4 update with conformingSplit on every leaf.
TEST_P(TreeLimitTest, UniformSplitsMatchTheCpuThroughATwoDimensionalDispatch)
{
    const leb::Domain domain = GetParam();
    constexpr int kMaxDepth = 12;
    cbt::ConcurrentBinaryTree reference(kMaxDepth, rootDepth());
    cbt::gpu::ConcurrentBinaryTree tree(device(), kMaxDepth, kTestGuards);
    tree.fillGuards(kGuardPattern);
    tree.upload(reference);
    UpdatePipeline pipeline(device(), shaders(), tree, uniformSubdivisionCriterion(), domain);
    pipeline.dispatcher().setMaxWorkgroupCountX(2);
    for (int round = 0; round < kMaxDepth + 1; ++round) {
        reference.update(
            [domain](cbt::ConcurrentBinaryTree& cpu, leb::HeapIndex leaf) { leb::conformingSplit(cpu, leaf, domain); });
        runUniform(pipeline, SubdivisionPhase::Split, 1);
        ASSERT_TRUE(sameBytes(tree.downloadBytes(), reference.bytes())) << "round " << round;
    }
    EXPECT_EQ(reference.nodeCount(), 1u << kMaxDepth);
    const cbt::gpu::IndirectArguments arguments = pipeline.dispatcher().download();
    EXPECT_EQ(arguments.leafCount, 1u << kMaxDepth);
    EXPECT_EQ(arguments.dispatch.x, 2u);
    EXPECT_EQ(arguments.dispatch.y, (1u << kMaxDepth) / 256u / 2u);
    EXPECT_TRUE(guardsHold(tree, kGuardPattern));
}

INSTANTIATE_TEST_SUITE_P(Domains, TreeLimitTest, ::testing::Values(leb::Domain::Square, leb::Domain::Triangle),
                         [](const ::testing::TestParamInfo<leb::Domain>& paramInfo) {
                             return std::string(paramInfo.param == leb::Domain::Square ? "Square" : "Triangle");
                         });

}  // namespace
}  // namespace leb::gpu::test
