// Frames rendered offscreen through scene::SceneRenderer on whatever
// device is present (lavapipe in CI), validation on: terrain under a sky,
// the wireframe overlay, normals from the heightmap, shader reload.
#include "GpuTestEnvironment.h"
#include "SceneRenderHarness.h"
#include "TerrainTestScene.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <optional>
#include <string>
#include <vector>

#include <unistd.h>

namespace terrain::test {
namespace {

using namespace scene::test;

// Above the southern part of the terrain, looking north and slightly down:
// terrain in the lower part of the image, sky above the horizon.
camera::FrameView overviewCamera()
{
    return lookAt(glm::vec3(0.0f, 2600.0f, 4000.0f), glm::vec3(0.0f, 400.0f, -4500.0f), kRgba8Target.size);
}

struct RegionStatistics {
    std::size_t pixels = 0;
    double meanLuminance = 0.0;
    double luminanceStdDev = 0.0;
};

RegionStatistics regionStatistics(const RenderedImage& image, bool terrain)
{
    RegionStatistics statistics;
    double sum = 0.0;
    double sumOfSquares = 0.0;
    for (std::size_t pixel = 0; pixel < image.depth.size(); ++pixel) {
        if (image.isTerrain(pixel) == terrain) {
            const double luminance = image.luminance(pixel);
            sum += luminance;
            sumOfSquares += luminance * luminance;
            ++statistics.pixels;
        }
    }
    if (statistics.pixels > 0) {
        statistics.meanLuminance = sum / double(statistics.pixels);
        statistics.luminanceStdDev = std::sqrt(std::max(
            sumOfSquares / double(statistics.pixels) - statistics.meanLuminance * statistics.meanLuminance, 0.0));
    }
    return statistics;
}

bool isClearColour(const RenderedImage& image, std::size_t pixel)
{
    const std::uint8_t* rgba = &image.colour[pixel * 4];
    return rgba[0] == 255 && rgba[1] == 0 && rgba[2] == 255;
}

class TerrainRenderTest : public vk::test::GpuTest {
protected:
    void TearDown() override
    {
        harness_.reset();
        GpuTest::TearDown();
    }

    SceneRenderHarness& makeHarness(const heightmap::Heightmap& heightmap,
                                    const TerrainSettings& settings = testSettings())
    {
        harness_.emplace(device(), shaders(), heightmap, settings);
        return *harness_;
    }

    vk::ShaderLibrary& shaders() { return shaders_; }

