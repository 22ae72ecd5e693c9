#include "app/RenderTargets.h"

#include "app/Screenshot.h"
#include "atmosphere/TonemapPass.h"
#include "terrain/TerrainRenderer.h"
#include "vk/Barriers.h"
#include "vk/Device.h"
#include "vk/Error.h"
#include "vk/GraphicsPipeline.h"

#include <vector>

namespace app {

namespace {

bool hasStencil(VkFormat format)
{
    return format == VK_FORMAT_D24_UNORM_S8_UINT || format == VK_FORMAT_D32_SFLOAT_S8_UINT ||
           format == VK_FORMAT_D16_UNORM_S8_UINT;
}

VkImageAspectFlags depthAspect(VkFormat format)
{
    return hasStencil(format) ? VkImageAspectFlags{VK_IMAGE_ASPECT_DEPTH_BIT | VK_IMAGE_ASPECT_STENCIL_BIT}
                              : VkImageAspectFlags{VK_IMAGE_ASPECT_DEPTH_BIT};
}

constexpr VkPipelineStageFlags2 kDepthStages =
    VK_PIPELINE_STAGE_2_EARLY_FRAGMENT_TESTS_BIT | VK_PIPELINE_STAGE_2_LATE_FRAGMENT_TESTS_BIT;
constexpr VkAccessFlags2 kDepthAccess =
    VK_ACCESS_2_DEPTH_STENCIL_ATTACHMENT_READ_BIT | VK_ACCESS_2_DEPTH_STENCIL_ATTACHMENT_WRITE_BIT;

}  // namespace

VkFormat chooseDepthFormat(const vk::Device& device)
{
    for (const VkFormat format : {VK_FORMAT_D32_SFLOAT, VK_FORMAT_X8_D24_UNORM_PACK32, VK_FORMAT_D24_UNORM_S8_UINT}) {
        VkFormatProperties properties{};
        vkGetPhysicalDeviceFormatProperties(device.physicalDevice(), format, &properties);
        if ((properties.optimalTilingFeatures & VK_FORMAT_FEATURE_DEPTH_STENCIL_ATTACHMENT_BIT) != 0) {
            return format;
        }
    }
    throw vk::Error("the Vulkan device has no usable depth attachment format");
}

namespace {

VkRenderingAttachmentInfo colorAttachmentInfo(VkImageView view, VkAttachmentLoadOp load)
{
    VkClearValue black{};
    black.color = VkClearColorValue{{0.0f, 0.0f, 0.0f, 1.0f}};
    return vk::renderingAttachment(view, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL, load, VK_ATTACHMENT_STORE_OP_STORE,
                                   black);
}

// The tone-mapping pass: the HDR image, now readable, into the colour image.
void recordDisplay(const vk::Device& device, VkCommandBuffer commands, const atmosphere::TonemapPass& display,
                   const terrain::TerrainRenderer& renderer, const RenderTargets& targets, uint32_t frameSlot)
{
    vk::imageBarrier(device, commands, targets.hdr().handle(), targets.hdr().fullRange(),
                     VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL, VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL,
                     VK_PIPELINE_STAGE_2_COLOR_ATTACHMENT_OUTPUT_BIT, VK_ACCESS_2_COLOR_ATTACHMENT_WRITE_BIT,
                     VK_PIPELINE_STAGE_2_FRAGMENT_SHADER_BIT, VK_ACCESS_2_SHADER_SAMPLED_READ_BIT);
    // The previous frame in the colour image ended with a transfer read; discarded here.
    vk::imageBarrier(device, commands, targets.color().handle(), targets.color().fullRange(), VK_IMAGE_LAYOUT_UNDEFINED,
                     VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL, VK_PIPELINE_STAGE_2_TRANSFER_BIT, 0,
                     VK_PIPELINE_STAGE_2_COLOR_ATTACHMENT_OUTPUT_BIT,
                     VK_ACCESS_2_COLOR_ATTACHMENT_WRITE_BIT | VK_ACCESS_2_COLOR_ATTACHMENT_READ_BIT);
    const VkRenderingAttachmentInfo colorAttachment =
        colorAttachmentInfo(targets.color().view(), VK_ATTACHMENT_LOAD_OP_DONT_CARE);
    const VkRenderingInfo rendering = vk::renderingInfo(targets.extent(), colorAttachment, nullptr);
    vkCmdBeginRendering(commands, &rendering);
    display.record(commands, targets.hdr().view(), targets.extent(), frameSlot, renderer.settings().display);
    vkCmdEndRendering(commands);
}

}  // namespace

RenderTargets::RenderTargets(const vk::Device& device, VkExtent2D extent, VkFormat colorFormat, VkFormat depthFormat)
    : hdr_(device, vk::ImageDescription{atmosphere::kHdrColorFormat, extent, 1,
                                        VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT | VK_IMAGE_USAGE_SAMPLED_BIT |
                                            VK_IMAGE_USAGE_TRANSFER_SRC_BIT,
                                        VK_IMAGE_ASPECT_COLOR_BIT}),
      color_(device, vk::ImageDescription{colorFormat, extent, 1,
                                          VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT,
                                          VK_IMAGE_ASPECT_COLOR_BIT}),
      depth_(device, vk::ImageDescription{depthFormat, extent, 1, VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT,
                                          depthAspect(depthFormat)})
{
}

void recordTerrainFrame(const vk::Device& device, VkCommandBuffer commands, terrain::TerrainRenderer& renderer,
                        const atmosphere::TonemapPass& display, const RenderTargets& targets,
                        const terrain::FrameView& view, uint32_t frameSlot, float depthClearValue)
{
    renderer.recordUpdate(commands, view, frameSlot);

    // The previous frame in these targets ended with the tone-mapping pass
    // reading the HDR image and with depth writes; both are discarded here.
    vk::imageBarrier(device, commands, targets.hdr().handle(), targets.hdr().fullRange(), VK_IMAGE_LAYOUT_UNDEFINED,
                     VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL, VK_PIPELINE_STAGE_2_FRAGMENT_SHADER_BIT, 0,
                     VK_PIPELINE_STAGE_2_COLOR_ATTACHMENT_OUTPUT_BIT,
                     VK_ACCESS_2_COLOR_ATTACHMENT_WRITE_BIT | VK_ACCESS_2_COLOR_ATTACHMENT_READ_BIT);
    vk::imageBarrier(device, commands, targets.depth().handle(), targets.depth().fullRange(), VK_IMAGE_LAYOUT_UNDEFINED,
                     VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL, kDepthStages,
                     VK_ACCESS_2_DEPTH_STENCIL_ATTACHMENT_WRITE_BIT, kDepthStages, kDepthAccess);

    const VkRenderingAttachmentInfo colorAttachment =
        colorAttachmentInfo(targets.hdr().view(), VK_ATTACHMENT_LOAD_OP_CLEAR);

    VkClearValue farDepth{};
    farDepth.depthStencil = VkClearDepthStencilValue{depthClearValue, 0};
    const VkRenderingAttachmentInfo depthAttachment =
        vk::renderingAttachment(targets.depth().view(), VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL,
                                VK_ATTACHMENT_LOAD_OP_CLEAR, VK_ATTACHMENT_STORE_OP_DONT_CARE, farDepth);

    const VkRenderingInfo rendering = vk::renderingInfo(targets.extent(), colorAttachment, &depthAttachment);
    vkCmdBeginRendering(commands, &rendering);
    renderer.recordDraw(commands, view, frameSlot);
    vkCmdEndRendering(commands);

    recordDisplay(device, commands, display, renderer, targets, frameSlot);

    vk::imageBarrier(device, commands, targets.color().handle(), targets.color().fullRange(),
                     VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL,
                     VK_PIPELINE_STAGE_2_COLOR_ATTACHMENT_OUTPUT_BIT, VK_ACCESS_2_COLOR_ATTACHMENT_WRITE_BIT,
                     VK_PIPELINE_STAGE_2_TRANSFER_BIT, VK_ACCESS_2_TRANSFER_READ_BIT);
}

void recordCopyToImage(const vk::Device& device, VkCommandBuffer commands, const RenderTargets& targets,
                       VkImage destination)
{
    const VkImageSubresourceRange colorRange{VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1};
    vk::imageBarrier(device, commands, destination, colorRange, VK_IMAGE_LAYOUT_UNDEFINED,
                     VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, VK_PIPELINE_STAGE_2_TRANSFER_BIT, 0,
                     VK_PIPELINE_STAGE_2_TRANSFER_BIT, VK_ACCESS_2_TRANSFER_WRITE_BIT);
    VkImageCopy region{};
    region.srcSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1};
    region.dstSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1};
    region.extent = VkExtent3D{targets.extent().width, targets.extent().height, 1};
    vkCmdCopyImage(commands, targets.color().handle(), VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, destination,
                   VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &region);
}

void writeColorTargetPng(vk::Device& device, const RenderTargets& targets, const std::filesystem::path& path)
{
    const std::vector<std::byte> texels =
        vk::downloadImageLevel(device, targets.color(), 0, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
    writePng(path, rgbaImageFromTexels(texels, targets.extent(), targets.color().format()));
}

}  // namespace app
