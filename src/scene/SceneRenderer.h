// The flat terrain's scene: the terrain under its atmosphere, drawn by the
// one frame (scene::SceneFrame, which holds the pass order, the frame slots
// and the display pass) with this scene as its surface:
//
//   uniforms            the terrain's, written once per frame (host)
//   terrain update      CBT update pipeline, leaf decode, draw arguments, or
//                       the pool's update (compute); the sun's horizon map
//   atmosphere          per-frame look-up tables (compute), before the pixels
//   graphics path:      in the rendering into HDR colour + depth, the
//                       terrain's draw, then the sky (multisampled: resolved
//                       into the HDR image as the rendering ends)
//   compute path (RasterPath::Compute): the draw's triangles into the
//                       visibility buffer, then every pixel from it, terrain
//                       or sky
//
// Frame slots: `slotIndex` is in [0, framesInFlight). A slot's previous
// submission must have completed (its fence waited) before it is recorded
// again; its results (leaf count, GPU times) are read then, without stalling.
#pragma once

#include "camera/FrameView.h"
#include "heightmap/Heightmap.h"
#include "scene/FrameSlot.h"
#include "scene/FrameTimings.h"
#include "scene/ScenePick.h"
#include "scene/SceneSettings.h"
#include "terrain/Terrain.h"
#include "vectordata/Drape.h"
#include "vk/DriverPath.h"

#include <vulkan/vulkan.h>
#include <glm/vec3.hpp>

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace vk {
class Device;
class ShaderLibrary;
}  // namespace vk

namespace scene {

// How a frame finds the terrain's pixels. Graphics: the terrain's draw through
// the graphics pipeline (on the heap backend the 2020 design: one indirect
// draw, whose vertex shader decodes each LEB triangle), then the sky pass.
// Compute: the same triangles rasterized in compute into a visibility
// buffer, then every pixel shaded in compute, terrain or sky
// (terrain::TerrainComputeRaster), which runs on every multiprocessor of
// parts that confine vertex and fragment work to a few. Both shade with the
// same code (terrain/TerrainShading.glsl).
enum class RasterPath { Graphics, Compute };

// "graphics" or "compute".
[[nodiscard]] std::string_view rasterPathName(RasterPath path);

// The path a device renders with by default, as measured per driver path
// (docs/PERFORMANCE.md): compute on GPUs, graphics on a CPU driver.
[[nodiscard]] RasterPath defaultRasterPath(vk::DriverPath path);

// What the frames are rendered for.
struct SceneOutput {
    // The display colour image's format: a swapchain's, or
    // kHeadlessColorFormat for screenshots.
    VkFormat displayFormat = VK_FORMAT_R8G8B8A8_SRGB;
    // The depth convention of every FrameView's projection.
    camera::DepthConvention depth = camera::DepthConvention::Reversed;
    std::uint32_t framesInFlight = 2;
    // What the HDR image is cleared to. Every pixel is then covered by the
    // terrain or the sky; tests clear to a colour with alpha 0 (a display
    // colour, shown as it is) to see any that are not.
    VkClearColorValue hdrClear{{0.0f, 0.0f, 0.0f, 1.0f}};
    // Keeps the depth image after the frame, in TRANSFER_SRC_OPTIMAL (for
    // tests and tools; the viewer discards it).
    bool readableDepth = false;
    // Samples per pixel of the scene's rendering: above 1, multisample
    // anti-aliasing, resolved into the HDR image before the display pass.
    // One of supportedSceneSampleCounts (scene/RenderTargets.h).
    VkSampleCountFlagBits samples = VK_SAMPLE_COUNT_1_BIT;
    // How the terrain's pixels are found. Compute needs the reversed depth
    // convention, and keeps no depth image (readableDepth has no effect).
    RasterPath raster = RasterPath::Graphics;
};

// Headless display format: 8-bit sRGB, read back as is for screenshots.
inline constexpr VkFormat kHeadlessColorFormat = VK_FORMAT_R8G8B8A8_SRGB;

class SceneRenderer {
public:
    // Builds every pass (compiling nothing: the shaders come from `shaders`)
    // and computes the atmosphere's tables, waiting for the device. `imagery`
    // (none by default) is draped over the terrain (terrain::Terrain). Throws
    // `stream` makes the heightmap the coarse level of a streamed elevation
    // model (terrain::Terrain); `imageryStream` streams the finer levels of
    // imagery whose coarsest level `imagery` is. Throws
    // std::invalid_argument for invalid settings and vk::Error when the
    // terrain's depth does not fit the device or the sample count is not
    // one the device supports.
    SceneRenderer(vk::Device& device, const vk::ShaderLibrary& shaders, const heightmap::Heightmap& heightmap,
                  const SceneSettings& settings, const SceneOutput& output, const terrain::ImageryPixels& imagery = {},
                  std::optional<tiles::gpu::TileStreamSource> stream = std::nullopt,
                  std::optional<tiles::gpu::TileStreamSource> imageryStream = std::nullopt);
    ~SceneRenderer();
    SceneRenderer(const SceneRenderer&) = delete;
    SceneRenderer& operator=(const SceneRenderer&) = delete;

