// The GPU sum reduction: the reference kernel (Alg. 2 as written) against
// cbt::ConcurrentBinaryTree::computeSumReductionFull, then the tuned kernels
// against the reference and the CPU, byte for byte.
#include "PipelineTestSupport.h"

#include "GpuTestEnvironment.h"
#include "cbt/gpu/ConcurrentBinaryTree.h"
#include "cbt/gpu/SumReductionPass.h"
#include "vk/Barriers.h"

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

namespace cbt::gpu::test {
namespace {

// Depths [first, last] checked by one test (one device for several depths
// keeps the suite fast; every depth uploads and reduces its own heap).
using DepthRange = std::pair<int, int>;
using VariantAndDepths = std::tuple<SumReductionVariant, DepthRange>;

constexpr SumReductionVariant kEveryVariant[] = {SumReductionVariant::Reference, SumReductionVariant::SharedMemoryTree,
                                                 SumReductionVariant::SerialBlocks};
constexpr SumReductionVariant kTunedVariants[] = {SumReductionVariant::SharedMemoryTree,
                                                  SumReductionVariant::SerialBlocks};

std::string variantName(SumReductionVariant variant)
{
    switch (variant) {
        case SumReductionVariant::Reference: return "Reference";
        case SumReductionVariant::SharedMemoryTree: return "Shared";
        case SumReductionVariant::SerialBlocks: return "Serial";
    }
    return "Unknown";
}

class SumReductionTest : public vk::test::GpuTest, public ::testing::WithParamInterface<VariantAndDepths> {};

// Random bitfield, garbage reduction uploaded: the GPU must rebuild every
// level from the bitfield alone, byte for byte, leaving the guards alone.
TEST_P(SumReductionTest, MatchesCpuReductionOfRandomBitfield)
{
    const auto [variant, depths] = GetParam();
    const auto [firstDepth, lastDepth] = depths;
    for (int maxDepth = firstDepth; maxDepth <= lastDepth; ++maxDepth) {
        const auto seed = static_cast<std::uint32_t>(maxDepth);
        const cbt::ConcurrentBinaryTree reference = randomBitfieldTree(maxDepth, 1000u + seed);
        const std::vector<std::byte> garbage = withGarbageReduction(reference, 7u * seed);
        if (maxDepth >= 3) {
            ASSERT_FALSE(sameBytes(garbage, reference.bytes())) << "the garbage must differ from the reduction";
        }

        ConcurrentBinaryTree tree(device(), maxDepth, kTestGuards);
        tree.fillGuards(kGuardPattern);
        tree.uploadBytes(garbage);
        const SumReductionPass reduction(device(), shaders(), tree, variant);
        ASSERT_EQ(reduction.variant(), variant);
        device().submitAndWait([&](VkCommandBuffer commands) { reduction.record(commands); });

        EXPECT_TRUE(sameBytes(tree.downloadBytes(), reference.bytes())) << "D = " << maxDepth;
        EXPECT_TRUE(guardsHold(tree, kGuardPattern)) << "D = " << maxDepth;
    }
}

std::string variantAndDepthsName(const ::testing::TestParamInfo<VariantAndDepths>& paramInfo)
{
    const auto& [variant, depths] = paramInfo.param;
    std::string name = variantName(variant);
    name += "D";
    name += std::to_string(depths.first);
    name += "to";
    name += std::to_string(depths.second);
    return name;
}

INSTANTIATE_TEST_SUITE_P(EveryDepth, SumReductionTest,
                         ::testing::Combine(::testing::ValuesIn(kEveryVariant),
                                            ::testing::Values(DepthRange{1, 4}, DepthRange{5, 12}, DepthRange{13, 18},
                                                              DepthRange{19, 22}, DepthRange{23, 24})),
                         variantAndDepthsName);

class SumReductionRepeatTest : public vk::test::GpuTest, public ::testing::WithParamInterface<SumReductionVariant> {};

// Reducing twice in a row (the second time from a correct reduction, across
// a barrier) changes nothing.
TEST_P(SumReductionRepeatTest, SecondReductionChangesNothing)
{
    for (const int maxDepth : {1, 5, 9, 13, 17, 21}) {
        const cbt::ConcurrentBinaryTree reference = randomBitfieldTree(maxDepth, 77u);
        ConcurrentBinaryTree tree(device(), maxDepth);
        tree.uploadBytes(withGarbageReduction(reference, 5u));
        const SumReductionPass reduction(device(), shaders(), tree, GetParam());
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

INSTANTIATE_TEST_SUITE_P(BothVariants, SumReductionRepeatTest, ::testing::ValuesIn(kEveryVariant),
                         [](const ::testing::TestParamInfo<SumReductionVariant>& paramInfo) {
                             return variantName(paramInfo.param);
                         });

class TunedSumReductionTest : public vk::test::GpuTest, public ::testing::WithParamInterface<VariantAndDepths> {};

// A tuned kernel and the reference, each from the same garbage reduction,
// leave the very same heap.
TEST_P(TunedSumReductionTest, EqualsTheReferenceKernel)
{
    const auto [variant, depths] = GetParam();
    const auto [firstDepth, lastDepth] = depths;
    for (int maxDepth = firstDepth; maxDepth <= lastDepth; ++maxDepth) {
        const auto seed = static_cast<std::uint32_t>(maxDepth);
        const std::vector<std::byte> garbage = withGarbageReduction(randomBitfieldTree(maxDepth, 3000u + seed), seed);
        std::vector<std::byte> results[2];
        for (const int run : {0, 1}) {
            ConcurrentBinaryTree tree(device(), maxDepth);
            tree.uploadBytes(garbage);
            const SumReductionPass reduction(device(), shaders(), tree,
                                             run == 0 ? SumReductionVariant::Reference : variant);
            device().submitAndWait([&](VkCommandBuffer commands) { reduction.record(commands); });
            results[run] = tree.downloadBytes();
        }
        EXPECT_TRUE(sameBytes(results[1], results[0])) << "D = " << maxDepth;
    }
}

INSTANTIATE_TEST_SUITE_P(EveryDepth, TunedSumReductionTest,
                         ::testing::Combine(::testing::ValuesIn(kTunedVariants),
                                            ::testing::Values(DepthRange{1, 12}, DepthRange{13, 20},
                                                              DepthRange{21, 23})),
                         variantAndDepthsName);

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

// The serial variant reads the bitfield with one invocation per 2^13-bit
// block, so it needs fewer workgroups; the levels it covers are the same.
TEST(SumReductionSchedule, SerialVariantCoversTheSameLevels)
{
    for (int maxDepth = 1; maxDepth <= 30; ++maxDepth) {
        const std::vector<SumReductionDispatch> shared = sumReductionSchedule(maxDepth);
        const std::vector<SumReductionDispatch> serial =
            sumReductionSchedule(maxDepth, SumReductionVariant::SerialBlocks);
        ASSERT_EQ(serial.size(), shared.size()) << "D = " << maxDepth;
        for (std::size_t index = 0; index < serial.size(); ++index) {
            EXPECT_EQ(serial[index].fromBitfield, shared[index].fromBitfield);
            EXPECT_EQ(serial[index].inputDepth, shared[index].inputDepth);
            EXPECT_EQ(serial[index].outputDepth, shared[index].outputDepth);
            if (index > 0) {
                EXPECT_EQ(serial[index].workgroupCount, shared[index].workgroupCount);
            }
        }
        EXPECT_GE(serial.front().workgroupCount, 1u);
        EXPECT_LT(serial.front().workgroupCount, 1u + shared.front().workgroupCount);
    }
    EXPECT_EQ(sumReductionSchedule(13, SumReductionVariant::SerialBlocks).front().workgroupCount, 1u);
    EXPECT_LT(sumReductionSchedule(24, SumReductionVariant::SerialBlocks).front().workgroupCount,
              sumReductionSchedule(24).front().workgroupCount / 4);
}

// The reference folds one level per dispatch, bottom-up.
TEST(SumReductionSchedule, TheReferenceHasOneDispatchPerLevel)
{
    for (int maxDepth = 1; maxDepth <= 30; ++maxDepth) {
        const std::vector<SumReductionDispatch> schedule =
            sumReductionSchedule(maxDepth, SumReductionVariant::Reference);
        ASSERT_EQ(schedule.size(), static_cast<std::size_t>(maxDepth));
        for (std::size_t index = 0; index < schedule.size(); ++index) {
            const auto depth = static_cast<std::uint32_t>(maxDepth - 1) - static_cast<std::uint32_t>(index);
            EXPECT_EQ(schedule[index].outputDepth, depth);
            EXPECT_EQ(schedule[index].inputDepth, depth + 1);
            EXPECT_EQ(schedule[index].fromBitfield, index == 0);
            EXPECT_EQ(schedule[index].workgroupCount, ((1u << depth) + 255) / 256);
        }
    }
}

// Serial blocks on the CPU-driver path, the shared-memory tree on the GPU path.
TEST(SumReductionVariantChoice, FollowsTheDriverPath)
{
    EXPECT_EQ(sumReductionVariantFor(vk::DriverPath::CpuDriver), SumReductionVariant::SerialBlocks);
    EXPECT_EQ(sumReductionVariantFor(vk::DriverPath::Gpu), SumReductionVariant::SharedMemoryTree);
    EXPECT_EQ(sumReductionVariantName(SumReductionVariant::SerialBlocks), "serial");
    EXPECT_EQ(sumReductionVariantName(SumReductionVariant::SharedMemoryTree), "shared");
    EXPECT_EQ(sumReductionVariantName(SumReductionVariant::Reference), "reference");
}

}  // namespace
}  // namespace cbt::gpu::test
