#include "vk/ComputeKernel.h"

#include <vector>

namespace vk {

namespace {

vk::PipelineLayout makePipelineLayout(const vk::Device& device, VkDescriptorSetLayout set0,
                                      std::span<const VkDescriptorSetLayout> extraSetLayouts,
                                      std::uint32_t pushConstantBytes)
{
    std::vector<VkDescriptorSetLayout> setLayouts{set0};
    setLayouts.insert(setLayouts.end(), extraSetLayouts.begin(), extraSetLayouts.end());
    const VkPushConstantRange range{VK_SHADER_STAGE_COMPUTE_BIT, 0, pushConstantBytes};
    const std::size_t rangeCount = pushConstantBytes > 0 ? 1 : 0;
    return vk::PipelineLayout(device, setLayouts, std::span<const VkPushConstantRange>(&range, rangeCount));
}

}  // namespace

ComputeKernel::ComputeKernel(const vk::Device& device, std::span<const std::uint32_t> spirv,
                             std::span<const vk::DescriptorBinding> set0Bindings, std::uint32_t pushConstantBytes,
                             std::span<const VkDescriptorSetLayout> extraSetLayouts)
    : setLayout_(device, set0Bindings),
      pool_(device, setLayout_, 1),
      set_(pool_.allocate(setLayout_)),
      pipelineLayout_(makePipelineLayout(device, setLayout_.handle(), extraSetLayouts, pushConstantBytes)),
      pipeline_(device, pipelineLayout_, spirv)
{
}

void ComputeKernel::bind(VkCommandBuffer commands) const
{
    pipeline_.bind(commands);
    vkCmdBindDescriptorSets(commands, VK_PIPELINE_BIND_POINT_COMPUTE, pipelineLayout_.handle(), 0, 1, &set_, 0,
                            nullptr);
}

void ComputeKernel::bindExtraSet(VkCommandBuffer commands, std::uint32_t setIndex, VkDescriptorSet set) const
{
    vkCmdBindDescriptorSets(commands, VK_PIPELINE_BIND_POINT_COMPUTE, pipelineLayout_.handle(), setIndex, 1, &set, 0,
                            nullptr);
}

void ComputeKernel::pushConstants(VkCommandBuffer commands, std::span<const std::byte> bytes) const
{
    vkCmdPushConstants(commands, pipelineLayout_.handle(), VK_SHADER_STAGE_COMPUTE_BIT, 0,
                       static_cast<std::uint32_t>(bytes.size()), bytes.data());
}

}  // namespace vk
