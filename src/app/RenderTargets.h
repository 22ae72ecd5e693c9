// The images one frame renders into (HDR colour + depth, then the display
// colour; the same for the window and headless runs) and the commands that
// fill them with the terrain.
#pragma once

#include "vk/Image.h"

#include <vulkan/vulkan.h>

#include <filesystem>

namespace atmosphere {
class TonemapPass;
}
namespace vk {
class Device;
}
namespace terrain {
class TerrainRenderer;
struct FrameView;
}  // namespace terrain

namespace app {

// Headless colour format: 8-bit sRGB, read back as is for screenshots.
inline constexpr VkFormat kHeadlessColorFormat = VK_FORMAT_R8G8B8A8_SRGB;

// The first of D32_SFLOAT, X8_D24_UNORM_PACK32, D24_UNORM_S8_UINT that the
// device can use as an optimally tiled depth attachment. Throws vk::Error
// when none can.
VkFormat chooseDepthFormat(const vk::Device& device);

// An HDR colour image (atmosphere::kHdrColorFormat: COLOR_ATTACHMENT |
// SAMPLED | TRANSFER_SRC) and a depth image the terrain renderer draws into
// (the renderer is made with kHdrColorFormat), and the display colour image
// (COLOR_ATTACHMENT | TRANSFER_SRC, `colorFormat`) the tone-mapping pass
// writes, all of one size. After recordTerrainFrame the colour image is in
// VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, ready to be copied out, and the HDR
// image in SHADER_READ_ONLY_OPTIMAL.
class RenderTargets {
public:
    RenderTargets(const vk::Device& device, VkExtent2D extent, VkFormat colorFormat, VkFormat depthFormat);

    [[nodiscard]] const vk::Image& hdr() const { return hdr_; }
    [[nodiscard]] const vk::Image& color() const { return color_; }
    [[nodiscard]] const vk::Image& depth() const { return depth_; }
    [[nodiscard]] VkExtent2D extent() const { return color_.extent(); }

private:
    vk::Image hdr_;
    vk::Image color_;
    vk::Image depth_;
};

// Records one terrain frame into `targets`: the renderer's update passes
// (the atmosphere's tables among them), dynamic rendering that clears the
// HDR image and depth (to `depthClearValue`) and draws the sky and the
// terrain, then dynamic rendering of `display` (exposure and tone curve of
// the renderer's settings) from the HDR image into the colour image, which
// ends in TRANSFER_SRC_OPTIMAL (visible to transfer reads). The previous
// contents of the targets are discarded. `display` writes the colour
// image's format.
void recordTerrainFrame(const vk::Device& device, VkCommandBuffer commands, terrain::TerrainRenderer& renderer,
                        const atmosphere::TonemapPass& display, const RenderTargets& targets,
                        const terrain::FrameView& view, uint32_t frameSlot, float depthClearValue);

// Records a copy of the colour image (TRANSFER_SRC_OPTIMAL) into
// `destination` (same size and a format of the same texel size), moving the
// destination from UNDEFINED to TRANSFER_DST_OPTIMAL first. `destination` is
// left in TRANSFER_DST_OPTIMAL with the copy's writes made available.
void recordCopyToImage(const vk::Device& device, VkCommandBuffer commands, const RenderTargets& targets,
                       VkImage destination);

// Reads the colour image back (it must be in TRANSFER_SRC_OPTIMAL after all
// submitted work; this waits for the device) and writes it as a PNG.
// Throws std::runtime_error / vk::Error on failure.
void writeColorTargetPng(vk::Device& device, const RenderTargets& targets, const std::filesystem::path& path);

}  // namespace app
