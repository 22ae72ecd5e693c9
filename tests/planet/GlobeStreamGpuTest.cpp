// A global model that streams onto the globe (scene::GlobeSceneRenderer with
// planet::gpu::GlobeStreaming), offscreen with the validation layer on: a
// camera a few kilometres over the ground asks for the finest level's tiles
// under it, they come in, and every live bisector's vertices take their
// heights from the finest resident level exactly as the CPU reference
// (planet::StreamedCubeHeights) computes them, bit for bit, with the detail
// below the data; shared vertices stay bit-identical, so the globe stays
// watertight while tiles change under it. A finer model laid over the
// global one (--elevation, a plane in UTM 34N) gives the vertices over it
// its heights, read back from the GPU, within the tiles' quantum.
#include "DemTestFiles.h"
#include "GlobalRasterFiles.h"
#include "GlobeFrames.h"
#include "GpuTestEnvironment.h"
#include "bisector/gpu/PoolBuffers.h"
#include "dem/DemStreaming.h"
#include "geodesy/Wgs84.h"
#include "planet/CubeElevation.h"
#include "planet/CubeSphere.h"
#include "planet/CubeTilePyramid.h"
#include "planet/CubeTileReader.h"
#include "planet/GlobalElevation.h"
#include "planet/GlobeCamera.h"
#include "planet/OverlaidElevation.h"
#include "scene/GlobeSceneRenderer.h"
#include "vk/BufferTransfer.h"
#include "vk/Commands.h"

#include <gtest/gtest.h>
#include <glm/ext/vector_int4_sized.hpp>
#include <glm/geometric.hpp>
#include <glm/vec4.hpp>

#include <algorithm>
#include <array>
#include <bit>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <map>
#include <memory>
#include <tuple>
#include <vector>

namespace planet::test {
namespace {

constexpr double kPi = 3.14159265358979323846;
constexpr double kUnitsPerCube = 17179869184.0;  // 2^34, shaders/planet/CubeGeometry.glsl

// Relief finer than the base holds: ridges every few tens of kilometres.
double field(double latitude, double longitude)
{
    const double phi = latitude * kPi / 180.0;
    const double lambda = longitude * kPi / 180.0;
    return 1500.0 + 1200.0 * std::cos(phi) * std::cos(2.0 * lambda) +
           700.0 * std::sin(150.0 * lambda) * std::cos(140.0 * phi);
}

class GlobeStreamGpuTest : public vk::test::GpuTest {
protected:
    // The model, its base and its pyramid (a scratch folder needs a test),
    // with `overlays` laid over it.
    void prepare(std::vector<OverlaidElevation> overlays = {})
    {
        if (!scratch_) {
            scratch_ = std::make_unique<dem_test::ScratchDirectory>();
        }
        const std::filesystem::path path = scratch_->file("global.tif");
        writeGlobalRaster(path, 1440, field);
        heightmap::HeightmapLimits baseLimits;
        baseLimits.maxDimension = 360;  // the base at 1/4
        source_ = std::make_shared<const dem::StreamedDem>(dem::openStreamedDem(path, baseLimits, 64));
        const GlobalElevation base(source_->base, path);
        std::uint32_t finest = finestCubeIntervalsFor(base.columnsPerTurn() << source_->layout.levelCount());
        for (const OverlaidElevation& overlay : overlays) {
            finest = std::max(finest, finestCubeIntervalsFor(overlay));
        }
        pyramid_ = std::make_unique<CubeTilePyramid>(CubeTilePyramid::between(64, finest, 256));
        model_ = std::make_unique<StreamedGlobalElevation>(
            streamedGlobalElevation(path, source_, base, *pyramid_, CubeGeoid(), std::move(overlays)));
        elevation_ = std::make_unique<CubeElevation>(base, 64);
    }

