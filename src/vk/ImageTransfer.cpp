// uploadImageLevel / downloadImageLevel (declared in Image.h).
#include "vk/Barriers.h"
#include "vk/Buffer.h"
#include "vk/Device.h"
#include "vk/Error.h"
#include "vk/Image.h"

#include <cstring>
#include <string>

namespace vk {
namespace {

constexpr VkPipelineStageFlags2 kAnyStage = VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT;
constexpr VkAccessFlags2 kAnyAccess = VK_ACCESS_2_MEMORY_READ_BIT | VK_ACCESS_2_MEMORY_WRITE_BIT;

VkDeviceSize levelByteSize(const Image& image, uint32_t mipLevel)
{
    const VkExtent2D extent = image.mipExtent(mipLevel);
    return VkDeviceSize{extent.width} * extent.height * formatTexelSize(image.format());
}

VkBufferImageCopy levelCopyRegion(const Image& image, uint32_t mipLevel)
{
    const VkExtent2D extent = image.mipExtent(mipLevel);
    VkBufferImageCopy region{};
    region.imageSubresource = VkImageSubresourceLayers{image.description().aspect, mipLevel, 0, 1};
    region.imageExtent = VkExtent3D{extent.width, extent.height, 1};
    return region;
}

}  // namespace

void uploadImageLevel(Device& device, const Image& image, uint32_t mipLevel, std::span<const std::byte> bytes,
                      VkImageLayout currentLayout, VkImageLayout finalLayout)
{
    const VkImageSubresourceRange range = image.mipRange(mipLevel);
    const VkDeviceSize expected = levelByteSize(image, mipLevel);
    if (bytes.size() != expected) {
        throw Error("uploadImageLevel: mip " + std::to_string(mipLevel) + " needs " + std::to_string(expected) +
                    " bytes, got " + std::to_string(bytes.size()));
    }
    const Buffer staging(device, expected, VK_BUFFER_USAGE_TRANSFER_SRC_BIT, MemoryLocation::HostUpload);
    std::memcpy(staging.mapped().data(), bytes.data(), bytes.size());
    device.submitAndWait([&](VkCommandBuffer commands) {
        imageBarrier(device, commands, image.handle(), range, currentLayout, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
                     kAnyStage, kAnyAccess, VK_PIPELINE_STAGE_2_COPY_BIT, VK_ACCESS_2_TRANSFER_WRITE_BIT);
        const VkBufferImageCopy region = levelCopyRegion(image, mipLevel);
        vkCmdCopyBufferToImage(commands, staging.handle(), image.handle(), VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1,
                               &region);
        imageBarrier(device, commands, image.handle(), range, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, finalLayout,
                     VK_PIPELINE_STAGE_2_COPY_BIT, VK_ACCESS_2_TRANSFER_WRITE_BIT, kAnyStage, kAnyAccess);
    });
}

void uploadImageMip0(Device& device, const Image& image, std::span<const std::byte> bytes, VkImageLayout currentLayout,
                     VkImageLayout finalLayout)
{
    uploadImageLevel(device, image, 0, bytes, currentLayout, finalLayout);
}

std::vector<std::byte> downloadImageLevel(Device& device, const Image& image, uint32_t mipLevel,
                                          VkImageLayout currentLayout)
{
    const VkImageSubresourceRange range = image.mipRange(mipLevel);
    const VkDeviceSize size = levelByteSize(image, mipLevel);
    const Buffer staging(device, size, VK_BUFFER_USAGE_TRANSFER_DST_BIT, MemoryLocation::HostReadback);
    device.submitAndWait([&](VkCommandBuffer commands) {
        imageBarrier(device, commands, image.handle(), range, currentLayout, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL,
                     kAnyStage, VK_ACCESS_2_MEMORY_WRITE_BIT, VK_PIPELINE_STAGE_2_COPY_BIT,
                     VK_ACCESS_2_TRANSFER_READ_BIT);
        const VkBufferImageCopy region = levelCopyRegion(image, mipLevel);
        vkCmdCopyImageToBuffer(commands, image.handle(), VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, staging.handle(), 1,
                               &region);
        bufferBarrier(device, commands, staging, VK_PIPELINE_STAGE_2_COPY_BIT, VK_ACCESS_2_TRANSFER_WRITE_BIT,
                      VK_PIPELINE_STAGE_2_HOST_BIT, VK_ACCESS_2_HOST_READ_BIT);
        imageBarrier(device, commands, image.handle(), range, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, currentLayout,
                     VK_PIPELINE_STAGE_2_COPY_BIT, VK_ACCESS_2_NONE, kAnyStage, kAnyAccess);
    });
    std::vector<std::byte> bytes(static_cast<size_t>(size));
    std::memcpy(bytes.data(), staging.mapped().data(), bytes.size());
    return bytes;
}

}  // namespace vk
