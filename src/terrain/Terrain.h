// The terrain: a heightmap on the GPU, its concurrent binary tree refined by
// the level-of-detail criterion of paper §5.3 through the CBT + LEB update
// pipeline, and one indirect draw of the tree's leaves.
//
// World convention (shared by the app, the shaders and the tests): Y is up.
// The unit square (u, v) of the LEB square domain maps to
//   x = (u - 0.5) * extentX,  z = (v - 0.5) * extentZ,
//   y = heightOffset + height * heightScale
// where extentX = settings.extentMetres, extentZ = extentX *
// settings.depthPerWidth when that is positive, else extentX * rows / columns
// (non-square maps keep their aspect ratio), height in [0, 1] is the
// normalised heightmap sample and texel row 0 of the image is v = 0.
//
// The terrain records its passes into the caller's command buffers; the
// frame's owner (scene::SceneRenderer) orders them, writes the per-frame
// uniforms the terrain asks for, and records the barriers between them and
// the other passes of the frame.
#pragma once

#include "bisector/Pool.h"
#include "camera/FrameView.h"
#include "heightmap/Heightmap.h"
#include "terrain/HeapTerrain.h"
#include "terrain/ImageryTexture.h"
#include "terrain/PoolTerrain.h"
#include "terrain/TerrainSettings.h"
#include "terrain/TerrainUniforms.h"
#include "tiles/gpu/TileStream.h"
#include "vk/GraphicsPipeline.h"

#include <vulkan/vulkan.h>
#include <glm/vec3.hpp>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace vk {
class Buffer;
class Device;
class Image;
class ShaderLibrary;
class TimestampQueries;
}  // namespace vk

namespace terrain {

class Terrain {
public:
    // `frameUniforms`: one buffer of TerrainUniforms per frame slot, written
    // by the caller before the slot's passes run (uniformsFor). The
    // atmosphere's set layout is that of the set recordDraw binds as set 1.
    // The formats and the depth convention are those of the rendering
    // recordDraw is recorded in. `imagery` (none by default) covers the
    // heightmap's ground; settings.showImagery shows it instead of the
    // materials; with `imageryStream`, it is the coarsest level of imagery
    // whose finer tiles stream. With `stream`, the heightmap is the coarse level of a
    // streamed elevation model (tiles::gpu::TileStream) and the terrain spans
    // the model's level 0; the heap backend only (std::invalid_argument
    // otherwise). Throws vk::Error when the settings' depth does not fit the
    // device (naming the largest that does).
    Terrain(vk::Device& device, const vk::ShaderLibrary& shaders, const heightmap::Heightmap& heightmap,
            const TerrainSettings& settings, std::span<const vk::Buffer* const> frameUniforms,
            VkDescriptorSetLayout atmosphereLayout, const vk::AttachmentFormats& attachments,
            camera::DepthConvention depth, const ImageryPixels& imagery = {},
            std::optional<tiles::gpu::TileStreamSource> stream = std::nullopt,
            std::optional<tiles::gpu::TileStreamSource> imageryStream = std::nullopt);
    ~Terrain();
    Terrain(const Terrain&) = delete;
    Terrain& operator=(const Terrain&) = delete;

    // Takes new settings; a different maxDepth rebuilds the CBT (waits for
    // the device to be idle first). Throws vk::Error when the depth does not
    // fit the device (message names the largest depth that fits), and
    // std::invalid_argument for invalid settings; the terrain stays as it was.
    void applySettings(const TerrainSettings& settings);
    [[nodiscard]] const TerrainSettings& settings() const;

    // Takes the samples of a heightmap of the same size in place of the
    // current ones: a streamed model's coarse level read in the background
    // while the terrain was drawn on a placeholder. Waits for the device,
    // then rebuilds what derives from the samples (texture, statistics, sea
    // mask; the sun's horizons and the pool's geometry with the next frame)
    // and drops the streamed tiles whose holes were filled from the old
    // samples (the tile reader must fill from the new ones by then). Throws
    // std::invalid_argument for another size.
    void replaceBaseHeightmap(const heightmap::Heightmap& heightmap);

    // The uniform block of a frame seen through `view` under a sun in
    // `sunDirection`.
    [[nodiscard]] TerrainUniforms uniformsFor(const camera::FrameView& view, glm::vec3 sunDirection) const;

