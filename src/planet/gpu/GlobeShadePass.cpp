#include "planet/gpu/GlobeShadePass.h"

#include "planet/gpu/GlobeTerrain.h"
#include "vk/Device.h"
#include "vk/ShaderLibrary.h"

#include <array>

namespace planet::gpu {
namespace {

constexpr std::uint32_t kLocalSize = 8;  // GlobeShade.comp's local_size_x and _y

// Set 2 of GlobeShade.comp: the visibility buffer and the HDR image.
constexpr std::array<vk::DescriptorBinding, 2> kImageBindings{{
    {0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, VK_SHADER_STAGE_COMPUTE_BIT, 1},
    {1, VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, VK_SHADER_STAGE_COMPUTE_BIT, 1},
}};

vk::PipelineLayout shadePipelineLayout(const vk::Device& device, const GlobeTerrain& globe,
                                       VkDescriptorSetLayout atmosphereLayout,
                                       const vk::DescriptorSetLayout& imageLayout)
{
    const std::array<VkDescriptorSetLayout, 3> sets{globe.drawSetLayout(), atmosphereLayout, imageLayout.handle()};
    return vk::PipelineLayout(device, sets);
}

}  // namespace

GlobeShadePass::GlobeShadePass(const vk::Device& device, const vk::ShaderLibrary& shaders, const GlobeTerrain& globe,
                               VkDescriptorSetLayout atmosphereLayout, VkSampleCountFlagBits samples,
                               std::uint32_t framesInFlight)
    : device_(&device),
      shaders_(&shaders),
      globe_(&globe),
      samples_(samples),
      imageSetLayout_(device, kImageBindings),
      imageSetPool_(device, imageSetLayout_, framesInFlight),
      pipelineLayout_(shadePipelineLayout(device, globe, atmosphereLayout, imageSetLayout_)),
      pipeline_(buildPipeline())
{
    for (std::uint32_t slot = 0; slot < framesInFlight; ++slot) {
        imageSets_.push_back(imageSetPool_.allocate(imageSetLayout_));
    }
}

vk::ComputePipeline GlobeShadePass::buildPipeline() const
{
    vk::ShaderProgram program{"planet/GlobeShade.comp", {}};
    if (samples_ != VK_SAMPLE_COUNT_1_BIT) {
        program.macros.push_back({"GLOBE_SHADE_MULTISAMPLED", ""});
    }
    return vk::ComputePipeline(*device_, pipelineLayout_, shaders_->load(program));
}

void GlobeShadePass::rebuildPipeline()
{
    vk::ComputePipeline rebuilt = buildPipeline();
    pipeline_ = std::move(rebuilt);
}

void GlobeShadePass::record(VkCommandBuffer commands, std::uint32_t slotIndex, const vk::Buffer& visibility,
                            const vk::Image& hdr, VkDescriptorSet atmosphereSet)
{
    // The slot's earlier frames completed: its set is free to change. It is
    // written every frame, since the slot's buffer and image are made anew
    // when the view's size changes, and a new one may reuse an old handle.
    const VkDescriptorSet imageSet = imageSets_.at(slotIndex);
    const VkExtent2D extent = hdr.extent();
    const VkDeviceSize visibilityBytes =
        VkDeviceSize{extent.width} * extent.height * static_cast<VkDeviceSize>(samples_) * sizeof(std::uint64_t);
    vk::DescriptorWriter()
        .storageBuffer(0, visibility, 0, visibilityBytes)
        .storageImage(1, hdr.view(), VK_IMAGE_LAYOUT_GENERAL)
        .update(*device_, imageSet);
    const std::array<VkDescriptorSet, 3> sets{globe_->drawSet(), atmosphereSet, imageSet};
    vkCmdBindDescriptorSets(commands, VK_PIPELINE_BIND_POINT_COMPUTE, pipelineLayout_.handle(), 0,
                            static_cast<std::uint32_t>(sets.size()), sets.data(), 0, nullptr);
    vkCmdBindPipeline(commands, VK_PIPELINE_BIND_POINT_COMPUTE, pipeline_.handle());
    vkCmdDispatch(commands, (extent.width + kLocalSize - 1) / kLocalSize, (extent.height + kLocalSize - 1) / kLocalSize,
                  1);
}

}  // namespace planet::gpu
