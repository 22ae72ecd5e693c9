// Offscreen rendering through terrain::TerrainRenderer for the render tests:
// a colour target of a chosen format, size and clear colour plus a D32 depth
// target, one frame per submission, and read-back of both images.
#pragma once

#include "heightmap/Heightmap.h"
#include "terrain/TerrainRenderer.h"
#include "vk/Image.h"
#include "vk/ShaderCompiler.h"

#include <vulkan/vulkan.h>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace vk {
class Device;
}  // namespace vk

namespace terrain::test {

inline constexpr VkFormat kDepthFormat = VK_FORMAT_D32_SFLOAT;
inline constexpr std::uint32_t kFramesInFlight = 2;

// The colour attachment a harness renders into (cleared before each frame).
struct RenderTarget {
    VkFormat colourFormat = VK_FORMAT_UNDEFINED;
    VkExtent2D size{0, 0};
    VkClearColorValue clearColour{};
};

// 256 x 144 RGBA8 cleared to magenta, so that pixels nothing drew stand out.
inline constexpr RenderTarget kRgba8Target{VK_FORMAT_R8G8B8A8_UNORM, {256, 144}, {{1.0f, 0.0f, 1.0f, 1.0f}}};

struct RenderedImage {
    VkFormat colourFormat = VK_FORMAT_UNDEFINED;
    std::uint32_t width = 0;
    std::uint32_t height = 0;
    std::vector<std::uint8_t> colour;  // width * height texels of colourFormat, tightly packed
    std::vector<float> depth;          // width * height, 1 where nothing was drawn

    [[nodiscard]] bool isTerrain(std::size_t pixel) const { return depth[pixel] < 1.0f; }
    // Rec. 709 luminance of an RGBA8 texel in [0, 1]; throws
    // std::logic_error for other colour formats.
    [[nodiscard]] float luminance(std::size_t pixel) const;
};

// Writes an RGBA8 image as a PNG under $CBT_TEST_IMAGE_DIR when that is set;
// throws std::logic_error for other colour formats.
void saveForInspection(const RenderedImage& image, const std::string& name);

// A TerrainRenderer rendering into its own offscreen colour + depth target.
// The renderer has two frames in flight whose slots the frames alternate,
// though each frame is submitted and waited for.
class TerrainRenderHarness {
public:
    TerrainRenderHarness(vk::Device& device, vk::ShaderCompiler& compiler, const heightmap::Heightmap& heightmap,
                         const TerrainSettings& settings, const RenderTarget& target = kRgba8Target);
    ~TerrainRenderHarness();
    TerrainRenderHarness(const TerrainRenderHarness&) = delete;
    TerrainRenderHarness& operator=(const TerrainRenderHarness&) = delete;

    [[nodiscard]] TerrainRenderer& renderer() { return *renderer_; }
    [[nodiscard]] const RenderTarget& target() const { return target_; }

    // Records update + draw of one frame, submits it and waits.
    void renderFrame(const FrameView& view);
    // Only the update pipeline (no draw), submitted and waited for.
    void updateOnly(const FrameView& view);
    // Renders frames until the leaf count has not changed for `stableFrames`
    // frames in a row (at most maxFrames); returns that leaf count.
    std::uint32_t converge(const FrameView& view, int stableFrames = 4, int maxFrames = 120);
    [[nodiscard]] std::uint32_t leafCount() const { return renderer_->statistics().leafCount; }

    // The colour and depth of the last rendered frame.
    [[nodiscard]] RenderedImage readBack();

private:
    vk::Device* device_;
    RenderTarget target_;
    vk::Image colour_;
    vk::Image depth_;
    std::unique_ptr<TerrainRenderer> renderer_;
    std::uint32_t frameIndex_ = 0;
};

}  // namespace terrain::test
