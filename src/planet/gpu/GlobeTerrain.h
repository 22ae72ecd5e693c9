// The globe on the GPU: a bisector pool over the cube refined by the globe's
// level of detail (planet::gpu::GlobeCriterion through
// bisector::gpu::PoolPipeline), its geometry cache relative to an origin
// that follows the camera, and the draw's set: the visible bisectors, their
// geometry and the frame's uniforms (a reversed-Z projection with the far
// plane at infinity), which the visibility pass (raster::gpu::VisibilityRasterPass)
// rasterizes and the shading (raster::gpu::VisibilityShadePass) lights.
//
// Per frame: recordUpdate, then the visibility pass and the shading. The
// draw's uniforms (drawSet()) are written at recordUpdate: no earlier frame
// may be pending.
#pragma once

#include "bisector/Pool.h"
#include "bisector/gpu/PoolBuffers.h"
#include "bisector/gpu/PoolConvergence.h"
#include "bisector/gpu/PoolPipeline.h"
#include "dem/DemImagery.h"
#include "planet/CubeElevation.h"
#include "planet/GlobeCamera.h"
#include "planet/gpu/GlobeCriterion.h"
#include "terrain/ImageryTexture.h"
#include "tiles/gpu/TileStream.h"
#include "vk/Buffer.h"
#include "vk/ComputeKernel.h"
#include "vk/Descriptors.h"

#include <vulkan/vulkan.h>
#include <glm/mat4x4.hpp>
#include <glm/vec3.hpp>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <vector>

namespace vk {
class Device;
class ShaderLibrary;
class TimestampQueries;
}  // namespace vk

namespace planet::gpu {

class SeaLevelSky;

struct GlobeSettings {
    std::uint32_t capacity = 1u << 18;  // pool slots
    int maxDepth = 40;
    double targetEdgePixels = kDefaultGlobeTargetEdgePixels;
    double verticalFovRadians = 1.0471975511965976;  // 60 degrees
    double nearMetres = 1.0;
    // The seabed deeper than this under the sea gets no detail: the water
    // hides it (planet::kSeabedShownDownToMetres; infinity keeps it all).
    double seabedShownDownToMetres = kSeabedShownDownToMetres;
    // The origin of the cache moves to the camera when the camera is farther
    // from it than this.
    double originFollowMetres = 1000.0;
    // The triangles' edges drawn over the shading.
    bool wireframe = false;
    // The imagery (GlobeTerrain::setImagery) over the materials where it
    // lies, and the night lights (setNightLights).
    bool showImagery = true;
    // The relief's shadows in the sun (shaders/planet/GlobeSunHorizon.glsl).
    bool shadows = true;
    // Contour lines every this many metres of elevation on the land
    // (surface/Contours.h); 0: none.
    double contourIntervalMetres = 0.0;
};

// Imagery layers the globe stacks at most (shaders/planet/GlobeDraw.glsl:
// GLOBE_DRAW_IMAGERY_LAYERS): the Earth's colours and four of --imagery.
inline constexpr std::size_t kMaxGlobeImageryLayers = 5;

// Imagery draped over the globe: a texture of WGS 84 degrees (row 0 north,
// column 0 west) and where it lies (dem::loadGeographicImagery).
// Imagery that streams gives its tiles (`stream`, of the pyramid whose
// coarsest level is `texture`: dem::ImageryStreaming); one layer at most.
struct GlobeImagery {
    const terrain::ImageryTexture* texture = nullptr;
    dem::GeographicBounds bounds;
    const tiles::gpu::TileStream* stream = nullptr;
};

// A global model that streams (planet/CubeTileReader.h): the tiles'
// source (its layout the pyramid's) and what the criterion reads of them.
struct GlobeStreaming {
    tiles::gpu::TileStreamSource source;
    GlobeStreamLevels levels;
    std::uint32_t framesInFlight = 2;
};

class GlobeTerrain {
public:
    // Throws vk::Error when the device lacks shaderFloat64 or the pool's
    // buffers do not fit. With `streaming`, `elevation` is the base below
    // the streamed levels, and classify asks for the tiles its visible
    // bisectors want; the caller runs the stream's frame (stream()). The
    // shading's sea (drawSet()) reflects `seaLevelSky`, which must outlive the globe.
    GlobeTerrain(vk::Device& device, const vk::ShaderLibrary& shaders, const CubeElevation& elevation,
                 const GlobeSettings& settings, const SeaLevelSky& seaLevelSky,
                 std::optional<GlobeStreaming> streaming = std::nullopt);
    ~GlobeTerrain();
    GlobeTerrain(const GlobeTerrain&) = delete;
    GlobeTerrain& operator=(const GlobeTerrain&) = delete;

