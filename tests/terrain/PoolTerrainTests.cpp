// The terrain on the bisector pool (TerrainBackend::Pool), rendered through
// the scene on the GPU with validation on: the same leaves and frames as the
// heap backend under a still camera, a valid pool after convergence, no
// holes seen from above at any uniform subdivision, shared vertices
// bit-identical in the geometry cache the draw reads, a full pool that never
// corrupts the mesh, a lowered depth that merges it down, and depths beyond
// the heap's 30.
#include "HillsTerrainTest.h"
#include "PoolTerrainChecks.h"
#include "SceneRenderHarness.h"
#include "TerrainTestScene.h"
#include "bisector/PoolInvariants.h"
#include "terrain/Terrain.h"
#include "terrain/TerrainLeaves.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <bit>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace terrain::test {
namespace {

using namespace scene::test;

TerrainSettings poolSettings(TerrainSettings settings = testSettings())
{
    settings.backend = TerrainBackend::Pool;
    settings.poolCapacity = 1u << 16;
    return settings;
}

std::size_t differingPixels(const RenderedImage& a, const RenderedImage& b, int threshold)
{
    std::size_t count = 0;
    for (std::size_t pixel = 0; pixel < a.depth.size(); ++pixel) {
        for (std::size_t channel = 0; channel < 3; ++channel) {
            if (std::abs(int{a.colour[pixel * 4 + channel]} - int{b.colour[pixel * 4 + channel]}) > threshold) {
                ++count;
                break;
            }
        }
    }
    return count;
}

class PoolTerrainTest : public HillsTerrainTest {};

const glm::vec3 kTarget(0.0f, 400.0f, -1000.0f);

camera::FrameView overview()
{
    return lookAt(glm::vec3(0.0f, 2600.0f, 5000.0f), kTarget, kRgba8Target.size);
}

// With a still camera both backends converge to the same leaves at the same
// depth (the criterion is the same, evaluated on the same vertices), and
// draw the same frame but for rounding in the last bit of a colour.
TEST_F(PoolTerrainTest, StillCameraGivesTheHeapBackendsLeavesAndFrame)
{
    SceneRenderHarness& heap = makeHarness();
    heap.converge(overview());
    heap.renderFrame(overview());
    const std::vector<LeafCorners> heapTriangles = sortedLeafCorners(heap.scene().terrain());
    const RenderedImage heapImage = heap.readBack();
    harness_.reset();

    SceneRenderHarness& pool = makeHarness(poolSettings());
    pool.converge(overview());
    pool.renderFrame(overview());
    const std::vector<LeafCorners> poolTriangles = sortedLeafCorners(pool.scene().terrain());
    const RenderedImage poolImage = pool.readBack();
    ASSERT_GT(heapTriangles.size(), 500u);
    std::vector<LeafCorners> onlyHeap;
    std::vector<LeafCorners> onlyPool;
    std::set_difference(heapTriangles.begin(), heapTriangles.end(), poolTriangles.begin(), poolTriangles.end(),
                        std::back_inserter(onlyHeap));
    std::set_difference(poolTriangles.begin(), poolTriangles.end(), heapTriangles.begin(), heapTriangles.end(),
                        std::back_inserter(onlyPool));
    EXPECT_TRUE(onlyHeap.empty() && onlyPool.empty())
        << onlyHeap.size() << " leaves only in the heap, " << onlyPool.size() << " only in the pool, of "
        << heapTriangles.size();
    EXPECT_EQ(differingPixels(heapImage, poolImage, 8), 0u);
    expectValidPool(pool.scene().terrain());
}

TEST_F(PoolTerrainTest, SeenFromAboveThereIsNoHoleAtAnySubdivision)
{
    for (const int uniformSubdivision : {0, 2, 4}) {
        SCOPED_TRACE("uniform subdivision " + std::to_string(uniformSubdivision));
        TerrainSettings settings = poolSettings();
        settings.uniformSubdivision = uniformSubdivision;
        SceneRenderHarness& harness = makeHarness(settings);
        const camera::FrameView above =
            lookAt(glm::vec3(0.0f, 4000.0f, 1.0f), glm::vec3(0.0f, 0.0f, 0.0f), kRgba8Target.size);
        harness.converge(above);
        ASSERT_GT(harness.leafCount(), 100u);
        harness.renderFrame(above);
        const RenderedImage image = harness.readBack();
        EXPECT_EQ(std::count(image.depth.begin(), image.depth.end(), 1.0f), 0) << "pixels with no terrain";
        harness_.reset();
    }
}

// The draw's program is specialized for whole bisectors or for uniform
// subdivision: a change of --subdivision at run time must draw what a
// terrain built with the new setting draws.
TEST_F(PoolTerrainTest, ChangingTheSubdivisionAtRunTimeDrawsAsAFreshTerrain)
{
    const camera::FrameView above =
        lookAt(glm::vec3(0.0f, 4000.0f, 1.0f), glm::vec3(0.0f, 0.0f, 0.0f), kRgba8Target.size);
    const auto renderConverged = [&](SceneRenderHarness& harness) {
        harness.converge(above);
        harness.renderFrame(above);
        return harness.readBack();
    };
    TerrainSettings subdivided = poolSettings();
    subdivided.uniformSubdivision = 2;
    const RenderedImage freshSubdivided = renderConverged(makeHarness(subdivided));
    harness_.reset();

    SceneRenderHarness& harness = makeHarness(poolSettings());
    const RenderedImage whole = renderConverged(harness);
    harness.applyTerrainSettings(subdivided);
    const RenderedImage switchedToSubdivided = renderConverged(harness);
    harness.applyTerrainSettings(poolSettings());
    const RenderedImage switchedBack = renderConverged(harness);

    EXPECT_EQ(std::count(switchedToSubdivided.depth.begin(), switchedToSubdivided.depth.end(), 1.0f), 0)
        << "pixels with no terrain";
    EXPECT_EQ(differingPixels(switchedToSubdivided, freshSubdivided, 0), 0u);
    EXPECT_GT(differingPixels(switchedToSubdivided, whole, 0), 0u) << "the subdivision should show";
    EXPECT_EQ(differingPixels(switchedBack, whole, 0), 0u);
}

// The draw reads the visible bisectors through the draw list: each once,
// only live ones, nearest first by distance band (terrain/PoolTerrainDrawOrder.glsl)
// and, on the CPU-driver path, those that cross a side of the view last.
TEST_F(PoolTerrainTest, TheDrawListHoldsEachVisibleBisectorOnceNearestFirst)
{
    SceneRenderHarness& harness = makeHarness(poolSettings());
    const camera::FrameView close = lookAt(glm::vec3(0.0f, 900.0f, 1500.0f), kTarget, kRgba8Target.size);
    harness.converge(close);
    harness.renderFrame(close);
    const terrain::PoolGeometryReadback geometry = harness.scene().terrain().readBackPoolGeometry();
    const bisector::PoolState state = harness.scene().terrain().readBackPool();
    ASSERT_GT(geometry.drawList.size(), 1000u);
    EXPECT_EQ(geometry.drawList.size(), harness.scene().statistics().visibleCount);

    const glm::vec3 worldMin = harness.scene().worldMin();
    const glm::vec3 worldMax = harness.scene().worldMax();
    const glm::dvec2 extent(worldMax.x - worldMin.x, worldMax.z - worldMin.z);
    const glm::dvec2 cameraUnitSquare(static_cast<double>(close.cameraPosition.x) / extent.x + 0.5,
                                      static_cast<double>(close.cameraPosition.z) / extent.y + 0.5);
    const terrain::PoolTerrainFrame frame = terrain::poolTerrainFrameFor(close, cameraUnitSquare, extent, true);
    const bool sidesLast = device().driverPath() == vk::DriverPath::CpuDriver;
    std::vector<bool> seen(state.keys.size(), false);
    float previousBand = -1.0f;
    std::size_t crossingSeen = 0;
    std::size_t insideAfterCrossing = 0;
    for (const std::uint32_t slot : geometry.drawList) {
        ASSERT_LT(slot, state.keys.size());
        EXPECT_NE(state.keys[slot], 0u) << "slot " << slot << " is not live";
        EXPECT_FALSE(seen[slot]) << "slot " << slot << " is drawn twice";
        seen[slot] = true;
        // Clearly inside or clearly crossing (the GPU rounds differently at the bounds).
        float outside = 0.0f;
        glm::vec3 middle(0.0f);
        for (std::size_t corner = 0; corner < 3; ++corner) {
            const glm::vec3 fromCamera =
                glm::vec3(geometry.cache.at(4 * slot + corner)) - glm::vec3(frame.cameraFromOrigin);
            const glm::vec4 clip = frame.viewProjectionFromCamera * glm::vec4(fromCamera, 1.0f);
            outside = std::max(outside, std::max(std::abs(clip.x), std::abs(clip.y)) / clip.w);
            middle += fromCamera / 3.0f;
        }
        const bool crossing = sidesLast && outside > 1.001f;
        if (crossing) {
            ++crossingSeen;
            continue;
        }
        if (sidesLast && outside < 0.999f && crossingSeen > 0) {
            ++insideAfterCrossing;
        }
        // Nearest first: the band (three per octave of distance) never goes
        // back; bisectors within rounding of a band's bound are left out.
        const float band = std::log2(std::max(glm::length(middle), 1.0f)) * 3.0f;
        const bool clear = (outside < 0.999f || !sidesLast) && std::abs(band - std::round(band)) > 1.0e-3f;
        if (clear) {
            EXPECT_GE(std::floor(band), previousBand) << "slot " << slot << " is out of distance order";
            previousBand = std::max(previousBand, std::floor(band));
        }
    }
    EXPECT_EQ(insideAfterCrossing, 0u) << "bisectors inside the view after ones crossing its sides";
    if (sidesLast) {
        EXPECT_GT(crossingSeen, 0u) << "the view should cut some bisectors";
    }
}

TEST_F(PoolTerrainTest, AFullPoolWaitsAndNeverCorruptsTheMesh)
{
    TerrainSettings settings = poolSettings();
    settings.poolCapacity = 256;
    SceneRenderHarness& harness = makeHarness(settings);
    const camera::FrameView close = lookAt(glm::vec3(0.0f, 900.0f, 1500.0f), kTarget, kRgba8Target.size);
    for (int frame = 0; frame < 40; ++frame) {
        harness.renderFrame(close);
    }
    const scene::FrameStatistics statistics = harness.scene().statistics();
    EXPECT_GT(statistics.deferredSplits, 0u) << "the pool should be full";
    EXPECT_LE(statistics.leafCount, 256u);
    EXPECT_GT(statistics.leafCount, 200u);
    expectValidPool(harness.scene().terrain());
}

TEST_F(PoolTerrainTest, LoweringTheDepthMergesTheMeshDown)
{
    SceneRenderHarness& harness = makeHarness(poolSettings());
    const camera::FrameView close = lookAt(glm::vec3(0.0f, 900.0f, 1500.0f), kTarget, kRgba8Target.size);
    harness.converge(close);
    const int deepest = deepestPoolLevel(harness.scene().terrain());
    ASSERT_GT(deepest, 10);
    TerrainSettings shallower = harness.terrainSettings();
    shallower.maxDepth = deepest - 4;
    harness.applyTerrainSettings(shallower);
    harness.converge(close);
    EXPECT_EQ(deepestPoolLevel(harness.scene().terrain()), deepest - 4);
    expectValidPool(harness.scene().terrain());
}

TEST_F(PoolTerrainTest, SharedVerticesAreBitIdenticalAfterDisplacementAndAnOriginMove)
{
    SceneRenderHarness& harness = makeHarness(poolSettings());
    const camera::FrameView close = lookAt(glm::vec3(0.0f, 900.0f, 1500.0f), kTarget, kRgba8Target.size);
    harness.converge(close);
    ASSERT_GT(harness.leafCount(), 1000u);
    expectWatertight(harness.scene().terrain());
    // Far enough to move the origin (1/64 of the map) and so recompute every
    // bisector's cache, then refine where the camera went.
    const float step = harness.terrainSettings().extentMetres / 10.0f;
    const camera::FrameView moved =
        lookAt(glm::vec3(step, 900.0f, 1500.0f - step), kTarget + glm::vec3(step, 0.0f, -step), kRgba8Target.size);
    harness.converge(moved);
    expectWatertight(harness.scene().terrain());
}

// Once an update under a still view has changed nothing, the pool leaves
// the update out (the criterion would decide the same again) and keeps its
// mesh; a new view or new settings bring it back at once. Statistics lag
// the recorded frames by the frames in flight, hence the extra frames.
TEST_F(PoolTerrainTest, AConvergedMeshUnderAStillViewSkipsTheUpdateUntilTheViewOrSettingsChange)
{
    SceneRenderHarness& harness = makeHarness(poolSettings());
    const auto render = [&harness](const camera::FrameView& view, int frames) {
        for (int frame = 0; frame < frames; ++frame) {
            harness.renderFrame(view);
        }
    };
    const auto lastFrameUpdated = [&harness] {
        const std::optional<scene::PassTimings> timings = harness.scene().statistics().timings;
        return timings && timings->pool.updated;
    };
    const camera::FrameView close = lookAt(glm::vec3(0.0f, 900.0f, 1500.0f), kTarget, kRgba8Target.size);
    harness.converge(close);
    render(close, 8);
    EXPECT_FALSE(lastFrameUpdated()) << "a converged mesh under a still view should skip its update";
    const std::vector<LeafCorners> converged = sortedLeafCorners(harness.scene().terrain());

    // A millimetre's move: the update runs again, and finds nothing to change
    // (what skipping it assumed).
    const camera::FrameView nudged = lookAt(glm::vec3(0.001f, 900.0f, 1500.0f), kTarget, kRgba8Target.size);
    render(nudged, 4);
    EXPECT_TRUE(lastFrameUpdated()) << "a new view must be classified";
    EXPECT_EQ(sortedLeafCorners(harness.scene().terrain()), converged);
    render(nudged, 8);
    EXPECT_FALSE(lastFrameUpdated());

    // A finer target: the update runs and refines.
    TerrainSettings finer = harness.terrainSettings();
    finer.targetEdgePixels *= 0.5f;
    harness.applyTerrainSettings(finer);
    render(nudged, 4);
    EXPECT_TRUE(lastFrameUpdated()) << "new settings must be classified";
    harness.converge(nudged);
    EXPECT_GT(sortedLeafCorners(harness.scene().terrain()).size(), converged.size());
    expectValidPool(harness.scene().terrain());
}

// The height of the terrain's surface at world (x, z), as the draw
// interpolates the heightmap (bilinear between texel centres).
double surfaceHeight(const heightmap::Heightmap& map, const TerrainSettings& settings, double x, double z)
{
    const double u = x / settings.extentMetres + 0.5;
    const double v = z / settings.extentMetres + 0.5;
    const double fx = u * (map.width - 1);
    const double fy = v * (map.height - 1);
    const auto x0 = static_cast<std::uint32_t>(fx);
    const auto y0 = static_cast<std::uint32_t>(fy);
    const double tx = fx - x0;
    const double ty = fy - y0;
    const auto at = [&](std::uint32_t column, std::uint32_t row) {
        return static_cast<double>(map.normalisedSample(column, row));
    };
    const double top = at(x0, y0) * (1 - tx) + at(x0 + 1, y0) * tx;
    const double bottom = at(x0, y0 + 1) * (1 - tx) + at(x0 + 1, y0 + 1) * tx;
    return settings.heightOffsetMetres + settings.heightScaleMetres * (top * (1 - ty) + bottom * ty);
}

TEST_F(PoolTerrainTest, RefinesBeyondTheHeapsThirtyLevels)
{
    TerrainSettings settings = poolSettings();
    settings.maxDepth = 40;
    settings.poolCapacity = 1u << 18;
    SceneRenderHarness& harness = makeHarness(settings);
    // A metre above the ground, looking down along it: the triangles under
    // the camera are far smaller than a heap of D = 30 could make them.
    const heightmap::Heightmap map = makeHillsHeightmap(128);
    const glm::vec3 eye(10.0f, static_cast<float>(surfaceHeight(map, settings, 10.0, 20.0) + 1.0), 20.0f);
    const glm::vec3 target(12.0f, static_cast<float>(surfaceHeight(map, settings, 12.0, 24.0)), 24.0f);
    const camera::FrameView ground = lookAt(eye, target, kRgba8Target.size, 100000.0f);
    harness.converge(ground, 4, 200);
    EXPECT_EQ(harness.scene().statistics().deferredSplits, 0u) << "the pool is too small for the view";
    const int deepest = deepestPoolLevel(harness.scene().terrain());
    EXPECT_GT(deepest, 30);
    expectValidPool(harness.scene().terrain());
    harness.renderFrame(ground);
    const RenderedImage image = harness.readBack();
    EXPECT_GT(std::count_if(image.depth.begin(), image.depth.end(), [](float depth) { return depth < 1.0f; }), 0);
}

}  // namespace
}  // namespace terrain::test
