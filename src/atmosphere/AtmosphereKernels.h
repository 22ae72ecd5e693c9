// The compute kernels of the atmosphere (shaders/atmosphere/*.comp). Each
// binds the atmosphere's descriptor set as set 0 and its own outputs
// (storage images or buffer) as set 1, the kernel's own.
#pragma once

#include "vk/ComputeKernel.h"
#include "vk/Descriptors.h"

#include <vulkan/vulkan.h>

namespace vk {
class Device;
class ShaderLibrary;
}  // namespace vk

namespace atmosphere {

class AtmosphereTables;

// Binds an atmosphere kernel and `tablesSet`, the atmosphere's descriptor set, as set 0.
void bindAtmosphereKernel(VkCommandBuffer commands, const vk::ComputeKernel& kernel, VkDescriptorSet tablesSet);

// All five kernels, compiled and with their output sets written. Throws
// vk::Error when a shader does not compile.
struct AtmosphereKernels {
    AtmosphereKernels(const vk::Device& device, const vk::ShaderLibrary& shaders, const AtmosphereTables& tables,
                      VkDescriptorSetLayout tablesLayout);

    vk::ComputeKernel transmittance;
    vk::ComputeKernel multipleScattering;
    vk::ComputeKernel skyView;
    vk::ComputeKernel skyIrradiance;
    vk::ComputeKernel aerialPerspective;
};

}  // namespace atmosphere
