// A compute pipeline with a descriptor set of its own (layout, pool, set),
// an optional push-constant block, and the layouts of the sets other objects
// own (a subdivision criterion's data, the atmosphere's tables). Every
// compute pass of the project is one or more of these.
#pragma once

#include "vk/Descriptors.h"
#include "vk/Pipeline.h"

#include <vulkan/vulkan.h>

#include <cstddef>
#include <cstdint>
#include <span>

namespace vk {

class Device;

class ComputeKernel {
public:
    // The pipeline layout's sets are `otherSetLayouts` in order, with the
    // kernel's own set (`ownBindings`) inserted at index `ownSetIndex`
    // (<= otherSetLayouts.size()). `constants` specialise the shader.
    ComputeKernel(const Device& device, std::span<const std::uint32_t> spirv,
                  std::span<const DescriptorBinding> ownBindings, std::uint32_t pushConstantBytes,
                  std::span<const VkDescriptorSetLayout> otherSetLayouts = {}, std::uint32_t ownSetIndex = 0,
                  std::span<const SpecializationConstant> constants = {});

    // The kernel's own set, allocated from its pool; write it with vk::DescriptorWriter.
    [[nodiscard]] VkDescriptorSet descriptorSet() const { return set_; }
    [[nodiscard]] VkPipelineLayout pipelineLayout() const { return pipelineLayout_.handle(); }

    // Binds the pipeline and the kernel's own set.
    void bind(VkCommandBuffer commands) const;
    // Binds `set` (another object's) at index `setIndex`.
    void bindSet(VkCommandBuffer commands, std::uint32_t setIndex, VkDescriptorSet set) const;
    // vkCmdPushConstants of `bytes` at offset 0 (its size must match the block).
    void pushConstants(VkCommandBuffer commands, std::span<const std::byte> bytes) const;

private:
    std::uint32_t ownSetIndex_;
    DescriptorSetLayout setLayout_;
    DescriptorPool pool_;
    VkDescriptorSet set_ = VK_NULL_HANDLE;
    PipelineLayout pipelineLayout_;
    ComputePipeline pipeline_;
};

}  // namespace vk
