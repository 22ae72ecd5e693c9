// Refinement around a point on the GPU (alternating split / merge updates of
// the CbtUpdatePipeline with PointCriterion) against leb::refineAroundPoint.
#include "PipelineTestSupport.h"

#include "GpuTestEnvironment.h"
#include "cbt/gpu/ConcurrentBinaryTree.h"
#include "leb/PointRefinement.h"
#include "leb/gpu/PointCriterion.h"
#include "leb/gpu/UpdatePipeline.h"

#include <gtest/gtest.h>

#include <string>
#include <tuple>

namespace leb::gpu::test {
namespace {

using namespace cbt::gpu::test;

using RefineCase = std::tuple<leb::Domain, int, std::uint32_t>;  // domain, max depth, guard pattern

class RefineAroundPointTest : public vk::test::GpuTest, public ::testing::WithParamInterface<RefineCase> {};

cbt::ConcurrentBinaryTree initialTree(leb::Domain domain, int maxDepth)
{
    return cbt::ConcurrentBinaryTree(maxDepth, domain == leb::Domain::Square ? 1 : 0);
}

TEST_P(RefineAroundPointTest, GpuHeapEqualsCpuHeap)
{
    CBT_SKIP_WITHOUT_SHADER_FLOAT64(device());
    const auto [domain, maxDepth, guardPattern] = GetParam();
    // Inside the triangle domain's root triangle too (x + y < 1).
    const glm::dvec2 point = leb::quantizePoint(glm::dvec2(0.3141592, 0.4182818));

    cbt::ConcurrentBinaryTree reference = initialTree(domain, maxDepth);
    const leb::RefineResult cpu = leb::refineAroundPoint(reference, point, domain, 1);
    ASSERT_GT(cpu.leafCount, 2u * static_cast<std::uint32_t>(maxDepth)) << "the CPU reference must refine";
    ASSERT_EQ(cpu.passes % 2, 0);

    cbt::gpu::ConcurrentBinaryTree tree(device(), maxDepth, kTestGuards);
    tree.fillGuards(guardPattern);
    tree.upload(initialTree(domain, maxDepth));
    const PointCriterion criterion(device(), point);
    const UpdatePipeline pipeline(device(), shaders(), tree, criterion.criterion(), domain);

    // The same number of split / merge rounds the CPU needed, in one submit.
    device().submitAndWait([&](VkCommandBuffer commands) {
        for (int round = 0; round < cpu.passes / 2; ++round) {
            pipeline.record(commands, SubdivisionPhase::Split, criterion.descriptorSet());
            pipeline.record(commands, SubdivisionPhase::Merge, criterion.descriptorSet());
        }
    });
    EXPECT_TRUE(sameBytes(tree.downloadBytes(), reference.bytes()));
    const cbt::gpu::IndirectArguments arguments = pipeline.dispatcher().download();
    EXPECT_EQ(arguments.leafCount, cpu.leafCount);

    // A fixed point: one more round changes nothing.
    device().submitAndWait([&](VkCommandBuffer commands) {
        pipeline.record(commands, SubdivisionPhase::Split, criterion.descriptorSet());
        pipeline.record(commands, SubdivisionPhase::Merge, criterion.descriptorSet());
    });
    EXPECT_TRUE(sameBytes(tree.downloadBytes(), reference.bytes()));
    EXPECT_TRUE(guardsHold(tree, guardPattern));
}

std::string refineCaseName(const ::testing::TestParamInfo<RefineCase>& paramInfo)
{
    const leb::Domain domain = std::get<0>(paramInfo.param);
    const int maxDepth = std::get<1>(paramInfo.param);
    const std::uint32_t guardPattern = std::get<2>(paramInfo.param);
    return std::string(domain == leb::Domain::Square ? "Square" : "Triangle") + "D" + std::to_string(maxDepth) +
           (guardPattern == 0u ? "ZeroGuard" : "OnesGuard");
}

INSTANTIATE_TEST_SUITE_P(PointRefinement, RefineAroundPointTest,
                         ::testing::Combine(::testing::Values(leb::Domain::Square, leb::Domain::Triangle),
                                            ::testing::Values(16, 20), ::testing::Values(0u, kGuardAllOnes)),
                         refineCaseName);

// Moving the point: the GPU follows the CPU round by round from a refined
// tree (merges undo the old refinement while splits build the new one).
TEST_F(RefineAroundPointTest, FollowsAMovingPoint)
{
    CBT_SKIP_WITHOUT_SHADER_FLOAT64(device());
    constexpr int kMaxDepth = 14;
    constexpr leb::Domain kDomain = leb::Domain::Square;
    const glm::dvec2 first = leb::quantizePoint(glm::dvec2(0.2, 0.25));
    const glm::dvec2 second = leb::quantizePoint(glm::dvec2(0.8, 0.6));

    cbt::ConcurrentBinaryTree reference = initialTree(kDomain, kMaxDepth);
    const leb::RefineResult firstRun = leb::refineAroundPoint(reference, first, kDomain, 2);
    const cbt::ConcurrentBinaryTree refinedAtFirst = reference;
    const leb::RefineResult secondRun = leb::refineAroundPoint(reference, second, kDomain, 2);
    ASSERT_GT(firstRun.passes, 0);

    cbt::gpu::ConcurrentBinaryTree tree(device(), refinedAtFirst);
    PointCriterion criterion(device(), second);
    const UpdatePipeline pipeline(device(), shaders(), tree, criterion.criterion(), kDomain);
    device().submitAndWait([&](VkCommandBuffer commands) {
        for (int round = 0; round < secondRun.passes / 2; ++round) {
            pipeline.record(commands, SubdivisionPhase::Split, criterion.descriptorSet());
            pipeline.record(commands, SubdivisionPhase::Merge, criterion.descriptorSet());
        }
    });
    EXPECT_TRUE(sameBytes(tree.downloadBytes(), reference.bytes()));
    EXPECT_EQ(pipeline.dispatcher().download().leafCount, secondRun.leafCount);
}

}  // namespace
}  // namespace leb::gpu::test
