#include "bisector/gpu/PoolPipeline.h"

#include "vk/Barriers.h"
#include "vk/Descriptors.h"
#include "vk/Device.h"
#include "vk/TimestampQueries.h"

#include <algorithm>
#include <array>

namespace bisector::gpu {
namespace {

enum TimestampPass : std::uint32_t { kClassify, kSplit, kAllocate, kBisect, kMerge, kReduce, kIndex };

constexpr std::uint32_t kPoolWorkgroupSize = 64;  // POOL_WORKGROUP_SIZE of BisectorPool.glsl
constexpr VkShaderStageFlags kCompute = VK_SHADER_STAGE_COMPUTE_BIT;
constexpr std::array<vk::DescriptorBinding, 8> kPoolBindings{{
    {0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, kCompute, 1},
    {1, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, kCompute, 1},
    {2, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, kCompute, 1},
    {3, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, kCompute, 1},
    {4, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, kCompute, 1},
    {5, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, kCompute, 1},
    {6, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, kCompute, 1},
    {7, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, kCompute, 1},
}};

constexpr VkPipelineStageFlags2 kComputeStage = VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT;
constexpr VkPipelineStageFlags2 kIndirectStage = VK_PIPELINE_STAGE_2_DRAW_INDIRECT_BIT;
constexpr VkAccessFlags2 kShaderReadWrite = VK_ACCESS_2_SHADER_STORAGE_READ_BIT | VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT;

std::uint32_t listIndex(PoolList list)
{
    return static_cast<std::uint32_t>(list);
}

}  // namespace

PoolPrograms hashedPoolPrograms()
{
    return {{"bisector/PoolClassifyHashed.comp", {}},
            {"bisector/PoolIndexHashed.comp", {}},
            {"bisector/PoolBisectTopology.comp", {}},
            {"bisector/PoolMergeWriteTopology.comp", {}},
            VK_NULL_HANDLE};
}

PoolPipeline::PoolPipeline(vk::Device& device, const vk::ShaderLibrary& shaders, PoolBuffers& buffers,
                           const KeyLayout& layout, const PoolPrograms& programs)
    : device_(&device),
      buffers_(&buffers),
      layout_(layout),
      hasCriterionSet_(programs.criterionSetLayout != VK_NULL_HANDLE),
      sumReduction_(device, shaders, buffers.occupancy())
{
    reset_ = makeKernel(shaders, {"bisector/PoolReset.comp", {}}, VK_NULL_HANDLE);
    classify_ = makeKernel(shaders, programs.classify, programs.criterionSetLayout);
    split_ = makeKernel(shaders, {"bisector/PoolSplit.comp", {}}, VK_NULL_HANDLE);
    allocate_ = makeKernel(shaders, {"bisector/PoolAllocate.comp", {}}, VK_NULL_HANDLE);
    bisect_ = makeKernel(shaders, programs.bisect, programs.criterionSetLayout);
    mergeDecide_ = makeKernel(shaders, {"bisector/PoolMergeDecide.comp", {}}, VK_NULL_HANDLE);
    mergeWrite_ = makeKernel(shaders, programs.mergeWrite, programs.criterionSetLayout);
    liveList_ = makeKernel(shaders, {"bisector/PoolLiveList.comp", {}}, VK_NULL_HANDLE);
    index_ = makeKernel(shaders, programs.index, programs.criterionSetLayout);
    vk::ShaderProgram indexCreated = programs.index;
    indexCreated.macros.push_back({"POOL_INDEX_CREATED", ""});
    indexCreated_ = makeKernel(shaders, indexCreated, programs.criterionSetLayout);
}

std::unique_ptr<vk::ComputeKernel> PoolPipeline::makeKernel(const vk::ShaderLibrary& shaders,
                                                            const vk::ShaderProgram& program,
                                                            VkDescriptorSetLayout criterionLayout) const
{
    const std::array<VkDescriptorSetLayout, 1> criterion{criterionLayout};
    std::span<const VkDescriptorSetLayout> others;
    if (criterionLayout != VK_NULL_HANDLE) {
        others = criterion;
    }
    auto kernel = std::make_unique<vk::ComputeKernel>(*device_, shaders.load(program), kPoolBindings,
                                                      static_cast<std::uint32_t>(sizeof(PoolPushConstants)), others, 0);
    const cbt::gpu::ConcurrentBinaryTree& occupancy = buffers_->occupancy();
    vk::DescriptorWriter()
        .storageBuffer(0, buffers_->counters())
        .storageBuffer(1, buffers_->keys())
        .storageBuffer(2, buffers_->links())
        .storageBuffer(3, buffers_->flags())
        .storageBuffer(4, buffers_->newSlots())
        .storageBuffer(5, buffers_->forward())
        .storageBuffer(6, buffers_->lists())
        .storageBuffer(7, occupancy.buffer(), occupancy.heapOffset(), occupancy.heapRange())
        .update(*device_, kernel->descriptorSet());
    return kernel;
}

const std::vector<std::string>& PoolPipeline::timestampPassNames()
{
    static const std::vector<std::string> names{"classify", "split", "allocate", "bisect", "merge", "reduce", "index"};
    return names;
}

void PoolPipeline::barrier(VkCommandBuffer commands) const
{
    vk::memoryBarrier(*device_, commands, kComputeStage, kShaderReadWrite, kComputeStage | kIndirectStage,
                      kShaderReadWrite | VK_ACCESS_2_INDIRECT_COMMAND_READ_BIT);
}

void PoolPipeline::bind(VkCommandBuffer commands, const vk::ComputeKernel& kernel, const PoolPushConstants& constants,
                        VkDescriptorSet criterionSet) const
{
    kernel.bind(commands);
    if (hasCriterionSet_ && criterionSet != VK_NULL_HANDLE) {
        kernel.bindSet(commands, 1, criterionSet);
    }
    kernel.pushConstants(commands, std::as_bytes(std::span(&constants, 1)));
}

void PoolPipeline::dispatch(VkCommandBuffer commands, const vk::ComputeKernel& kernel,
                            const PoolPushConstants& constants, PoolList indirectList,
                            VkDescriptorSet criterionSet) const
{
    bind(commands, kernel, constants, criterionSet);
    vkCmdDispatchIndirect(commands, buffers_->counters().handle(),
                          offsetof(PoolCounters, dispatch) + sizeof(DispatchArguments) * listIndex(indirectList));
}

void PoolPipeline::dispatchOne(VkCommandBuffer commands, const vk::ComputeKernel& kernel,
                               const PoolPushConstants& constants, VkDescriptorSet criterionSet) const
{
    bind(commands, kernel, constants, criterionSet);
    vkCmdDispatch(commands, 1, 1, 1);
}

PoolPushConstants PoolPipeline::pushConstantsFor(const PoolFrame& frame) const
{
    PoolPushConstants constants;
    constants.capacity = buffers_->capacity();
    constants.linkRead = buffers_->linkRead();
    constants.maxDepth = static_cast<std::uint32_t>(frame.maxDepth);
    constants.rootDepth = static_cast<std::uint32_t>(layout_.rootDepth());
    constants.rootBits = static_cast<std::uint32_t>(layout_.rootBits());
    constants.frame = frame.frame;
    constants.argument = frame.criterionArgument;
    return constants;
}

void PoolPipeline::recordOverLiveList(VkCommandBuffer commands, const vk::ComputeKernel& kernel,
                                      const PoolFrame& frame) const
{
    dispatch(commands, kernel, pushConstantsFor(frame), PoolList::Live, frame.criterionSet);
    barrier(commands);
}

void PoolPipeline::recordSingle(VkCommandBuffer commands, const vk::ComputeKernel& kernel, const PoolFrame& frame) const
{
    dispatchOne(commands, kernel, pushConstantsFor(frame), frame.criterionSet);
    barrier(commands);
}

void PoolPipeline::record(VkCommandBuffer commands, const PoolFrame& frame, vk::TimestampQueries* timer,
                          std::span<const vk::ComputeKernel* const> afterIndex)
{
    PoolPushConstants constants = pushConstantsFor(frame);
    constants.argument = 0;
    PoolPushConstants criterionConstants = constants;
    criterionConstants.argument = frame.criterionArgument;
    const std::vector<std::string>& names = timestampPassNames();

    // Earlier compute, vertex (the draw) and indirect reads of the buffers.
    vk::memoryBarrier(*device_, commands, kComputeStage | kIndirectStage | VK_PIPELINE_STAGE_2_VERTEX_SHADER_BIT,
                      kShaderReadWrite | VK_ACCESS_2_INDIRECT_COMMAND_READ_BIT, kComputeStage, kShaderReadWrite);
    dispatchOne(commands, *reset_, constants);
    barrier(commands);
    {
        const vk::TimedPass time(*device_, timer, commands, names[kClassify]);
        dispatch(commands, *classify_, criterionConstants, PoolList::Live, frame.criterionSet);
        barrier(commands);
    }
    {
        const vk::TimedPass time(*device_, timer, commands, names[kSplit]);
        dispatch(commands, *split_, constants, PoolList::Split);
        barrier(commands);
    }
    {
        const vk::TimedPass time(*device_, timer, commands, names[kAllocate]);
        dispatch(commands, *allocate_, constants, PoolList::Changed);
        barrier(commands);
    }
    {
        const vk::TimedPass time(*device_, timer, commands, names[kBisect]);
        dispatch(commands, *bisect_, criterionConstants, PoolList::Changed, frame.criterionSet);
        barrier(commands);
    }
    {
        const vk::TimedPass time(*device_, timer, commands, names[kMerge]);
        dispatch(commands, *mergeDecide_, constants, PoolList::MergeCandidates);
        barrier(commands);
        dispatch(commands, *mergeWrite_, criterionConstants, PoolList::Diamonds, frame.criterionSet);
        barrier(commands);
    }
    {
        // The reduction may clear levels with vkCmdFillBuffer (a transfer).
        constexpr VkPipelineStageFlags2 kTransfer = VK_PIPELINE_STAGE_2_ALL_TRANSFER_BIT;
        constexpr VkAccessFlags2 kTransferWrite = VK_ACCESS_2_TRANSFER_WRITE_BIT;
        vk::memoryBarrier(*device_, commands, kComputeStage, kShaderReadWrite, kComputeStage | kTransfer,
                          kShaderReadWrite | kTransferWrite);
        const vk::TimedPass time(*device_, timer, commands, names[kReduce]);
        sumReduction_.record(commands);
        vk::memoryBarrier(*device_, commands, kComputeStage | kTransfer, kShaderReadWrite | kTransferWrite,
                          kComputeStage | kIndirectStage, kShaderReadWrite | VK_ACCESS_2_INDIRECT_COMMAND_READ_BIT);
    }
    {
        const vk::TimedPass time(*device_, timer, commands, names[kIndex]);
        // One thread per word of the occupancy bitfield.
        constexpr std::uint32_t kSlotsPerWord = 32;
        const std::uint32_t words = std::max<std::uint32_t>(1, buffers_->capacity() / kSlotsPerWord);
        bind(commands, *liveList_, constants, VK_NULL_HANDLE);
        vkCmdDispatch(commands, (words + kPoolWorkgroupSize - 1) / kPoolWorkgroupSize, 1, 1);
        barrier(commands);
        dispatch(commands, *index_, criterionConstants, PoolList::Live, frame.criterionSet);
        barrier(commands);
        // The changed list's workgroups, then the diamond list's, in one dispatch.
        bind(commands, *indexCreated_, criterionConstants, frame.criterionSet);
        vkCmdDispatchIndirect(commands, buffers_->counters().handle(), kCreatedDispatchOffset);
        for (const vk::ComputeKernel* kernel : afterIndex) {
            barrier(commands);
            dispatch(commands, *kernel, criterionConstants, PoolList::Live, frame.criterionSet);
        }
    }
    vk::memoryBarrier(*device_, commands, kComputeStage, kShaderReadWrite,
                      kComputeStage | kIndirectStage | VK_PIPELINE_STAGE_2_VERTEX_SHADER_BIT,
                      kShaderReadWrite | VK_ACCESS_2_INDIRECT_COMMAND_READ_BIT);
    buffers_->flip();
}

}  // namespace bisector::gpu
