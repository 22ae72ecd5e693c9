// Imagery draped over the terrain: an R8G8B8A8_SRGB texture (so that the
// shader reads linear colour) with a full mip chain, sampled trilinearly
// (anisotropically where the device can) and clamped to its edge, that the
// terrain's fragment shader reads at the heightmap's texture coordinate
// (terrain/TerrainShading.glsl, binding kImageryBinding). Its texels cover the
// heightmap's ground, row 0 at v = 0; alpha says where imagery lies (the
// materials show elsewhere). Without imagery it is one transparent texel.
#pragma once

#include "vk/Image.h"

#include <cstdint>
#include <span>
#include <vector>

namespace vk {
class Device;
}

namespace terrain {

// Tightly packed RGBA8 texels (sRGB colour, linear alpha), row 0 at v = 0;
// empty `rgba`: no imagery.
struct ImageryPixels {
    std::uint32_t width = 0;
    std::uint32_t height = 0;
    std::span<const std::uint8_t> rgba;
};

class ImageryTexture {
public:
    // Throws vk::Error when the imagery is larger than the device's
    // maxImageDimension2D or the device cannot sample R8G8B8A8_SRGB with
    // linear filtering, and std::invalid_argument when `rgba` is not
    // width * height * 4 bytes. The mips are linear blits where the format
    // supports them, else box-filtered on the CPU (imageryMipLevel).
    ImageryTexture(vk::Device& device, const ImageryPixels& pixels);

    static constexpr VkFormat kFormat = VK_FORMAT_R8G8B8A8_SRGB;
    static constexpr VkImageLayout kLayout = VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL;
    [[nodiscard]] const vk::Image& image() const { return image_; }
    [[nodiscard]] VkImageView view() const { return image_.view(); }
    [[nodiscard]] VkSampler sampler() const { return sampler_.handle(); }
    // Whether it holds imagery (not the transparent texel).
    [[nodiscard]] bool present() const { return present_; }

private:
    vk::Image image_;
    vk::Sampler sampler_;
    bool present_ = false;
};

// The next mip level of width x height RGBA8 texels (half the size, at least
// 1): each texel the mean of the texels it covers (2 x 2, up to 3 x 3 along
// an odd side), colour averaged in linear light (sRGB decoded, then encoded
// again), alpha as it is.
[[nodiscard]] std::vector<std::uint8_t> imageryMipLevel(std::span<const std::uint8_t> rgba, std::uint32_t width,
                                                        std::uint32_t height);

}  // namespace terrain
