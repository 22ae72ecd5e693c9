// The globe's level of detail on the GPU's bisector pool
// (shaders/planet/GlobeCriterion.glsl through bisector::gpu::PoolPipeline)
// against the CPU pool with planet::globeDecision: frame after frame, from
// 400 km and 3 km above the Alps, from 20,000 km and from 3 km above the
// mid-Atlantic (where the sea hides the seabed that would otherwise split),
// the two hold the same mesh, the index pass lists as visible exactly the
// bisectors the CPU finds unculled, and the mesh meets every invariant. The
// view refines deep under the camera and culls much of the globe.
#include "GpuTestEnvironment.h"
#include "bisector/Pool.h"
#include "bisector/PoolInvariants.h"
#include "bisector/gpu/PoolBuffers.h"
#include "bisector/gpu/PoolPipeline.h"
#include "dem/GeoidModel.h"
#include "planet/CubeElevation.h"
#include "planet/CubeSphere.h"
#include "planet/GlobalElevation.h"
#include "planet/GlobeCamera.h"
#include "planet/GlobeCriterion.h"
#include "planet/gpu/GlobeCriterion.h"
#include "tiles/gpu/TileAtlas.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <string>
#include <vector>

namespace planet::test {
namespace {

constexpr double kFovRadians = 1.0471975511965976;  // 60 degrees
constexpr double kWidth = 320.0;
constexpr double kHeight = 180.0;
constexpr double kTargetPixels = 12.0;
constexpr double kNearMetres = 1.0;

class GlobePoolGpuTest : public vk::test::GpuTest {
protected:
    static void SetUpTestSuite()
    {
        const GlobalElevation etopo(CBT_ETOPO5_GRID, heightmap::HeightmapLimits{});
        // Heights over sea level on EGM96's geoid, as the viewer's.
        elevation_ = std::make_unique<CubeElevation>(
            etopo, 256, CubeGeoid(std::make_shared<const dem::GeoidModel>(CBT_GEOID_GRID)));
    }
    static void TearDownTestSuite() { elevation_.reset(); }