    [[nodiscard]] std::uint32_t framesInFlight() const;
    [[nodiscard]] FrameSlot& slot(std::uint32_t slotIndex);
    [[nodiscard]] const FrameSlot& slot(std::uint32_t slotIndex) const;

    // Records one frame seen through `view` into the slot's command buffer,
    // which the caller has begun and will end and submit (signalling the
    // slot's fence). The slot's render targets are remade at the view's
    // viewport when their size differs. The display colour image ends in
    // TRANSFER_SRC_OPTIMAL, visible to transfer reads.
    void recordFrame(std::uint32_t slotIndex, const camera::FrameView& view);

    // Records only the terrain's update of such a frame (no atmosphere, no
    // rendering), for tests and tools that converge the tree without drawing
    // it. The slot's render targets are left as they were.
    void recordTerrainUpdate(std::uint32_t slotIndex, const camera::FrameView& view);

    // Takes new settings: the terrain's (a new max depth rebuilds the CBT,
    // waiting for the device), the atmosphere's (recomputed by the next
    // frame), the sun and the display. Throws like the constructor; the scene
    // stays as it was.
    void applySettings(const SceneSettings& settings);
    [[nodiscard]] const SceneSettings& settings() const;
    // The vector layers (vectordata::drapeLayer's and drapeFills' vertices
    // in the surface's coordinates) drawn over every frame from now on; none
    // when empty.
    // Throws vk::Error when the device can not read the scene's depth.
    void setVectorLayers(const vectordata::DrapedLayers& layers);
    // Shows or hides the vector layer numbered `layer` (its place among the
    // --vector layers given) from the next frame on.
    void setVectorLayerShown(std::size_t layer, bool shown);
    // The point of the surface under `pixel`, read back in the next frame
    // (SceneFrame::requestPick); takePicked gives it once, when it is in.
    void requestPick(VkOffset2D pixel);
    // The path measured in the window, laid on the surface (none when empty);
    // waits for the device.
    void setMeasuredPath(const vectordata::DrapedLayers& path);
    [[nodiscard]] std::optional<PickedPoint> takePicked();

    // terrain::Terrain::replaceBaseHeightmap: the heightmap's samples
    // replaced by those of one of the same size (waits for the device).
    void replaceBaseHeightmap(const heightmap::Heightmap& heightmap);

    // Statistics of the most recent frame whose results are available.
    [[nodiscard]] FrameStatistics statistics() const;

    // Builds every pipeline again from the shader library (the caller may
    // have switched it to the GLSL sources); on an error keeps the old ones
    // and returns the one-line error. Waits for the device.
    std::optional<std::string> reloadShaders();

    [[nodiscard]] const terrain::Terrain& terrain() const;
    // The terrain's streamed elevation model, if it has one.
    [[nodiscard]] tiles::gpu::TileStream* heightStream();
    // Streamed imagery's tiles, if the imagery streams.
    [[nodiscard]] tiles::gpu::TileStream* imageryStream();
    [[nodiscard]] camera::DepthConvention depthConvention() const;
    // World-space bounds of the terrain (for the camera's start pose).
    [[nodiscard]] glm::vec3 worldMin() const;
    [[nodiscard]] glm::vec3 worldMax() const;

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace scene
