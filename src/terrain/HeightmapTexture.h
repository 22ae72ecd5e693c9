// The heightmap on the GPU: an R16_UNORM image holding the 16-bit samples
// exactly as loaded (8-bit maps are widened by v * 257, which keeps v / 255
// exact), with a full mip chain (box-filtered by linear blits) for sampling,
// and a linear, clamp-to-edge sampler. Texel row 0 is v = 0.
#pragma once

#include "heightmap/Heightmap.h"
#include "vk/Image.h"

#include <cstdint>

namespace vk {
class Device;
}

namespace terrain {

class HeightmapTexture {
public:
    // Throws vk::Error (one line naming heightmap.sourcePath) when the map is
    // larger than the device's maxImageDimension2D, or when the device cannot
    // sample, filter and blit R16_UNORM images.
    HeightmapTexture(vk::Device& device, const heightmap::Heightmap& heightmap);

    // Uploads the samples of a heightmap of the same size in place of the
    // current ones and rebuilds the mip chain (blocking; nothing on the
    // device may read the texture meanwhile). Throws std::invalid_argument
    // for another size.
    void replaceSamples(vk::Device& device, const heightmap::Heightmap& heightmap);

    [[nodiscard]] const vk::Image& image() const { return image_; }
    [[nodiscard]] VkImageView view() const { return image_.view(); }
    [[nodiscard]] VkSampler sampler() const { return sampler_.handle(); }
    [[nodiscard]] std::uint32_t width() const { return image_.extent().width; }
    [[nodiscard]] std::uint32_t height() const { return image_.extent().height; }
    // The layout every mip level is in after construction.
    static constexpr VkImageLayout kLayout = VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL;

private:
    vk::Image image_;
    vk::Sampler sampler_;
};

// Number of levels of a full mip chain of a width x height image.
std::uint32_t fullMipLevelCount(std::uint32_t width, std::uint32_t height);

// Records the mip chain of `image`, whose level 0 is in TRANSFER_SRC_OPTIMAL:
// every other level by a linear blit of the one above (the format must
// support linear blits); leaves all levels in SHADER_READ_ONLY_OPTIMAL,
// visible to shader reads.
void recordMipChain(const vk::Device& device, VkCommandBuffer commands, const vk::Image& image);

}  // namespace terrain
