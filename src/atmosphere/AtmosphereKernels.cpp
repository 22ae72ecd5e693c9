#include "atmosphere/AtmosphereKernels.h"

#include "atmosphere/AtmosphereTables.h"

#include "vk/ShaderLibrary.h"

#include <array>

namespace atmosphere {

namespace {

constexpr vk::DescriptorBinding storageImage(uint32_t index)
{
    return {index, VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, VK_SHADER_STAGE_COMPUTE_BIT, 1};
}

constexpr std::array<vk::DescriptorBinding, 1> kOneImage{storageImage(0)};
constexpr std::array<vk::DescriptorBinding, 2> kTwoImages{storageImage(0), storageImage(1)};
constexpr std::array<vk::DescriptorBinding, 1> kOneBuffer{
    vk::DescriptorBinding{0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, VK_SHADER_STAGE_COMPUTE_BIT, 1}};

vk::ComputeKernel compileKernel(const vk::Device& device, const vk::ShaderLibrary& shaders, const char* path,
                                VkDescriptorSetLayout tablesLayout, std::span<const vk::DescriptorBinding> outputs)
{
    return vk::ComputeKernel(device, shaders.load(path), outputs, 0, std::span(&tablesLayout, 1), 1);
}

}  // namespace

void bindAtmosphereKernel(VkCommandBuffer commands, const vk::ComputeKernel& kernel, VkDescriptorSet tablesSet)
{
    kernel.bind(commands);
    kernel.bindSet(commands, 0, tablesSet);
}

AtmosphereKernels::AtmosphereKernels(const vk::Device& device, const vk::ShaderLibrary& shaders,
                                     const AtmosphereTables& tables, VkDescriptorSetLayout tablesLayout)
    : transmittance(compileKernel(device, shaders, "atmosphere/Transmittance.comp", tablesLayout, kOneImage)),
      multipleScattering(compileKernel(device, shaders, "atmosphere/MultipleScattering.comp", tablesLayout, kOneImage)),
      skyView(compileKernel(device, shaders, "atmosphere/SkyView.comp", tablesLayout, kOneImage)),
      skyIrradiance(compileKernel(device, shaders, "atmosphere/SkyIrradiance.comp", tablesLayout, kOneBuffer)),
      aerialPerspective(compileKernel(device, shaders, "atmosphere/AerialPerspective.comp", tablesLayout, kTwoImages))
{
    constexpr VkImageLayout layout = AtmosphereTables::kLayout;
    vk::DescriptorWriter()
        .storageImage(0, tables.transmittance().view(), layout)
        .update(device, transmittance.descriptorSet());
    vk::DescriptorWriter()
        .storageImage(0, tables.multipleScattering().view(), layout)
        .update(device, multipleScattering.descriptorSet());
    vk::DescriptorWriter().storageImage(0, tables.skyView().view(), layout).update(device, skyView.descriptorSet());
    vk::DescriptorWriter().storageBuffer(0, tables.skyIrradiance()).update(device, skyIrradiance.descriptorSet());
    vk::DescriptorWriter()
        .storageImage(0, tables.aerialInScattering().view(), layout)
        .storageImage(1, tables.aerialTransmittance().view(), layout)
        .update(device, aerialPerspective.descriptorSet());
}

}  // namespace atmosphere