    // Records the pool's update for `view` seen at `viewport` pixels, the
    // geometry's refresh first when the origin moved or the stream's page
    // table changed (recorded before, with TileStream::recordUploads),
    // and the draw's
    // arguments; `sunDirection` (ECEF, towards the sun) lights the draw.
    // With a timer, the pool's passes write its timestamps
    // (bisector::gpu::PoolPipeline::timestampPassNames()). Once an update
    // of the same view and viewport completed without changing the mesh
    // (noteCompletedUpdate), the pool's passes are left out: the mesh, its
    // lists and the draw's arguments stay as they are. Returns the update's
    // serial for noteCompletedUpdate (0 when it was left out). The caller
    // records the barriers around it (scene::SceneFrame): the last frame's
    // reads before it, its writes before the visibility pass and shading.
    std::uint64_t recordUpdate(VkCommandBuffer commands, const GlobeView& view, VkExtent2D viewport,
                               const glm::dvec3& sunDirection, vk::TimestampQueries* timer = nullptr);
    // The counts of the update `serial` (recordUpdate's), once it completed.
    void noteCompletedUpdate(std::uint64_t serial, const bisector::gpu::PoolCounts& counts);
    // The draw's set (shaders/planet/GlobeDraw.glsl), for the shading.
    [[nodiscard]] VkDescriptorSetLayout drawSetLayout() const { return drawSetLayout_.handle(); }
    [[nodiscard]] VkDescriptorSet drawSet() const { return drawSet_; }

    // Where the workgroups of 64 over the last recorded update's visible list
    // lie (VkDispatchIndirectCommand, at most 65535), in countsBuffer().
    [[nodiscard]] static VkDeviceSize visibleDispatchOffset();
    // Where the last recorded update's counts lie (bisector::gpu::PoolCounts,
    // kPoolCountsBytes; GlobeDrawArguments.comp writes them), for a copy to
    // the host.
    [[nodiscard]] const vk::Buffer& countsBuffer() const;
    [[nodiscard]] static VkDeviceSize countsOffset();
    [[nodiscard]] const GlobeSettings& settings() const { return settings_; }
    // The projection of a frame at `viewport` (reversed depth, the far plane
    // at infinity), which the draw uses after the view's rotation.
    [[nodiscard]] glm::dmat4 projection(VkExtent2D viewport) const;
    // Draws the triangles' edges over the shading from the next frame on.
    void setWireframe(bool wireframe) { settings_.wireframe = wireframe; }
    // Drapes `layers` over the materials, each over those before it by its
    // alpha (surface_ImageryOver); their textures must outlive the globe.
    // No recorded use of the draw set may be pending. Throws
    // std::invalid_argument for more than kMaxGlobeImageryLayers, or more
    // than one streamed layer (whose streams must outlive the globe too).
    void setImagery(std::span<const GlobeImagery> layers);
    // Lights the night side with `nightLights`, a map of the whole Earth in
    // WGS 84 degrees (row 0 north, column 0 at -180; it must outlive the
    // globe; none: no lights).
    void setNightLights(const terrain::ImageryTexture* nightLights);
    // Shows the imagery and the night lights, or the materials under them,
    // from the next frame on.
    void setShowImagery(bool show) { settings_.showImagery = show; }
    // Casts the relief's shadows, or not, from the next frame on.
    void setShadows(bool shadows) { settings_.shadows = shadows; }
    // Contour lines every `metres` of elevation; 0: none.
    void setContourInterval(double metres) { settings_.contourIntervalMetres = metres; }
    [[nodiscard]] bool hasImagery() const { return !imagery_.empty(); }
    // Bytes of the pool and its geometry per bisector slot.
    [[nodiscard]] double bytesPerBisector() const;
    // Bytes of the elevation on the GPU (the base; the stream's atlas beside).
    [[nodiscard]] VkDeviceSize elevationBytes() const { return criterion_.elevationBytes(); }
    // The streamed model's tiles, if it streams.
    [[nodiscard]] tiles::gpu::TileStream* stream() const { return stream_.get(); }
    // The pool's buffers, for tests and tools.
    [[nodiscard]] const bisector::gpu::PoolBuffers& poolBuffers() const { return buffers_; }
    [[nodiscard]] const GlobeCriterion& criterion() const { return criterion_; }

private:
    vk::Device* device_;
    const CubeElevation* elevation_;
    GlobeSettings settings_;
    bisector::Pool reference_;  // the roots, uploaded once; keeps the layout and mesh
    bisector::gpu::PoolBuffers buffers_;
    std::unique_ptr<tiles::gpu::TileStream> stream_;
    std::unique_ptr<tiles::gpu::TileAtlas> emptyAtlas_;  // bound when nothing streams
    GlobeCriterion criterion_;
    bisector::gpu::PoolPipeline pipeline_;
    std::unique_ptr<vk::ComputeKernel> refresh_;
    std::unique_ptr<vk::ComputeKernel> drawArguments_;
    vk::DescriptorSetLayout drawSetLayout_;
    vk::DescriptorPool drawSetPool_;
    VkDescriptorSet drawSet_ = VK_NULL_HANDLE;
    vk::Buffer drawFrame_;
    terrain::ImageryTexture noImagery_;     // one transparent texel, bound until setImagery
    tiles::gpu::TileAtlas noImageryTiles_;  // bound while no imagery layer streams
    std::vector<GlobeImagery> imagery_;
    const terrain::ImageryTexture* nightLights_ = nullptr;
    std::optional<glm::dvec3> origin_;
    std::uint64_t pageTableVersion_ = 0;  // the stream's, at the last refresh
    std::uint32_t frame_ = 0;
    // What the updates are for: a new view or viewport starts a new serial.
    std::optional<GlobeView> lastView_;
    VkExtent2D lastViewport_{0, 0};
    bisector::gpu::PoolConvergence convergence_;
};

}  // namespace planet::gpu
