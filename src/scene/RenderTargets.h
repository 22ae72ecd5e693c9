// The images one frame renders into: the HDR colour image and the depth
// image the scene's passes draw into, and the display colour image the
// display pass writes, all of one size (the same for the window and the
// headless runs).
#pragma once

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

// An HDR colour image (display::kHdrColorFormat: COLOR_ATTACHMENT | SAMPLED |
// TRANSFER_SRC), a depth image (DEPTH_STENCIL_ATTACHMENT, and TRANSFER_SRC
// when `readableDepth`), and the display colour image (COLOR_ATTACHMENT |
// TRANSFER_SRC, `colorFormat`).
class RenderTargets {
public:
    RenderTargets(const vk::Device& device, VkExtent2D extent, VkFormat colorFormat, VkFormat depthFormat,
                  bool readableDepth = false);

    [[nodiscard]] const vk::Image& hdr() const { return hdr_; }
    [[nodiscard]] const vk::Image& color() const { return color_; }
    [[nodiscard]] const vk::Image& depth() const { return depth_; }
    [[nodiscard]] VkExtent2D extent() const { return color_.extent(); }

private:
    vk::Image hdr_;
    vk::Image color_;
    vk::Image depth_;
};

// Records a copy of the colour image (TRANSFER_SRC_OPTIMAL, as a recorded
// frame leaves it) into `destination` (same size and a format of the same
// texel size), moving the destination from UNDEFINED to TRANSFER_DST_OPTIMAL
// first. `destination` is left in TRANSFER_DST_OPTIMAL with the copy's
// writes made available.
void recordCopyToImage(const vk::Device& device, VkCommandBuffer commands, const RenderTargets& targets,
                       VkImage destination);

}  // namespace scene
