// The atmosphere's descriptor set as every shader reads it (layout in
// shaders/atmosphere/AtmosphereTables.glsl): the uniform block, the five
// tables as combined image samplers in VK_IMAGE_LAYOUT_GENERAL, and the
// sky-irradiance storage buffer, visible to compute, vertex and fragment
// shaders. The kernels bind it as set 0; the sky and terrain shaders at
// whatever set they define ATMOSPHERE_SET to.
#pragma once

#include "vk/Descriptors.h"

#include <vulkan/vulkan.h>

#include <cstdint>

namespace vk {
class Buffer;
class Device;
}  // namespace vk

namespace atmosphere {

class AtmosphereTables;

namespace binding {
inline constexpr uint32_t kUniforms = 0;
inline constexpr uint32_t kTransmittance = 1;
inline constexpr uint32_t kMultipleScattering = 2;
inline constexpr uint32_t kSkyView = 3;
inline constexpr uint32_t kAerialInScattering = 4;
inline constexpr uint32_t kAerialTransmittance = 5;
inline constexpr uint32_t kSkyIrradiance = 6;
}  // namespace binding

class AtmosphereDescriptors {
public:
    AtmosphereDescriptors(const vk::Device& device, const AtmosphereTables& tables, const vk::Buffer& uniforms);

    [[nodiscard]] VkDescriptorSetLayout layout() const { return layout_.handle(); }
    [[nodiscard]] VkDescriptorSet set() const { return set_; }

private:
    vk::DescriptorSetLayout layout_;
    vk::DescriptorPool pool_;
    VkDescriptorSet set_ = VK_NULL_HANDLE;
};

}  // namespace atmosphere