    static std::unique_ptr<CubeElevation> elevation_;
};

std::unique_ptr<CubeElevation> GlobePoolGpuTest::elevation_;

// How many live bisectors span more than the target, unculled, and stay
// whole only because the sea hides their seabed.
int keptWholeUnderDeepWater(const bisector::Pool& pool, const CubeElevation& elevation, const GlobeLevelOfDetail& lod)
{
    int kept = 0;
    for (const bisector::Slot slot : pool.liveSlots()) {
        const BisectorSphere sphere = bisectorSphereOf(pool.vertices(slot), elevation, lod);
        if (!isCulled(sphere, lod) && spansMoreThanTarget(sphere, lod) && liesUnderDeepWater(sphere, lod)) {
            ++kept;
        }
    }
    return kept;
}

// The keys of the bisectors the CPU finds unculled, sorted.
std::vector<bisector::Key> visibleOnTheCpu(const bisector::Pool& pool, const CubeElevation& elevation,
                                           const GlobeLevelOfDetail& lod)
{
    std::vector<bisector::Key> visible;
    for (const bisector::Slot slot : pool.liveSlots()) {
        if (globeVisible(pool, slot, elevation, lod)) {
            visible.push_back(pool.key(slot));
        }
    }
    std::ranges::sort(visible);
    return visible;
}

TEST_F(GlobePoolGpuTest, TheGpuPoolRefinesTheGlobeAsTheCpuDoes)
{
    CBT_SKIP_WITHOUT_SHADER_FLOAT64(device());
    constexpr int kMaxDepth = 26;
    const bisector::PoolSettings settings{.capacity = 1u << 16, .maxDepth = kMaxDepth, .rootDepth = 0};
    bisector::Pool cpu(cubeMesh(), settings);
    bisector::gpu::PoolBuffers buffers(device(), settings.capacity);
    buffers.upload(cpu);
    const tiles::gpu::TileAtlas noTiles(device(), std::nullopt, 0, 1, 1);
    gpu::GlobeCriterion criterion(device(), *elevation_, cpu.mesh(), settings.capacity, noTiles, std::nullopt);
    bisector::gpu::PoolPipeline pipeline(device(), shaders(), buffers, cpu.layout(), criterion.programs());
    // The roots' geometry (and the detail at their vertices, which the
    // criterion reads) before the first update.
    const std::unique_ptr<vk::ComputeKernel> refresh =
        pipeline.makeKernel(shaders(), gpu::GlobeCriterion::refreshProgram(), criterion.setLayout());
    device().submitAndWait([&](VkCommandBuffer commands) {
        pipeline.recordOverLiveList(
            commands, *refresh,
            bisector::gpu::PoolFrame{
                .frame = 0, .maxDepth = kMaxDepth, .criterionArgument = 0, .criterionSet = criterion.descriptorSet()});
    });

    // 400 km over the Alps; 3 km over them looking east along the horizon;
    // 20,000 km above the Gulf of Guinea; 3 km over the mid-Atlantic.
    const GeodeticPose overTheOcean{20.0, -40.0, 3000.0, 80.0, -10.0};
    const std::vector<GeodeticPose> poses{{46.5, 10.0, 400000.0, 0.0, -50.0},
                                          {46.5, 10.0, 3000.0, 90.0, -5.0},
                                          {0.0, 0.0, 2.0e7, 0.0, -90.0},
                                          overTheOcean};
    int frame = 0;
    for (const GeodeticPose& pose : poses) {
        const GlobeView view = globeViewOf(pose);
        const GlobeLevelOfDetail lod =
            globeLevelOfDetailFor(view, kFovRadians, kWidth, kHeight, kTargetPixels, kNearMetres, *elevation_);
        criterion.setLevelOfDetail(lod);
        for (int step = 0; step < 30; ++step, ++frame) {
            const bisector::UpdateStatistics expected =
                cpu.update([&](const bisector::Pool& pool, bisector::Slot slot) {
                    return globeDecision(pool, slot, *elevation_, lod);
                });
            ASSERT_EQ(expected.splitsDeferred, 0u) << "the test's pool must not fill";
            device().submitAndWait([&](VkCommandBuffer commands) {
                pipeline.record(commands, bisector::gpu::PoolFrame{.frame = static_cast<std::uint32_t>(frame),
                                                                   .maxDepth = kMaxDepth,
                                                                   .criterionArgument = 0,
                                                                   .criterionSet = criterion.descriptorSet()});
            });
            const bisector::PoolState gpu = buffers.download();
            ASSERT_EQ(bisector::canonicalForm(gpu), bisector::canonicalForm(cpu.state())) << "frame " << frame;
        }
        // The GPU's slots are its own: compare the keys it lists as visible.
        const bisector::PoolState gpu = buffers.download();
        const bisector::gpu::PoolCounters counters = buffers.downloadCounters();
        std::vector<bisector::Key> visible;
        for (const std::uint32_t slot : buffers.downloadList(bisector::gpu::PoolList::Visible, counters.visibleCount)) {
            visible.push_back(gpu.keys.at(slot));
        }
        std::ranges::sort(visible);
        const std::vector<bisector::Key> expectedVisible = visibleOnTheCpu(cpu, *elevation_, lod);
        EXPECT_EQ(visible, expectedVisible) << "frame " << frame;
        const std::vector<std::string> violations = bisector::invariantViolations(gpu, cpu.layout(), cpu.mesh());
        EXPECT_TRUE(violations.empty()) << violations.front();

        int deepest = 0;
        for (const bisector::Slot slot : cpu.liveSlots()) {
            deepest = std::max(deepest, cpu.depth(slot));
        }
        if (pose.latitudeDegrees == overTheOcean.latitudeDegrees) {
            EXPECT_GT(keptWholeUnderDeepWater(cpu, *elevation_, lod), 24) << "the sea hid little seabed";
            RecordProperty("oceanLive", static_cast<int>(cpu.liveCount()));
            continue;
        }
        const std::string where = pose.heightMetres < 1.0e4 ? "low" : (pose.heightMetres < 1.0e6 ? "alps" : "orbit");
        RecordProperty(where + "Live", static_cast<int>(cpu.liveCount()));
        RecordProperty(where + "Visible", static_cast<int>(expectedVisible.size()));
        RecordProperty(where + "Deepest", deepest);
        EXPECT_GT(cpu.liveCount(), expectedVisible.size() + 24) << "culling left out few bisectors";
        if (pose.heightMetres < 1.0e6) {
            EXPECT_GE(deepest, 12) << "the view refines to cells of a few km";
        }
        EXPECT_GT(expectedVisible.size(), 24u);
    }
}

}  // namespace
}  // namespace planet::test
