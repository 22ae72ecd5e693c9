// The GPU sum reduction against cbt::ConcurrentBinaryTree::computeSumReductionFull.
#include "PipelineTestSupport.h"

#include "GpuTestEnvironment.h"
#include "terrain/GpuConcurrentBinaryTree.h"
#include "terrain/SumReductionPass.h"
#include "vk/Barriers.h"

#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

namespace terrain::test {
namespace {

// Depths [first, last] checked by one test (one device for several depths
// keeps the suite fast; every depth uploads and reduces its own heap).
using DepthRange = std::pair<int, int>;

class SumReductionTest : public gpu::test::GpuTest, public ::testing::WithParamInterface<DepthRange> {};

// Random bitfield, garbage reduction uploaded: the GPU must rebuild every
// level from the bitfield alone, byte for byte, leaving the guards alone.
TEST_P(SumReductionTest, MatchesCpuReductionOfRandomBitfield)
{
    const auto [firstDepth, lastDepth] = GetParam();
    for (int maxDepth = firstDepth; maxDepth <= lastDepth; ++maxDepth) {
        const auto seed = static_cast<std::uint32_t>(maxDepth);
        const cbt::ConcurrentBinaryTree reference = randomBitfieldTree(maxDepth, 1000u + seed);
        const std::vector<std::byte> garbage = withGarbageReduction(reference, 7u * seed);
        if (maxDepth >= 3) {
            ASSERT_FALSE(sameBytes(garbage, reference.bytes())) << "the garbage must differ from the reduction";
        }

        GpuConcurrentBinaryTree tree(device(), maxDepth, kTestGuards);
        tree.fillGuards(kGuardPattern);
        tree.uploadBytes(garbage);
        const SumReductionPass reduction(device(), shaderCompiler(), tree);
        device().submitAndWait([&](VkCommandBuffer commands) { reduction.record(commands); });

        EXPECT_TRUE(sameBytes(tree.downloadBytes(), reference.bytes())) << "D = " << maxDepth;
        EXPECT_TRUE(guardsHold(tree, kGuardPattern)) << "D = " << maxDepth;
    }
}

std::string depthRangeName(const ::testing::TestParamInfo<DepthRange>& paramInfo)
{
    std::string name = "D";
    name += std::to_string(paramInfo.param.first);
    name += "to";
    name += std::to_string(paramInfo.param.second);
    return name;
}

INSTANTIATE_TEST_SUITE_P(EveryDepth, SumReductionTest,
                         ::testing::Values(DepthRange{1, 4}, DepthRange{5, 12}, DepthRange{13, 18},
                                           DepthRange{19, 22}, DepthRange{23, 24}),
                         depthRangeName);

class SumReductionRepeatTest : public gpu::test::GpuTest {};

// Reducing twice in a row (the second time from a correct reduction, across
// a barrier) changes nothing.
TEST_F(SumReductionRepeatTest, SecondReductionChangesNothing)
{
    for (const int maxDepth : {1, 5, 9, 13, 17, 21}) {
        const cbt::ConcurrentBinaryTree reference = randomBitfieldTree(maxDepth, 77u);
        GpuConcurrentBinaryTree tree(device(), maxDepth);
        tree.uploadBytes(withGarbageReduction(reference, 5u));
        const SumReductionPass reduction(device(), shaderCompiler(), tree);
        device().submitAndWait([&](VkCommandBuffer commands) {
            reduction.record(commands);
            tree.barrier(commands, VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT,
                         VK_ACCESS_2_SHADER_STORAGE_READ_BIT | VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT,
                         VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT,
                         VK_ACCESS_2_SHADER_STORAGE_READ_BIT | VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT);
            reduction.record(commands);
        });
        EXPECT_TRUE(sameBytes(tree.downloadBytes(), reference.bytes())) << "D = " << maxDepth;
    }
}

// The schedule folds many levels per dispatch and covers each level once.
TEST(SumReductionSchedule, FoldsLevelsIntoFewDispatches)
{
    EXPECT_EQ(sumReductionSchedule(1).size(), 1u);
    EXPECT_EQ(sumReductionSchedule(13).size(), 1u);
    EXPECT_EQ(sumReductionSchedule(22).size(), 2u);
    EXPECT_EQ(sumReductionSchedule(27).size(), 3u);
    EXPECT_EQ(sumReductionSchedule(30).size(), 3u);
    for (int maxDepth = 1; maxDepth <= 30; ++maxDepth) {
        const std::vector<SumReductionDispatch> schedule = sumReductionSchedule(maxDepth);
        ASSERT_FALSE(schedule.empty());
        EXPECT_TRUE(schedule.front().fromBitfield);
        std::uint32_t expectedInput = static_cast<std::uint32_t>(maxDepth);
        for (const SumReductionDispatch& dispatch : schedule) {
            EXPECT_EQ(dispatch.inputDepth, expectedInput) << "D = " << maxDepth;
            EXPECT_LT(dispatch.outputDepth, dispatch.inputDepth);
            EXPECT_EQ(dispatch.workgroupCount, 1u << dispatch.outputDepth);
            expectedInput = dispatch.outputDepth;
        }
        EXPECT_EQ(schedule.back().outputDepth, 0u) << "D = " << maxDepth;
    }
}

}  // namespace
}  // namespace terrain::test