    // Frames of `pose` until the view holds still with every tile it asks
    // for (at least 30); false when it never does.
    bool renderUntilSettled(scene::GlobeSceneRenderer& globe, const GeodeticPose& pose)
    {
        tiles::gpu::TileStream* stream = globe.heightStream();
        scene::GlobeFrameView frame;
        frame.view = globeViewOf(pose);
        frame.viewport = VkExtent2D{192, 108};
        frame.sunDirection = glm::normalize(frame.view.positionEcef);
        int settled = 0;
        // The mesh refines over the first frames, asking for finer tiles as its
        // bisectors shrink; then it holds still with every tile it asks for.
        for (int i = 0; i < 120 && (i < 30 || settled < 3); ++i) {
            if (!stream->waitForReads(std::chrono::seconds(60))) {
                return false;
            }
            renderFrame(globe, frame);
            settled = stream->settled() ? settled + 1 : 0;
        }
        return settled >= 3;
    }

    // The resident tiles as the GPU's atlas holds them, by page-table entry.
    static std::map<std::uint32_t, std::vector<std::uint16_t>> residentTiles(const tiles::gpu::TileStream& stream)
    {
        const tiles::gpu::TileAtlas& atlas = stream.atlas();
        const std::vector<std::uint32_t> pageTable = atlas.readBackPageTable();
        std::map<std::uint32_t, std::vector<std::uint16_t>> tiles;
        for (std::uint32_t entry = 0; entry < pageTable.size(); ++entry) {
            if (pageTable[entry] != 0) {
                tiles[entry] = atlas.readBackTile(entry);
            }
        }
        return tiles;
    }

    // Every live bisector's vertices as the GPU holds them: the exact cube
    // point with the data's height (w, a double's bits), and the cache's
    // surface height.
    struct LiveVertex {
        glm::i64vec4 exact;
        float surfaceHeight;
    };
    std::vector<LiveVertex> liveVertices(const scene::GlobeSceneRenderer& globe)
    {
        const gpu::GlobeTerrain& terrain = globe.globe();
        const bisector::gpu::PoolCounters counters = terrain.poolBuffers().downloadCounters();
        const std::uint32_t live = counters.counts[static_cast<std::uint32_t>(bisector::gpu::PoolList::Live)];
        const std::vector<std::uint32_t> slots =
            terrain.poolBuffers().downloadList(bisector::gpu::PoolList::Live, live);
        const std::uint32_t capacity = terrain.settings().capacity;
        const std::vector<glm::i64vec4> exact =
            vk::downloadFromBufferAs<glm::i64vec4>(device(), terrain.criterion().exact(), 0, std::size_t{3} * capacity);
        const std::vector<glm::vec4> cache =
            vk::downloadFromBufferAs<glm::vec4>(device(), terrain.criterion().cache(), 0, std::size_t{3} * capacity);
        std::vector<LiveVertex> vertices;
        for (const std::uint32_t slot : slots) {
            for (std::uint32_t corner = 0; corner < 3; ++corner) {
                vertices.push_back({exact[3 * slot + corner], cache[3 * slot + corner].w});
            }
        }
        return vertices;
    }
    std::unique_ptr<scene::GlobeSceneRenderer> makeScene()
    {
        scene::GlobeSceneSettings settings;
        settings.globe.capacity = 1u << 16;
        settings.globe.maxDepth = 40;
        scene::SceneOutput output{VK_FORMAT_R8G8B8A8_UNORM, camera::DepthConvention::Reversed, 1};
        const StreamedGlobalElevation model = *model_;
        tiles::gpu::TileStreamSource source{pyramid_->layout(), [model] { return makeCubeTileReader(model); }};
        source.uploadsPerFrame = 64;
        gpu::GlobeStreaming streaming{std::move(source), gpu::GlobeStreamLevels{*pyramid_, model_->range}, 1};
        return std::make_unique<scene::GlobeSceneRenderer>(device(), shaders(), *elevation_, settings, output,
                                                           std::move(streaming));
    }

    void renderFrame(scene::GlobeSceneRenderer& globe, const scene::GlobeFrameView& frame)
    {
        renderGlobeFrame(device(), globe, frame);
    }

