// Where the sea is: the heightmap samples under water, as a texture the
// terrain's shading reads (terrain/TerrainShading.glsl, binding
// kSeaMaskBinding) to draw a water surface at sea level over them.
#pragma once

#include "heightmap/Heightmap.h"
#include "terrain/TerrainSettings.h"
#include "vk/Image.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace vk {
class Device;
}

namespace terrain {

// The sea the settings ask for: below --sea-level (seaLevelMetres, real
// metres) anywhere, else at or below a DEM's sea level where it joins the
// map's border; none on a heightmap without a vertical datum.
struct SeaLevel {
    bool present = false;
    float worldY = 0.0f;  // the water surface's world height
    bool connectedToBorder = false;
};
[[nodiscard]] SeaLevel seaLevelOf(const TerrainSettings& settings);

// 1 for each sample (row-major, like the heightmap's) whose normalised height
// is at or below `levelNormalised` and, with `connectedToBorder`, that joins
// the map's border through such samples (4-neighbours): a sea, not a
// depression inland. 0 elsewhere.
[[nodiscard]] std::vector<std::uint8_t> seaMaskOf(const heightmap::Heightmap& heightmap, double levelNormalised,
                                                  bool connectedToBorder);

// The mask of the sea the settings ask for (seaLevelOf) over the terrain's
// heightmap, as the terrain draws it; empty without a sea.
[[nodiscard]] std::optional<std::vector<std::uint8_t>> seaMaskSamplesFor(const heightmap::Heightmap& heightmap,
                                                                         const TerrainSettings& settings);

// The mask as an R8 texture (255 for sea), filtered linearly so that the
// coast is smooth between samples.
class SeaMaskTexture {
public:
    SeaMaskTexture(vk::Device& device, std::uint32_t width, std::uint32_t height,
                   const std::vector<std::uint8_t>& mask);

    static constexpr VkImageLayout kLayout = VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL;
    // Uploads a mask of the same size in place of the current one (blocking;
    // nothing on the device may read the texture meanwhile). Throws
    // std::invalid_argument for another size.
    void replaceMask(vk::Device& device, const std::vector<std::uint8_t>& mask);
    [[nodiscard]] VkImageView view() const { return image_.view(); }
    [[nodiscard]] VkSampler sampler() const { return sampler_.handle(); }

private:
    vk::Image image_;
    vk::Sampler sampler_;
};

}  // namespace terrain
