// One compute pipeline of the CBT update pipeline with its own descriptor set
// 0 (layout, pool, set), an optional push-constant block and optional extra
// set layouts (sets 1, 2, ... owned by someone else, e.g. a subdivision
// criterion). Internal helper of the pass classes.
#pragma once

#include "vk/Descriptors.h"
#include "vk/Pipeline.h"

#include <vulkan/vulkan.h>

#include <cstdint>
#include <span>

namespace vk {
class Device;
}

namespace vk {

class ComputeKernel {
public:
    ComputeKernel(const vk::Device& device, std::span<const std::uint32_t> spirv,
                  std::span<const vk::DescriptorBinding> set0Bindings, std::uint32_t pushConstantBytes,
                  std::span<const VkDescriptorSetLayout> extraSetLayouts = {});

    // Set 0, allocated from the kernel's pool; write it with vk::DescriptorWriter.
    [[nodiscard]] VkDescriptorSet descriptorSet() const { return set_; }
    [[nodiscard]] VkPipelineLayout pipelineLayout() const { return pipelineLayout_.handle(); }

    // Binds the pipeline and set 0.
    void bind(VkCommandBuffer commands) const;
    // Binds `set` at index `setIndex` (>= 1).
    void bindExtraSet(VkCommandBuffer commands, std::uint32_t setIndex, VkDescriptorSet set) const;
    // vkCmdPushConstants of `bytes` at offset 0 (its size must match the block).
    void pushConstants(VkCommandBuffer commands, std::span<const std::byte> bytes) const;

private:
    vk::DescriptorSetLayout setLayout_;
    vk::DescriptorPool pool_;
    VkDescriptorSet set_ = VK_NULL_HANDLE;
    vk::PipelineLayout pipelineLayout_;
    vk::ComputePipeline pipeline_;
};

}  // namespace vk
