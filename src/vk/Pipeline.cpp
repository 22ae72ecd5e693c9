#include "vk/Pipeline.h"

#include "vk/Device.h"
#include "vk/Error.h"

namespace vk {

ShaderModule::ShaderModule(const Device& device, std::span<const uint32_t> spirv)
{
    if (spirv.empty()) {
        throw Error("vk::ShaderModule: empty SPIR-V");
    }
    VkShaderModuleCreateInfo info{};
    info.sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO;
    info.codeSize = spirv.size_bytes();
    info.pCode = spirv.data();
    VkShaderModule module = VK_NULL_HANDLE;
    VK_CHECK(vkCreateShaderModule(device.handle(), &info, nullptr, &module));
    module_ = UniqueShaderModule(device.handle(), module);
}

PipelineLayout::PipelineLayout(const Device& device, std::span<const VkDescriptorSetLayout> setLayouts,
                               std::span<const VkPushConstantRange> pushConstantRanges)
{
    VkPipelineLayoutCreateInfo info{};
    info.sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO;
    info.setLayoutCount = static_cast<uint32_t>(setLayouts.size());
    info.pSetLayouts = setLayouts.data();
    info.pushConstantRangeCount = static_cast<uint32_t>(pushConstantRanges.size());
    info.pPushConstantRanges = pushConstantRanges.data();
    VkPipelineLayout layout = VK_NULL_HANDLE;
    VK_CHECK(vkCreatePipelineLayout(device.handle(), &info, nullptr, &layout));
    layout_ = UniquePipelineLayout(device.handle(), layout);
}

PipelineLayout::PipelineLayout(const Device& device, VkDescriptorSetLayout setLayout, uint32_t pushConstantBytes,
                               VkShaderStageFlags pushConstantStages)
{
    const VkPushConstantRange pushConstants{pushConstantStages, 0, pushConstantBytes};
    const size_t setCount = setLayout == VK_NULL_HANDLE ? 0 : 1;
    const size_t rangeCount = pushConstantBytes == 0 ? 0 : 1;
    *this = PipelineLayout(device, std::span<const VkDescriptorSetLayout>(&setLayout, setCount),
                           std::span<const VkPushConstantRange>(&pushConstants, rangeCount));
}

SpecializationData::SpecializationData(std::span<const SpecializationConstant> constants)
{
    for (const SpecializationConstant& constant : constants) {
        const auto offset = static_cast<uint32_t>(values.size() * sizeof(uint32_t));
        entries.push_back(VkSpecializationMapEntry{constant.id, offset, sizeof(uint32_t)});
        values.push_back(constant.value);
    }
    specializationInfo.mapEntryCount = static_cast<uint32_t>(entries.size());
    specializationInfo.pMapEntries = entries.data();
    specializationInfo.dataSize = values.size() * sizeof(uint32_t);
    specializationInfo.pData = values.data();
}

ComputePipeline::ComputePipeline(const Device& device, const PipelineLayout& layout, const ShaderModule& module,
                                 std::span<const SpecializationConstant> constants, const char* entryPoint)
    : layout_(layout.handle())
{
    const SpecializationData specialization(constants);
    VkComputePipelineCreateInfo info{};
    info.sType = VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO;
    info.stage.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO;
    info.stage.stage = VK_SHADER_STAGE_COMPUTE_BIT;
    info.stage.module = module.handle();
    info.stage.pName = entryPoint;
    info.stage.pSpecializationInfo = specialization.info();
    info.layout = layout.handle();
    VkPipeline pipeline = VK_NULL_HANDLE;
    VK_CHECK(vkCreateComputePipelines(device.handle(), VK_NULL_HANDLE, 1, &info, nullptr, &pipeline));
    pipeline_ = UniquePipeline(device.handle(), pipeline);
}

ComputePipeline::ComputePipeline(const Device& device, const PipelineLayout& layout, std::span<const uint32_t> spirv,
                                 std::span<const SpecializationConstant> constants, const char* entryPoint)
    : ComputePipeline(device, layout, ShaderModule(device, spirv), constants, entryPoint)
{
}

void ComputePipeline::bind(VkCommandBuffer commands) const
{
    vkCmdBindPipeline(commands, VK_PIPELINE_BIND_POINT_COMPUTE, pipeline_.get());
}

}  // namespace vk
