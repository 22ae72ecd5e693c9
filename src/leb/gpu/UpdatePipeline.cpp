#include "leb/gpu/UpdatePipeline.h"

#include "cbt/gpu/ConcurrentBinaryTree.h"
#include "vk/Barriers.h"
#include "vk/TimestampQueries.h"

namespace leb::gpu {

namespace {

enum TimestampPass : std::uint32_t { kDispatcherTime, kSubdivisionTime, kSumReductionTime, kNewTreeDispatcherTime };

constexpr VkPipelineStageFlags2 kCompute = VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT;
constexpr VkPipelineStageFlags2 kIndirect = VK_PIPELINE_STAGE_2_DRAW_INDIRECT_BIT;
constexpr VkAccessFlags2 kStorageRead = VK_ACCESS_2_SHADER_STORAGE_READ_BIT;
constexpr VkAccessFlags2 kStorageWrite = VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT;
constexpr VkAccessFlags2 kStorageReadWrite = kStorageRead | kStorageWrite;
constexpr VkAccessFlags2 kIndirectRead = VK_ACCESS_2_INDIRECT_COMMAND_READ_BIT;

}  // namespace

UpdatePipeline::UpdatePipeline(vk::Device& device, const vk::ShaderLibrary& shaders,
                               const cbt::gpu::ConcurrentBinaryTree& tree, const SubdivisionCriterion& criterion,
                               leb::Domain domain)
    : device_(&device),
      tree_(&tree),
      dispatcher_(device, shaders, tree),
      subdivision_(device, shaders, tree, criterion, domain),
      sumReduction_(device, shaders, tree)
{
}

const std::vector<std::string>& UpdatePipeline::timestampPassNames()
{
    static const std::vector<std::string> names{"dispatcher", "subdivision", "sum reduction", "dispatcher (new tree)"};
    return names;
}

void UpdatePipeline::recordLeadingBarriers(VkCommandBuffer commands) const
{
    // After a previous update's kernels (compute read / write). Readers of
    // the tree in other stages (a draw's vertex shader) are ordered by whoever
    // records them; uploads and downloads bring their own barriers.
    tree_->barrier(commands, kCompute, kStorageReadWrite, kCompute, kStorageReadWrite);
    // Earlier indirect reads of the arguments before the dispatcher rewrites them.
    vk::bufferBarrier(*device_, commands, dispatcher_.argumentsBuffer(), kIndirect | kCompute,
                      kIndirectRead | kStorageReadWrite, kCompute, kStorageWrite);
}

void UpdatePipeline::recordTrailingBarriers(VkCommandBuffer commands) const
{
    tree_->barrier(commands, kCompute, kStorageReadWrite, kCompute, kStorageRead);
    vk::bufferBarrier(*device_, commands, dispatcher_.argumentsBuffer(), kCompute, kStorageWrite, kIndirect | kCompute,
                      kIndirectRead | kStorageRead);
}

void UpdatePipeline::record(VkCommandBuffer commands, SubdivisionPhase phase, VkDescriptorSet criterionSet,
                            vk::TimestampQueries* timer) const
{
    const vk::Buffer& arguments = dispatcher_.argumentsBuffer();
    recordLeadingBarriers(commands);
    {
        const vk::TimedPass time(*device_, timer, commands, timestampPassNames()[kDispatcherTime]);
        dispatcher_.record(commands);
    }
    vk::bufferBarrier(*device_, commands, arguments, kCompute, kStorageWrite, kIndirect, kIndirectRead);
    {
        const vk::TimedPass time(*device_, timer, commands, timestampPassNames()[kSubdivisionTime]);
        subdivision_.record(commands, arguments, phase, criterionSet);
    }
    tree_->barrier(commands, kCompute, kStorageReadWrite, kCompute, kStorageReadWrite);
    {
        const vk::TimedPass time(*device_, timer, commands, timestampPassNames()[kSumReductionTime]);
        sumReduction_.record(commands);
    }
    tree_->barrier(commands, kCompute, kStorageReadWrite, kCompute, kStorageRead);
    // The subdivision's indirect read of the arguments before they are rewritten.
    vk::bufferBarrier(*device_, commands, arguments, kIndirect, kIndirectRead, kCompute, kStorageWrite);
    {
        const vk::TimedPass time(*device_, timer, commands, timestampPassNames()[kNewTreeDispatcherTime]);
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
