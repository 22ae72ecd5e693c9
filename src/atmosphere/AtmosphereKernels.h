// The compute kernels of the atmosphere (shaders/atmosphere/*.comp). Each
// binds the atmosphere's descriptor set as set 0 and its own outputs
// (storage images or buffer) as set 1.
#pragma once

#include "vk/Descriptors.h"
#include "vk/Pipeline.h"

#include <vulkan/vulkan.h>

#include <cstdint>
#include <span>

namespace vk {
class Device;
class ShaderCompiler;
}  // namespace vk

namespace atmosphere {

class AtmosphereTables;

class AtmosphereKernel {
public:
    AtmosphereKernel(const vk::Device& device, std::span<const uint32_t> spirv, VkDescriptorSetLayout tablesLayout,
                     std::span<const vk::DescriptorBinding> outputBindings);

    // Set 1 (write it with vk::DescriptorWriter).
    [[nodiscard]] VkDescriptorSet outputSet() const { return outputSet_; }

    // Binds the pipeline, `tablesSet` as set 0 and the output set as set 1.
    void bind(VkCommandBuffer commands, VkDescriptorSet tablesSet) const;

private:
    vk::DescriptorSetLayout outputLayout_;
    vk::DescriptorPool pool_;
    VkDescriptorSet outputSet_ = VK_NULL_HANDLE;
    vk::PipelineLayout pipelineLayout_;
    vk::ComputePipeline pipeline_;
};

// All five kernels, compiled and with their output sets written. Throws
// vk::Error when a shader does not compile.
struct AtmosphereKernels {
    AtmosphereKernels(const vk::Device& device, const vk::ShaderCompiler& compiler, const AtmosphereTables& tables,
                      VkDescriptorSetLayout tablesLayout);

    AtmosphereKernel transmittance;
    AtmosphereKernel multipleScattering;
    AtmosphereKernel skyView;
    AtmosphereKernel skyIrradiance;
    AtmosphereKernel aerialPerspective;
};

}  // namespace atmosphere
