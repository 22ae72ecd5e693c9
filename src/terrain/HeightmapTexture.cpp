#include "terrain/HeightmapTexture.h"

#include "vk/Barriers.h"
#include "vk/Device.h"
#include "vk/Error.h"

#include <algorithm>
#include <bit>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

namespace terrain {

namespace {

constexpr VkFormat kHeightFormat = VK_FORMAT_R16_UNORM;

void checkDeviceCanHold(const vk::Device& device, const heightmap::Heightmap& heightmap)
{
    const std::uint32_t limit = device.limits().maxImageDimension2D;
    if (heightmap.width == 0 || heightmap.height == 0) {
        throw vk::Error(heightmap.sourcePath + ": the heightmap is empty");
    }
    if (heightmap.width > limit || heightmap.height > limit) {
        throw vk::Error(heightmap.sourcePath + ": " + std::to_string(heightmap.width) + " x " +
                        std::to_string(heightmap.height) + " texels is larger than the device's maxImageDimension2D (" +
                        std::to_string(limit) + ")");
    }
    VkFormatProperties properties{};
    vkGetPhysicalDeviceFormatProperties(device.physicalDevice(), kHeightFormat, &properties);
    const VkFormatFeatureFlags needed = VK_FORMAT_FEATURE_SAMPLED_IMAGE_BIT |
                                        VK_FORMAT_FEATURE_SAMPLED_IMAGE_FILTER_LINEAR_BIT |
                                        VK_FORMAT_FEATURE_BLIT_SRC_BIT | VK_FORMAT_FEATURE_BLIT_DST_BIT;
    if ((properties.optimalTilingFeatures & needed) != needed) {
        throw vk::Error(heightmap.sourcePath + ": the device cannot sample, filter and blit R16_UNORM images");
    }
}

// The samples as 16-bit texels: 8-bit maps scaled so that v / 255 == (257 v) / 65535.
std::vector<std::uint16_t> sixteenBitTexels(const heightmap::Heightmap& heightmap)
{
    std::vector<std::uint16_t> texels(heightmap.samples);
    if (heightmap.bitDepth == 8) {
        for (std::uint16_t& texel : texels) {
            texel = static_cast<std::uint16_t>(texel * 257u);
        }
    }
    return texels;
}

VkOffset3D mipCorner(const vk::Image& image, std::uint32_t level)
{
    const VkExtent2D extent = image.mipExtent(level);
    return VkOffset3D{static_cast<std::int32_t>(extent.width), static_cast<std::int32_t>(extent.height), 1};
}

// Uploads the samples into mip 0 and rebuilds the chain (whatever the image
// held before is discarded).
void uploadSamples(vk::Device& device, const vk::Image& image, const heightmap::Heightmap& heightmap)
{
    const std::vector<std::uint16_t> texels = sixteenBitTexels(heightmap);
    vk::uploadImageMip0(device, image, std::as_bytes(std::span<const std::uint16_t>(texels)), VK_IMAGE_LAYOUT_UNDEFINED,
                        VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
    device.submitAndWait([&](VkCommandBuffer commands) { recordMipChain(device, commands, image); });
}

vk::Image makeHeightImage(vk::Device& device, const heightmap::Heightmap& heightmap)
{
    checkDeviceCanHold(device, heightmap);
    vk::ImageDescription description;
    description.format = kHeightFormat;
    description.extent = VkExtent2D{heightmap.width, heightmap.height};
    description.mipLevels = fullMipLevelCount(heightmap.width, heightmap.height);
    description.usage = VK_IMAGE_USAGE_SAMPLED_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT;
    vk::Image image(device, description);
    uploadSamples(device, image, heightmap);
    return image;
}

}  // namespace

std::uint32_t fullMipLevelCount(std::uint32_t width, std::uint32_t height)
{
    return static_cast<std::uint32_t>(std::bit_width(std::max({width, height, 1u})));
}

void recordMipChain(const vk::Device& device, VkCommandBuffer commands, const vk::Image& image)
{
    const VkImage handle = image.handle();
    for (std::uint32_t level = 1; level < image.mipLevels(); ++level) {
        vk::imageBarrier(device, commands, handle, image.mipRange(level), VK_IMAGE_LAYOUT_UNDEFINED,
                         VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, VK_PIPELINE_STAGE_2_NONE, VK_ACCESS_2_NONE,
                         VK_PIPELINE_STAGE_2_BLIT_BIT, VK_ACCESS_2_TRANSFER_WRITE_BIT);
        VkImageBlit blit{};
        blit.srcSubresource = VkImageSubresourceLayers{VK_IMAGE_ASPECT_COLOR_BIT, level - 1, 0, 1};
        blit.srcOffsets[1] = mipCorner(image, level - 1);
        blit.dstSubresource = VkImageSubresourceLayers{VK_IMAGE_ASPECT_COLOR_BIT, level, 0, 1};
        blit.dstOffsets[1] = mipCorner(image, level);
        vkCmdBlitImage(commands, handle, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, handle,
                       VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &blit, VK_FILTER_LINEAR);
        vk::imageBarrier(device, commands, handle, image.mipRange(level), VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
                         VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, VK_PIPELINE_STAGE_2_BLIT_BIT,
                         VK_ACCESS_2_TRANSFER_WRITE_BIT, VK_PIPELINE_STAGE_2_BLIT_BIT, VK_ACCESS_2_TRANSFER_READ_BIT);
    }
    vk::imageBarrier(device, commands, handle, image.fullRange(), VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL,
                     HeightmapTexture::kLayout, VK_PIPELINE_STAGE_2_BLIT_BIT, VK_ACCESS_2_TRANSFER_WRITE_BIT,
                     VK_PIPELINE_STAGE_2_VERTEX_SHADER_BIT | VK_PIPELINE_STAGE_2_FRAGMENT_SHADER_BIT |
                         VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT,
                     VK_ACCESS_2_SHADER_SAMPLED_READ_BIT);
}

HeightmapTexture::HeightmapTexture(vk::Device& device, const heightmap::Heightmap& heightmap)
    : image_(makeHeightImage(device, heightmap)),
      sampler_(device, vk::SamplerDescription{VK_FILTER_LINEAR, VK_SAMPLER_MIPMAP_MODE_LINEAR,
                                              VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE, 1.0f})
{
}

void HeightmapTexture::replaceSamples(vk::Device& device, const heightmap::Heightmap& heightmap)
{
    if (heightmap.width != width() || heightmap.height != height() ||
        heightmap.samples.size() != std::size_t{width()} * height()) {
        throw std::invalid_argument("HeightmapTexture::replaceSamples: " + std::to_string(heightmap.width) + " x " +
                                    std::to_string(heightmap.height) + " samples replace " + std::to_string(width()) +
                                    " x " + std::to_string(height()));
    }
    uploadSamples(device, image_, heightmap);
}

}  // namespace terrain
