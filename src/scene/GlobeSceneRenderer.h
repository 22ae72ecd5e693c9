// The scene of planet mode: the globe (planet::gpu::GlobeTerrain) under its
// atmosphere, from orbit to the ground, drawn by the one frame
// (scene::SceneFrame) in the same order, slots, render targets and display
// pass as the flat terrain's scene::SceneRenderer, with the globe's passes:
//
//   globe update        the bisector pool's passes, the geometry's refresh
//                       when the origin moved or tiles came in, the draw's
//                       arguments (compute); classify asks for tiles;
//                       left out under a still view once the mesh converged
//   counts              live, visible, deferred
//   visibility pass     compute rasterization into the visibility buffer
//                       (reversed-Z, infinite far plane): the visible triangle
//                       nearest the camera in each sample
//   shading             compute, every pixel of the HDR image: the surface
//                       its samples show, lit under the air, or the sky
//
// The atmosphere's tables are computed once, for the Earth's air over the
// WGS 84 ellipsoid (planet::gpu::globeAtmosphereParameters).
//
// Frame slots as for SceneRenderer: a slot's last submission must have
// completed before it is recorded again; its results are read then.
#pragma once

#include "dem/DemImagery.h"
#include "display/Tonemapping.h"
#include "planet/CubeElevation.h"
#include "planet/GlobeCamera.h"
#include "planet/gpu/GlobeTerrain.h"
#include "raster/gpu/VisibilityShadePass.h"
#include "scene/FrameSlot.h"
#include "scene/FrameTimings.h"
#include "scene/ScenePick.h"
#include "scene/SceneRenderer.h"
#include "terrain/ImageryTexture.h"
#include "vectordata/Drape.h"

#include <vulkan/vulkan.h>
#include <glm/vec3.hpp>

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>

namespace vk {
class Device;
class ShaderLibrary;
}  // namespace vk

namespace raster::gpu {
class VisibilityRasterPass;
}  // namespace raster::gpu

namespace scene {

// One frame of the globe: where the camera is, what it renders into, where
// the sun is.
struct GlobeFrameView {
    planet::GlobeView view;
    VkExtent2D viewport{1, 1};
    glm::dvec3 sunDirection{1.0, 0.0, 0.0};  // ECEF, towards the sun
};

// Imagery draped over the globe: its texels on a grid of WGS 84 degrees
// (dem::loadGeographicImagery) and where that grid lies.
// Imagery that streams gives the source of its finer tiles (`tiles`:
// dem::ImageryStreaming's, texels TileTexels::Colours), its `pixels` the
// pyramid's coarsest level; one layer at most.
struct GlobeImageryPixels {
    terrain::ImageryPixels pixels;
    dem::GeographicBounds bounds;
    std::optional<tiles::gpu::TileStreamSource> tiles;
};

struct GlobeSceneSettings {
    planet::gpu::GlobeSettings globe;
    display::DisplaySettings display;
    // How the shading covers a multisampled pixel's triangles (the tests
    // compare the two).
    raster::gpu::ShadeLoop shadeLoop = raster::gpu::ShadeLoop::PrimaryThenEdges;
    // The largest box, in pixels a side, of a triangle the visibility pass
    // covers in one invocation (raster::gpu::VisibilityRasterPass); by default
    // raster::gpu::defaultSmallTrianglePixels of the device's driver path.
    std::optional<std::uint32_t> smallTrianglePixels;
};

class GlobeSceneRenderer {
public:
    // Throws vk::Error when the device lacks what the globe needs (64-bit
    // floats and integers in shaders), its buffers do not fit, or the
    // sample count is not one the device supports.
    // With `streaming`, `elevation` is the base of a streamed model: each
    // frame takes in the tiles its last completion asked for (as the flat
    // scene's tiles::gpu::TileStream frame), framesInFlight set here. With
    // `imagery` (at most planet::gpu::kMaxGlobeImageryLayers, bottom first),
    // the globe drapes each layer over the materials and the layers before
    // it where it lies; with
    // `nightLights` (a map of the whole Earth in WGS 84 degrees, row 0
    // north, column 0 at -180), its towns glow on the night side.
    GlobeSceneRenderer(vk::Device& device, const vk::ShaderLibrary& shaders, const planet::CubeElevation& elevation,
                       const GlobeSceneSettings& settings, const SceneOutput& output,
                       std::optional<planet::gpu::GlobeStreaming> streaming = std::nullopt,
                       std::span<const GlobeImageryPixels> imagery = {},
                       const std::optional<terrain::ImageryPixels>& nightLights = std::nullopt);
    ~GlobeSceneRenderer();
    GlobeSceneRenderer(const GlobeSceneRenderer&) = delete;
    GlobeSceneRenderer& operator=(const GlobeSceneRenderer&) = delete;

    [[nodiscard]] std::uint32_t framesInFlight() const;
    [[nodiscard]] FrameSlot& slot(std::uint32_t slotIndex);

    // Records one frame into the slot's command buffer, which the caller has
    // begun and will end and submit. The display colour image ends in
    // TRANSFER_SRC_OPTIMAL, visible to transfer reads.
    void recordFrame(std::uint32_t slotIndex, const GlobeFrameView& frame);

    // The display settings (exposure, tone curve) of the next frames.
    void setDisplay(const display::DisplaySettings& display);
    // The wireframe over the globe's shading, from the next frame on.
    void setWireframe(bool wireframe);
    // The imagery and the night lights, or the materials under them, from
    // the next frame on.
    void setShowImagery(bool show);
    // The relief's shadows in the sun, from the next frame on.
    void setShadows(bool shadows);
    // Contour lines every `metres` of elevation; 0: none.
    void setContourInterval(double metres);
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
    [[nodiscard]] const GlobeSceneSettings& settings() const;

    // Statistics of the most recent frame whose results are available:
    // leafCount is the live bisectors, visibleCount those drawn.
    [[nodiscard]] FrameStatistics statistics() const;

    // The visibility pass (its large list, for tests).
    [[nodiscard]] const raster::gpu::VisibilityRasterPass& visibilityPass() const;

    // Builds the pipelines again from the shader library; on an error keeps
    // the old ones and returns the one-line error. Waits for the device.
    std::optional<std::string> reloadShaders();

    [[nodiscard]] const planet::gpu::GlobeTerrain& globe() const;
    // The streamed model's tiles, if it streams.
    [[nodiscard]] tiles::gpu::TileStream* heightStream() const;
    // The streamed imagery layer's tiles, if one streams.
    [[nodiscard]] tiles::gpu::TileStream* imageryStream() const;

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace scene
