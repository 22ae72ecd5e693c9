#include "terrain/SeaMask.h"

#include <cstddef>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

namespace terrain {

SeaLevel seaLevelOf(const TerrainSettings& settings)
{
    if (settings.seaLevelMetres) {
        return {true, *settings.seaLevelMetres / settings.elevationPerWorldHeight, false};
    }
    if (settings.seaLevelKnown) {
        return {true, 0.0f, true};
    }
    return {};
}

std::vector<std::uint8_t> seaMaskOf(const heightmap::Heightmap& heightmap, double levelNormalised,
                                    bool connectedToBorder)
{
    const std::uint32_t width = heightmap.width;
    const std::uint32_t height = heightmap.height;
    std::vector<std::uint8_t> mask(static_cast<std::size_t>(width) * height, 0);
    const auto below = [&](std::uint32_t x, std::uint32_t y) {
        return static_cast<double>(heightmap.normalisedSample(x, y)) <= levelNormalised;
    };
    if (!connectedToBorder) {
        for (std::uint32_t y = 0; y < height; ++y) {
            for (std::uint32_t x = 0; x < width; ++x) {
                mask[static_cast<std::size_t>(y) * width + x] = below(x, y) ? 1 : 0;
            }
        }
        return mask;
    }
    // Flood from the border through samples under the level.
    std::vector<std::size_t> pending;
    const auto visit = [&](std::uint32_t x, std::uint32_t y) {
        const std::size_t index = static_cast<std::size_t>(y) * width + x;
        if (mask[index] == 0 && below(x, y)) {
            mask[index] = 1;
            pending.push_back(index);
        }
    };
    for (std::uint32_t x = 0; x < width; ++x) {
        visit(x, 0);
        visit(x, height - 1);
    }
    for (std::uint32_t y = 0; y < height; ++y) {
        visit(0, y);
        visit(width - 1, y);
    }
    while (!pending.empty()) {
        const std::size_t index = pending.back();
        pending.pop_back();
        const auto x = static_cast<std::uint32_t>(index % width);
        const auto y = static_cast<std::uint32_t>(index / width);
        if (x > 0) {
            visit(x - 1, y);
        }
        if (x + 1 < width) {
            visit(x + 1, y);
        }
        if (y > 0) {
            visit(x, y - 1);
        }
        if (y + 1 < height) {
            visit(x, y + 1);
        }
    }
    return mask;
}

namespace {

std::vector<std::byte> texelsOf(const std::vector<std::uint8_t>& mask)
{
    std::vector<std::byte> texels(mask.size());
    for (std::size_t i = 0; i < mask.size(); ++i) {
        texels[i] = mask[i] != 0 ? std::byte{255} : std::byte{0};
    }
    return texels;
}

}  // namespace

SeaMaskTexture::SeaMaskTexture(vk::Device& device, std::uint32_t width, std::uint32_t height,
                               const std::vector<std::uint8_t>& mask)
    : image_(device, vk::ImageDescription{VK_FORMAT_R8_UNORM, VkExtent2D{width, height}, 1,
                                          VK_IMAGE_USAGE_SAMPLED_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT,
                                          VK_IMAGE_ASPECT_COLOR_BIT}),
      sampler_(device, vk::SamplerDescription{VK_FILTER_LINEAR, VK_SAMPLER_MIPMAP_MODE_NEAREST,
                                              VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE, 1.0f})
{
    const std::vector<std::byte> texels = texelsOf(mask);
    vk::uploadImageMip0(device, image_, std::span<const std::byte>(texels));
}

void SeaMaskTexture::replaceMask(vk::Device& device, const std::vector<std::uint8_t>& mask)
{
    const VkExtent2D extent = image_.extent();
    if (mask.size() != std::size_t{extent.width} * extent.height) {
        throw std::invalid_argument("SeaMaskTexture::replaceMask: " + std::to_string(mask.size()) +
                                    " samples replace " + std::to_string(extent.width) + " x " +
                                    std::to_string(extent.height));
    }
    const std::vector<std::byte> texels = texelsOf(mask);
    vk::uploadImageMip0(device, image_, std::span<const std::byte>(texels));
}

std::optional<std::vector<std::uint8_t>> seaMaskSamplesFor(const heightmap::Heightmap& heightmap,
                                                           const TerrainSettings& settings)
{
    const SeaLevel sea = seaLevelOf(settings);
    if (!sea.present) {
        return std::nullopt;
    }
    const double scale = settings.heightScaleMetres;
    const double level = scale > 0.0 ? (sea.worldY - settings.heightOffsetMetres) / scale
                                     : (sea.worldY >= settings.heightOffsetMetres ? 1.0 : -1.0);
    return seaMaskOf(heightmap, level, sea.connectedToBorder);
}

}  // namespace terrain
