// The real cbt-terrain binary rendering headless frames on the Vulkan device
// (lavapipe in CI) with the validation layer on: the image shows sky over
// terrain, wireframe changes it, leaf counts follow the camera distance and
// settle while it holds still, and the validation layer stays silent.
#include "ChildProcess.h"
#include "ViewerTestFiles.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace app_test {
namespace {

constexpr int kWidth = 320;
constexpr int kHeight = 180;
// Looks north over the map from its south edge: sky in the top rows,
// terrain in the bottom rows.
constexpr const char* kNearCamera = "0,3200,9500,0,-18";
constexpr const char* kMiddleCamera = "0,9000,22000,0,-22";
constexpr const char* kFarCamera = "0,30000,70000,0,-22";

struct ViewerRun {
    ProcessResult process;
    std::optional<DecodedImage> image;
    std::string stats;
};

class ViewerRenderTest : public ::testing::Test {
protected:
    ViewerRenderTest() : scratch_("render") { writeReliefHeightmap(heightmap(), 256); }

    [[nodiscard]] std::filesystem::path heightmap() const { return scratch_.file("relief.png"); }

    // `frames` empty: as many as the camera path holds (no --frames).
    ViewerRun runHeadless(const std::string& name, const std::vector<std::string>& extra,
                          std::optional<int> frames = 48,
                          const std::map<std::string, std::optional<std::string>>& environment = {})
    {
        ProcessOptions options;
        options.environment = environment;
        options.arguments = {CBT_TERRAIN_BINARY, heightmap().string(),
                             "--headless",       "--validate",
                             "--msaa",           "1",
                             "--shadows",        "off",
                             "--detail",         "off",
                             "--size",           std::to_string(kWidth) + "x" + std::to_string(kHeight),
                             "--depth",          "18",
                             "--screenshot",     scratch_.file(name + ".png").string(),
                             "--stats",          scratch_.file(name + ".json").string()};
        if (frames) {
            options.arguments.insert(options.arguments.end(), {"--frames", std::to_string(*frames)});
        }
        options.arguments.insert(options.arguments.end(), extra.begin(), extra.end());
        ViewerRun run;
        run.process = runProcess(options);
        run.image = decodePng(scratch_.file(name + ".png"));
        run.stats = readFileText(scratch_.file(name + ".json"));
        return run;
    }

    static std::string readFileText(const std::filesystem::path& path)
    {
        const std::vector<unsigned char> bytes = readBytes(path);
        return std::string(bytes.begin(), bytes.end());
    }

    // The run succeeded with the validation layer silent and wrote its files.
    static void expectCleanRun(const ViewerRun& run)
    {
        EXPECT_FALSE(run.process.timedOut);
        EXPECT_EQ(run.process.exitCode, 0) << run.process.err;
        expectNoValidationOrErrors(run.process.err);
        ASSERT_TRUE(run.image) << "no screenshot";
        EXPECT_EQ(run.image->width, kWidth);
        EXPECT_EQ(run.image->height, kHeight);
        ASSERT_FALSE(run.stats.empty()) << "no stats";
    }

