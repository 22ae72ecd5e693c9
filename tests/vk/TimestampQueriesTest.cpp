// Timestamp queries: per-pass durations read without stalling, and never
// stale results for a frame slot that was begun again.
#include "GpuTestEnvironment.h"

#include "vk/Barriers.h"
#include "vk/Buffer.h"
#include "vk/BufferTransfer.h"
#include "vk/Commands.h"
#include "vk/Error.h"
#include "vk/TimestampQueries.h"

#include <gtest/gtest.h>

namespace vk::test {
namespace {

class TimestampQueriesTest : public GpuTest {
protected:
    void SetUp() override
    {
        GpuTest::SetUp();
        const std::vector<uint32_t> spirv = shaderCompiler().compileSource(
            "#version 460\nlayout(local_size_x = 64) in;\n"
            "layout(std430, binding = 0) buffer B { uint v[]; };\n"
            "void main() { v[gl_GlobalInvocationID.x] = v[gl_GlobalInvocationID.x] * 3u + 1u; }\n",
            "increment.comp", ShaderStage::Compute);
        const DescriptorBinding binding{0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, VK_SHADER_STAGE_COMPUTE_BIT, 1};
        program_.emplace(device(), spirv, std::span(&binding, 1), 0);
        data_ = Buffer(device(), kCount * sizeof(uint32_t), VK_BUFFER_USAGE_STORAGE_BUFFER_BIT);
        fillBuffer(device(), data_, 1u);
        DescriptorWriter().storageBuffer(0, data_).update(device(), program_->descriptorSet());
        pool_ = CommandPool(device());
        commands_ = pool_.allocate();
        fence_ = Fence(device());
    }

    void TearDown() override
    {
        program_.reset();
        data_ = Buffer();
        fence_ = Fence();
        pool_ = CommandPool();
        GpuTest::TearDown();
    }

    // Records two timed passes (each a dispatch) into frame slot `frame`.
    void recordTwoPasses(TimestampQueries& timer, uint32_t frame)
    {
        pool_.reset();
        beginCommandBuffer(commands_);
        timer.begin(commands_, frame);
        for (const char* pass : {"first", "second"}) {
            const uint32_t index = timer.passIndex(pass);
            timer.writeStart(commands_, index);
            program_->bind(commands_);
            vkCmdDispatch(commands_, kCount / 64, 1, 1);
            timer.writeEnd(commands_, index);
            bufferBarrier(device(), commands_, data_, VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT,
                          VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT, VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT,
                          VK_ACCESS_2_SHADER_STORAGE_READ_BIT | VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT);
        }
        endCommandBuffer(commands_);
    }

    void submit()
    {
        fence_.reset();
        VkSubmitInfo submitInfo{};
        submitInfo.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO;
        submitInfo.commandBufferCount = 1;
        submitInfo.pCommandBuffers = &commands_;
        ASSERT_EQ(vkQueueSubmit(device().queue(), 1, &submitInfo, fence_.handle()), VK_SUCCESS);
    }

    static constexpr uint32_t kCount = 1u << 16;
    std::optional<ComputeKernel> program_;
    Buffer data_;
    CommandPool pool_;
    VkCommandBuffer commands_ = VK_NULL_HANDLE;
    Fence fence_;
};

TEST_F(TimestampQueriesTest, CollectsTwoPassesOnceTheFrameHasCompleted)
{
    TimestampQueries timer(device(), 2, {"first", "second"});
    EXPECT_FALSE(timer.collect(0).has_value()) << "a slot never begun has no results";
    EXPECT_FALSE(timer.collect(1).has_value());

    recordTwoPasses(timer, 0);
    EXPECT_FALSE(timer.collect(0).has_value()) << "recorded but not submitted";
    submit();
    // Poll without blocking until the fence says the frame is done; collect
    // may or may not succeed meanwhile, and must afterwards.
    std::optional<std::vector<PassTime>> times;
    while (!fence_.isSignaled()) {
        times = timer.collect(0);
    }
    times = timer.collect(0);
    ASSERT_TRUE(times.has_value());
    ASSERT_EQ(times->size(), 2u);
    EXPECT_EQ((*times)[0].name, "first");
    EXPECT_EQ((*times)[1].name, "second");
    EXPECT_EQ((*times)[1].passIndex, 1u);
    for (const PassTime& time : *times) {
        EXPECT_GT(time.milliseconds, 0.0) << time.name << ": the pass did work";
        EXPECT_LT(time.milliseconds, 600000.0) << time.name << ": not a plausible duration (masking broken?)";
    }
    EXPECT_FALSE(timer.collect(1).has_value()) << "the other slot was never begun";
    // The work really ran twice.
    EXPECT_EQ(downloadFromBufferAs<uint32_t>(device(), data_, 0, 1)[0], (1u * 3u + 1u) * 3u + 1u);
}

TEST_F(TimestampQueriesTest, BeginningASlotAgainHidesItsOldResultsUntilTheNewOnesArrive)
{
    TimestampQueries timer(device(), 2, {"first", "second"});
    recordTwoPasses(timer, 1);
    submit();
    ASSERT_TRUE(fence_.wait());
    ASSERT_TRUE(timer.collect(1).has_value());

    recordTwoPasses(timer, 1);
    EXPECT_FALSE(timer.collect(1).has_value()) << "stale results of the previous use of slot 1";
    submit();
    ASSERT_TRUE(fence_.wait());
    EXPECT_TRUE(timer.collect(1).has_value());
}

TEST_F(TimestampQueriesTest, OnlyPassesWithBothTimestampsAreReported)
{
    TimestampQueries timer(device(), 1, {"unused", "timed"});
    pool_.reset();
    beginCommandBuffer(commands_);
    timer.begin(commands_, 0);
    timer.writeStart(commands_, 1);
    program_->bind(commands_);
    vkCmdDispatch(commands_, 1, 1, 1);
    timer.writeEnd(commands_, 1);
    endCommandBuffer(commands_);
    submit();
    ASSERT_TRUE(fence_.wait());
    const auto times = timer.collect(0);
    ASSERT_TRUE(times.has_value());
    ASSERT_EQ(times->size(), 1u);
    EXPECT_EQ(times->front().name, "timed");
}

TEST_F(TimestampQueriesTest, RejectsUnknownPassesAndFrames)
{
    TimestampQueries timer(device(), 2, {"only"});
    EXPECT_THROW((void)timer.passIndex("missing"), Error);
    EXPECT_THROW(timer.begin(commands_, 2), Error);
    EXPECT_THROW(timer.writeStart(commands_, 0), Error) << "writeStart before begin";
    EXPECT_FALSE(timer.collect(5).has_value());
    EXPECT_THROW(TimestampQueries(device(), 0, {"x"}), Error);
}

}  // namespace
}  // namespace vk::test