    std::unique_ptr<dem_test::ScratchDirectory> scratch_;
    std::shared_ptr<const dem::StreamedDem> source_;
    std::unique_ptr<CubeTilePyramid> pyramid_;
    std::unique_ptr<StreamedGlobalElevation> model_;
    std::unique_ptr<CubeElevation> elevation_;
};

TEST_F(GlobeStreamGpuTest, TilesStreamInUnderALowCameraAndVerticesTakeTheFinestResidentHeightsAsTheCpu)
{
    CBT_SKIP_WITHOUT_SHADER_FLOAT64(device());
    prepare();
    ASSERT_EQ(pyramid_->levelCount(), 2u);
    const std::unique_ptr<scene::GlobeSceneRenderer> globe = makeScene();
    tiles::gpu::TileStream* stream = globe->heightStream();
    ASSERT_NE(stream, nullptr);
    EXPECT_TRUE(renderUntilSettled(*globe, GeodeticPose{12.0, 21.0, 6000.0, 30.0, -35.0}))
        << "the tiles the view asks for all came in";

    const tiles::gpu::TileStreamStatistics statistics = stream->statistics();
    EXPECT_GT(statistics.residentTiles, 0u);
    EXPECT_EQ(statistics.finestRequestedLevel, 0u) << "6 km up asks for the finest level";

    const std::map<std::uint32_t, std::vector<std::uint16_t>> tiles = residentTiles(*stream);
    EXPECT_TRUE(tiles.contains(pyramid_->lookup(0, cubeFaceOf(cubePointUnder(12.0, 21.0))).entry))
        << "the finest tile under the camera is resident";
    const StreamedCubeHeights cpu(*elevation_, *pyramid_, model_->range, [&](std::uint32_t entry) {
        const auto found = tiles.find(entry);
        return found == tiles.end() ? nullptr : found->second.data();
    });

    // Every live bisector's cached vertex heights against the CPU's.
    const std::vector<LiveVertex> vertices = liveVertices(*globe);
    ASSERT_GT(vertices.size(), 3u * 24u);
    std::uint32_t mismatched = 0;
    std::uint32_t fromTiles = 0;
    std::map<std::tuple<std::int64_t, std::int64_t, std::int64_t>, std::uint32_t> heightBits;
    for (const LiveVertex& vertex : vertices) {
        const glm::dvec3 cube = glm::dvec3(vertex.exact.x, vertex.exact.y, vertex.exact.z) * (1.0 / kUnitsPerCube);
        const float expected = static_cast<float>(cpu.surfaceHeightAt(cube));
        const float actual = vertex.surfaceHeight;
        if (std::bit_cast<std::uint32_t>(actual) != std::bit_cast<std::uint32_t>(expected) && ++mismatched <= 5) {
            ADD_FAILURE() << "at " << cube.x << " " << cube.y << " " << cube.z << ": GPU " << actual << " m, CPU "
                          << expected << " m";
        }
        fromTiles += cpu.heightAt(cube).gridIntervals != elevation_->intervals() ? 1u : 0u;
        const auto [entry, added] = heightBits.emplace(std::make_tuple(vertex.exact.x, vertex.exact.y, vertex.exact.z),
                                                       std::bit_cast<std::uint32_t>(actual));
        EXPECT_EQ(entry->second, std::bit_cast<std::uint32_t>(actual)) << "a vertex shared by two bisectors";
    }
    EXPECT_EQ(mismatched, 0u) << "of " << vertices.size() << " vertices";
    EXPECT_GT(fromTiles, vertices.size() / 10) << "the streamed tiles, not the base, give the heights near the camera";
}

TEST_F(GlobeStreamGpuTest, AFinerModelLaidOverTheGlobalOneGivesTheVerticesOverItItsHeights)
{
    CBT_SKIP_WITHOUT_SHADER_FLOAT64(device());
    // 40 km of plane in UTM 34N under the camera's view, 100 m a sample.
    constexpr int kUtm34North = 32634;
    constexpr std::uint32_t kSamples = 400;
    constexpr double kSpacing = 100.0;
    scratch_ = std::make_unique<dem_test::ScratchDirectory>();
    const std::filesystem::path path = scratch_->file("plane-utm34.tif");
    const dem_test::ProjectedPlane plane =
        dem_test::writeProjectedPlane(path, kUtm34North, 21.05, 12.08, kSamples, kSpacing);
    std::vector<OverlaidElevation> overlays;
    dem::StreamedDemOptions overlayOptions = overlaidStreamOptions();
    overlayOptions.tileSize = 64;
    overlays.push_back(overlaidElevationOf(path,
                                           std::make_shared<const dem::StreamedDem>(dem::openStreamedDem(
                                               path, heightmap::HeightmapLimits{}, overlayOptions)),
                                           nullptr));
    const std::uint32_t overlayLevels = overlays.front().source->layout.levelCount();
    prepare(std::move(overlays));

    const std::unique_ptr<scene::GlobeSceneRenderer> globe = makeScene();
    tiles::gpu::TileStream* stream = globe->heightStream();
    ASSERT_NE(stream, nullptr);
    EXPECT_TRUE(renderUntilSettled(*globe, GeodeticPose{12.0, 21.0, 6000.0, 30.0, -35.0}));
    const std::map<std::uint32_t, std::vector<std::uint16_t>> tiles = residentTiles(*stream);
    const StreamedCubeHeights cpu(*elevation_, *pyramid_, model_->range, [&](std::uint32_t entry) {
        const auto found = tiles.find(entry);
        return found == tiles.end() ? nullptr : found->second.data();
    });
    // The vertices whose data comes from a tile over the plane's core: their
    // data height as the GPU stored it (double) against the plane.
    const double quantum = model_->range.metresPerStep;
    std::uint32_t onPlane = 0;
    std::uint32_t wrong = 0;
    for (const LiveVertex& vertex : liveVertices(*globe)) {
        const glm::dvec3 cube = glm::dvec3(vertex.exact.x, vertex.exact.y, vertex.exact.z) * (1.0 / kUnitsPerCube);
        const StreamedCubeHeights::Height data = cpu.heightAt(cube);
        if (data.gridIntervals == elevation_->intervals()) {
            continue;  // the base's, which holds the global model alone
        }
        // The plane's level the tile was read at, and its margin there.
        const double cubeSpacing = cubeGridSpacingMetres(data.gridIntervals);
        std::uint32_t level = 0;
        while (level < overlayLevels && kSpacing * std::ldexp(1.0, static_cast<int>(level) + 1) <= cubeSpacing) {
            ++level;
        }
        const double margin =
            std::max(2.0 * std::ldexp(1.0, static_cast<int>(level)), static_cast<double>(kOverlayMarginSamples));
        const geodesy::GeodeticCoordinates place = geodesy::ecefToGeodetic(cubeToEcef(cube));
        const auto [column, row] = plane.sampleOf(place.longitudeDegrees, place.latitudeDegrees);
        if (std::min({column, kSamples - 1.0 - column, row, kSamples - 1.0 - row}) <
            margin + 2.0 * cubeSpacing / kSpacing) {
            continue;
        }
        ++onPlane;
        const double gpu = std::bit_cast<double>(vertex.exact.w);
        if (std::abs(gpu - dem_test::ProjectedPlane::heightAt(column, row)) > 2.0 * quantum + 0.05 && ++wrong <= 5) {
            ADD_FAILURE() << "at " << place.latitudeDegrees << ", " << place.longitudeDegrees << ": GPU " << gpu
                          << " m, the plane " << dem_test::ProjectedPlane::heightAt(column, row) << " m";
        }
    }
    EXPECT_GT(onPlane, 100u) << "no vertex over the plane's core";
    EXPECT_EQ(wrong, 0u) << "of " << onPlane;
}

}  // namespace
}  // namespace planet::test
