// HDR frames of the terrain under the atmosphere, through the real
// scene::SceneRenderer (label render): every pixel of the HDR image is
// finite scene luminance, and distant terrain is hazier (closer to the sky's
// colour) than near terrain. The fixture fails any test on a validation
// message.
#include "GpuTestEnvironment.h"
#include "SceneRenderHarness.h"
#include "TerrainTestScene.h"

#include "vk/ShaderLibrary.h"

#include <glm/geometric.hpp>
#include <glm/matrix.hpp>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <iostream>
#include <numbers>
#include <span>
#include <vector>

namespace scene::test {
namespace {

bool isFinite(const glm::vec4& value)
{
    return std::isfinite(value.x) && std::isfinite(value.y) && std::isfinite(value.z) && std::isfinite(value.w);
}

// The HDR image cleared to transparent black: a pixel nothing drew has alpha 0.
constexpr RenderTarget kHdrTarget{VK_FORMAT_R8G8B8A8_UNORM, {192, 108}, {{0.0f, 0.0f, 0.0f, 0.0f}}};
constexpr float kFarMetres = 200000.0f;

class RenderAtmosphereScene : public vk::test::GpuTest {
protected:
    vk::ShaderLibrary shaders_ = vk::test::projectShaders();
};

struct HdrFrame {
    uint32_t width = 0;
    uint32_t height = 0;
    std::vector<glm::vec4> colour;  // scene luminance, alpha 1 (0 for debug display colours)
    std::vector<float> depth;       // 1 where nothing but sky was drawn (standard depth)
    std::vector<float> distance;    // metres from the camera to the surface; 0 for sky pixels

