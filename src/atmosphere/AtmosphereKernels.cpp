#include "atmosphere/AtmosphereKernels.h"

#include "atmosphere/AtmosphereTables.h"

#include "vk/ShaderCompiler.h"

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

vk::PipelineLayout makePipelineLayout(const vk::Device& device, VkDescriptorSetLayout tablesLayout,
                                      VkDescriptorSetLayout outputLayout)
{
    const std::array<VkDescriptorSetLayout, 2> layouts{tablesLayout, outputLayout};
    return vk::PipelineLayout(device, layouts);
}

AtmosphereKernel compileKernel(const vk::Device& device, const vk::ShaderCompiler& compiler, const char* path,
                               VkDescriptorSetLayout tablesLayout, std::span<const vk::DescriptorBinding> outputs)
{
    const std::vector<uint32_t> spirv = compiler.compileFile(path, vk::ShaderStage::Compute);
    return AtmosphereKernel(device, spirv, tablesLayout, outputs);
}

}  // namespace

AtmosphereKernel::AtmosphereKernel(const vk::Device& device, std::span<const uint32_t> spirv,
                                   VkDescriptorSetLayout tablesLayout,
                                   std::span<const vk::DescriptorBinding> outputBindings)
    : outputLayout_(device, outputBindings),
      pool_(device, outputLayout_, 1),
      outputSet_(pool_.allocate(outputLayout_)),
      pipelineLayout_(makePipelineLayout(device, tablesLayout, outputLayout_.handle())),
      pipeline_(device, pipelineLayout_, spirv)
{
}

void AtmosphereKernel::bind(VkCommandBuffer commands, VkDescriptorSet tablesSet) const
{
    pipeline_.bind(commands);
    const std::array<VkDescriptorSet, 2> sets{tablesSet, outputSet_};
    vkCmdBindDescriptorSets(commands, VK_PIPELINE_BIND_POINT_COMPUTE, pipelineLayout_.handle(), 0,
                            static_cast<uint32_t>(sets.size()), sets.data(), 0, nullptr);
}

AtmosphereKernels::AtmosphereKernels(const vk::Device& device, const vk::ShaderCompiler& compiler,
                                     const AtmosphereTables& tables, VkDescriptorSetLayout tablesLayout)
    : transmittance(compileKernel(device, compiler, "atmosphere/Transmittance.comp", tablesLayout, kOneImage)),
      multipleScattering(
          compileKernel(device, compiler, "atmosphere/MultipleScattering.comp", tablesLayout, kOneImage)),
      skyView(compileKernel(device, compiler, "atmosphere/SkyView.comp", tablesLayout, kOneImage)),
      skyIrradiance(compileKernel(device, compiler, "atmosphere/SkyIrradiance.comp", tablesLayout, kOneBuffer)),
      aerialPerspective(compileKernel(device, compiler, "atmosphere/AerialPerspective.comp", tablesLayout, kTwoImages))
{
    constexpr VkImageLayout layout = AtmosphereTables::kLayout;
    vk::DescriptorWriter()
        .storageImage(0, tables.transmittance().view(), layout)
        .update(device, transmittance.outputSet());
    vk::DescriptorWriter()
        .storageImage(0, tables.multipleScattering().view(), layout)
        .update(device, multipleScattering.outputSet());
    vk::DescriptorWriter().storageImage(0, tables.skyView().view(), layout).update(device, skyView.outputSet());
    vk::DescriptorWriter().storageBuffer(0, tables.skyIrradiance()).update(device, skyIrradiance.outputSet());
    vk::DescriptorWriter()
        .storageImage(0, tables.aerialInScattering().view(), layout)
        .storageImage(1, tables.aerialTransmittance().view(), layout)
        .update(device, aerialPerspective.outputSet());
}

}  // namespace atmosphere
