// The level-of-detail behaviour of the terrain (paper §5.3)
// through its leaf count: distance, stability, frustum culling, flatness,
// and rebuilding the CBT at another max depth.
#include "HillsTerrainTest.h"
#include "SceneRenderHarness.h"
#include "TerrainTestScene.h"
#include "cbt/ConcurrentBinaryTree.h"
#include "leb/gpu/SubdivisionPass.h"
#include "terrain/TerrainTree.h"
#include "vk/Error.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace terrain::test {
namespace {

using namespace scene::test;

const glm::vec3 kTarget(0.0f, 400.0f, -1000.0f);
const glm::vec3 kViewDirection = glm::normalize(glm::vec3(0.0f, 2200.0f, 8500.0f));

// On one line of sight towards kTarget, `distance` metres from it.
camera::FrameView cameraAtDistance(float distance)
{
    return lookAt(kTarget + distance * kViewDirection, kTarget, kRgba8Target.size);
}

class TerrainLevelOfDetailTest : public HillsTerrainTest {};

TEST_F(TerrainLevelOfDetailTest, CloserCameraMeansMoreLeavesFartherFewer)
{
    SceneRenderHarness& harness = makeHarness();
    const std::uint32_t middle = harness.converge(cameraAtDistance(9000.0f));
    const std::uint32_t close = harness.converge(cameraAtDistance(3000.0f));
    const std::uint32_t far = harness.converge(cameraAtDistance(30000.0f));
    EXPECT_GT(close, middle);
    EXPECT_LT(far, middle);
    EXPECT_GT(far, 2u);
}

TEST_F(TerrainLevelOfDetailTest, StillCameraConvergesToStableBoundedCount)
{
    SceneRenderHarness& harness = makeHarness();
    const camera::FrameView view = cameraAtDistance(9000.0f);
    const std::uint32_t converged = harness.converge(view);
    std::vector<std::uint32_t> counts;
    for (int frame = 0; frame < 8; ++frame) {
        harness.renderFrame(view);
        counts.push_back(harness.leafCount());
    }
    for (const std::uint32_t count : counts) {
        EXPECT_EQ(count, converged);
    }
    // Bounded: far fewer leaves than pixels (the target is 7 pixels per edge)
    // and far from the 2^18 leaves of a uniform tree.
    EXPECT_LT(converged, kRgba8Target.size.width * kRgba8Target.size.height / 4);
    EXPECT_GT(converged, 100u);
    const scene::FrameStatistics statistics = harness.scene().statistics();
    EXPECT_EQ(statistics.triangleCount, statistics.leafCount);
    EXPECT_EQ(statistics.cbtBytes, cbt::heapByteSize(18));
    ASSERT_TRUE(statistics.timings.has_value());
    EXPECT_GT(statistics.timings->sumReductionMs, 0.0) << "the update's passes are timed";
}

// A flat map seen straight down: every visible leaf ends with a hypotenuse
// of (7 / sqrt 2, 7] pixels, i.e. an area of 6.1 .. 12.25 pixels, so about
// 36864 / 12.25 = 3009 to 36864 / 6.1 = 6020 leaves cover the image (plus a
// margin for the leaves across its border and the conforming splits).
TEST_F(TerrainLevelOfDetailTest, FlatGroundConvergesToTargetPixelSize)
{
    harness_.emplace(device(), shaders_, makeHeightmap(64, 64, [](double, double) { return 0.5; }), testSettings());
    const std::uint32_t leaves =
        harness_->converge(lookAt(glm::vec3(0.0f, 3000.0f, 0.0f), glm::vec3(0.0f, 0.0f, -0.01f), kRgba8Target.size));
    RecordProperty("leaves", static_cast<int>(leaves));
    EXPECT_GT(leaves, 3000u);
    EXPECT_LT(leaves, 9000u);
}

TEST_F(TerrainLevelOfDetailTest, UniformSubdivisionMultipliesTriangles)
{
    TerrainSettings settings = testSettings();
    settings.uniformSubdivision = 4;
    SceneRenderHarness& harness = makeHarness(settings);
    harness.converge(cameraAtDistance(9000.0f));
    harness.renderFrame(cameraAtDistance(9000.0f));
    harness.renderFrame(cameraAtDistance(9000.0f));
    const scene::FrameStatistics statistics = harness.scene().statistics();
    EXPECT_EQ(statistics.triangleCount, std::uint64_t{statistics.leafCount} * 16);
}

TEST_F(TerrainLevelOfDetailTest, NothingOutsideTheFrustumIsRefined)
{
    SceneRenderHarness& harness = makeHarness();
    // Above the terrain, looking straight up: the frustum misses it entirely.
    const std::uint32_t lookingUp =
        harness.converge(lookAt(glm::vec3(0.0f, 3000.0f, 0.0f), glm::vec3(0.0f, 9000.0f, 1.0f), kRgba8Target.size));
    EXPECT_LE(lookingUp, 4u);
    const std::uint32_t lookingDown = harness.converge(cameraAtDistance(9000.0f));
    EXPECT_GT(lookingDown, 100u);
}

TEST_F(TerrainLevelOfDetailTest, FlatRegionsAreNotRefined)
{
    TerrainSettings settings = testSettings();
    settings.flatnessThreshold = 1.0e6f;  // every region is flatter than a million metres
    SceneRenderHarness& harness = makeHarness(settings);
    EXPECT_LE(harness.converge(cameraAtDistance(9000.0f)), 4u);
    settings.flatnessThreshold = 0.0f;
    harness.applyTerrainSettings(settings);
    EXPECT_GT(harness.converge(cameraAtDistance(9000.0f)), 100u);
}

TEST_F(TerrainLevelOfDetailTest, NewMaxDepthRebuildsTree)
{
    TerrainSettings settings = testSettings();
    SceneRenderHarness& harness = makeHarness(settings);
    const camera::FrameView view = cameraAtDistance(3000.0f);
    harness.converge(view);
    settings.maxDepth = 12;
    harness.applyTerrainSettings(settings);
    EXPECT_EQ(harness.scene().statistics().cbtBytes, cbt::heapByteSize(12));
    const std::uint32_t shallow = harness.converge(view);
    EXPECT_LE(shallow, 1u << 12);
    settings.maxDepth = 20;
    harness.applyTerrainSettings(settings);
    EXPECT_GT(harness.converge(view), shallow);
}

TEST_F(TerrainLevelOfDetailTest, TooDeepTreeIsRefusedNamingLargestDepth)
{
    SceneRenderHarness& harness = makeHarness();
    TerrainSettings settings = testSettings();
    settings.maxDepth = 31;
    const int fits = largestFittingMaxDepth(device());
    try {
        harness.applyTerrainSettings(settings);
        FAIL() << "expected vk::Error";
    } catch (const vk::Error& error) {
        EXPECT_NE(std::string(error.what()).find("largest depth that fits is " + std::to_string(fits)),
                  std::string::npos)
            << error.what();
    }
    EXPECT_EQ(harness.terrainSettings().maxDepth, 18) << "a refused depth leaves the settings as they were";
}

TEST_F(TerrainLevelOfDetailTest, TreeStartsAsTheSquaresTwoTriangles)
{
    for (const int depth : {1, 4, 5, 16, 21}) {
        const TerrainTree tree(device(), shaders_, depth, leb::gpu::uniformSubdivisionCriterion());
        const cbt::ConcurrentBinaryTree expected(depth, 1);
        const std::vector<std::byte> actual = tree.heap().downloadBytes();
        ASSERT_EQ(actual.size(), expected.bytes().size());
        EXPECT_TRUE(std::equal(actual.begin(), actual.end(), expected.bytes().begin())) << "depth " << depth;
        EXPECT_EQ(tree.update().dispatcher().download().leafCount, 2u);
    }
}

TEST(TerrainDefaultDepth, FinestTrianglesReachTexelSpacing)
{
    const auto depthFor = [](std::uint32_t width, std::uint32_t height) {
        heightmap::Heightmap heightmap;
        heightmap.width = width;
        heightmap.height = height;
        return defaultMaxDepthFor(heightmap);
    };
    EXPECT_EQ(depthFor(4096, 4096), 25);
    EXPECT_EQ(depthFor(2048, 2048), 23);
    EXPECT_EQ(depthFor(4096, 2048), 24);
    EXPECT_EQ(depthFor(3000, 3000), 25);
    EXPECT_EQ(depthFor(16, 16), 10);
    EXPECT_EQ(depthFor(65536, 65536), 30);
}

}  // namespace
}  // namespace terrain::test
