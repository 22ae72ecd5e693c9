#include "atmosphere/VolumeImage.h"

#include "vk/Barriers.h"
#include "vk/Buffer.h"
#include "vk/Device.h"
#include "vk/Error.h"
#include "vk/Image.h"

#include <cstring>
#include <utility>

namespace atmosphere {

VolumeImage::VolumeImage(const vk::Device& device, VkFormat format, VkExtent3D extent, VkImageUsageFlags usage)
    : format_(format),
      extent_(extent)
{
    if (extent.width == 0 || extent.height == 0 || extent.depth == 0) {
        throw vk::Error("atmosphere::VolumeImage: the extent must be non-zero");
    }
    vk::DeviceLocalImage created =
        vk::createDeviceLocalImage(device, VK_IMAGE_TYPE_3D, format, extent, 1, usage, fullRange());
    image_ = std::move(created.image);
    memory_ = std::move(created.memory);
    view_ = std::move(created.view);
}

VkImageSubresourceRange VolumeImage::fullRange() const
{
    return VkImageSubresourceRange{VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1};
}

std::vector<std::byte> downloadVolume(vk::Device& device, const VolumeImage& volume, VkImageLayout layout)
{
    const VkExtent3D extent = volume.extent();
    const VkDeviceSize size =
        VkDeviceSize{extent.width} * extent.height * extent.depth * vk::formatTexelSize(volume.format());
    const vk::Buffer staging(device, size, VK_BUFFER_USAGE_TRANSFER_DST_BIT, vk::MemoryLocation::HostReadback);
    const VkImageSubresourceRange range = volume.fullRange();
    device.submitAndWait([&](VkCommandBuffer commands) {
        vk::imageBarrier(device, commands, volume.handle(), range, layout, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL,
                         VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT, VK_ACCESS_2_MEMORY_WRITE_BIT,
                         VK_PIPELINE_STAGE_2_COPY_BIT, VK_ACCESS_2_TRANSFER_READ_BIT);
        VkBufferImageCopy region{};
        region.imageSubresource = VkImageSubresourceLayers{VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1};
        region.imageExtent = extent;
        vkCmdCopyImageToBuffer(commands, volume.handle(), VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, staging.handle(), 1,
                               &region);
        vk::bufferBarrier(device, commands, staging, VK_PIPELINE_STAGE_2_COPY_BIT, VK_ACCESS_2_TRANSFER_WRITE_BIT,
                          VK_PIPELINE_STAGE_2_HOST_BIT, VK_ACCESS_2_HOST_READ_BIT);
        vk::imageBarrier(device, commands, volume.handle(), range, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, layout,
                         VK_PIPELINE_STAGE_2_COPY_BIT, VK_ACCESS_2_NONE, VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT,
                         VK_ACCESS_2_MEMORY_READ_BIT | VK_ACCESS_2_MEMORY_WRITE_BIT);
    });
    std::vector<std::byte> bytes(static_cast<size_t>(size));
    std::memcpy(bytes.data(), staging.mapped().data(), bytes.size());
    return bytes;
}

}  // namespace atmosphere
