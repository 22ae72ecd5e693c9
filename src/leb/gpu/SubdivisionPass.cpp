#include "leb/gpu/SubdivisionPass.h"

#include "cbt/gpu/ConcurrentBinaryTree.h"
#include "cbt/gpu/DispatcherPass.h"
#include "vk/Buffer.h"
#include "vk/Error.h"

#include <array>
#include <span>

namespace leb::gpu {

namespace {

struct SubdivisionConstants {
    std::uint32_t phase;
    std::uint32_t domain;
};

constexpr std::array<vk::DescriptorBinding, 1> kBindings{{
    {0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, VK_SHADER_STAGE_COMPUTE_BIT, 1},
}};

std::span<const VkDescriptorSetLayout> criterionLayouts(const SubdivisionCriterion& criterion)
{
    if (criterion.descriptorSetLayout == VK_NULL_HANDLE) {
        return {};
    }
    return std::span<const VkDescriptorSetLayout>(&criterion.descriptorSetLayout, 1);
}

}  // namespace

SubdivisionCriterion uniformSubdivisionCriterion()
{
    return SubdivisionCriterion{{"leb/UniformSubdivision.comp", {}}, VK_NULL_HANDLE};
}

std::uint32_t glslDomain(leb::Domain domain)
{
    return domain == leb::Domain::Triangle ? 0u : 1u;
}

SubdivisionPass::SubdivisionPass(const vk::Device& device, const vk::ShaderLibrary& shaders,
                                 const cbt::gpu::ConcurrentBinaryTree& tree, const SubdivisionCriterion& criterion,
                                 leb::Domain domain)
    : domain_(domain),
      hasCriterionSet_(criterion.descriptorSetLayout != VK_NULL_HANDLE),
      kernel_(device, shaders.load(criterion.kernel), kBindings, sizeof(SubdivisionConstants),
              criterionLayouts(criterion))
{
    vk::DescriptorWriter()
        .storageBuffer(0, tree.buffer(), tree.heapOffset(), tree.heapRange())
        .update(device, kernel_.descriptorSet());
}

void SubdivisionPass::record(VkCommandBuffer commands, const vk::Buffer& indirectArguments, SubdivisionPhase phase,
                             VkDescriptorSet criterionSet) const
{
    if (hasCriterionSet_ && criterionSet == VK_NULL_HANDLE) {
        throw vk::Error("SubdivisionPass::record: the criterion needs its descriptor set 1");
    }
    const SubdivisionConstants constants{static_cast<std::uint32_t>(phase), glslDomain(domain_)};
    kernel_.bind(commands);
    if (hasCriterionSet_) {
        kernel_.bindSet(commands, 1, criterionSet);
    }
    kernel_.pushConstants(commands, std::as_bytes(std::span(&constants, 1)));
    vkCmdDispatchIndirect(commands, indirectArguments.handle(), cbt::gpu::kDispatchArgumentsOffset);
}

}  // namespace leb::gpu