    // Records the update of the tessellation (outside any rendering) for the
    // frame seen through `view`. The heap: the update pipeline (alternately a
    // split and a merge phase) and the leaf decode, or only the dispatcher
    // while the subdivision is frozen. The pool: its update (classify to
    // index, splits and merges in one frame) unless frozen. With `timer`
    // (its slot begun) each pass is bracketed with timestamps.
    void recordUpdate(VkCommandBuffer commands, std::uint32_t frameSlot, const camera::FrameView& view,
                      vk::TimestampQueries* timer);
    // Records the sun's horizon map (outside any rendering) when the sun or
    // the terrain's size changed since it was last recorded (terrain::SunShadowMap).
    void recordSunShadows(VkCommandBuffer commands, glm::vec3 sunDirection);
    // Records the draw (inside rendering): the heap, the leaf heap indices
    // and the draw arguments must be visible to vertex shaders and indirect
    // commands. `atmosphereSet` is bound as set 1.
    void recordDraw(VkCommandBuffer commands, std::uint32_t frameSlot, VkExtent2D viewport,
                    VkDescriptorSet atmosphereSet, vk::TimestampQueries* timer) const;

    // The visibility path in compute (terrain::TerrainComputeRaster), in
    // place of recordDraw, outside any rendering. recordVisibility
    // rasterizes the triangles the draw would draw into `visibility`
    // (scene::RenderTargets', of `extent` at the rendering's samples); the
    // tessellation's update must be visible to compute shaders. recordShading then writes every
    // pixel of `hdr` (GENERAL) from it, the terrain or the sky, lit by the
    // atmosphere's set. Needs the reversed depth convention.
    void recordVisibility(VkCommandBuffer commands, std::uint32_t frameSlot, const vk::Buffer& visibility,
                          VkExtent2D extent);
    void recordShading(VkCommandBuffer commands, std::uint32_t frameSlot, const vk::Buffer& visibility,
                       const vk::Image& hdr, VkDescriptorSet atmosphereSet);

    // The streamed elevation model, if any (the caller calls its beginFrame
    // once the slot's last frame completed, and records
    // recordStreamUploads before the update and the stream's request
    // read-back after the draw, outside rendering).
    [[nodiscard]] tiles::gpu::TileStream* stream();
    // Streamed imagery's tiles, if `imagery` is the coarsest level of
    // streamed imagery (dem::ImageryStreaming): the frame (scene::SceneFrame)
    // takes them in, uploads them and reads back what the pixels asked for.
    [[nodiscard]] tiles::gpu::TileStream* imageryStream();
    [[nodiscard]] const tiles::gpu::TileStream* stream() const;
    void recordStreamUploads(VkCommandBuffer commands, std::uint32_t frameSlot);

    // Where the counts of the last update lie, for a read-back by the
    // caller, and what the bytes read there say.
    [[nodiscard]] vk::BufferRange countsSource() const;
    [[nodiscard]] TerrainCounts countsFrom(std::span<const std::byte> bytes) const;
    // The counts read back from the frame last recorded in `frameSlot`, once
    // it completed: the pool learns from them that its mesh has converged.
    void noteCompletedFrame(std::uint32_t frameSlot, std::span<const std::byte> counts);

    // Builds every pipeline again from the shader library; on an error keeps
    // the old pipelines and returns the one-line error. Waits for the device.
    std::optional<std::string> reloadShaders();

    // Waits for the device, then reads back the heap, the draw's leaf count
    // and the per-leaf heap indices the draw reads (for tests and tools).
    // Throws std::logic_error on the pool backend.
    [[nodiscard]] TerrainTreeReadback readBackTree() const;
    // The pool backend's state (keys, links, occupancy), its key layout and
    // base mesh, for tests. Throws std::logic_error on the heap backend.
    [[nodiscard]] bisector::PoolState readBackPool() const;
    [[nodiscard]] PoolGeometryReadback readBackPoolGeometry() const;
    [[nodiscard]] const bisector::KeyLayout& poolLayout() const;
    [[nodiscard]] const bisector::HalfedgeMesh& poolMesh() const;

    // Bytes of the tessellation on the GPU: the CBT heap, or every buffer of
    // the pool.
    [[nodiscard]] std::uint64_t cbtBytes() const;
    // The pool's slots and its bytes per slot (0 on the heap backend).
    [[nodiscard]] std::uint32_t poolCapacity() const;
    [[nodiscard]] double bytesPerBisector() const;

    // World-space bounds of the terrain (for the camera's start pose).
    [[nodiscard]] glm::vec3 worldMin() const;
    [[nodiscard]] glm::vec3 worldMax() const;

    // Every timestamp pass either backend writes: the update pipeline's,
    // kLeafDecodeTimestamp, the pool's update passes, and kDrawTimestamp.
    [[nodiscard]] static std::vector<std::string> timestampPassNames();

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace terrain
