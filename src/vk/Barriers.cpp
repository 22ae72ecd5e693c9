#include "vk/Barriers.h"

#include "vk/Buffer.h"
#include "vk/Device.h"

namespace vk {
namespace {

constexpr VkPipelineStageFlags2 kLegacyStageBits = 0xFFFFFFFFull;

}  // namespace

VkPipelineStageFlags toLegacyStages(VkPipelineStageFlags2 stages, bool isSource)
{
    VkPipelineStageFlags2 legacy = stages & kLegacyStageBits;
    if ((stages & (VK_PIPELINE_STAGE_2_COPY_BIT | VK_PIPELINE_STAGE_2_RESOLVE_BIT | VK_PIPELINE_STAGE_2_BLIT_BIT |
                   VK_PIPELINE_STAGE_2_CLEAR_BIT)) != 0) {
        legacy |= VK_PIPELINE_STAGE_TRANSFER_BIT;
    }
    if ((stages & (VK_PIPELINE_STAGE_2_INDEX_INPUT_BIT | VK_PIPELINE_STAGE_2_VERTEX_ATTRIBUTE_INPUT_BIT)) != 0) {
        legacy |= VK_PIPELINE_STAGE_VERTEX_INPUT_BIT;
    }
    if ((stages & VK_PIPELINE_STAGE_2_PRE_RASTERIZATION_SHADERS_BIT) != 0) {
        legacy |= VK_PIPELINE_STAGE_VERTEX_SHADER_BIT;
    }
    if (legacy == 0) {
        legacy = isSource ? VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT : VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT;
    }
    return static_cast<VkPipelineStageFlags>(legacy);
}

VkAccessFlags toLegacyAccess(VkAccessFlags2 access)
{
    VkAccessFlags2 legacy = access & 0xFFFFFFFFull;
    if ((access & (VK_ACCESS_2_SHADER_SAMPLED_READ_BIT | VK_ACCESS_2_SHADER_STORAGE_READ_BIT)) != 0) {
        legacy |= VK_ACCESS_SHADER_READ_BIT;
    }
    if ((access & VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT) != 0) {
        legacy |= VK_ACCESS_SHADER_WRITE_BIT;
    }
    return static_cast<VkAccessFlags>(legacy);
}

void bufferBarrier(const Device& device, VkCommandBuffer commands, const Buffer& buffer, VkPipelineStageFlags2 srcStage,
                   VkAccessFlags2 srcAccess, VkPipelineStageFlags2 dstStage, VkAccessFlags2 dstAccess,
                   VkDeviceSize offset, VkDeviceSize size)
{
    if (device.hasSynchronization2()) {
        VkBufferMemoryBarrier2 barrier{};
        barrier.sType = VK_STRUCTURE_TYPE_BUFFER_MEMORY_BARRIER_2;
        barrier.srcStageMask = srcStage;
        barrier.srcAccessMask = srcAccess;
        barrier.dstStageMask = dstStage;
        barrier.dstAccessMask = dstAccess;
        barrier.srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED;
        barrier.dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED;
        barrier.buffer = buffer.handle();
        barrier.offset = offset;
        barrier.size = size;
        VkDependencyInfo dependency{};
        dependency.sType = VK_STRUCTURE_TYPE_DEPENDENCY_INFO;
        dependency.bufferMemoryBarrierCount = 1;
        dependency.pBufferMemoryBarriers = &barrier;
        vkCmdPipelineBarrier2(commands, &dependency);
        return;
    }
    VkBufferMemoryBarrier barrier{};
    barrier.sType = VK_STRUCTURE_TYPE_BUFFER_MEMORY_BARRIER;
    barrier.srcAccessMask = toLegacyAccess(srcAccess);
    barrier.dstAccessMask = toLegacyAccess(dstAccess);
    barrier.srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED;
    barrier.dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED;
    barrier.buffer = buffer.handle();
    barrier.offset = offset;
    barrier.size = size;
    vkCmdPipelineBarrier(commands, toLegacyStages(srcStage, true), toLegacyStages(dstStage, false), 0, 0, nullptr, 1,
                         &barrier, 0, nullptr);
}

void memoryBarrier(const Device& device, VkCommandBuffer commands, VkPipelineStageFlags2 srcStage,
                   VkAccessFlags2 srcAccess, VkPipelineStageFlags2 dstStage, VkAccessFlags2 dstAccess)
{
    if (device.hasSynchronization2()) {
        VkMemoryBarrier2 barrier{};
        barrier.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER_2;
        barrier.srcStageMask = srcStage;
        barrier.srcAccessMask = srcAccess;
        barrier.dstStageMask = dstStage;
        barrier.dstAccessMask = dstAccess;
        VkDependencyInfo dependency{};
        dependency.sType = VK_STRUCTURE_TYPE_DEPENDENCY_INFO;
        dependency.memoryBarrierCount = 1;
        dependency.pMemoryBarriers = &barrier;
        vkCmdPipelineBarrier2(commands, &dependency);
        return;
    }
    VkMemoryBarrier barrier{};
    barrier.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER;
    barrier.srcAccessMask = toLegacyAccess(srcAccess);
    barrier.dstAccessMask = toLegacyAccess(dstAccess);
    vkCmdPipelineBarrier(commands, toLegacyStages(srcStage, true), toLegacyStages(dstStage, false), 0, 1, &barrier, 0,
                         nullptr, 0, nullptr);
}

void imageBarrier(const Device& device, VkCommandBuffer commands, VkImage image, const VkImageSubresourceRange& range,
                  VkImageLayout oldLayout, VkImageLayout newLayout, VkPipelineStageFlags2 srcStage,
                  VkAccessFlags2 srcAccess, VkPipelineStageFlags2 dstStage, VkAccessFlags2 dstAccess)
{
    if (device.hasSynchronization2()) {
        VkImageMemoryBarrier2 barrier{};
        barrier.sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER_2;
        barrier.srcStageMask = srcStage;
        barrier.srcAccessMask = srcAccess;
        barrier.dstStageMask = dstStage;
        barrier.dstAccessMask = dstAccess;
        barrier.oldLayout = oldLayout;
        barrier.newLayout = newLayout;
        barrier.srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED;
        barrier.dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED;
        barrier.image = image;
        barrier.subresourceRange = range;
        VkDependencyInfo dependency{};
        dependency.sType = VK_STRUCTURE_TYPE_DEPENDENCY_INFO;
        dependency.imageMemoryBarrierCount = 1;
        dependency.pImageMemoryBarriers = &barrier;
        vkCmdPipelineBarrier2(commands, &dependency);
        return;
    }
    VkImageMemoryBarrier barrier{};
    barrier.sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER;
    barrier.srcAccessMask = toLegacyAccess(srcAccess);
    barrier.dstAccessMask = toLegacyAccess(dstAccess);
    barrier.oldLayout = oldLayout;
    barrier.newLayout = newLayout;
    barrier.srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED;
    barrier.dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED;
    barrier.image = image;
    barrier.subresourceRange = range;
    vkCmdPipelineBarrier(commands, toLegacyStages(srcStage, true), toLegacyStages(dstStage, false), 0, 0, nullptr, 0,
                         nullptr, 1, &barrier);
}

}  // namespace vk
