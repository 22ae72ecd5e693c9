#include "scene/RenderTargets.h"

#include "display/DisplayPass.h"
#include "vk/Barriers.h"
#include "vk/Device.h"
#include "vk/Error.h"
#include "vk/GraphicsPipeline.h"

#include <cstdint>
#include <string>

namespace scene {

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

// A deferred scene's visibility buffer: a 64-bit value per sample.
VkDeviceSize visibilityBytesOf(VkExtent2D extent, VkSampleCountFlagBits samples)
{
    return VkDeviceSize{extent.width} * extent.height * static_cast<VkDeviceSize>(samples) * sizeof(std::uint64_t);
}

// `shading`, once a deferred scene's visibility buffer is known to fit the
// device's maxStorageBufferRange (before any image is made).
SceneShading fittingShading(const vk::Device& device, VkExtent2D extent, VkSampleCountFlagBits samples,
                            SceneShading shading)
{
    const VkDeviceSize bytes = visibilityBytesOf(extent, samples);
    if (shading == SceneShading::Deferred && bytes > device.maxStorageBufferRange()) {
        constexpr VkDeviceSize kMiB = VkDeviceSize{1} << 20;
        throw vk::Error("the visibility buffer of " + std::to_string(extent.width) + "x" +
                        std::to_string(extent.height) + " pixels at " + std::to_string(static_cast<int>(samples)) +
                        " samples takes " + std::to_string((bytes + kMiB - 1) / kMiB) + " MiB, more than the " +
                        std::to_string(device.maxStorageBufferRange() / kMiB) + " MiB Vulkan device " +
                        device.info().name + " binds: lower --size or --msaa");
    }
    return shading;
}

// The display colour image: an attachment of the display pass's fragment
// stage, or storage (through an R8G8B8A8_UNORM view) for its compute stage.
vk::ImageDescription displayColorDescription(VkFormat colorFormat, VkExtent2D extent)
{
    vk::ImageDescription description{colorFormat, extent, 1,
                                     VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT,
                                     VK_IMAGE_ASPECT_COLOR_BIT};
    if (display::displayStageFor(colorFormat) == display::DisplayStage::Compute) {
        description.usage |= VK_IMAGE_USAGE_STORAGE_BIT;
        description.storageFormat = display::kDisplayStorageFormat;
    }
    return description;
}

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

VkSampleCountFlags supportedSceneSampleCounts(const vk::Device& device, VkFormat depthFormat)
{
    VkPhysicalDeviceProperties properties{};
    vkGetPhysicalDeviceProperties(device.physicalDevice(), &properties);
    VkSampleCountFlags counts =
        properties.limits.framebufferColorSampleCounts & properties.limits.framebufferDepthSampleCounts;
    const auto attachmentCounts = [&](VkFormat format, VkImageUsageFlags usage) -> VkSampleCountFlags {
        VkImageFormatProperties formatProperties{};
        const VkResult result = vkGetPhysicalDeviceImageFormatProperties(
            device.physicalDevice(), format, VK_IMAGE_TYPE_2D, VK_IMAGE_TILING_OPTIMAL, usage, 0, &formatProperties);
        return result == VK_SUCCESS ? formatProperties.sampleCounts : VkSampleCountFlags{VK_SAMPLE_COUNT_1_BIT};
    };
    counts &= attachmentCounts(display::kHdrColorFormat, VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT);
    counts &= attachmentCounts(depthFormat, VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT);
    return counts | VK_SAMPLE_COUNT_1_BIT;
}

VkSampleCountFlags sceneSampleCountsFor(const vk::Device& device, SceneShading shading)
{
    return shading == SceneShading::Deferred ? kDeferredSceneSampleCounts
                                             : supportedSceneSampleCounts(device, chooseDepthFormat(device));
}

RenderTargets::RenderTargets(const vk::Device& device, VkExtent2D extent, VkFormat colorFormat, VkFormat depthFormat,
                             bool readableDepth, VkSampleCountFlagBits samples, SceneShading shading)
    : samples_(samples),
      readableDepth_(readableDepth),
      shading_(fittingShading(device, extent, samples, shading)),
      hdr_(device,
           vk::ImageDescription{display::kHdrColorFormat, extent, 1,
                                VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT | VK_IMAGE_USAGE_SAMPLED_BIT |
                                    VK_IMAGE_USAGE_TRANSFER_SRC_BIT |
                                    (shading == SceneShading::Deferred ? VkImageUsageFlags{VK_IMAGE_USAGE_STORAGE_BIT}
                                                                       : VkImageUsageFlags{0}),
                                VK_IMAGE_ASPECT_COLOR_BIT}),
      color_(device, displayColorDescription(colorFormat, extent)),
      depth_(shading == SceneShading::Forward
                 ? vk::Image(device, vk::ImageDescription{depthFormat, extent, 1,
                                                          VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT |
                                                              (readableDepth && samples == VK_SAMPLE_COUNT_1_BIT
                                                                   ? VkImageUsageFlags{VK_IMAGE_USAGE_TRANSFER_SRC_BIT |
                                                                                       VK_IMAGE_USAGE_SAMPLED_BIT}
                                                                   : VkImageUsageFlags{0}),
                                                          depthAspect(depthFormat), samples})
                 : vk::Image())
{
    if (shading == SceneShading::Deferred) {
        visibility_ = vk::Buffer(
            device, visibilityBytesOf(extent, samples),
            VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT | VK_BUFFER_USAGE_TRANSFER_SRC_BIT);
        return;
    }
    if (!multisampled()) {
        return;
    }
    multisampledHdr_ =
        vk::Image(device, vk::ImageDescription{display::kHdrColorFormat, extent, 1, VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT,
                                               VK_IMAGE_ASPECT_COLOR_BIT, samples});
    if (readableDepth) {
        depthResolve_ =
            vk::Image(device, vk::ImageDescription{depthFormat, extent, 1,
                                                   VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT |
                                                       VK_IMAGE_USAGE_TRANSFER_SRC_BIT | VK_IMAGE_USAGE_SAMPLED_BIT,
                                                   depthAspect(depthFormat)});
    }
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

}  // namespace scene
