// The update pipeline's optional timestamps: every pass is timed when the
// pipeline is given a timer.
#include "PipelineTestSupport.h"

#include "GpuTestEnvironment.h"
#include "cbt/gpu/ConcurrentBinaryTree.h"
#include "leb/gpu/UpdatePipeline.h"
#include "vk/TimestampQueries.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace leb::gpu::test {
namespace {

using namespace cbt::gpu::test;

class UpdatePipelineTimingTest : public vk::test::GpuTest {};

TEST_F(UpdatePipelineTimingTest, TimesEveryPassWhenGivenATimer)
{
    cbt::gpu::ConcurrentBinaryTree tree(device(), cbt::ConcurrentBinaryTree(14, 4));
    const leb::gpu::UpdatePipeline pipeline(device(), shaders(), tree, leb::gpu::uniformSubdivisionCriterion(),
                                            leb::Domain::Triangle);
    vk::TimestampQueries timer(device(), 1, leb::gpu::UpdatePipeline::timestampPassNames());
    device().submitAndWait([&](VkCommandBuffer commands) {
        timer.begin(commands, 0);
        pipeline.record(commands, leb::gpu::SubdivisionPhase::Split, VK_NULL_HANDLE, &timer);
    });
    const auto times = timer.collect(0);
    ASSERT_TRUE(times.has_value());
    ASSERT_EQ(times->size(), leb::gpu::UpdatePipeline::timestampPassNames().size());
    for (std::size_t pass = 0; pass < times->size(); ++pass) {
        EXPECT_EQ((*times)[pass].name, leb::gpu::UpdatePipeline::timestampPassNames()[pass]);
        EXPECT_GT((*times)[pass].milliseconds, 0.0) << (*times)[pass].name << " did work";
    }
    // The timed update did its work: every leaf of depth 4 split.
    EXPECT_EQ(pipeline.dispatcher().download().leafCount, 32u);
}

}  // namespace
}  // namespace leb::gpu::test
