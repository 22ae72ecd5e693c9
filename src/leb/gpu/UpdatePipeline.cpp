#include "leb/gpu/UpdatePipeline.h"

#include "cbt/gpu/ConcurrentBinaryTree.h"
#include "vk/Barriers.h"
#include "vk/TimestampQueries.h"

namespace leb::gpu {

namespace {

enum TimestampPass : std::uint32_t { kDispatcherTime, kSubdivisionTime, kSumReductionTime, kDrawDispatcherTime };

constexpr VkPipelineStageFlags2 kCompute = VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT;
constexpr VkPipelineStageFlags2 kIndirect = VK_PIPELINE_STAGE_2_DRAW_INDIRECT_BIT;
constexpr VkPipelineStageFlags2 kHeapReaders = kCompute | VK_PIPELINE_STAGE_2_VERTEX_SHADER_BIT;
constexpr VkAccessFlags2 kStorageRead = VK_ACCESS_2_SHADER_STORAGE_READ_BIT;
constexpr VkAccessFlags2 kStorageWrite = VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT;
constexpr VkAccessFlags2 kStorageReadWrite = kStorageRead | kStorageWrite;
constexpr VkAccessFlags2 kIndirectRead = VK_ACCESS_2_INDIRECT_COMMAND_READ_BIT;

// Optional timestamps around one pass (start when constructed, end when
// destroyed). The pass index is looked up, and may throw, up front.
//
// The start timestamp is followed by an execution barrier, so the pass's
// commands run after it is written. Without it lavapipe under-reports the
// passes: once a framebuffer has been bound (the viewer's draw of the
// previous frame), llvmpipe writes timestamps when it next flushes its
// rendering queue, and compute dispatches, which it runs at once, do not
// flush it; a pipeline barrier does. A start timestamp was thus written at
// the first barrier after the pass had begun: for the sum reduction after its
// first, most costly dispatch (only the upper dispatches were timed), for the
// dispatcher and the subdivision after the whole pass. The end timestamp is
// written at the barrier that follows every pass in record(). On GPUs the
// extra barrier waits for nothing: the barrier before each pass already did.
class PassTimer {
public:
    PassTimer(const vk::Device& device, vk::TimestampQueries* timer, VkCommandBuffer commands, std::uint32_t pass)
        : timer_(timer),
          commands_(commands)
    {
        if (timer_ != nullptr) {
            passIndex_ = timer_->passIndex(UpdatePipeline::timestampPassNames()[pass]);
            timer_->writeStart(commands_, passIndex_);
            vk::memoryBarrier(device, commands_, VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT, VK_ACCESS_2_NONE,
                              VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT, VK_ACCESS_2_NONE);
        }
    }
    ~PassTimer()
    {
        if (timer_ != nullptr) {
            timer_->writeEnd(commands_, passIndex_);
        }
    }
    PassTimer(const PassTimer&) = delete;
    PassTimer& operator=(const PassTimer&) = delete;

private:
    vk::TimestampQueries* timer_;
    VkCommandBuffer commands_;
    std::uint32_t passIndex_ = 0;
};

}  // namespace

UpdatePipeline::UpdatePipeline(vk::Device& device, const vk::ShaderCompiler& compiler,
                               const cbt::gpu::ConcurrentBinaryTree& tree, const SubdivisionCriterion& criterion,
                               leb::Domain domain, std::uint32_t verticesPerLeaf)
    : device_(&device),
      tree_(&tree),
      dispatcher_(device, compiler, tree, verticesPerLeaf),
      subdivision_(device, compiler, tree, criterion, domain),
      sumReduction_(device, compiler, tree)
{
}

const std::vector<std::string>& UpdatePipeline::timestampPassNames()
{
    static const std::vector<std::string> names{"dispatcher", "subdivision", "sum reduction", "draw dispatcher"};
    return names;
}

void UpdatePipeline::recordLeadingBarriers(VkCommandBuffer commands) const
{
    // After earlier users of the heap: a previous update's kernels (compute
    // read / write) and the draw's vertex shader (read). Uploads and
    // downloads bring their own barriers.
    tree_->barrier(commands, kHeapReaders, kStorageReadWrite, kCompute, kStorageReadWrite);
    // Earlier indirect reads of the arguments before the dispatcher rewrites them.
    vk::bufferBarrier(*device_, commands, dispatcher_.argumentsBuffer(), kIndirect | kCompute,
                      kIndirectRead | kStorageReadWrite, kCompute, kStorageWrite);
}

void UpdatePipeline::recordTrailingBarriers(VkCommandBuffer commands) const
{
    tree_->barrier(commands, kCompute, kStorageReadWrite, kHeapReaders, kStorageRead);
    vk::bufferBarrier(*device_, commands, dispatcher_.argumentsBuffer(), kCompute, kStorageWrite, kIndirect | kCompute,
                      kIndirectRead | kStorageRead);
}

void UpdatePipeline::record(VkCommandBuffer commands, SubdivisionPhase phase, VkDescriptorSet criterionSet,
                            vk::TimestampQueries* timer) const
{
    const vk::Buffer& arguments = dispatcher_.argumentsBuffer();
    recordLeadingBarriers(commands);
    {
        const PassTimer time(*device_, timer, commands, kDispatcherTime);
        dispatcher_.record(commands);
    }
    vk::bufferBarrier(*device_, commands, arguments, kCompute, kStorageWrite, kIndirect, kIndirectRead);
    {
        const PassTimer time(*device_, timer, commands, kSubdivisionTime);
        subdivision_.record(commands, arguments, phase, criterionSet);
    }
    tree_->barrier(commands, kCompute, kStorageReadWrite, kCompute, kStorageReadWrite);
    {
        const PassTimer time(*device_, timer, commands, kSumReductionTime);
        sumReduction_.record(commands);
    }
    tree_->barrier(commands, kCompute, kStorageReadWrite, kCompute, kStorageRead);
    // The subdivision's indirect read of the arguments before they are rewritten.
    vk::bufferBarrier(*device_, commands, arguments, kIndirect, kIndirectRead, kCompute, kStorageWrite);
    {
        const PassTimer time(*device_, timer, commands, kDrawDispatcherTime);
        dispatcher_.record(commands);
    }
    recordTrailingBarriers(commands);
}

void UpdatePipeline::recordDispatcherOnly(VkCommandBuffer commands) const
{
    recordLeadingBarriers(commands);
    dispatcher_.record(commands);
    recordTrailingBarriers(commands);
}

}  // namespace leb::gpu
