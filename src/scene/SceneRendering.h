// The steps of a frame that every scene records alike (scene::SceneRenderer
// for the flat terrain, scene::GlobeSceneRenderer for the globe): the
// slot's render targets at the view's size, the copy of the frame's counts
// for the host, the rendering into the HDR colour and depth images (with
// multisampling and its resolve), and the display pass.
#pragma once

#include "scene/FrameSlot.h"
#include "scene/RenderTargets.h"
#include "scene/SceneRenderer.h"
#include "vk/GraphicsPipeline.h"

#include <vulkan/vulkan.h>

#include <cstdint>
#include <functional>
#include <optional>
#include <string>

namespace atmosphere {
class Atmosphere;
}  // namespace atmosphere

namespace display {
class DisplayPass;
struct DisplaySettings;
}  // namespace display

namespace vk {
class Buffer;
class Device;
class TimestampQueries;
}  // namespace vk

namespace scene {

// The formats a scene renders with: the HDR colour, the device's depth
// format (chooseDepthFormat) and `samples`. Throws vk::Error when the device
// can not render that many samples per pixel for a scene shaded `shading`
// (sceneSampleCountsFor).
vk::AttachmentFormats sceneAttachmentsFor(const vk::Device& device, VkSampleCountFlagBits samples,
                                          SceneShading shading = SceneShading::Forward);

// Makes the slot's render targets anew when they are missing or not of
// `viewport`'s size (the slot's last submission has completed).
void ensureRenderTargets(const vk::Device& device, FrameSlot& frame, VkExtent2D viewport, const SceneOutput& output,
                         const vk::AttachmentFormats& attachments, SceneShading shading = SceneShading::Forward);

// Copies `bytes` at `offset` of `source` (written by compute shaders) into
// the slot's counts read-back, visible to the host once the frame completes,
// and marks the slot's results pending.
void recordCountsReadback(const vk::Device& device, VkCommandBuffer commands, const vk::Buffer& source,
                          VkDeviceSize offset, VkDeviceSize bytes, FrameSlot& frame);

// Begins a rendering into the HDR colour and depth images, both cleared and
// their earlier contents discarded (the multisampled ones, resolved as it
// ends, with multisampling); endSceneRendering ends it and, with
// output.readableDepth, leaves the depth image in TRANSFER_SRC_OPTIMAL.
void beginSceneRendering(const vk::Device& device, VkCommandBuffer commands, const RenderTargets& targets,
                         const SceneOutput& output);
void endSceneRendering(const vk::Device& device, VkCommandBuffer commands, const RenderTargets& targets,
                       const SceneOutput& output);

// For deferred shading (RenderTargets with SceneShading::Deferred): leaves
// the HDR image writable by compute shaders (GENERAL), its earlier contents
// discarded. The scene's passes fill and read the visibility buffer.
void beginDeferredShading(const vk::Device& device, VkCommandBuffer commands, const RenderTargets& targets);

// The display pass: the HDR image, now readable, into the display colour
// image, which then goes to TRANSFER_SRC_OPTIMAL. The HDR image was written
// by the scene's rendering (COLOR_ATTACHMENT_OPTIMAL) or, for deferred
// shading, by a compute shader (GENERAL), as targets.shading() says. With a
// timer (whose passes include kDisplayTimestamp), timestamps bracket it.
void recordDisplayPass(const vk::Device& device, VkCommandBuffer commands, const RenderTargets& targets,
                       const display::DisplayPass& displayPass, std::uint32_t slotIndex,
                       const display::DisplaySettings& display, vk::TimestampQueries* timer = nullptr);

// A scene's shaders built again from the library, in order: the
// atmosphere's; then, once the device is idle, `rebuildDraws` (the scene's
// own pipelines); then the display pass's. Returns the first error, in one
// line (an exception `rebuildDraws` throws, or the error it returns); what
// failed keeps its old pipelines.
std::optional<std::string> reloadSceneShaders(const vk::Device& device, atmosphere::Atmosphere& atmosphere,
                                              const std::function<std::optional<std::string>()>& rebuildDraws,
                                              display::DisplayPass& displayPass);

}  // namespace scene
