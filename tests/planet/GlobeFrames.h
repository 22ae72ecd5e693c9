// Frames of the globe the planet GPU tests render over ETOPO5 (resampled
// onto a cube of 256 intervals a side, over sea level on EGM96's geoid), offscreen with the validation layer
// on, as the viewer's planet mode draws them: a scene::GlobeSceneRenderer,
// one frame at a time recorded into its slot 0, submitted and waited for,
// then its colour, and its depth from the visibility buffer, read back.
#pragma once

#include "GpuTestEnvironment.h"
#include "SceneRenderHarness.h"
#include "planet/CubeElevation.h"
#include "planet/GlobeCamera.h"
#include "planet/GlobeCriterion.h"
#include "scene/GlobeSceneRenderer.h"

#include <glm/vec3.hpp>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace vk {
class Device;
}

namespace planet::test {

inline constexpr VkFormat kColourFormat = VK_FORMAT_R8G8B8A8_UNORM;
inline constexpr double kFovRadians = 1.0471975511965976;  // 60 degrees

struct Pixel {
    int r = 0;
    int g = 0;
    int b = 0;
    [[nodiscard]] int sum() const { return r + g + b; }
    [[nodiscard]] bool blue() const { return b > r && b > g; }
};

[[nodiscard]] Pixel pixelAt(const scene::test::RenderedImage& image, std::size_t index);

// Reversed-Z: the globe wrote depth above 0, the sky left 0.
[[nodiscard]] bool isGlobe(const scene::test::RenderedImage& image, std::size_t index);

void renderGlobeFrame(vk::Device& device, scene::GlobeSceneRenderer& globe, const scene::GlobeFrameView& frame);

class GlobeFramesGpuTest : public vk::test::GpuTest {
protected:
    static void SetUpTestSuite();
    static void TearDownTestSuite() { elevation_.reset(); }

    // A globe scene rendering with the test's settings (triangles of 8
    // pixels unless given), `samples` per pixel, shaded by `shadeLoop`.
    std::unique_ptr<scene::GlobeSceneRenderer> makeScene(
        double seabedShownDownTo = kSeabedShownDownToMetres, double targetEdgePixels = 8.0,
        VkSampleCountFlagBits samples = VK_SAMPLE_COUNT_1_BIT,
        raster::gpu::ShadeLoop shadeLoop = raster::gpu::ShadeLoop::PrimaryThenEdges);

    // The last frame's colour and depth (sample 0; saved as NAME.png under
    // $CBT_TEST_IMAGE_DIR when set).
    scene::test::RenderedImage readBack(scene::GlobeSceneRenderer& globe, const std::string& name);
    // The last frame's visibility buffer, every sample (raster/TriangleRaster.h).
    std::vector<std::uint64_t> readVisibilitySamples(scene::GlobeSceneRenderer& globe);
    // Per pixel, the visible triangle its sample 0 shows (its index plus
    // one), or 0.
    std::vector<std::uint32_t> readVisibility(scene::GlobeSceneRenderer& globe);

    // `frames` frames of `pose` at `size`, the sun towards `sun` (ECEF), by
    // default high behind the camera.
    scene::test::RenderedImage render(const GeodeticPose& pose, VkExtent2D size, int frames, const std::string& name,
                                      std::optional<glm::dvec3> sun = std::nullopt);

    // The same with a scene of the caller's; its statistics stay readable.
    scene::test::RenderedImage render(scene::GlobeSceneRenderer& globe, const GeodeticPose& pose, VkExtent2D size,
                                      int frames, const std::string& name,
                                      std::optional<glm::dvec3> sun = std::nullopt);

    static std::unique_ptr<CubeElevation> elevation_;
};

}  // namespace planet::test
