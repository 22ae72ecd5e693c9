// Offscreen frames through scene::SceneRenderer for the tests that render:
// a display image of a chosen format, size and HDR clear colour, the
// standard depth convention with the depth kept, one frame per submission,
// and read-back of the display colour, the depth and the HDR image.
#pragma once

#include "heightmap/Heightmap.h"
#include "scene/SceneRenderer.h"
#include "terrain/TerrainSettings.h"
#include "tiles/gpu/TileStream.h"

#include <vulkan/vulkan.h>
#include <glm/vec4.hpp>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace vk {
class Device;
class ShaderLibrary;
}  // namespace vk

namespace scene::test {

inline constexpr std::uint32_t kFramesInFlight = 2;

// What a harness renders into. The HDR image is cleared to `clearColour`:
// with alpha 0 the display pass shows it as it is, so pixels neither the
// terrain nor the sky covered stand out.
struct RenderTarget {
    VkFormat colourFormat = VK_FORMAT_UNDEFINED;
    VkExtent2D size{0, 0};
    VkClearColorValue clearColour{};
    VkSampleCountFlagBits samples = VK_SAMPLE_COUNT_1_BIT;  // above 1: resolved; depth from sample 0
    // Compute: the reversed depth convention (views from lookAt with
    // DepthConvention::Reversed) and no depth read back.
    RasterPath raster = RasterPath::Graphics;
};

// 256 x 144 RGBA8 (the display pass encodes sRGB), cleared to magenta.
inline constexpr RenderTarget kRgba8Target{VK_FORMAT_R8G8B8A8_UNORM, {256, 144}, {{1.0f, 0.0f, 1.0f, 0.0f}}};

struct RenderedImage {
    VkFormat colourFormat = VK_FORMAT_UNDEFINED;
    std::uint32_t width = 0;
    std::uint32_t height = 0;
    std::vector<std::uint8_t> colour;  // width * height texels of colourFormat, tightly packed
    std::vector<float> depth;          // width * height, 1 where nothing was drawn (empty: compute raster path)

    [[nodiscard]] bool isTerrain(std::size_t pixel) const { return depth[pixel] < 1.0f; }
    // Rec. 709 luminance of an RGBA8 texel in [0, 1]; throws
    // std::logic_error for other colour formats.
    [[nodiscard]] float luminance(std::size_t pixel) const;
};

// Whether a channel of RGBA8 `pixel` differs between the images by more
// than `tolerance` of 255.
bool channelsDiffer(const RenderedImage& a, const RenderedImage& b, std::size_t pixel, int tolerance);

// Writes an RGBA8 image as a PNG under $CBT_TEST_IMAGE_DIR when that is set;
// throws std::logic_error for other colour formats.
void saveForInspection(const RenderedImage& image, const std::string& name);

class SceneRenderHarness {
public:
    // A scene of the terrain `settings` under the default sky, sun and display.
    SceneRenderHarness(vk::Device& device, const vk::ShaderLibrary& shaders, const heightmap::Heightmap& heightmap,
                       const terrain::TerrainSettings& settings, const RenderTarget& target = kRgba8Target);
    // With `stream`, `heightmap` is the coarse level of a streamed model
    // (tiles::gpu::TileStream), whose tiles the drawn frames ask for.
    SceneRenderHarness(vk::Device& device, const vk::ShaderLibrary& shaders, const heightmap::Heightmap& heightmap,
                       const SceneSettings& settings, const RenderTarget& target = kRgba8Target,
                       std::optional<tiles::gpu::TileStreamSource> stream = std::nullopt);
    ~SceneRenderHarness();
    SceneRenderHarness(const SceneRenderHarness&) = delete;
    SceneRenderHarness& operator=(const SceneRenderHarness&) = delete;

    [[nodiscard]] SceneRenderer& scene() { return *scene_; }
    [[nodiscard]] const RenderTarget& target() const { return target_; }

    // The terrain's part of the scene's settings.
    void applyTerrainSettings(const terrain::TerrainSettings& settings);
    [[nodiscard]] const terrain::TerrainSettings& terrainSettings() const;

    // Records one frame, submits it and waits.
    void renderFrame(const camera::FrameView& view);
    // Only the terrain's update (no drawing), submitted and waited for.
    void updateOnly(const camera::FrameView& view);
    // Updates until the leaf count has not changed for `stableFrames` frames
    // in a row (at most maxFrames); returns that leaf count.
    std::uint32_t converge(const camera::FrameView& view, int stableFrames = 4, int maxFrames = 120);
    [[nodiscard]] std::uint32_t leafCount() const { return scene_->statistics().leafCount; }
    // Converges, renders the view twice (the second frame shows the first's
    // results) and reads the frame back.
    [[nodiscard]] RenderedImage renderConverged(const camera::FrameView& view);

    // The display colour and the depth of the last rendered frame.
    [[nodiscard]] RenderedImage readBack();
    // Its HDR image: scene luminance (alpha 1) or display colours (alpha 0).
    [[nodiscard]] std::vector<glm::vec4> readBackHdr();

private:
    void submitAndWait(std::uint32_t slotIndex, bool draw, const camera::FrameView& view);

    vk::Device* device_;
    RenderTarget target_;
    std::unique_ptr<SceneRenderer> scene_;
    std::uint32_t frameIndex_ = 0;
    std::uint32_t lastDrawnSlot_ = 0;
};

}  // namespace scene::test
