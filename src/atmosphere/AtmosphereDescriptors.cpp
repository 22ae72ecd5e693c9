#include "atmosphere/AtmosphereDescriptors.h"

#include "atmosphere/AtmosphereTables.h"

#include "vk/Buffer.h"

#include <array>

namespace atmosphere {

namespace {

constexpr VkShaderStageFlags kStages =
    VK_SHADER_STAGE_COMPUTE_BIT | VK_SHADER_STAGE_VERTEX_BIT | VK_SHADER_STAGE_FRAGMENT_BIT;

vk::DescriptorSetLayout makeLayout(const vk::Device& device)
{
    const std::array<vk::DescriptorBinding, 7> bindings{{
        {binding::kUniforms, VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, kStages, 1},
        {binding::kTransmittance, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, kStages, 1},
        {binding::kMultipleScattering, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, kStages, 1},
        {binding::kSkyView, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, kStages, 1},
        {binding::kAerialInScattering, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, kStages, 1},
        {binding::kAerialTransmittance, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, kStages, 1},
        {binding::kSkyIrradiance, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, kStages, 1},
    }};
    return vk::DescriptorSetLayout(device, bindings);
}

}  // namespace

AtmosphereDescriptors::AtmosphereDescriptors(const vk::Device& device, const AtmosphereTables& tables,
                                             const vk::Buffer& uniforms)
    : layout_(makeLayout(device)),
      pool_(device, layout_, 1),
      set_(pool_.allocate(layout_))
{
    const VkSampler sampler = tables.sampler().handle();
    constexpr VkImageLayout layout = AtmosphereTables::kLayout;
    vk::DescriptorWriter()
        .uniformBuffer(binding::kUniforms, uniforms)
        .combinedImageSampler(binding::kTransmittance, tables.transmittance().view(), sampler, layout)
        .combinedImageSampler(binding::kMultipleScattering, tables.multipleScattering().view(), sampler, layout)
        .combinedImageSampler(binding::kSkyView, tables.skyView().view(), sampler, layout)
        .combinedImageSampler(binding::kAerialInScattering, tables.aerialInScattering().view(), sampler, layout)
        .combinedImageSampler(binding::kAerialTransmittance, tables.aerialTransmittance().view(), sampler, layout)
        .storageBuffer(binding::kSkyIrradiance, tables.skyIrradiance())
        .update(device, set_);
}

}  // namespace atmosphere
