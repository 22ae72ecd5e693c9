// The atmosphere's GPU tables: transmittance, multiple scattering, sky view,
// the two aerial-perspective volumes and the sky-irradiance buffer. Every
// image lives in VK_IMAGE_LAYOUT_GENERAL for its whole life (written as a
// storage image by the kernels, sampled by everyone else), so passes only
// need memory barriers, never layout transitions.
#pragma once

#include "atmosphere/AtmosphereQuality.h"
#include "atmosphere/VolumeImage.h"

#include "vk/Buffer.h"
#include "vk/Image.h"

#include <vulkan/vulkan.h>

namespace vk {
class Device;
}

namespace atmosphere {

// The std430 block the sky-irradiance kernel writes (AtmosphereTables.glsl).
struct SkyIrradianceBlock {
    float skyIrradianceUp[4];   // rgb: irradiance of an upward surface at the camera from the sky
    float groundIrradiance[4];  // rgb: irradiance of flat ground at the camera, sky + sun
};

class AtmosphereTables {
public:
    static constexpr VkImageLayout kLayout = VK_IMAGE_LAYOUT_GENERAL;
    static constexpr VkFormat kTransmittanceFormat = VK_FORMAT_R32G32B32A32_SFLOAT;
    static constexpr VkFormat kLuminanceFormat = VK_FORMAT_R16G16B16A16_SFLOAT;

    // Creates every table and moves the images to kLayout (waits for the GPU).
    AtmosphereTables(vk::Device& device, const AtmosphereQuality& quality);

    [[nodiscard]] const vk::Image& transmittance() const { return transmittance_; }
    [[nodiscard]] const vk::Image& multipleScattering() const { return multipleScattering_; }
    [[nodiscard]] const vk::Image& skyView() const { return skyView_; }
    [[nodiscard]] const VolumeImage& aerialInScattering() const { return aerialInScattering_; }
    [[nodiscard]] const VolumeImage& aerialTransmittance() const { return aerialTransmittance_; }
    [[nodiscard]] const vk::Buffer& skyIrradiance() const { return skyIrradiance_; }
    // Bilinear / trilinear, clamped to the edges: what the shaders sample with.
    [[nodiscard]] const vk::Sampler& sampler() const { return sampler_; }

private:
    vk::Image transmittance_;
    vk::Image multipleScattering_;
    vk::Image skyView_;
    VolumeImage aerialInScattering_;
    VolumeImage aerialTransmittance_;
    vk::Buffer skyIrradiance_;
    vk::Sampler sampler_;
};

}  // namespace atmosphere
