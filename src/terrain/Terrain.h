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

#include "camera/FrameView.h"
#include "heightmap/Heightmap.h"
#include "terrain/TerrainSettings.h"
#include "terrain/TerrainUniforms.h"

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
class ShaderLibrary;
class TimestampQueries;
}  // namespace vk

namespace terrain {

// The tree as the draw sees it (Terrain::readBackTree).
struct TerrainTreeReadback {
    std::vector<std::byte> heapBytes;            // the CBT heap (cbt::ConcurrentBinaryTree::fromBytes)
    std::uint32_t drawLeafCount = 0;             // leaves the indirect draw covers (its vertices / vertices per leaf)
    std::vector<std::uint32_t> leafHeapIndices;  // what the draw reads for leaf i < min(count, buffer capacity)
};

// Timestamp passes the terrain writes when given a timer (after the update
// pipeline's own, leb::gpu::UpdatePipeline::timestampPassNames()).
inline constexpr const char* kLeafDecodeTimestamp = "leaf decode";
inline constexpr const char* kDrawTimestamp = "draw";

class Terrain {
public:
    // `frameUniforms`: one buffer of TerrainUniforms per frame slot, written
    // by the caller before the slot's passes run (uniformsFor). The
    // atmosphere's set layout is that of the set recordDraw binds as set 1.
    // The formats and the depth convention are those of the rendering
    // recordDraw is recorded in. Throws vk::Error when the settings' depth
    // does not fit the device (naming the largest that does).
    Terrain(vk::Device& device, const vk::ShaderLibrary& shaders, const heightmap::Heightmap& heightmap,
            const TerrainSettings& settings, std::span<const vk::Buffer* const> frameUniforms,
            VkDescriptorSetLayout atmosphereLayout, VkFormat colorFormat, VkFormat depthFormat,
            camera::DepthConvention depth);
    ~Terrain();
    Terrain(const Terrain&) = delete;
    Terrain& operator=(const Terrain&) = delete;

    // Takes new settings; a different maxDepth rebuilds the CBT (waits for
    // the device to be idle first). Throws vk::Error when the depth does not
    // fit the device (message names the largest depth that fits), and
    // std::invalid_argument for invalid settings; the terrain stays as it was.
    void applySettings(const TerrainSettings& settings);
    [[nodiscard]] const TerrainSettings& settings() const;

    // The uniform block of a frame seen through `view` under a sun in
    // `sunDirection`.
    [[nodiscard]] TerrainUniforms uniformsFor(const camera::FrameView& view, glm::vec3 sunDirection) const;

    // Records the update of the tree (outside any rendering): the update
    // pipeline (alternately a split and a merge phase) and the leaf decode,
    // or only the dispatcher while the subdivision is frozen. With `timer`
    // (its slot begun) each pass is bracketed with timestamps.
    void recordUpdate(VkCommandBuffer commands, std::uint32_t frameSlot, vk::TimestampQueries* timer);
    // Records the draw (inside rendering): the heap, the leaf heap indices
    // and the draw arguments must be visible to vertex shaders and indirect
    // commands. `atmosphereSet` is bound as set 1.
    void recordDraw(VkCommandBuffer commands, std::uint32_t frameSlot, VkExtent2D viewport,
                    VkDescriptorSet atmosphereSet, vk::TimestampQueries* timer) const;

    // The buffer and offset of the leaf count the last update left (a uint,
    // written by the compute stage), for statistics read back by the caller.
    [[nodiscard]] const vk::Buffer& leafCountBuffer() const;
    [[nodiscard]] VkDeviceSize leafCountOffset() const;

    // Builds every pipeline again from the shader library; on an error keeps
    // the old pipelines and returns the one-line error. Waits for the device.
    std::optional<std::string> reloadShaders();

    // Waits for the device, then reads back the heap, the draw's leaf count
    // and the per-leaf heap indices the draw reads (for tests and tools).
    [[nodiscard]] TerrainTreeReadback readBackTree() const;

    // Bytes of the CBT heap.
    [[nodiscard]] std::uint64_t cbtBytes() const;

    // World-space bounds of the terrain (for the camera's start pose).
    [[nodiscard]] glm::vec3 worldMin() const;
    [[nodiscard]] glm::vec3 worldMax() const;

    // The update pipeline's timestamp passes, then kLeafDecodeTimestamp and
    // kDrawTimestamp.
    [[nodiscard]] static std::vector<std::string> timestampPassNames();

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace terrain
