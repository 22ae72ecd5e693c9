// The terrain: a heightmap on the GPU, the CBT + LEB update pipeline driven by
// the level-of-detail criterion of paper §5.3, and one indirect draw.
//
// World convention (shared by the app, the shaders and the tests): Y is up.
// The unit square (u, v) of the LEB square domain maps to
//   x = (u - 0.5) * extentX,  z = (v - 0.5) * extentZ,
//   y = heightOffset + height * heightScale
// where extentX = settings.extentMetres, extentZ = extentX *
// settings.depthPerWidth when that is positive, else extentX * rows / columns
// (non-square maps keep their aspect ratio), height in [0, 1] is the
// normalised heightmap sample and texel row 0 of the image is v = 0.
#pragma once

#include "heightmap/Heightmap.h"
#include "terrain/TerrainSettings.h"

#include <vulkan/vulkan.h>
#include <glm/mat4x4.hpp>
#include <glm/vec2.hpp>
#include <glm/vec3.hpp>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace vk {
class Device;
class ShaderCompiler;
}  // namespace vk

namespace terrain {

// Camera and target for one frame.
struct FrameView {
    glm::mat4 view{1.0f};
    glm::mat4 projection{1.0f};  // Vulkan clip space (y down, depth 0..1)
    glm::vec3 cameraPosition{0.0f};
    VkExtent2D viewport{1, 1};  // pixels of the render target
};

// GPU time of each pass of one completed frame, in milliseconds.
struct PassTimings {
    double dispatcherMs = 0.0;
    double subdivisionMs = 0.0;
    double sumReductionMs = 0.0;
    double leafDecodeMs = 0.0;  // heap index of each leaf, for the draw (0 while frozen)
    double drawMs = 0.0;        // the terrain's draw
    double atmosphereMs = 0.0;  // the atmosphere's per-frame tables + the sky pass
};

struct TerrainStatistics {
    uint32_t leafCount = 0;              // CBT leaves of the last completed frame
    uint64_t triangleCount = 0;          // leaves * 2^uniformSubdivision
    uint64_t cbtBytes = 0;               // size of the CBT heap
    std::optional<PassTimings> timings;  // empty until a frame's queries are available
    // GPU time of the last computation of the atmosphere's static tables
    // (transmittance, multiple scattering), e.g. at start-up.
    std::optional<double> atmosphereTablesMs;
};

// The tree as the draw sees it (TerrainRenderer::readBackTree).
struct TerrainTreeReadback {
    std::vector<std::byte> heapBytes;            // the CBT heap (cbt::ConcurrentBinaryTree::fromBytes)
    std::uint32_t drawLeafCount = 0;             // leaves the indirect draw covers (its vertices / vertices per leaf)
    std::vector<std::uint32_t> leafHeapIndices;  // what the draw reads for leaf i < min(count, buffer capacity)
};

// Owns every GPU object of the terrain. One instance per device; the app
// records its work into its own command buffers each frame:
//   recordUpdate(cmd, view, frame)   outside any rendering (compute passes)
//   ...begin dynamic rendering on colour + depth targets...
//   recordDraw(cmd, view, frame)     sky background, then the terrain
//   ...end rendering...
// The sky and the terrain's lit shading come from the physically based
// atmosphere (atmosphere::Atmosphere, whose per-frame tables recordUpdate
// records). What the draw writes depends on the colour format: a float
// format (atmosphere::kHdrColorFormat) receives HDR scene luminance with
// alpha 1 (alpha 0 marks the display colours of the debug shading modes),
// for atmosphere::TonemapPass to map; an 8-bit format receives display
// colours, exposed and tone-mapped by the draw itself (and sRGB-encoded by
// the shader for UNORM formats).
// `frameSlot` is in [0, framesInFlight) and identifies per-frame resources
// (timestamp queries, uniforms); results of a slot are read back, without
// stalling, the next time that slot is recorded.
class TerrainRenderer {
public:
    TerrainRenderer(vk::Device& device, vk::ShaderCompiler& compiler, const heightmap::Heightmap& heightmap,
                    const TerrainSettings& settings, VkFormat colorFormat, VkFormat depthFormat,
                    uint32_t framesInFlight);
    ~TerrainRenderer();
    TerrainRenderer(const TerrainRenderer&) = delete;
    TerrainRenderer& operator=(const TerrainRenderer&) = delete;

    // Takes new settings; a different maxDepth rebuilds the CBT (waits for
    // the device to be idle first). Throws vk::Error when the depth does not
    // fit the device (message names the largest depth that fits).
    void applySettings(const TerrainSettings& settings);
    const TerrainSettings& settings() const;

    void recordUpdate(VkCommandBuffer commands, const FrameView& view, uint32_t frameSlot);
    void recordDraw(VkCommandBuffer commands, const FrameView& view, uint32_t frameSlot);

    // Recompiles every shader from disk; on a compile error keeps the old
    // pipelines and returns the one-line error.
    std::optional<std::string> reloadShaders();

    // Waits for the device, then reads back the heap, the draw's instance
    // count and the per-leaf heap indices the draw reads (blocking; for tests
    // and tools).
    [[nodiscard]] TerrainTreeReadback readBackTree() const;

    // Statistics of the most recent frame whose results are available.
    TerrainStatistics statistics() const;

    // World-space bounds of the terrain (for the camera's start pose).
    glm::vec3 worldMin() const;
    glm::vec3 worldMax() const;

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace terrain
