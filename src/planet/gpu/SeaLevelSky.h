// The sky seen from sea level, as the sea reflects it (shaders/planet/
// SeaLevelSky.glsl): a static 3D table of the light reaching the
// atmosphere's ground from every upward direction, by the direction's and
// the sun's angles. The globe's sea looks its reflection up there instead
// of integrating the air along each reflected ray.
#pragma once

#include "atmosphere/VolumeImage.h"

#include "vk/ComputeKernel.h"
#include "vk/Image.h"

#include <vulkan/vulkan.h>

namespace atmosphere {
class Atmosphere;
}
namespace vk {
class Device;
class ShaderLibrary;
}  // namespace vk

namespace planet::gpu {

class SeaLevelSky {
public:
    // Texels: the direction's angle above the horizon, the sun's angle, and
    // the azimuth between them, twice: without and with only the Mie light
    // (SeaLevelSky.glsl).
    static constexpr VkExtent3D kExtent{32, 64, 2 * 32};
    static constexpr VkImageLayout kLayout = VK_IMAGE_LAYOUT_GENERAL;

    // Builds the table from the atmosphere's static tables (waits for the
    // GPU). Throws vk::Error when the kernel does not compile.
    SeaLevelSky(vk::Device& device, const vk::ShaderLibrary& shaders, const atmosphere::Atmosphere& atmosphere);

    // Recompiles the kernel from disk and builds the table again (waits for
    // the GPU); throws vk::Error, keeping the old table, on a compile error.
    void rebuild();

    [[nodiscard]] const atmosphere::VolumeImage& table() const { return table_; }
    // Trilinear, clamped to the edges: the atmosphere's tables' sampler.
    [[nodiscard]] const vk::Sampler& sampler() const;

private:
    [[nodiscard]] vk::ComputeKernel compileKernel() const;
    void build();

    vk::Device* device_;
    const vk::ShaderLibrary* shaders_;
    const atmosphere::Atmosphere* atmosphere_;
    atmosphere::VolumeImage table_;
    vk::ComputeKernel kernel_;
};

}  // namespace planet::gpu
