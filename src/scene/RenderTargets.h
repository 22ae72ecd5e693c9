// The images one frame renders into: the HDR colour image and the depth
// image the scene's passes draw into (or, for a scene rasterized in
// compute, its visibility buffer), and the display colour image the display
// pass writes, all of one size (the same for the window and the headless
// runs).
#pragma once

#include "vk/Buffer.h"
#include "vk/Image.h"

#include <vulkan/vulkan.h>

namespace vk {
class Device;
}

namespace scene {

// The first of D32_SFLOAT, X8_D24_UNORM_PACK32, D24_UNORM_S8_UINT that the
// device can use as an optimally tiled depth attachment. Throws vk::Error
// when none can.
VkFormat chooseDepthFormat(const vk::Device& device);

// The sample counts (VK_SAMPLE_COUNT_*_BIT) the device can render the scene
// with: those of its framebuffer limits for colour and depth that the HDR
// colour format and `depthFormat` both support as attachments.
VkSampleCountFlags supportedSceneSampleCounts(const vk::Device& device, VkFormat depthFormat);

// An HDR colour image (display::kHdrColorFormat: COLOR_ATTACHMENT | SAMPLED |
// TRANSFER_SRC), a depth image (DEPTH_STENCIL_ATTACHMENT, and TRANSFER_SRC
// and SAMPLED when `readableDepth`: the vector layers read it), and the display colour image (COLOR_ATTACHMENT |
// TRANSFER_SRC, `colorFormat`; STORAGE through a display::kDisplayStorageFormat
// view where display::displayStageFor(colorFormat) is Compute).
//
// With `samples` above 1 (multisample anti-aliasing) the scene renders into
// a multisampled HDR image and depth image instead, and resolves them at the
// end of its rendering: the colour into hdr() (the average of the samples),
// the depth, when `readableDepth`, into depth() (sample 0).
//
// A scene rasterized and shaded in compute (`shading` Deferred: the globe)
// has a visibility buffer instead of the depth image: `samples` 64-bit
// values per pixel (raster/TriangleRaster.h: the depth's bits over the
// triangle's number plus one), STORAGE | TRANSFER_DST | TRANSFER_SRC; its
// shading writes hdr() (STORAGE besides). It has no multisampled image.
// Throws vk::Error, in one line, when the buffer exceeds the device's
// maxStorageBufferRange.
enum class SceneShading { Forward, Deferred };

// The sample counts a deferred scene renders with on any device: those whose
// positions the compute rasterizer knows (raster::samplePositions), whatever
// the framebuffer's limits.
inline constexpr VkSampleCountFlags kDeferredSceneSampleCounts =
    VK_SAMPLE_COUNT_1_BIT | VK_SAMPLE_COUNT_2_BIT | VK_SAMPLE_COUNT_4_BIT | VK_SAMPLE_COUNT_8_BIT;

// The sample counts a scene shaded `shading` can render with on `device`.
VkSampleCountFlags sceneSampleCountsFor(const vk::Device& device, SceneShading shading);

class RenderTargets {
public:
    RenderTargets(const vk::Device& device, VkExtent2D extent, VkFormat colorFormat, VkFormat depthFormat,
                  bool readableDepth = false, VkSampleCountFlagBits samples = VK_SAMPLE_COUNT_1_BIT,
                  SceneShading shading = SceneShading::Forward);

    // Single-sampled: what the display pass reads, and the readable depth
    // (forward shading only: a deferred scene's depth is in its visibility
    // buffer).
    [[nodiscard]] const vk::Image& hdr() const { return hdr_; }
    [[nodiscard]] const vk::Image& color() const { return color_; }
    [[nodiscard]] const vk::Image& depth() const { return multisampled() && readableDepth_ ? depthResolve_ : depth_; }
    // What the scene's passes render into: hdr() and depth(), or their
    // multisampled counterparts.
    [[nodiscard]] const vk::Image& hdrAttachment() const { return multisampled() ? multisampledHdr_ : hdr_; }
    [[nodiscard]] const vk::Image& depthAttachment() const { return depth_; }
    // Deferred shading only.
    [[nodiscard]] const vk::Buffer& visibility() const { return visibility_; }
    [[nodiscard]] SceneShading shading() const { return shading_; }
    [[nodiscard]] VkSampleCountFlagBits samples() const { return samples_; }
    [[nodiscard]] bool multisampled() const { return samples_ != VK_SAMPLE_COUNT_1_BIT; }
    [[nodiscard]] bool readableDepth() const { return readableDepth_; }
    [[nodiscard]] VkExtent2D extent() const { return color_.extent(); }

private:
    VkSampleCountFlagBits samples_;
    bool readableDepth_;
    SceneShading shading_;
    vk::Image hdr_;
    vk::Image color_;
    vk::Image depth_;            // `samples` per pixel; only when forward
    vk::Image multisampledHdr_;  // only when multisampled and forward
    vk::Buffer visibility_;      // only when deferred
    vk::Image depthResolve_;     // only when multisampled, forward and readable
};

// Records a copy of the colour image (TRANSFER_SRC_OPTIMAL, as a recorded
// frame leaves it) into `destination` (same size and a format of the same
// texel size), moving the destination from UNDEFINED to TRANSFER_DST_OPTIMAL
// first. `destination` is left in TRANSFER_DST_OPTIMAL with the copy's
// writes made available.
void recordCopyToImage(const vk::Device& device, VkCommandBuffer commands, const RenderTargets& targets,
                       VkImage destination);

}  // namespace scene
