// Offscreen rendering through terrain::TerrainRenderer for the render tests
// (label gpu): synthetic heightmaps, a colour + depth target, a camera, one
// frame per submission, and read-back of the images.
#pragma once

#include "GpuTestEnvironment.h"
#include "terrain/Heightmap.h"
#include "terrain/TerrainRenderer.h"
#include "vk/Image.h"

#include <glm/vec3.hpp>

#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace terrain::test {

inline constexpr VkFormat kColorFormat = VK_FORMAT_R8G8B8A8_UNORM;
inline constexpr VkFormat kDepthFormat = VK_FORMAT_D32_SFLOAT;
inline constexpr VkExtent2D kTargetSize{256, 144};
inline constexpr std::uint32_t kFramesInFlight = 2;

// A 16-bit heightmap of width x height texels whose normalised height at
// texel (x, y) is heightAt(x / (width - 1), y / (height - 1)), clamped to [0, 1].
Heightmap makeHeightmap(std::uint32_t width, std::uint32_t height,
                        const std::function<double(double, double)>& heightAt);
// Rolling hills and a ridge: real relief with no flat regions.
Heightmap makeHillsHeightmap(std::uint32_t size);

// Settings small enough for lavapipe: D = 18, a 10 km wide, 2 km high terrain.
TerrainSettings testSettings();

// A camera at `position` looking at `target`, 60 degrees vertical field of
// view, Vulkan clip space (y down, depth 0..1, near 1 m, far 100 km).
FrameView lookAt(glm::vec3 position, glm::vec3 target, VkExtent2D viewport = kTargetSize);

struct RenderedImage {
    std::uint32_t width = 0;
    std::uint32_t height = 0;
    std::vector<std::uint8_t> rgba;  // width * height * 4
    std::vector<float> depth;        // width * height, 1 where nothing was drawn

    [[nodiscard]] bool isTerrain(std::size_t pixel) const { return depth[pixel] < 1.0f; }
    [[nodiscard]] float luminance(std::size_t pixel) const;
};

// Writes the image as a PNG under $CBT_TEST_IMAGE_DIR when that is set.
void saveForInspection(const RenderedImage& image, const std::string& name);

// A TerrainRenderer rendering into its own offscreen colour + depth target.
// The renderer has two frames in flight whose slots the frames alternate,
// though each frame is submitted and waited for.
class TerrainRenderHarness {
public:
    TerrainRenderHarness(gpu::Device& device, gpu::ShaderCompiler& compiler, const Heightmap& heightmap,
                         const TerrainSettings& settings);
    ~TerrainRenderHarness();

    [[nodiscard]] TerrainRenderer& renderer() { return *renderer_; }

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
    gpu::Device* device_;
    gpu::Image color_;
    gpu::Image depth_;
    std::unique_ptr<TerrainRenderer> renderer_;
    std::uint32_t frameIndex_ = 0;
};

}  // namespace terrain::test