    ScratchFolder scratch_;
};

// The renderer needs no 64-bit floats: on a device without shaderFloat64
// (here one that hides it) it renders the very frame it renders with them,
// and no shader of it asks for the feature (the validation layer would say).
TEST_F(ViewerRenderTest, RendersWithoutShaderFloat64)
{
    const ViewerRun with = runHeadless("with-float64", {"--camera", kNearCamera}, 24);
    const ViewerRun without =
        runHeadless("without-float64", {"--camera", kNearCamera}, 24, {{"CBT_VK_WITHOUT_FLOAT64", std::string("1")}});
    expectCleanRun(with);
    expectCleanRun(without);
    ASSERT_TRUE(with.image && without.image);
    EXPECT_EQ(without.image->rgb, with.image->rgb) << "the frame changed without shaderFloat64";
    EXPECT_GT(bandStatistics(*without.image, 0, kHeight).luminanceDeviation, 15.0) << "the frame is nearly uniform";
}

// The driver path changes how fast a device gets there, never the frame: the
// GPU path's kernels and shaders (shared-memory sum reduction, no CPU-driver
// shader variants) render the very frame the CPU-driver path does, on the
// same raster path (the GPU path's default is compute; its frame is
// RasterPathSceneTest's to compare), and the compute raster path the frame
// of the graphics one within its tolerance.
TEST_F(ViewerRenderTest, BothDriverPathsRenderTheSameFrame)
{
    const ViewerRun gpuPath = runHeadless("gpu-path", {"--camera", kNearCamera, "--raster", "graphics"}, 24,
                                          {{"CBT_DRIVER_PATH", std::string("gpu")}});
    const ViewerRun cpuPath =
        runHeadless("cpu-path", {"--camera", kNearCamera}, 24, {{"CBT_DRIVER_PATH", std::string("cpu")}});
    expectCleanRun(gpuPath);
    expectCleanRun(cpuPath);
    ASSERT_TRUE(gpuPath.image && cpuPath.image);
    EXPECT_EQ(gpuPath.image->rgb, cpuPath.image->rgb) << "the driver paths rendered different frames";
    EXPECT_EQ(jsonNumber(gpuPath.stats, "leafCount", "last"), jsonNumber(cpuPath.stats, "leafCount", "last"));
    const ViewerRun compute =
        runHeadless("gpu-path-compute", {"--camera", kNearCamera}, 24, {{"CBT_DRIVER_PATH", std::string("gpu")}});
    expectCleanRun(compute);
    ASSERT_TRUE(compute.image);
    EXPECT_LT(differingPixelFraction(*compute.image, *cpuPath.image, 8), 0.01);
    EXPECT_EQ(jsonText(compute.stats, "raster"), "compute");
    EXPECT_EQ(jsonText(cpuPath.stats, "raster"), "graphics");
    EXPECT_GT(jsonNumberAt(compute.stats, {"gpuTimesMs", "shade", "median"}).value_or(0.0), 0.0)
        << "the GPU path's default is the compute raster path, which shades in compute";
}

// The bisector pool backend draws what the heap backend draws (same
// criterion, same vertices; within the last bit of a colour), on both driver
// paths alike, and reports its own passes, bisector counts and memory.
TEST_F(ViewerRenderTest, ThePoolBackendRendersTheHeapsFrameAndReportsItsPasses)
{
    const ViewerRun heap = runHeadless("heap", {"--camera", kNearCamera}, 40);
    const ViewerRun pool = runHeadless("pool", {"--camera", kNearCamera, "--cbt", "pool", "--pool-size", "262144"}, 40);
    const ViewerRun gpuPath =
        runHeadless("pool-gpu-path", {"--camera", kNearCamera, "--cbt", "pool", "--raster", "graphics"}, 40,
                    {{"CBT_DRIVER_PATH", std::string("gpu")}});
    expectCleanRun(heap);
    expectCleanRun(pool);
    expectCleanRun(gpuPath);
    ASSERT_TRUE(heap.image && pool.image && gpuPath.image);
    EXPECT_LT(differingPixelFraction(*heap.image, *pool.image, 8), 0.001);
    EXPECT_EQ(gpuPath.image->rgb, pool.image->rgb) << "the driver paths rendered different frames";
    EXPECT_EQ(jsonText(pool.stats, "backend"), "pool");
    EXPECT_EQ(jsonText(heap.stats, "backend"), "heap");
    EXPECT_EQ(jsonNumberAt(pool.stats, {"pool", "capacity"}), 262144.0);
    EXPECT_GT(jsonNumberAt(pool.stats, {"pool", "bytesPerBisector"}).value_or(1000.0), 0.0);
    EXPECT_LE(jsonNumberAt(pool.stats, {"pool", "bytesPerBisector"}).value_or(1000.0), 256.0);
    EXPECT_EQ(jsonNumberAt(pool.stats, {"pool", "deferredSplits"}), 0.0);
    // A still camera: the update runs until the mesh converges, then stops.
    EXPECT_GT(jsonNumberAt(pool.stats, {"pool", "updatedFrames"}).value_or(0.0), 5.0);
    EXPECT_GT(jsonNumberAt(pool.stats, {"pool", "convergedFrames"}).value_or(0.0), 5.0);
    const double live = jsonNumber(pool.stats, "leafCount", "last").value_or(0.0);
    const double visible = jsonNumberAt(pool.stats, {"pool", "visibleBisectors"}).value_or(0.0);
    EXPECT_GT(visible, 100.0);
    EXPECT_LE(visible, live) << "the index pass culls";
    for (const char* pass : {"classify", "bisect", "index", "draw"}) {
        EXPECT_GT(jsonNumberAt(pool.stats, {"gpuTimesMs", pass, "median"}).value_or(0.0), 0.0) << pass;
    }
    EXPECT_FALSE(jsonNumberAt(pool.stats, {"gpuTimesMs", "subdivision", "median"})) << "no heap passes on the pool";
}

TEST_F(ViewerRenderTest, LitFrameShowsSkyAboveTerrainAndTheLeafCountSettles)
{
    const ViewerRun run = runHeadless("near", {"--camera", kNearCamera}, 56);
    expectCleanRun(run);
    ASSERT_TRUE(run.image);
    const DecodedImage& image = *run.image;

    // Top rows: sky (bluish, smooth). Bottom rows: lit terrain (textured).
    const BandStatistics sky = bandStatistics(image, 0, kHeight / 10);
    const BandStatistics ground = bandStatistics(image, kHeight * 6 / 10, kHeight);
    EXPECT_GT(sky.blue, sky.red + 5.0) << "top rows are not sky-coloured";
    // The sky's vertical gradient alone gives a deviation of about 12 at the
    // default exposure; the lit relief below about 30.
    EXPECT_LT(sky.luminanceDeviation, 18.0) << "top rows are not a smooth sky";
    EXPECT_GT(ground.luminanceDeviation, 12.0) << "bottom rows have no relief shading";
    const double colourDistance =
        std::abs(sky.red - ground.red) + std::abs(sky.green - ground.green) + std::abs(sky.blue - ground.blue);
    EXPECT_GT(colourDistance, 30.0) << "sky and terrain look alike";
    const BandStatistics whole = bandStatistics(image, 0, kHeight);
    EXPECT_GT(whole.luminanceDeviation, 15.0) << "the frame is nearly uniform";

    // Stats: the description and per-pass timings are present.
    EXPECT_EQ(jsonNumber(run.stats, "frames"), 56.0);
    EXPECT_EQ(jsonNumber(run.stats, "maxDepth"), 18.0);
    EXPECT_EQ(jsonNumber(run.stats, "width"), kWidth);
    for (const char* pass : {"dispatcher", "subdivision", "sumReduction", "draw"}) {
        const std::optional<double> median = jsonNumberAt(run.stats, {"gpuTimesMs", pass, "median"});
        ASSERT_TRUE(median) << pass;
        EXPECT_GT(*median, 0.0) << pass;
    }
    EXPECT_GT(jsonNumber(run.stats, "frameTimeMs", "median").value_or(0.0), 0.0);
    EXPECT_EQ(jsonNumber(run.stats, "cbtBytes"), double(1u << 20) / 8.0);  // 2^(18+2) bits

    // Leaf count: one observation per frame, converged and bounded at the end.
    const std::vector<double> leaves = jsonNumberArray(run.stats, "leafCountHistory");
    ASSERT_EQ(leaves.size(), 56u);
    const std::vector<double> tail(leaves.end() - 10, leaves.end());
    const double lowest = *std::min_element(tail.begin(), tail.end());
    const double highest = *std::max_element(tail.begin(), tail.end());
    EXPECT_GT(lowest, 1000.0) << "the tree did not refine";
    EXPECT_LE(highest - lowest, 0.02 * highest) << "the leaf count still moves with a still camera";
    EXPECT_LT(highest, double(kWidth) * kHeight) << "more leaves than pixels at 7-pixel edges";
    EXPECT_EQ(jsonNumber(run.stats, "leafCount", "last"), leaves.back());
}

TEST_F(ViewerRenderTest, WireframeChangesTheImage)
{
    const ViewerRun lit = runHeadless("lit", {"--camera", kNearCamera}, 32);
    const ViewerRun wire = runHeadless("wire", {"--camera", kNearCamera, "--wireframe"}, 32);
    expectCleanRun(lit);
    expectCleanRun(wire);
    ASSERT_TRUE(lit.image && wire.image);
    EXPECT_GT(differingPixelFraction(*lit.image, *wire.image, 16), 0.05);
    // The sky has no triangles: its rows stay the same.
    const BandStatistics litSky = bandStatistics(*lit.image, 0, kHeight / 10);
    const BandStatistics wireSky = bandStatistics(*wire.image, 0, kHeight / 10);
    EXPECT_NEAR(litSky.luminanceMean, wireSky.luminanceMean, 2.0);
    EXPECT_EQ(jsonFlag(wire.stats, "wireframe"), true);
    EXPECT_EQ(jsonFlag(lit.stats, "wireframe"), false);
}

TEST_F(ViewerRenderTest, CloserCameraRefinesMoreAndFartherLess)
{
    const ViewerRun near = runHeadless("near", {"--camera", kNearCamera}, 40);
    const ViewerRun middle = runHeadless("middle", {"--camera", kMiddleCamera}, 40);
    const ViewerRun far = runHeadless("far", {"--camera", kFarCamera}, 40);
    for (const ViewerRun* run : {&near, &middle, &far}) {
        expectCleanRun(*run);
    }
    const double nearLeaves = jsonNumber(near.stats, "leafCount", "last").value_or(0.0);
    const double middleLeaves = jsonNumber(middle.stats, "leafCount", "last").value_or(0.0);
    const double farLeaves = jsonNumber(far.stats, "leafCount", "last").value_or(0.0);
    EXPECT_GT(nearLeaves, middleLeaves);
    EXPECT_GT(middleLeaves, farLeaves);
    EXPECT_GT(farLeaves, 0.0);
}

TEST_F(ViewerRenderTest, CameraPathIsFlownAndLooped)
{
    const std::filesystem::path path = scratch_.file("path.txt");
    writeText(path,
              "# approach\n"
              "0 9000 22000 0 -22\n"
              "0,6000,16000,0,-20\n"
              "0 3200 9500 0 -18\n");
    const ViewerRun run = runHeadless("path", {"--camera-path", path.string()}, 5);
    expectCleanRun(run);
    EXPECT_EQ(jsonNumber(run.stats, "frames"), 5.0);
    EXPECT_EQ(jsonNumberArray(run.stats, "leafCountHistory").size(), 5u);
}

// A keyframed path (T X Y Z YAW PITCH) is flown at --fps: as many frames as
// its duration holds, ending on its last keyframe.
TEST_F(ViewerRenderTest, KeyframedPathIsFlownAtTheFrameRate)
{
    const std::filesystem::path path = scratch_.file("keyframes.txt");
    writeText(path,
              "# T X Y Z YAW PITCH\n"
              "0 0 9000 22000 350 -22\n"
              "1.0 0 3200 9500 10 -18\n"
              "2.5 0 3200 9500 10 -18\n");
    const ViewerRun flown = runHeadless("keyframes", {"--fps", "12", "--camera-path", path.string()}, std::nullopt);
    expectCleanRun(flown);
    EXPECT_NE(flown.process.out.find("rendered 31 frames"), std::string::npos) << flown.process.out;
    EXPECT_EQ(jsonNumber(flown.stats, "frames"), 31.0);
    // The last 18 frames hold the last keyframe's pose, long enough for the
    // tree to settle: the frame is that pose's.
    const ViewerRun still = runHeadless("keyframes-still", {"--camera", "0,3200,9500,10,-18"}, 31);
    expectCleanRun(still);
    ASSERT_TRUE(flown.image && still.image);
    EXPECT_LT(differingPixelFraction(*flown.image, *still.image, 16), 0.01);
}

TEST_F(ViewerRenderTest, ShadingModesRenderDifferentImages)
{
    const ViewerRun normals = runHeadless("normals", {"--camera", kNearCamera, "--shading", "normals"}, 24);
    const ViewerRun depth = runHeadless("depth", {"--camera", kNearCamera, "--shading", "depth"}, 24);
    expectCleanRun(normals);
    expectCleanRun(depth);
    ASSERT_TRUE(normals.image && depth.image);
    EXPECT_GT(differingPixelFraction(*normals.image, *depth.image, 16), 0.05);
}

// Snow lies on high ground that is gentle on every side. By the central
// difference of its two flanks alone a knife-edge crest is flat, and seen at
// a slant the isotropic mip level of the heightmap flattens it further: the
// shader used to paint a line of snow along every ridge.
TEST_F(ViewerRenderTest, KnifeEdgeCrestsAreNotPaintedAsSnow)
{
    const std::filesystem::path ridges = scratch_.file("ridges.png");
    writeKnifeEdgeRidgesHeightmap(ridges, 256, 8);
    // Flanks rise 2100 m over 1250 m (rock); the crests are the top of the
    // range (snow altitude). Seen from the south, 12 km up, 50 degrees down.
    ProcessOptions options;
    options.arguments = {CBT_TERRAIN_BINARY, ridges.string(),
                         "--headless",       "--validate",
                         "--msaa",           "1",
                         "--shadows",        "off",
                         "--detail",         "off",
                         "--size",           std::to_string(kWidth) + "x" + std::to_string(kHeight),
                         "--depth",          "18",
                         "--frames",         "24",
                         "--extent",         "20000",
                         "--height-scale",   "3000",
                         "--camera",         "0,12000,10000,0,-50",
                         "--screenshot",     scratch_.file("ridges-frame.png").string()};
    const ProcessResult result = runProcess(options);
    EXPECT_EQ(result.exitCode, 0) << result.err;
    expectNoValidationOrErrors(result.err);
    const std::optional<DecodedImage> image = decodePng(scratch_.file("ridges-frame.png"));
    ASSERT_TRUE(image);
    // The ridges fill the lower half: sunlit and shadowed flanks alternate.
    EXPECT_GT(bandStatistics(*image, kHeight / 2, kHeight).luminanceDeviation, 15.0) << "the ridges are not in view";
    int snowPixels = 0;
    for (int y = 0; y < image->height; ++y) {
        for (int x = 0; x < image->width; ++x) {
            const uint8_t* rgb = image->pixel(x, y);
            snowPixels += std::min({rgb[0], rgb[1], rgb[2]}) >= 200 ? 1 : 0;
        }
    }
    // The shader before the fix: about 1700 such pixels in this frame.
    EXPECT_LT(snowPixels, 10) << "crest lines painted as snow";
}

TEST_F(ViewerRenderTest, DefaultAssetLoadsWithoutArgumentsAtItsDefaultDepth)
{
    ProcessOptions options;
    options.arguments = {CBT_TERRAIN_BINARY,
                         "--headless",
                         "--validate",
                         "--size",
                         "160x90",
                         "--frames",
                         "2",
                         "--stats",
                         scratch_.file("default.json").string()};
    const ProcessResult result = runProcess(options);
    EXPECT_EQ(result.exitCode, 0) << result.err;
    expectNoValidationOrErrors(result.err);
    const std::string stats = readFileText(scratch_.file("default.json"));
    EXPECT_EQ(std::filesystem::path(jsonText(stats, "heightmap").value_or("")).filename(), "terrain-4096.png") << stats;
    EXPECT_EQ(jsonNumber(stats, "maxDepth"), 25.0);  // a 4096 x 4096 map reaches its texels at D = 25
    EXPECT_EQ(jsonNumber(stats, "cbtBytes"), double(1u << 27) / 8.0);
}

}  // namespace
}  // namespace app_test
