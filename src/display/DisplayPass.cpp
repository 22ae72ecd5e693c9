#include "display/DisplayPass.h"

#include "vk/Barriers.h"
#include "vk/Device.h"
#include "vk/Error.h"
#include "vk/ShaderLibrary.h"

#include <array>
#include <span>
#include <stdexcept>

namespace display {

namespace {

constexpr std::array<vk::DescriptorBinding, 1> kFragmentBindings{
    vk::DescriptorBinding{0, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, VK_SHADER_STAGE_FRAGMENT_BIT, 1}};
constexpr std::array<vk::DescriptorBinding, 2> kComputeBindings{
    vk::DescriptorBinding{0, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, VK_SHADER_STAGE_COMPUTE_BIT, 1},
    vk::DescriptorBinding{1, VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, VK_SHADER_STAGE_COMPUTE_BIT, 1}};
constexpr std::uint32_t kComputeWorkgroupSide = 8;  // DisplayPass.comp's local size

// DisplayPass.frag's and DisplayPass.comp's push constants.
struct DisplayControl {
    float exposureStops = 0.0f;
    uint32_t tonemapper = 0;
    uint32_t encodeSrgbOrSwapRedBlue = 0;  // .frag: encode sRGB; .comp: a BGRA target
};

bool isBgra(VkFormat format)
{
    return format == VK_FORMAT_B8G8R8A8_UNORM || format == VK_FORMAT_B8G8R8A8_SRGB;
}

VkShaderStageFlags shaderStageOf(DisplayStage stage)
{
    return stage == DisplayStage::Compute ? VK_SHADER_STAGE_COMPUTE_BIT : VK_SHADER_STAGE_FRAGMENT_BIT;
}

std::span<const vk::DescriptorBinding> bindingsOf(DisplayStage stage)
{
    if (stage == DisplayStage::Compute) {
        return kComputeBindings;
    }
    return kFragmentBindings;
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

DisplayStage displayStageFor(VkFormat outputFormat)
{
    switch (outputFormat) {
        case VK_FORMAT_R8G8B8A8_UNORM:
        case VK_FORMAT_R8G8B8A8_SRGB:
        case VK_FORMAT_B8G8R8A8_UNORM:
        case VK_FORMAT_B8G8R8A8_SRGB: return DisplayStage::Compute;
        default: return DisplayStage::Fragment;
    }
}

DisplayPass::DisplayPass(const vk::Device& device, const vk::ShaderLibrary& shaders, VkFormat outputFormat,
                         uint32_t framesInFlight)
    : DisplayPass(device, shaders, outputFormat, framesInFlight, displayStageFor(outputFormat))
{
}

DisplayPass::DisplayPass(const vk::Device& device, const vk::ShaderLibrary& shaders, VkFormat outputFormat,
                         uint32_t framesInFlight, DisplayStage stage)
    : device_(&device),
      shaders_(&shaders),
      outputFormat_(outputFormat),
      stage_(stage),
      sampler_(device, vk::kNearestTexelSampler),
      setLayout_(device, bindingsOf(stage)),
      pipelineLayout_(device, setLayout_.handle(), sizeof(DisplayControl), shaderStageOf(stage)),
      pool_(device, setLayout_, framesInFlight)
{
    if (framesInFlight == 0) {
        throw std::invalid_argument("DisplayPass: framesInFlight must be at least 1");
    }
    if (stage == DisplayStage::Compute && displayStageFor(outputFormat) != DisplayStage::Compute) {
        throw vk::Error("DisplayPass: the compute stage stores only to 8-bit RGBA and BGRA targets");
    }
    buildPipeline();
    for (uint32_t i = 0; i < framesInFlight; ++i) {
        sets_.push_back(pool_.allocate(setLayout_));
    }
}

void DisplayPass::buildPipeline()
{
    if (stage_ == DisplayStage::Compute) {
        compute_ = vk::ComputePipeline(*device_, pipelineLayout_, shaders_->load("display/DisplayPass.comp"));
        return;
    }
    vk::GraphicsPipelineDescription description;
    description.colorFormats = {outputFormat_};
    graphics_ = vk::GraphicsPipeline(*device_, pipelineLayout_, shaders_->load("display/DisplayPass.vert"),
                                     shaders_->load("display/DisplayPass.frag"), description);
}

VkPipelineStageFlags2 DisplayPass::readerStage() const
{
    return stage_ == DisplayStage::Compute ? VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT
                                           : VK_PIPELINE_STAGE_2_FRAGMENT_SHADER_BIT;
}

void DisplayPass::record(VkCommandBuffer commands, VkImageView hdrImage, const vk::Image& target, uint32_t frameSlot,
                         const DisplaySettings& display) const
{
    const bool inCompute = stage_ == DisplayStage::Compute;
    const VkImageLayout writing = inCompute ? VK_IMAGE_LAYOUT_GENERAL : VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL;
    const VkPipelineStageFlags2 writer =
        inCompute ? VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT : VK_PIPELINE_STAGE_2_COLOR_ATTACHMENT_OUTPUT_BIT;
    const VkAccessFlags2 writes =
        inCompute ? VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT : VK_ACCESS_2_COLOR_ATTACHMENT_WRITE_BIT;
    vk::imageBarrier(*device_, commands, target.handle(), target.fullRange(), VK_IMAGE_LAYOUT_UNDEFINED, writing,
                     VK_PIPELINE_STAGE_2_TRANSFER_BIT, 0, writer, writes);

    const VkDescriptorSet set = sets_.at(frameSlot);
    vk::DescriptorWriter descriptors;
    descriptors.combinedImageSampler(0, hdrImage, sampler_.handle(), VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL);
    DisplayControl control{display.exposureStops, static_cast<uint32_t>(display.tonemapper), 0};
    const VkExtent2D extent = target.extent();
    if (inCompute) {
        descriptors.storageImage(1, target.storageView(), VK_IMAGE_LAYOUT_GENERAL).update(*device_, set);
        control.encodeSrgbOrSwapRedBlue = isBgra(outputFormat_) ? 1u : 0u;
        compute_.bind(commands);
        vkCmdBindDescriptorSets(commands, VK_PIPELINE_BIND_POINT_COMPUTE, pipelineLayout_.handle(), 0, 1, &set, 0,
                                nullptr);
        vkCmdPushConstants(commands, pipelineLayout_.handle(), VK_SHADER_STAGE_COMPUTE_BIT, 0, sizeof(control),
                           &control);
        vkCmdDispatch(commands, (extent.width + kComputeWorkgroupSide - 1) / kComputeWorkgroupSide,
                      (extent.height + kComputeWorkgroupSide - 1) / kComputeWorkgroupSide, 1);
    } else {
        descriptors.update(*device_, set);
        control.encodeSrgbOrSwapRedBlue = shaderEncodesSrgb(outputFormat_) ? 1u : 0u;
        VkRenderingAttachmentInfo attachment{};
        attachment.sType = VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO;
        attachment.imageView = target.view();
        attachment.imageLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL;
        attachment.loadOp = VK_ATTACHMENT_LOAD_OP_DONT_CARE;
        attachment.storeOp = VK_ATTACHMENT_STORE_OP_STORE;
        const VkRenderingInfo rendering = vk::renderingInfo(extent, attachment, nullptr);
        vkCmdBeginRendering(commands, &rendering);
        graphics_.bind(commands);
        vk::setViewportAndScissor(commands, extent);
        vkCmdBindDescriptorSets(commands, VK_PIPELINE_BIND_POINT_GRAPHICS, pipelineLayout_.handle(), 0, 1, &set, 0,
                                nullptr);
        vkCmdPushConstants(commands, pipelineLayout_.handle(), VK_SHADER_STAGE_FRAGMENT_BIT, 0, sizeof(control),
                           &control);
        vkCmdDraw(commands, 3, 1, 0, 0);
        vkCmdEndRendering(commands);
    }

    vk::imageBarrier(*device_, commands, target.handle(), target.fullRange(), writing,
                     VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, writer, writes, VK_PIPELINE_STAGE_2_TRANSFER_BIT,
                     VK_ACCESS_2_TRANSFER_READ_BIT);
}

std::optional<std::string> DisplayPass::reloadShaders()
{
    // buildPipeline assigns only a pipeline that was built: a failure keeps the running one.
    try {
        buildPipeline();
    } catch (const vk::Error& error) {
        return std::string(error.what());
    }
    return std::nullopt;
}

}  // namespace display
