// HDR frames of the terrain under the atmosphere, through the real
// terrain::TerrainRenderer (label render): every pixel of the HDR target is
// finite, and distant terrain is hazier (closer to the sky's colour) than
// near terrain. The fixture fails any test on a validation message.
#include "AtmosphereGpuTest.h"
#include "HdrSceneRenderer.h"

#include <glm/geometric.hpp>

#include <algorithm>
#include <iostream>

namespace atmosphere::test {
namespace {

class RenderAtmosphereScene : public AtmosphereGpuTest {};

terrain::TerrainSettings sceneSettings(float sunElevationDegrees)
{
    terrain::TerrainSettings settings;
    settings.maxDepth = 18;
    settings.extentMetres = 40000.0f;
    settings.heightScaleMetres = 300.0f;
    settings.sunAzimuthDegrees = 135.0f;
    settings.sunElevationDegrees = sunElevationDegrees;
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
    HdrSceneRenderer scene(device(), gentleHillsHeightmap(), sceneSettings(60.0f));
    const terrain::FrameView view =
        cameraLookingAt(glm::vec3(0.0f, 900.0f, 20500.0f), glm::vec3(0.0f, 0.0f, 2000.0f), HdrSceneRenderer::kSize);
    for (const float elevation : {60.0f, 2.0f, -4.0f}) {
        scene.renderer().applySettings(sceneSettings(elevation));
        const HdrFrame frame = scene.render(view, 6);
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
    HdrSceneRenderer scene(device(), gentleHillsHeightmap(), sceneSettings(35.0f));
    const terrain::FrameView view =
        cameraLookingAt(glm::vec3(0.0f, 700.0f, 20500.0f), glm::vec3(0.0f, 0.0f, -20000.0f), HdrSceneRenderer::kSize);
    const HdrFrame frame = scene.render(view, 12);
    const glm::vec3 sky = skyNearTheHorizon(frame, 6);
    ASSERT_GT(glm::length(sky), 0.0f);
    size_t nearPixels = 0;
    size_t farPixels = 0;
    const float nearDistance = meanDistanceToSky(frame, sky, 0.0f, 4000.0f, nearPixels);
    const float farDistance = meanDistanceToSky(frame, sky, 18000.0f, 1.0e9f, farPixels);
    ASSERT_GT(nearPixels, 200u);
    ASSERT_GT(farPixels, 150u);
    std::cout << "relative distance to the sky's colour: near " << nearDistance << " (" << nearPixels << " pixels), far "
              << farDistance << " (" << farPixels << " pixels)\n";
    EXPECT_LT(farDistance, 0.75f * nearDistance);
}

}  // namespace
}  // namespace atmosphere::test
