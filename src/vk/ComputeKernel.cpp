#include "vk/ComputeKernel.h"

#include "vk/Error.h"

#include <string>
#include <vector>

namespace vk {

namespace {

PipelineLayout makePipelineLayout(const Device& device, VkDescriptorSetLayout ownLayout, std::uint32_t ownSetIndex,
                                  std::span<const VkDescriptorSetLayout> otherSetLayouts,
                                  std::uint32_t pushConstantBytes)
{
    if (ownSetIndex > otherSetLayouts.size()) {
        throw Error("ComputeKernel: own set index " + std::to_string(ownSetIndex) + " beyond the " +
                    std::to_string(otherSetLayouts.size()) + " other sets");
    }
    std::vector<VkDescriptorSetLayout> setLayouts(otherSetLayouts.begin(), otherSetLayouts.end());
    setLayouts.insert(setLayouts.begin() + ownSetIndex, ownLayout);
    const VkPushConstantRange range{VK_SHADER_STAGE_COMPUTE_BIT, 0, pushConstantBytes};
    const std::size_t rangeCount = pushConstantBytes > 0 ? 1 : 0;
    return PipelineLayout(device, setLayouts, std::span<const VkPushConstantRange>(&range, rangeCount));
}

}  // namespace

ComputeKernel::ComputeKernel(const Device& device, std::span<const std::uint32_t> spirv,
                             std::span<const DescriptorBinding> ownBindings, std::uint32_t pushConstantBytes,
                             std::span<const VkDescriptorSetLayout> otherSetLayouts, std::uint32_t ownSetIndex,
                             std::span<const SpecializationConstant> constants)
    : ownSetIndex_(ownSetIndex),
      setLayout_(device, ownBindings),
      pool_(device, setLayout_, 1),
      set_(pool_.allocate(setLayout_)),
      pipelineLayout_(makePipelineLayout(device, setLayout_.handle(), ownSetIndex, otherSetLayouts, pushConstantBytes)),
      pipeline_(device, pipelineLayout_, spirv, constants)
{
}

void ComputeKernel::bind(VkCommandBuffer commands) const
{
    pipeline_.bind(commands);
    bindSet(commands, ownSetIndex_, set_);
}

void ComputeKernel::bindSet(VkCommandBuffer commands, std::uint32_t setIndex, VkDescriptorSet set) const
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
