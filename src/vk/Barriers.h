// Pipeline barriers recorded with synchronization2 when the device has it and
// with the Vulkan 1.0 vkCmdPipelineBarrier otherwise. Stages and accesses are
// given as *2 flags; on the 1.0 path the sync2-only bits are mapped to their
// 1.0 equivalents (COPY -> TRANSFER, SHADER_STORAGE_WRITE -> SHADER_WRITE,
// NONE -> TOP_OF_PIPE / BOTTOM_OF_PIPE, ...).
#pragma once

#include <vulkan/vulkan.h>

namespace vk {

class Buffer;
class Device;

// Makes writes by (srcStage, srcAccess) to buffer bytes [offset, offset+size)
// available and visible to (dstStage, dstAccess).
void bufferBarrier(const Device& device, VkCommandBuffer commands, const Buffer& buffer, VkPipelineStageFlags2 srcStage,
                   VkAccessFlags2 srcAccess, VkPipelineStageFlags2 dstStage, VkAccessFlags2 dstAccess,
                   VkDeviceSize offset = 0, VkDeviceSize size = VK_WHOLE_SIZE);

// The same for every resource (a VkMemoryBarrier).
void memoryBarrier(const Device& device, VkCommandBuffer commands, VkPipelineStageFlags2 srcStage,
                   VkAccessFlags2 srcAccess, VkPipelineStageFlags2 dstStage, VkAccessFlags2 dstAccess);

// Image memory barrier with a layout transition of `range` of `image`.
void imageBarrier(const Device& device, VkCommandBuffer commands, VkImage image, const VkImageSubresourceRange& range,
                  VkImageLayout oldLayout, VkImageLayout newLayout, VkPipelineStageFlags2 srcStage,
                  VkAccessFlags2 srcAccess, VkPipelineStageFlags2 dstStage, VkAccessFlags2 dstAccess);

// The 1.0 equivalents of *2 flags (exposed for tests and callers that use
// 1.0-only commands such as vkCmdWriteTimestamp). `isSource` picks what NONE
// maps to.
VkPipelineStageFlags toLegacyStages(VkPipelineStageFlags2 stages, bool isSource);
VkAccessFlags toLegacyAccess(VkAccessFlags2 access);

}  // namespace vk
