// A 3D image (the aerial-perspective volumes): device-local, optimally
// tiled, one mip level, with a 3D view (made by vk::createDeviceLocalImage,
// like vk::Image, which is 2D only).
#pragma once

#include "vk/UniqueHandle.h"

#include <vulkan/vulkan.h>

#include <cstddef>
#include <vector>

namespace vk {
class Device;
}

namespace atmosphere {

class VolumeImage {
public:
    VolumeImage() = default;
    // Starts in VK_IMAGE_LAYOUT_UNDEFINED.
    VolumeImage(const vk::Device& device, VkFormat format, VkExtent3D extent, VkImageUsageFlags usage);

    [[nodiscard]] VkImage handle() const { return image_.get(); }
    [[nodiscard]] VkImageView view() const { return view_.get(); }
    [[nodiscard]] VkFormat format() const { return format_; }
    [[nodiscard]] VkExtent3D extent() const { return extent_; }
    [[nodiscard]] VkImageSubresourceRange fullRange() const;

private:
    VkFormat format_ = VK_FORMAT_UNDEFINED;
    VkExtent3D extent_{0, 0, 0};
    vk::UniqueImage image_;
    vk::UniqueDeviceMemory memory_;
    vk::UniqueImageView view_;
};

// Reads the whole volume back as tightly packed texels (x fastest, then y,
// then z), waiting for all earlier GPU work. The volume is in `layout` and
// stays in it; it needs TRANSFER_SRC usage.
std::vector<std::byte> downloadVolume(vk::Device& device, const VolumeImage& volume, VkImageLayout layout);

}  // namespace atmosphere
