#include "display/DisplayPass.h"

#include "vk/Device.h"
#include "vk/Error.h"
#include "vk/ShaderLibrary.h"

#include <array>
#include <stdexcept>

namespace display {

namespace {

constexpr std::array<vk::DescriptorBinding, 1> kBindings{
    vk::DescriptorBinding{0, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, VK_SHADER_STAGE_FRAGMENT_BIT, 1}};

struct DisplayControl {
    float exposureStops = 0.0f;
    uint32_t tonemapper = 0;
    uint32_t encodeSrgb = 0;
};

vk::SamplerDescription nearestSampler()
{
    vk::SamplerDescription description;
    description.filter = VK_FILTER_NEAREST;
    description.mipmapMode = VK_SAMPLER_MIPMAP_MODE_NEAREST;
    return description;
}

}  // namespace

bool shaderEncodesSrgb(VkFormat format)
{
    switch (format) {
        case VK_FORMAT_R8G8B8A8_UNORM:
        case VK_FORMAT_B8G8R8A8_UNORM:
        case VK_FORMAT_A8B8G8R8_UNORM_PACK32:
        case VK_FORMAT_R8G8B8_UNORM:
        case VK_FORMAT_B8G8R8_UNORM: return true;
        default: return false;
    }
}

DisplayPass::DisplayPass(const vk::Device& device, const vk::ShaderLibrary& shaders, VkFormat outputFormat,
                         uint32_t framesInFlight)
    : device_(&device),
      shaders_(&shaders),
      outputFormat_(outputFormat),
      sampler_(device, nearestSampler()),
      setLayout_(device, kBindings),
      pipelineLayout_(device, setLayout_.handle(), sizeof(DisplayControl), VK_SHADER_STAGE_FRAGMENT_BIT),
      pool_(device, setLayout_, framesInFlight),
      pipeline_(buildPipeline())
{
    if (framesInFlight == 0) {
        throw std::invalid_argument("DisplayPass: framesInFlight must be at least 1");
    }
    for (uint32_t i = 0; i < framesInFlight; ++i) {
        sets_.push_back(pool_.allocate(setLayout_));
    }
}

vk::GraphicsPipeline DisplayPass::buildPipeline() const
{
    vk::GraphicsPipelineDescription description;
    description.colorFormats = {outputFormat_};
    return vk::GraphicsPipeline(*device_, pipelineLayout_, shaders_->load("display/DisplayPass.vert"),
                                shaders_->load("display/DisplayPass.frag"), description);
}

void DisplayPass::record(VkCommandBuffer commands, VkImageView hdrImage, VkExtent2D extent, uint32_t frameSlot,
                         const DisplaySettings& display) const
{
    const VkDescriptorSet set = sets_.at(frameSlot);
    vk::DescriptorWriter()
        .combinedImageSampler(0, hdrImage, sampler_.handle(), VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL)
        .update(*device_, set);
    const DisplayControl control{display.exposureStops, static_cast<uint32_t>(display.tonemapper),
                                 shaderEncodesSrgb(outputFormat_) ? 1u : 0u};
    pipeline_.bind(commands);
    vk::setViewportAndScissor(commands, extent);
    vkCmdBindDescriptorSets(commands, VK_PIPELINE_BIND_POINT_GRAPHICS, pipelineLayout_.handle(), 0, 1, &set, 0,
                            nullptr);
    vkCmdPushConstants(commands, pipelineLayout_.handle(), VK_SHADER_STAGE_FRAGMENT_BIT, 0, sizeof(control), &control);
    vkCmdDraw(commands, 3, 1, 0, 0);
}

std::optional<std::string> DisplayPass::reloadShaders()
{
    try {
        vk::GraphicsPipeline rebuilt = buildPipeline();
        pipeline_ = std::move(rebuilt);
    } catch (const vk::Error& error) {
        return std::string(error.what());
    }
    return std::nullopt;
}

}  // namespace display