    [[nodiscard]] bool isTerrain(size_t pixel) const { return depth[pixel] < 1.0f; }
};

// A 128 x 128 map of gentle rolling hills (grass almost everywhere).
heightmap::Heightmap gentleHillsHeightmap()
{
    return makeHeightmap(128, 128, [](double u, double v) {
        constexpr double tau = 2.0 * std::numbers::pi;
        return 0.5 + 0.25 * std::sin(tau * 3.0 * u) * std::cos(tau * 2.0 * v) +
               0.1 * std::sin(tau * 7.0 * (u + 0.4 * v));
    });
}

// Renders `frames` frames of `view` (each submitted and waited for, so the
// tree refines) and reads the last one back as floats, with the distance of
// every terrain pixel from the camera.
HdrFrame renderHdrFrame(SceneRenderHarness& scene, const camera::FrameView& view, int frames)
{
    for (int frame = 0; frame < frames; ++frame) {
        scene.renderFrame(view);
    }
    const RenderedImage image = scene.readBack();
    HdrFrame frame;
    frame.width = image.width;
    frame.height = image.height;
    frame.colour = scene.readBackHdr();
    frame.depth = image.depth;
    const glm::mat4 inverseProjection = glm::inverse(view.projection);
    frame.distance.assign(frame.depth.size(), 0.0f);
    for (uint32_t y = 0; y < frame.height; ++y) {
        for (uint32_t x = 0; x < frame.width; ++x) {
            const size_t pixel = size_t{y} * frame.width + x;
            if (!frame.isTerrain(pixel)) {
                continue;
            }
            const float clipX = (static_cast<float>(x) + 0.5f) / static_cast<float>(frame.width) * 2.0f - 1.0f;
            const float clipY = (static_cast<float>(y) + 0.5f) / static_cast<float>(frame.height) * 2.0f - 1.0f;
            const glm::vec4 clip(clipX, clipY, frame.depth[pixel], 1.0f);
            const glm::vec4 viewSpace = inverseProjection * clip;
            frame.distance[pixel] = glm::length(glm::vec3(viewSpace) / viewSpace.w);
        }
    }
    return frame;
}

SceneSettings sceneSettings(float sunElevationDegrees)
{
    SceneSettings settings;
    settings.terrain.maxDepth = 18;
    settings.terrain.extentMetres = 40000.0f;
    settings.terrain.heightScaleMetres = 300.0f;
    settings.sun = atmosphere::SunPosition{135.0f, sunElevationDegrees};
    return settings;
}

// Mean colour of the sky pixels in the `rows` rows above the highest terrain pixel.
glm::vec3 skyNearTheHorizon(const HdrFrame& frame, uint32_t rows)
{
    uint32_t firstTerrainRow = frame.height;
    for (uint32_t y = 0; y < frame.height && firstTerrainRow == frame.height; ++y) {
        for (uint32_t x = 0; x < frame.width; ++x) {
            if (frame.isTerrain(size_t{y} * frame.width + x)) {
                firstTerrainRow = y;
                break;
            }
        }
    }
    glm::vec3 sum(0.0f);
    float count = 0.0f;
    for (uint32_t y = firstTerrainRow > rows ? firstTerrainRow - rows : 0; y < firstTerrainRow; ++y) {
        for (uint32_t x = 0; x < frame.width; ++x) {
            const size_t pixel = size_t{y} * frame.width + x;
            if (!frame.isTerrain(pixel)) {
                sum += glm::vec3(frame.colour[pixel]);
                count += 1.0f;
            }
        }
    }
    return count > 0.0f ? sum / count : glm::vec3(0.0f);
}

// Mean distance, relative to the sky's colour, of the terrain pixels whose
// distance from the camera lies in [nearest, farthest) metres.
float meanDistanceToSky(const HdrFrame& frame, glm::vec3 sky, float nearest, float farthest, size_t& pixels)
{
    float sum = 0.0f;
    pixels = 0;
    for (size_t pixel = 0; pixel < frame.colour.size(); ++pixel) {
        if (frame.isTerrain(pixel) && frame.distance[pixel] >= nearest && frame.distance[pixel] < farthest) {
            sum += glm::length(glm::vec3(frame.colour[pixel]) - sky) / glm::length(sky);
            ++pixels;
        }
    }
    return pixels > 0 ? sum / static_cast<float>(pixels) : 0.0f;
}

TEST_F(RenderAtmosphereScene, HdrFramesAreFiniteAtNoonSunsetAndNight)
{
    SceneRenderHarness scene(device(), shaders_, gentleHillsHeightmap(), sceneSettings(60.0f), kHdrTarget);
    const camera::FrameView view =
        lookAt(glm::vec3(0.0f, 900.0f, 20500.0f), glm::vec3(0.0f, 0.0f, 2000.0f), kHdrTarget.size, kFarMetres);
    for (const float elevation : {60.0f, 2.0f, -4.0f}) {
        scene.scene().applySettings(sceneSettings(elevation));
        const HdrFrame frame = renderHdrFrame(scene, view, 6);
        size_t terrainPixels = 0;
        for (size_t pixel = 0; pixel < frame.colour.size(); ++pixel) {
            const glm::vec4& colour = frame.colour[pixel];
            ASSERT_TRUE(isFinite(colour)) << "pixel " << pixel << " with the sun at " << elevation << " degrees";
            ASSERT_GE(std::min({colour.r, colour.g, colour.b}), 0.0f) << "pixel " << pixel;
            // Lit shading and the sky are scene luminance (alpha 1).
            ASSERT_EQ(colour.a, 1.0f) << "pixel " << pixel;
            terrainPixels += frame.isTerrain(pixel) ? 1u : 0u;
        }
        EXPECT_GT(terrainPixels, frame.colour.size() / 5);
        EXPECT_LT(terrainPixels, frame.colour.size() * 4 / 5);
    }
}

TEST_F(RenderAtmosphereScene, DistantTerrainIsHazierThanNearTerrain)
{
    SceneRenderHarness scene(device(), shaders_, gentleHillsHeightmap(), sceneSettings(35.0f), kHdrTarget);
    const camera::FrameView view =
        lookAt(glm::vec3(0.0f, 700.0f, 20500.0f), glm::vec3(0.0f, 0.0f, -20000.0f), kHdrTarget.size, kFarMetres);
    const HdrFrame frame = renderHdrFrame(scene, view, 12);
    const glm::vec3 sky = skyNearTheHorizon(frame, 6);
    ASSERT_GT(glm::length(sky), 0.0f);
    size_t nearPixels = 0;
    size_t farPixels = 0;
    const float nearDistance = meanDistanceToSky(frame, sky, 0.0f, 4000.0f, nearPixels);
    const float farDistance = meanDistanceToSky(frame, sky, 18000.0f, 1.0e9f, farPixels);
    ASSERT_GT(nearPixels, 200u);
    ASSERT_GT(farPixels, 150u);
    std::cout << "relative distance to the sky's colour: near " << nearDistance << " (" << nearPixels
              << " pixels), far " << farDistance << " (" << farPixels << " pixels)\n";
    EXPECT_LT(farDistance, 0.75f * nearDistance);
}

}  // namespace
}  // namespace scene::test
