// Offscreen HDR frames of the terrain through terrain::TerrainRenderer, as
// the viewer renders them before tone mapping: an RGBA16F colour target
// (atmosphere::kHdrColorFormat) and a D32 depth target, read back as floats.
#pragma once

#include "terrain/Heightmap.h"
#include "terrain/TerrainRenderer.h"
#include "vk/Image.h"
#include "vk/ShaderCompiler.h"

#include <glm/vec3.hpp>
#include <glm/vec4.hpp>

#include <cstdint>
#include <memory>
#include <vector>

namespace gpu {
class Device;
}  // namespace gpu

namespace atmosphere::test {

struct HdrFrame {
    uint32_t width = 0;
    uint32_t height = 0;
    std::vector<glm::vec4> colour;  // scene luminance, alpha 1 (0 for debug display colours)
    std::vector<float> depth;       // 1 where nothing but sky was drawn (standard depth)
    std::vector<float> distance;    // metres from the camera to the surface; 0 for sky pixels

    [[nodiscard]] bool isTerrain(size_t pixel) const { return depth[pixel] < 1.0f; }
};

// A 128 x 128 map of gentle rolling hills (grass almost everywhere).
terrain::Heightmap gentleHillsHeightmap();

// A camera at `position` looking at `target`: 60 degrees vertical field of
// view, Vulkan clip space with standard depth (near 1 m, far 200 km).
terrain::FrameView cameraLookingAt(glm::vec3 position, glm::vec3 target, VkExtent2D viewport);

class HdrSceneRenderer {
public:
    static constexpr VkExtent2D kSize{192, 108};

    // Compiles from the project's shader root.
    HdrSceneRenderer(gpu::Device& device, const terrain::Heightmap& heightmap, const terrain::TerrainSettings& settings);
    ~HdrSceneRenderer();
    HdrSceneRenderer(const HdrSceneRenderer&) = delete;
    HdrSceneRenderer& operator=(const HdrSceneRenderer&) = delete;

    [[nodiscard]] terrain::TerrainRenderer& renderer() { return *renderer_; }

    // Renders `frames` frames of `view` (each submitted and waited for, so
    // the tree refines) and reads the last one back.
    HdrFrame render(const terrain::FrameView& view, int frames);

private:
    gpu::Device* device_;
    gpu::ShaderCompiler compiler_;
    gpu::Image colour_;
    gpu::Image depth_;
    std::unique_ptr<terrain::TerrainRenderer> renderer_;
    uint32_t frameIndex_ = 0;
};

}  // namespace atmosphere::test
