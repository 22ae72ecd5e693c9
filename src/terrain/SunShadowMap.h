// The terrain's shadows from the sun, independent of the view: a horizon
// map. For every texel of a grid over the map (the heightmap's size, at most
// kMaxSunShadowTexels a side) it holds the highest elevation angle
// (radians) at which the terrain stands towards the sun's azimuth, computed on
// the GPU (shaders/terrain/SunHorizon.comp) whenever the sun, the heights or
// the world size change. The terrain's fragment shader compares it with the
// sun's elevation over the sun's angular size, so shadows are soft and
// exact at any distance from the camera.
#pragma once

#include "terrain/HeightmapTexture.h"
#include "vk/ComputeKernel.h"
#include "vk/Image.h"
#include "vk/ShaderLibrary.h"

#include <glm/vec2.hpp>
#include <glm/vec3.hpp>

#include <cstdint>
#include <optional>

namespace vk {
class Device;
}

namespace terrain {

inline constexpr std::uint32_t kMaxSunShadowTexels = 1024;

// What the horizon map depends on besides the heightmap.
struct SunShadowInputs {
    glm::vec3 sunDirection{0.0f, 1.0f, 0.0f};  // unit, towards the sun
    glm::vec2 worldExtentMetres{1.0f};         // the terrain's width (x) and depth (z)
    float heightScaleMetres = 0.0f;
    float heightOffsetMetres = 0.0f;

    bool operator==(const SunShadowInputs&) const = default;
};

class SunShadowMap {
public:
    SunShadowMap(const vk::Device& device, const vk::ShaderLibrary& shaders, const HeightmapTexture& heightmap);

    // Read by fragment shaders in kLayout once recordIfStale has run.
    static constexpr VkImageLayout kLayout = VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL;
    [[nodiscard]] VkImageView view() const { return image_.view(); }
    [[nodiscard]] VkSampler sampler() const { return sampler_.handle(); }
    [[nodiscard]] VkExtent2D extent() const { return image_.extent(); }

    // Records the map's computation (outside any rendering) when shadows are
    // `shown` and `inputs` differ from those of the last one recorded, or
    // none was: earlier fragment reads, then the compute pass, then the image
    // in kLayout visible to fragment shaders. Without shadows it only puts
    // the image in kLayout once (the draw binds it but does not read it).
    // Returns whether it recorded a computation.
    bool recordIfStale(VkCommandBuffer commands, const SunShadowInputs& inputs, bool shown);
    // The heightmap's samples changed: the next recordIfStale computes the
    // map again whatever its inputs.
    void markStale() { computed_.reset(); }

private:
    const vk::Device* device_;
    vk::Image image_;
    vk::Sampler sampler_;
    vk::ComputeKernel kernel_;
    std::optional<SunShadowInputs> computed_;
    bool readable_ = false;  // the image is in kLayout
};

}  // namespace terrain
