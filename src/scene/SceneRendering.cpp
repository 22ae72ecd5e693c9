#include "scene/SceneRendering.h"

#include "atmosphere/Atmosphere.h"
#include "camera/Projection.h"
#include "display/DisplayPass.h"
#include "scene/FrameTimings.h"
#include "text/TextParsing.h"
#include "vk/Barriers.h"
#include "vk/Buffer.h"
#include "vk/Device.h"
#include "vk/Error.h"
#include "vk/GraphicsPipeline.h"
#include "vk/TimestampQueries.h"

#include <memory>
#include <string>

namespace scene {

namespace {

constexpr VkPipelineStageFlags2 kDepthStages =
    VK_PIPELINE_STAGE_2_EARLY_FRAGMENT_TESTS_BIT | VK_PIPELINE_STAGE_2_LATE_FRAGMENT_TESTS_BIT;
constexpr VkAccessFlags2 kDepthAccess =
    VK_ACCESS_2_DEPTH_STENCIL_ATTACHMENT_READ_BIT | VK_ACCESS_2_DEPTH_STENCIL_ATTACHMENT_WRITE_BIT;
// Where the display pass reads the HDR image, in either of its stages.
constexpr VkPipelineStageFlags2 kDisplayPassStages =
    VK_PIPELINE_STAGE_2_FRAGMENT_SHADER_BIT | VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT;

VkRenderingAttachmentInfo colorAttachmentInfo(VkImageView view, VkAttachmentLoadOp load,
                                              VkClearColorValue clear = VkClearColorValue{{0.0f, 0.0f, 0.0f, 1.0f}})
{
    VkClearValue value{};
    value.color = clear;
    return vk::renderingAttachment(view, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL, load, VK_ATTACHMENT_STORE_OP_STORE,
                                   value);
}

// The depth attachment of a scene's rendering, cleared, its earlier
// contents discarded (the previous frame in these targets ended with depth
// writes); with multisampling and output.readableDepth, resolved (sample 0)
// into targets.depth() as the rendering ends.
VkRenderingAttachmentInfo sceneDepthAttachment(const vk::Device& device, VkCommandBuffer commands,
                                               const RenderTargets& targets, const SceneOutput& output)
{
    vk::imageBarrier(device, commands, targets.depthAttachment().handle(), targets.depthAttachment().fullRange(),
                     VK_IMAGE_LAYOUT_UNDEFINED, VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL, kDepthStages,
                     VK_ACCESS_2_DEPTH_STENCIL_ATTACHMENT_WRITE_BIT, kDepthStages, kDepthAccess);
    VkClearValue farDepth{};
    farDepth.depthStencil = VkClearDepthStencilValue{camera::depthClearValue(output.depth), 0};
    VkRenderingAttachmentInfo depthAttachment = vk::renderingAttachment(
        targets.depthAttachment().view(), VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL, VK_ATTACHMENT_LOAD_OP_CLEAR,
        output.readableDepth && !targets.multisampled() ? VK_ATTACHMENT_STORE_OP_STORE
                                                        : VK_ATTACHMENT_STORE_OP_DONT_CARE,
        farDepth);
    if (targets.multisampled() && output.readableDepth) {
        // Resolves run in the colour output stage, whatever they resolve.
        vk::imageBarrier(device, commands, targets.depth().handle(), targets.depth().fullRange(),
                         VK_IMAGE_LAYOUT_UNDEFINED, VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL,
                         VK_PIPELINE_STAGE_2_TRANSFER_BIT, 0, VK_PIPELINE_STAGE_2_COLOR_ATTACHMENT_OUTPUT_BIT,
                         VK_ACCESS_2_COLOR_ATTACHMENT_WRITE_BIT | VK_ACCESS_2_COLOR_ATTACHMENT_READ_BIT);
        depthAttachment.resolveMode = VK_RESOLVE_MODE_SAMPLE_ZERO_BIT;
        depthAttachment.resolveImageView = targets.depth().view();
        depthAttachment.resolveImageLayout = VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL;
    }
    return depthAttachment;
}

}  // namespace

vk::AttachmentFormats sceneAttachmentsFor(const vk::Device& device, VkSampleCountFlagBits samples, SceneShading shading)
{
    const VkFormat depthFormat = chooseDepthFormat(device);
    if ((sceneSampleCountsFor(device, shading) & static_cast<VkSampleCountFlags>(samples)) == 0) {
        throw vk::Error("the Vulkan device cannot render " + std::to_string(static_cast<int>(samples)) +
                        " samples per pixel");
    }
    return {display::kHdrColorFormat, depthFormat, samples};
}

void ensureRenderTargets(const vk::Device& device, FrameSlot& frame, VkExtent2D viewport, const SceneOutput& output,
                         const vk::AttachmentFormats& attachments, SceneShading shading)
{
    if (frame.targets && frame.targets->extent().width == viewport.width &&
        frame.targets->extent().height == viewport.height) {
        return;
    }
    // The slot's last submission has completed: its targets are free.
    frame.targets.reset();
    frame.targets = std::make_unique<RenderTargets>(device, viewport, output.displayFormat, attachments.depth,
                                                    output.readableDepth, attachments.samples, shading);
}

void recordCountsReadback(const vk::Device& device, VkCommandBuffer commands, const vk::Buffer& source,
                          VkDeviceSize offset, VkDeviceSize bytes, FrameSlot& frame)
{
    constexpr VkPipelineStageFlags2 kCompute = VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT;
    vk::bufferBarrier(device, commands, source, kCompute, VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT,
                      VK_PIPELINE_STAGE_2_COPY_BIT, VK_ACCESS_2_TRANSFER_READ_BIT);
    const VkBufferCopy region{offset, 0, bytes};
    vkCmdCopyBuffer(commands, source.handle(), frame.countsReadback.handle(), 1, &region);
    vk::bufferBarrier(device, commands, frame.countsReadback, VK_PIPELINE_STAGE_2_COPY_BIT,
                      VK_ACCESS_2_TRANSFER_WRITE_BIT, VK_PIPELINE_STAGE_2_HOST_BIT, VK_ACCESS_2_HOST_READ_BIT);
    // The next update rewrites the counts after this copy read them.
    vk::bufferBarrier(device, commands, source, VK_PIPELINE_STAGE_2_COPY_BIT, VK_ACCESS_2_NONE, kCompute,
                      VK_ACCESS_2_NONE);
    frame.readbackPending = true;
}

void beginSceneRendering(const vk::Device& device, VkCommandBuffer commands, const RenderTargets& targets,
                         const SceneOutput& output)
{
    constexpr VkAccessFlags2 kColorAccess =
        VK_ACCESS_2_COLOR_ATTACHMENT_WRITE_BIT | VK_ACCESS_2_COLOR_ATTACHMENT_READ_BIT;
    // The previous frame in these targets ended with the display pass
    // reading the HDR image; discarded here.
    vk::imageBarrier(device, commands, targets.hdr().handle(), targets.hdr().fullRange(), VK_IMAGE_LAYOUT_UNDEFINED,
                     VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL, kDisplayPassStages, 0,
                     VK_PIPELINE_STAGE_2_COLOR_ATTACHMENT_OUTPUT_BIT, kColorAccess);
    VkRenderingAttachmentInfo colorAttachment =
        colorAttachmentInfo(targets.hdrAttachment().view(), VK_ATTACHMENT_LOAD_OP_CLEAR, output.hdrClear);
    const VkRenderingAttachmentInfo depthAttachment = sceneDepthAttachment(device, commands, targets, output);
    if (targets.multisampled()) {
        // The samples of the previous frame were resolved, then left unread.
        vk::imageBarrier(device, commands, targets.hdrAttachment().handle(), targets.hdrAttachment().fullRange(),
                         VK_IMAGE_LAYOUT_UNDEFINED, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
                         VK_PIPELINE_STAGE_2_COLOR_ATTACHMENT_OUTPUT_BIT, kColorAccess,
                         VK_PIPELINE_STAGE_2_COLOR_ATTACHMENT_OUTPUT_BIT, kColorAccess);
        colorAttachment.storeOp = VK_ATTACHMENT_STORE_OP_DONT_CARE;
        colorAttachment.resolveMode = VK_RESOLVE_MODE_AVERAGE_BIT;
        colorAttachment.resolveImageView = targets.hdr().view();
        colorAttachment.resolveImageLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL;
    }
    const VkRenderingInfo rendering = vk::renderingInfo(targets.extent(), colorAttachment, &depthAttachment);

    vkCmdBeginRendering(commands, &rendering);
}

void endSceneRendering(const vk::Device& device, VkCommandBuffer commands, const RenderTargets& targets,
                       const SceneOutput& output)
{
    vkCmdEndRendering(commands);
    if (output.readableDepth) {
        const bool resolved = targets.multisampled();
        vk::imageBarrier(
            device, commands, targets.depth().handle(), targets.depth().fullRange(),
            VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL,
            resolved ? VK_PIPELINE_STAGE_2_COLOR_ATTACHMENT_OUTPUT_BIT : kDepthStages,
            resolved ? VK_ACCESS_2_COLOR_ATTACHMENT_WRITE_BIT : VK_ACCESS_2_DEPTH_STENCIL_ATTACHMENT_WRITE_BIT,
            VK_PIPELINE_STAGE_2_TRANSFER_BIT, VK_ACCESS_2_TRANSFER_READ_BIT);
    }
}

void beginDeferredShading(const vk::Device& device, VkCommandBuffer commands, const RenderTargets& targets)
{
    // The previous frame's display pass read the HDR image; discarded here.
    vk::imageBarrier(device, commands, targets.hdr().handle(), targets.hdr().fullRange(), VK_IMAGE_LAYOUT_UNDEFINED,
                     VK_IMAGE_LAYOUT_GENERAL, kDisplayPassStages, 0, VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT,
                     VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT);
}

void recordDisplayPass(const vk::Device& device, VkCommandBuffer commands, const RenderTargets& targets,
                       const display::DisplayPass& displayPass, std::uint32_t slotIndex,
                       const display::DisplaySettings& display, vk::TimestampQueries* timer)
{
    const std::uint32_t pass = timer != nullptr ? timer->passIndex(kDisplayTimestamp) : 0;
    if (timer != nullptr) {
        timer->writeStart(commands, pass);
    }
    const VkPipelineStageFlags2 reader = displayPass.readerStage();
    if (targets.shading() == SceneShading::Deferred) {
        vk::imageBarrier(device, commands, targets.hdr().handle(), targets.hdr().fullRange(), VK_IMAGE_LAYOUT_GENERAL,
                         VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL, VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT,
                         VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT, reader, VK_ACCESS_2_SHADER_SAMPLED_READ_BIT);
    } else {
        vk::imageBarrier(device, commands, targets.hdr().handle(), targets.hdr().fullRange(),
                         VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL, VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL,
                         VK_PIPELINE_STAGE_2_COLOR_ATTACHMENT_OUTPUT_BIT, VK_ACCESS_2_COLOR_ATTACHMENT_WRITE_BIT,
                         reader, VK_ACCESS_2_SHADER_SAMPLED_READ_BIT);
    }
    // The previous frame in the colour image ended with a transfer read.
    displayPass.record(commands, targets.hdr().view(), targets.color(), slotIndex, display);
    if (timer != nullptr) {
        timer->writeEnd(commands, pass);
    }
}

std::optional<std::string> reloadSceneShaders(const vk::Device& device, atmosphere::Atmosphere& atmosphere,
                                              const std::function<std::optional<std::string>()>& rebuildDraws,
                                              display::DisplayPass& displayPass)
{
    if (const std::optional<std::string> error = atmosphere.reloadShaders()) {
        return text::oneLine(*error);
    }
    try {
        device.waitIdle();
        if (const std::optional<std::string> error = rebuildDraws()) {
            return error;
        }
    } catch (const std::exception& error) {
        return text::oneLine(error.what());
    }
    if (const std::optional<std::string> error = displayPass.reloadShaders()) {
        return text::oneLine(*error);
    }
    return std::nullopt;
}

}  // namespace scene
