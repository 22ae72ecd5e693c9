#include "atmosphere/VolumeImage.h"

#include "vk/Barriers.h"
#include "vk/Buffer.h"
#include "vk/Device.h"
#include "vk/Error.h"
#include "vk/Image.h"

#include <cstring>

namespace atmosphere {

VolumeImage::VolumeImage(const gpu::Device& device, VkFormat format, VkExtent3D extent, VkImageUsageFlags usage)
    : format_(format), extent_(extent)
{
    if (extent.width == 0 || extent.height == 0 || extent.depth == 0) {
        throw gpu::Error("atmosphere::VolumeImage: the extent must be non-zero");
    }
    VkImageCreateInfo info{};
    info.sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO;
    info.imageType = VK_IMAGE_TYPE_3D;
    info.format = format;
    info.extent = extent;
    info.mipLevels = 1;
    info.arrayLayers = 1;
    info.samples = VK_SAMPLE_COUNT_1_BIT;
    info.tiling = VK_IMAGE_TILING_OPTIMAL;
    info.usage = usage;
    info.sharingMode = VK_SHARING_MODE_EXCLUSIVE;
    info.initialLayout = VK_IMAGE_LAYOUT_UNDEFINED;
    VkImage image = VK_NULL_HANDLE;
    GPU_CHECK(vkCreateImage(device.handle(), &info, nullptr, &image));
    image_ = gpu::UniqueImage(device.handle(), image);

    VkMemoryRequirements requirements{};
    vkGetImageMemoryRequirements(device.handle(), image, &requirements);
    VkMemoryAllocateInfo allocateInfo{};
    allocateInfo.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO;
    allocateInfo.allocationSize = requirements.size;
    allocateInfo.memoryTypeIndex =
        device.findMemoryType(requirements.memoryTypeBits, 0, VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT);
    VkDeviceMemory memory = VK_NULL_HANDLE;
    GPU_CHECK(vkAllocateMemory(device.handle(), &allocateInfo, nullptr, &memory));
    memory_ = gpu::UniqueDeviceMemory(device.handle(), memory);
    GPU_CHECK(vkBindImageMemory(device.handle(), image, memory, 0));

    VkImageViewCreateInfo viewInfo{};
    viewInfo.sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO;
    viewInfo.image = image;
    viewInfo.viewType = VK_IMAGE_VIEW_TYPE_3D;
    viewInfo.format = format;
    viewInfo.subresourceRange = fullRange();
    VkImageView view = VK_NULL_HANDLE;
    GPU_CHECK(vkCreateImageView(device.handle(), &viewInfo, nullptr, &view));
    view_ = gpu::UniqueImageView(device.handle(), view);
}

VkImageSubresourceRange VolumeImage::fullRange() const
{
    return VkImageSubresourceRange{VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1};
}

std::vector<std::byte> downloadVolume(gpu::Device& device, const VolumeImage& volume, VkImageLayout layout)
{
    const VkExtent3D extent = volume.extent();
    const VkDeviceSize size =
        VkDeviceSize{extent.width} * extent.height * extent.depth * gpu::formatTexelSize(volume.format());
    const gpu::Buffer staging(device, size, VK_BUFFER_USAGE_TRANSFER_DST_BIT, gpu::MemoryLocation::HostReadback);
    const VkImageSubresourceRange range = volume.fullRange();
    device.submitAndWait([&](VkCommandBuffer commands) {
        gpu::imageBarrier(device, commands, volume.handle(), range, layout, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL,
                          VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT, VK_ACCESS_2_MEMORY_WRITE_BIT,
                          VK_PIPELINE_STAGE_2_COPY_BIT, VK_ACCESS_2_TRANSFER_READ_BIT);
        VkBufferImageCopy region{};
        region.imageSubresource = VkImageSubresourceLayers{VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1};
        region.imageExtent = extent;
        vkCmdCopyImageToBuffer(commands, volume.handle(), VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, staging.handle(), 1,
                               &region);
        gpu::bufferBarrier(device, commands, staging, VK_PIPELINE_STAGE_2_COPY_BIT, VK_ACCESS_2_TRANSFER_WRITE_BIT,
                           VK_PIPELINE_STAGE_2_HOST_BIT, VK_ACCESS_2_HOST_READ_BIT);
        gpu::imageBarrier(device, commands, volume.handle(), range, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, layout,
                          VK_PIPELINE_STAGE_2_COPY_BIT, VK_ACCESS_2_NONE, VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT,
                          VK_ACCESS_2_MEMORY_READ_BIT | VK_ACCESS_2_MEMORY_WRITE_BIT);
    });
    std::vector<std::byte> bytes(static_cast<size_t>(size));
    std::memcpy(bytes.data(), staging.mapped().data(), bytes.size());
    return bytes;
}

}  // namespace atmosphere
