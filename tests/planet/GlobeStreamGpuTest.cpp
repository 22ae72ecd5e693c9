// A global model that streams onto the globe (scene::GlobeSceneRenderer with
// planet::gpu::GlobeStreaming), offscreen with the validation layer on: a
// camera a few kilometres over the ground asks for the finest level's tiles
// under it, they come in, and every live bisector's vertices take their
// heights from the finest resident level exactly as the CPU reference
// (planet::StreamedCubeHeights) computes them, bit for bit, with the detail
// below the data; shared vertices stay bit-identical, so the globe stays
// watertight while tiles change under it.
#include "DemTestFiles.h"
#include "GlobalRasterFiles.h"
#include "GlobeFrames.h"
#include "GpuTestEnvironment.h"
#include "bisector/gpu/PoolBuffers.h"
#include "dem/DemStreaming.h"
#include "planet/CubeElevation.h"
#include "planet/CubeSphere.h"
#include "planet/CubeTilePyramid.h"
#include "planet/CubeTileReader.h"
#include "planet/GlobalElevation.h"
#include "planet/GlobeCamera.h"
#include "scene/GlobeSceneRenderer.h"
#include "vk/BufferTransfer.h"
#include "vk/Commands.h"

#include <gtest/gtest.h>
#include <glm/ext/vector_int4_sized.hpp>
#include <glm/geometric.hpp>
#include <glm/vec4.hpp>

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
    // The model, its base and its pyramid (a scratch folder needs a test).
    void prepare()
    {
        scratch_ = std::make_unique<dem_test::ScratchDirectory>();
        const std::filesystem::path path = scratch_->file("global.tif");
        writeGlobalRaster(path, 1440, field);
        heightmap::HeightmapLimits baseLimits;
        baseLimits.maxDimension = 360;  // the base at 1/4
        source_ = std::make_shared<const dem::StreamedDem>(dem::openStreamedDem(path, baseLimits, 64));
        const GlobalElevation base(source_->base, path);
        const std::uint32_t finest = finestCubeIntervalsFor(base.columnsPerTurn() << source_->layout.levelCount());
        pyramid_ = std::make_unique<CubeTilePyramid>(CubeTilePyramid::between(64, finest, 256));
        model_ = std::make_unique<StreamedGlobalElevation>(
            streamedGlobalElevation(path, source_, base, *pyramid_, CubeGeoid()));
        elevation_ = std::make_unique<CubeElevation>(base, 64);
    }
    std::unique_ptr<scene::GlobeSceneRenderer> makeScene()
    {
        scene::GlobeSceneSettings settings;
        settings.globe.capacity = 1u << 16;
        settings.globe.maxDepth = 40;
        scene::SceneOutput output{VK_FORMAT_R8G8B8A8_UNORM, camera::DepthConvention::Reversed, 1};
        const StreamedGlobalElevation model = *model_;
        tiles::gpu::HeightStreamSource source{pyramid_->layout(), [model] { return makeCubeTileReader(model); }};
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
    tiles::gpu::HeightStream* stream = globe->heightStream();
    ASSERT_NE(stream, nullptr);
    const GeodeticPose pose{12.0, 21.0, 6000.0, 30.0, -35.0};
    scene::GlobeFrameView frame;
    frame.view = globeViewOf(pose);
    frame.viewport = VkExtent2D{192, 108};
    frame.sunDirection = glm::normalize(frame.view.positionEcef);
    int settled = 0;
    // The mesh refines over the first frames, asking for finer tiles as its
    // bisectors shrink; then it holds still with every tile it asks for.
    for (int i = 0; i < 120 && (i < 30 || settled < 3); ++i) {
        ASSERT_TRUE(stream->waitForReads(std::chrono::seconds(60)));
        renderFrame(*globe, frame);
        settled = stream->settled() ? settled + 1 : 0;
    }
    EXPECT_GE(settled, 3) << "the tiles the view asks for all came in";

    const tiles::gpu::HeightStreamStatistics statistics = stream->statistics();
    EXPECT_GT(statistics.residentTiles, 0u);
    EXPECT_EQ(statistics.finestRequestedLevel, 0u) << "6 km up asks for the finest level";

    // The atlas as the GPU holds it.
    const tiles::gpu::HeightTileAtlas& atlas = stream->atlas();
    const std::vector<std::uint32_t> pageTable = atlas.readBackPageTable();
    std::map<std::uint32_t, std::vector<std::uint16_t>> tiles;
    for (std::uint32_t entry = 0; entry < pageTable.size(); ++entry) {
        if (pageTable[entry] != 0) {
            tiles[entry] = atlas.readBackTile(entry);
        }
    }
    EXPECT_TRUE(tiles.contains(pyramid_->lookup(0, cubeFaceOf(cubePointUnder(12.0, 21.0))).entry))
        << "the finest tile under the camera is resident";
    const StreamedCubeHeights cpu(*elevation_, *pyramid_, model_->range, [&](std::uint32_t entry) {
        const auto found = tiles.find(entry);
        return found == tiles.end() ? nullptr : found->second.data();
    });

    // Every live bisector's cached vertex heights against the CPU's.
    const gpu::GlobeTerrain& terrain = globe->globe();
    const bisector::gpu::PoolCounters counters = terrain.poolBuffers().downloadCounters();
    const std::uint32_t live = counters.counts[static_cast<std::uint32_t>(bisector::gpu::PoolList::Live)];
    ASSERT_GT(live, 24u);
    const std::vector<std::uint32_t> slots = terrain.poolBuffers().downloadList(bisector::gpu::PoolList::Live, live);
    const std::uint32_t capacity = terrain.settings().capacity;
    const std::vector<glm::i64vec4> exact =
        vk::downloadFromBufferAs<glm::i64vec4>(device(), terrain.criterion().exact(), 0, std::size_t{3} * capacity);
    const std::vector<glm::vec4> cache =
        vk::downloadFromBufferAs<glm::vec4>(device(), terrain.criterion().cache(), 0, std::size_t{3} * capacity);
    std::uint32_t compared = 0;
    std::uint32_t mismatched = 0;
    std::uint32_t fromTiles = 0;
    std::map<std::tuple<std::int64_t, std::int64_t, std::int64_t>, std::uint32_t> heightBits;
    for (const std::uint32_t slot : slots) {
        for (std::uint32_t corner = 0; corner < 3; ++corner) {
            const glm::i64vec4 vertex = exact[3 * slot + corner];
            const glm::dvec3 cube = glm::dvec3(vertex.x, vertex.y, vertex.z) * (1.0 / kUnitsPerCube);
            const float expected = static_cast<float>(cpu.surfaceHeightAt(cube));
            const float actual = cache[3 * slot + corner].w;
            if (std::bit_cast<std::uint32_t>(actual) != std::bit_cast<std::uint32_t>(expected) && ++mismatched <= 5) {
                ADD_FAILURE() << "slot " << slot << " corner " << corner << " at " << cube.x << " " << cube.y << " "
                              << cube.z << ": GPU " << actual << " m, CPU " << expected << " m";
            }
            ++compared;
            fromTiles += cpu.heightAt(cube).gridIntervals != elevation_->intervals() ? 1u : 0u;
            const auto [entry, added] =
                heightBits.emplace(std::make_tuple(vertex.x, vertex.y, vertex.z), std::bit_cast<std::uint32_t>(actual));
            EXPECT_EQ(entry->second, std::bit_cast<std::uint32_t>(actual)) << "a vertex shared by two bisectors";
        }
    }
    EXPECT_EQ(compared, 3 * live);
    EXPECT_EQ(mismatched, 0u) << "of " << compared << " vertices";
    EXPECT_GT(fromTiles, compared / 10) << "the streamed tiles, not the base, give the heights near the camera";
}

}  // namespace
}  // namespace planet::test