    vk::ShaderLibrary shaders_ = vk::test::projectShaders();
    std::optional<SceneRenderHarness> harness_;
};

TEST_F(TerrainRenderTest, TerrainAndSkyBothPresentWithContrast)
{
    SceneRenderHarness& harness = makeHarness(makeHillsHeightmap(128));
    const camera::FrameView view = overviewCamera();
    harness.converge(view);
    harness.renderFrame(view);
    const RenderedImage image = harness.readBack();
    saveForInspection(image, "terrain-lit");

    const std::size_t total = image.depth.size();
    const RegionStatistics terrain = regionStatistics(image, true);
    const RegionStatistics sky = regionStatistics(image, false);
    EXPECT_GT(terrain.pixels, total / 5) << "too little terrain";
    EXPECT_GT(sky.pixels, total / 10) << "too little sky";
    // The sky pass covers every pixel the terrain leaves: no clear colour left.
    for (std::size_t pixel = 0; pixel < total; ++pixel) {
        ASSERT_FALSE(isClearColour(image, pixel)) << "pixel " << pixel << " shows the clear colour";
    }
    // The sky is brighter than the lit terrain, and the terrain is shaded
    // (hills lit and in shadow), not one flat colour.
    EXPECT_GT(sky.meanLuminance, terrain.meanLuminance + 0.1);
    EXPECT_GT(terrain.luminanceStdDev, 0.02);
    // Sky above, terrain below: the top row is sky, the bottom row terrain.
    EXPECT_FALSE(image.isTerrain(image.width / 2));
    EXPECT_TRUE(image.isTerrain(image.depth.size() - image.width / 2));
}

TEST_F(TerrainRenderTest, WireframeOverlayChangesTerrainPixelsOnly)
{
    TerrainSettings settings = testSettings();
    settings.targetEdgePixels = 16.0f;  // triangles large enough to show their insides
    SceneRenderHarness& harness = makeHarness(makeHillsHeightmap(128), settings);
    const camera::FrameView view = overviewCamera();
    harness.converge(view);
    settings.freezeSubdivision = true;  // the same mesh for both images
    harness.applyTerrainSettings(settings);
    harness.renderFrame(view);
    const RenderedImage shaded = harness.readBack();
    settings.wireframe = true;
    harness.applyTerrainSettings(settings);
    harness.renderFrame(view);
    const RenderedImage wireframe = harness.readBack();
    saveForInspection(wireframe, "terrain-wireframe");

    std::size_t changedTerrain = 0;
    std::size_t terrainPixels = 0;
    for (std::size_t pixel = 0; pixel < shaded.depth.size(); ++pixel) {
        const bool changed = std::memcmp(&shaded.colour[pixel * 4], &wireframe.colour[pixel * 4], 3) != 0;
        if (shaded.isTerrain(pixel)) {
            ++terrainPixels;
            changedTerrain += changed ? 1 : 0;
        } else {
            ASSERT_FALSE(changed) << "the wireframe changed sky pixel " << pixel;
        }
    }
    ASSERT_GT(terrainPixels, 0u);
    EXPECT_GT(changedTerrain, terrainPixels / 20) << changedTerrain << " of " << terrainPixels;
    EXPECT_LT(changedTerrain, terrainPixels) << "lines should not cover every terrain pixel";
}

// A plane tilted along x with slope heightScale / extent = 1: the normal is
// (-1, 1, 0) / sqrt(2), shown as (0.146, 0.854, 0.5) in normals mode.
TEST_F(TerrainRenderTest, NormalsComeFromHeightmapInMetres)
{
    TerrainSettings settings = testSettings();
    settings.shading = ShadingMode::Normals;
    settings.extentMetres = 2000.0f;
    settings.heightScaleMetres = 2000.0f;
    SceneRenderHarness& harness = makeHarness(makeHeightmap(64, 64, [](double u, double) { return u; }), settings);
    // Straight down from above the centre.
    const camera::FrameView view =
        lookAt(glm::vec3(0.0f, 4000.0f, 1.0f), glm::vec3(0.0f, 1000.0f, 0.0f), kRgba8Target.size);
    harness.converge(view);
    harness.renderFrame(view);
    const RenderedImage image = harness.readBack();
    saveForInspection(image, "terrain-normals");
    const std::size_t centre = (image.height / 2) * image.width + image.width / 2;
    ASSERT_TRUE(image.isTerrain(centre));
    const std::uint8_t* rgba = &image.colour[centre * 4];
    // The shader encodes sRGB for a UNORM target after decoding with 2.2:
    // within a few levels of n * 0.5 + 0.5.
    EXPECT_NEAR(rgba[0], 0.146 * 255.0, 6.0);
    EXPECT_NEAR(rgba[1], 0.854 * 255.0, 6.0);
    EXPECT_NEAR(rgba[2], 0.5 * 255.0, 6.0);
}

TEST_F(TerrainRenderTest, ShadingModesDiffer)
{
    TerrainSettings settings = testSettings();
    SceneRenderHarness& harness = makeHarness(makeHillsHeightmap(64), settings);
    const camera::FrameView view = overviewCamera();
    harness.converge(view);
    std::vector<RenderedImage> images;
    for (const ShadingMode mode : {ShadingMode::Lit, ShadingMode::Normals, ShadingMode::Depth}) {
        settings.shading = mode;
        settings.freezeSubdivision = true;
        harness.applyTerrainSettings(settings);
        harness.renderFrame(view);
        images.push_back(harness.readBack());
    }
    saveForInspection(images[2], "terrain-depth");
    EXPECT_NE(images[0].colour, images[1].colour);
    EXPECT_NE(images[0].colour, images[2].colour);
    EXPECT_NE(images[1].colour, images[2].colour);
}

// The draw culls back faces. Bisection alternates the orientation of the
// triangles in the unit square and the vertex shader emits each one facing
// up: seen from above, every leaf (and every uniform sub-triangle) is drawn,
// with no hole (no crack either: one uniform level, which the settings
// refuse, leaves about 180 pixels of cracks here); seen from below, none is.
TEST_F(TerrainRenderTest, EveryTriangleFacesUpAndBackFacesAreCulled)
{
    const auto pixelsWithoutTerrain = [](const RenderedImage& image) {
        return static_cast<std::size_t>(std::count(image.depth.begin(), image.depth.end(), 1.0f));
    };
    for (const int uniformSubdivision : {0, 2, 4}) {
        SCOPED_TRACE("uniform subdivision " + std::to_string(uniformSubdivision));
        TerrainSettings settings = testSettings();
        settings.uniformSubdivision = uniformSubdivision;
        SceneRenderHarness& harness = makeHarness(makeHillsHeightmap(64), settings);
        // Nearly straight down from 4 km: the 10 km terrain fills the view.
        const camera::FrameView above =
            lookAt(glm::vec3(0.0f, 4000.0f, 1.0f), glm::vec3(0.0f, 0.0f, 0.0f), kRgba8Target.size);
        harness.converge(above);
        ASSERT_GT(harness.leafCount(), 100u);
        harness.renderFrame(above);
        EXPECT_EQ(pixelsWithoutTerrain(harness.readBack()), 0u) << "pixels seen from above with no terrain";

        settings.freezeSubdivision = true;  // the same triangles, seen from underneath
        harness.applyTerrainSettings(settings);
        const camera::FrameView below =
            lookAt(glm::vec3(0.0f, -4000.0f, 1.0f), glm::vec3(0.0f, 0.0f, 0.0f), kRgba8Target.size);
        harness.renderFrame(below);
        const RenderedImage fromBelow = harness.readBack();
        EXPECT_EQ(pixelsWithoutTerrain(fromBelow), fromBelow.depth.size()) << "back faces drawn";
        harness_.reset();
    }
}

void replaceInFile(const std::filesystem::path& path, const std::string& text)
{
    std::ofstream(path, std::ios::trunc) << text;
}

TEST_F(TerrainRenderTest, ReloadShadersKeepsOldPipelinesOnError)
{
    // A private copy of the shaders, so the test can break one.
    const std::filesystem::path root =
        std::filesystem::temp_directory_path() / ("cbt-terrain-shaders-" + std::to_string(::getpid()));
    std::filesystem::remove_all(root);
    std::filesystem::copy(vk::test::shaderSourceDirectory(), root, std::filesystem::copy_options::recursive);
    vk::ShaderLibrary privateShaders(vk::test::projectShaders().spirvDirectory(), root);
    {
        // Built from the build-time SPIR-V; the reloads compile the copy.
        SceneRenderHarness harness(device(), privateShaders, makeHillsHeightmap(64), testSettings());
        const camera::FrameView view = overviewCamera();
        harness.renderFrame(view);
        privateShaders.compileFromSource();
        EXPECT_EQ(harness.scene().reloadShaders(), std::nullopt);

        const std::filesystem::path fragment = root / "terrain" / "TerrainDraw.frag";
        std::ifstream original(fragment);
        const std::string source((std::istreambuf_iterator<char>(original)), std::istreambuf_iterator<char>());
        replaceInFile(fragment, source + "\nthis is not GLSL;\n");
        const std::optional<std::string> error = harness.scene().reloadShaders();
        ASSERT_TRUE(error.has_value());
        EXPECT_NE(error->find("TerrainDraw.frag"), std::string::npos) << *error;
        EXPECT_EQ(error->find('\n'), std::string::npos) << "one line: " << *error;

        // The old pipelines still render.
        harness.converge(view);
        harness.renderFrame(view);
        const RenderedImage image = harness.readBack();
        EXPECT_GT(regionStatistics(image, true).pixels, image.depth.size() / 5);

        replaceInFile(fragment, source);
        EXPECT_EQ(harness.scene().reloadShaders(), std::nullopt);
    }
    std::filesystem::remove_all(root);
}

}  // namespace
}  // namespace terrain::test
