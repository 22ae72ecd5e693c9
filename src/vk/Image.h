// 2D images (image + memory + a view of every mip level) and samplers.
#pragma once

#include "vk/UniqueHandle.h"

#include <vulkan/vulkan.h>

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace vk {

class Device;

struct ImageDescription {
    VkFormat format = VK_FORMAT_R8G8B8A8_UNORM;
    VkExtent2D extent{1, 1};
    uint32_t mipLevels = 1;
    VkImageUsageFlags usage = VK_IMAGE_USAGE_SAMPLED_BIT;
    // COLOR for colour formats; DEPTH (| STENCIL) for depth formats.
    VkImageAspectFlags aspect = VK_IMAGE_ASPECT_COLOR_BIT;
    // Above 1 for a multisampled attachment (then mipLevels must be 1).
    VkSampleCountFlagBits samples = VK_SAMPLE_COUNT_1_BIT;
    // A format of the same texel size in which shaders store to the image
    // when its own format cannot be a storage image (R8G8B8A8_UNORM for an
    // SRGB image, whose shader then encodes sRGB itself). Set, the image is
    // MUTABLE_FORMAT | EXTENDED_USAGE, `usage` must include STORAGE, and
    // storageView() views mip 0 in it; view() keeps the other usages.
    VkFormat storageFormat = VK_FORMAT_UNDEFINED;
};

// Move-only owner of a device-local, optimally tiled 2D image, its memory and
// a view of all its mip levels. The image starts in VK_IMAGE_LAYOUT_UNDEFINED;
// layouts are the caller's to track (see imageBarrier in Barriers.h).
// A device-local, optimally tiled image with its own memory and one view of
// `viewRange`: what vk::Image (2D) and other image kinds (e.g. 3D volumes)
// are made of. `imageType` is VK_IMAGE_TYPE_2D or _3D (the view type follows).
struct DeviceLocalImage {
    UniqueImage image;
    UniqueDeviceMemory memory;
    UniqueImageView view;
};
DeviceLocalImage createDeviceLocalImage(const Device& device, VkImageType imageType, VkFormat format, VkExtent3D extent,
                                        uint32_t mipLevels, VkImageUsageFlags usage,
                                        const VkImageSubresourceRange& viewRange,
                                        VkSampleCountFlagBits samples = VK_SAMPLE_COUNT_1_BIT);
// A 2D array image of `layers` layers (one mip level) with a 2D_ARRAY view of
// them all, made like createDeviceLocalImage.
DeviceLocalImage createDeviceLocalImageArray(const Device& device, VkFormat format, VkExtent2D extent, uint32_t layers,
                                             VkImageUsageFlags usage);

class Image {
public:
    Image() = default;
    Image(const Device& device, const ImageDescription& description);

    [[nodiscard]] VkImage handle() const { return image_.get(); }
    [[nodiscard]] VkImageView view() const { return view_.get(); }
    // Mip 0 in description().storageFormat, for STORAGE use; null without one.
    [[nodiscard]] VkImageView storageView() const { return storageView_.get(); }
    [[nodiscard]] VkFormat format() const { return description_.format; }
    [[nodiscard]] VkExtent2D extent() const { return description_.extent; }
    [[nodiscard]] uint32_t mipLevels() const { return description_.mipLevels; }
    [[nodiscard]] const ImageDescription& description() const { return description_; }
    // All mip levels, layer 0, the image's aspect.
    [[nodiscard]] VkImageSubresourceRange fullRange() const;
    // One mip level.
    [[nodiscard]] VkImageSubresourceRange mipRange(uint32_t mipLevel) const;
    // Width/height of a mip level (at least 1).
    [[nodiscard]] VkExtent2D mipExtent(uint32_t mipLevel) const;

private:
    ImageDescription description_;
    UniqueImage image_;
    UniqueDeviceMemory memory_;
    UniqueImageView view_;
    UniqueImageView storageView_;
};

// Bytes per texel of the uncompressed formats this project uses (R8, RG8,
// RGBA8 (+SRGB, BGRA), R16, R16F, RG16F, RGBA16F, R32F, RG32F, RGBA32F, R32UI,
// D32F). Throws vk::Error for other formats.
uint32_t formatTexelSize(VkFormat format);

// Copies tightly packed texels into one mip level (bytes.size() must be
// width * height * texel size of that level) and leaves that level in
// `finalLayout`, ready for (FRAGMENT|COMPUTE shader, SHADER_READ) use when
// finalLayout is SHADER_READ_ONLY_OPTIMAL. `currentLayout` is the level's
// layout before (UNDEFINED for a fresh image). The image needs TRANSFER_DST usage.
void uploadImageLevel(Device& device, const Image& image, uint32_t mipLevel, std::span<const std::byte> bytes,
                      VkImageLayout currentLayout = VK_IMAGE_LAYOUT_UNDEFINED,
                      VkImageLayout finalLayout = VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL);

// Mip 0 shorthand for uploadImageLevel.
void uploadImageMip0(Device& device, const Image& image, std::span<const std::byte> bytes,
                     VkImageLayout currentLayout = VK_IMAGE_LAYOUT_UNDEFINED,
                     VkImageLayout finalLayout = VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL);

// Reads one mip level back as tightly packed texels (e.g. for screenshots).
// The level is in `currentLayout` (after all earlier GPU work) and is left in
// that layout. The image needs TRANSFER_SRC usage.
std::vector<std::byte> downloadImageLevel(Device& device, const Image& image, uint32_t mipLevel,
                                          VkImageLayout currentLayout);

struct SamplerDescription {
    VkFilter filter = VK_FILTER_LINEAR;
    VkSamplerMipmapMode mipmapMode = VK_SAMPLER_MIPMAP_MODE_LINEAR;
    VkSamplerAddressMode addressMode = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE;
    // > 1 enables anisotropic filtering when the device supports it (clamped
    // to its limit); ignored otherwise.
    float maxAnisotropy = 1.0f;
};

// Texel for texel: nearest filtering and mip level, clamped to the edge.
inline constexpr SamplerDescription kNearestTexelSampler{VK_FILTER_NEAREST, VK_SAMPLER_MIPMAP_MODE_NEAREST,
                                                         VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE, 1.0f};

class Sampler {
public:
    Sampler() = default;
    Sampler(const Device& device, const SamplerDescription& description = {});

    [[nodiscard]] VkSampler handle() const { return sampler_.get(); }

private:
    UniqueSampler sampler_;
};

}  // namespace vk
