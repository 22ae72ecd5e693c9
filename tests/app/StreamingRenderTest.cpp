// A streamed elevation model (--stream on) renders what the in-memory one
// renders once the tiles its frames asked for are resident; a GPU budget
// smaller than the model evicts tiles and still ends on the same frame, byte
// for byte, and on the bisector pool the streamed frame is the in-memory one
// too; a corrupt block gives one warning and the coarser level there; a
// remote COG streams the local frame (RemoteFaultsRenderTest: a server that
// misbehaves); relief that only the tiles show keeps the flatness test from
// stopping the refinement there. Headless frames with the validation layer
// on.
#include "ChildProcess.h"
#include "DemSourceFiles.h"
#include "DemTestFiles.h"
#include "RangeHttpServer.h"
#include "ViewerTestFiles.h"

#include <gdal.h>
#include <gtest/gtest.h>

#include <chrono>
#include <cmath>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace app_test {
namespace {

// 1024 x 1024 samples 10 m apart: four tiles of 256 a side, streamed onto a
// heightmap of 512 x 512.
constexpr std::uint32_t kSamples = 1024;
constexpr double kSpacing = 10.0;

// Ridges and a dome, plus relief a few samples across that only the
// streamed level 0 shows.
std::vector<double> streamedHeights()
{
    std::vector<double> heights = dem_test::reliefHeights(kSamples, kSamples);
    for (std::uint32_t y = 0; y < kSamples; ++y) {
        for (std::uint32_t x = 0; x < kSamples; ++x) {
            heights[std::size_t{y} * kSamples + x] += 12.0 * std::sin(0.9 * x) * std::cos(1.1 * y);
        }
    }
    return heights;
}

// No Vulkan message (warnings of the viewer are allowed).
void expectNoValidationMessages(const std::string& err)
{
    for (const std::string& line : linesOf(err)) {
        EXPECT_EQ(line.find("[vulkan]"), std::string::npos) << line;
    }
}

// One camera pose per frame, then `holdFrames` frames of the last.
std::string cameraPath(const std::vector<std::string>& poses, int holdFrames)
{
    std::string text;
    for (const std::string& pose : poses) {
        text += pose + "\n";
    }
    for (int frame = 0; frame < holdFrames; ++frame) {
        text += poses.back() + "\n";
    }
    return text;
}

// Looking down on the middle of level-0 tile (1, 1) from 700 m or so: the
// view and its guard band lie in that tile.
const std::vector<std::string> kOverTileOneOne = {
    "--stream",  "on",      "--frames",           "16", "--camera", "-1275,2000,-1275,0,-89",
    "--shading", "normals", "--texels-per-pixel", "64"};

class StreamingRenderTest : public ::testing::Test {
protected:
    StreamingRenderTest() : scratch_("streaming")
    {
        dem_test::RasterSpec spec = dem_test::rasterOf(kSamples, kSamples, GDT_Float32, streamedHeights());
        spec.geoTransform = std::array<double, 6>{376000.0, kSpacing, 0.0, 4651000.0, 0.0, -kSpacing};
        spec.epsg = 32633;
        spec.creationOptions = {"TILED=YES", "BLOCKXSIZE=256", "BLOCKYSIZE=256", "COMPRESS=DEFLATE"};
        dem_test::writeRaster(dem(), spec);
    }

    [[nodiscard]] std::filesystem::path dem() const { return scratch_.file("dem.tif"); }

    struct Run {
        ProcessResult result;
        std::optional<DecodedImage> frame;
        std::string stats;
    };

    // A headless run of `source` with `extra` arguments, its frame and stats.
    Run render(const std::string& name, const std::string& source, const std::vector<std::string>& extra,
               const std::map<std::string, std::optional<std::string>>& environment = {}) const
    {
        const std::filesystem::path frame = scratch_.file(name + ".png");
        const std::filesystem::path stats = scratch_.file(name + ".json");
        ProcessOptions options;
        options.arguments = {CBT_TERRAIN_BINARY, source,         "--headless", "--validate",  "--msaa", "1",
                             "--shadows",        "off",          "--detail",   "off",         "--size", "160x90",
                             "--screenshot",     frame.string(), "--stats",    stats.string()};
        options.arguments.insert(options.arguments.end(), extra.begin(), extra.end());
        options.environment = dem_test::localHttpEnvironment();
        for (const auto& [variable, value] : environment) {
            options.environment[variable] = value;
        }
        Run run{runProcess(options, std::chrono::seconds(300)), std::nullopt, {}};
        run.frame = decodePng(frame);
        if (std::filesystem::exists(stats)) {
            run.stats = fileText(stats);
        }
        return run;
    }

    static double streamFigure(const Run& run, const std::string& name)
    {
        return jsonNumberAt(run.stats, {"stream", name}).value_or(-1.0);
    }

    ScratchFolder scratch_;
};

// Oblique, from the south over the relief; every point level 0 (the
// in-memory path shows level 0 everywhere).
// (80 frames: both meshes converge.)
const std::vector<std::string> kObliqueView = {"--frames",           "80", "--camera", "0,2600,4000,0,-30",
                                               "--texels-per-pixel", "64"};

TEST_F(StreamingRenderTest, TheStreamedFrameIsTheInMemoryFrame)
{
    std::vector<std::string> streamed = kObliqueView;
    streamed.insert(streamed.end(), {"--stream", "on"});
    const Run stream = render("streamed", dem().string(), streamed);
    std::vector<std::string> inMemory = kObliqueView;
    inMemory.insert(inMemory.end(), {"--stream", "off"});
    const Run memory = render("in-memory", dem().string(), inMemory);
    ASSERT_EQ(stream.result.exitCode, 0) << stream.result.err;
    ASSERT_EQ(memory.result.exitCode, 0) << memory.result.err;
    expectNoValidationOrErrors(stream.result.err);
    EXPECT_NE(stream.result.out.find("1024x1024 samples streamed in tiles of 256x256 over 1 levels onto 512x512"),
              std::string::npos)
        << stream.result.out;
    ASSERT_TRUE(stream.frame && memory.frame);
    EXPECT_GT(bandStatistics(*memory.frame, 30, 90).luminanceDeviation, 2.0) << "no relief to compare";
    // The same heights (filtered in the shader rather than by the sampler,
    // and the criterion's bounds from the coarse level): a few levels of
    // difference at most.
    EXPECT_LE(differingPixelFraction(*stream.frame, *memory.frame, 8), 0.001);
    EXPECT_GT(streamFigure(stream, "tilesRead"), 0.0) << stream.stats;
    EXPECT_GT(streamFigure(stream, "residentTiles"), 0.0);
    EXPECT_EQ(streamFigure(stream, "missingTiles"), 0.0);
    EXPECT_EQ(jsonNumberAt(memory.stats, {"stream", "residentTiles"}), std::nullopt) << "the in-memory run streamed";
}

TEST_F(StreamingRenderTest, ABudgetSmallerThanTheModelEvictsAndEndsOnTheSameFrame)
{
    // Over the south-west, then the north-east, then the middle, looking
    // down from 700 m or so: each view needs at most 2 x 2 tiles.
    const std::filesystem::path path = scratch_.file("path.txt");
    writeText(path, cameraPath({"-3000 2000 3000 0 -89", "-3000 2000 3000 0 -89", "3000 2000 -3000 0 -89",
                                "3000 2000 -3000 0 -89", "0 2000 0 0 -89"},
                               20));
    const std::vector<std::string> flight = {"--stream",  "on",      "--camera-path",      path.string(),
                                             "--shading", "normals", "--texels-per-pixel", "64"};
    std::vector<std::string> ample = flight;
    ample.insert(ample.end(), {"--gpu-budget", "64"});
    std::vector<std::string> tight = flight;
    // Four tiles of 257 x 257 16-bit samples: a fourth of the model.
    tight.insert(tight.end(), {"--gpu-budget", "0.55"});
    const Run roomy = render("ample", dem().string(), ample);
    const Run squeezed = render("tight", dem().string(), tight);
    ASSERT_EQ(roomy.result.exitCode, 0) << roomy.result.err;
    ASSERT_EQ(squeezed.result.exitCode, 0) << squeezed.result.err;
    expectNoValidationOrErrors(squeezed.result.err);
    EXPECT_EQ(streamFigure(squeezed, "atlasLayers"), 4.0) << squeezed.stats;
    EXPECT_GT(streamFigure(squeezed, "atlasEvictions"), 0.0) << squeezed.stats;
    EXPECT_EQ(streamFigure(roomy, "atlasEvictions"), 0.0) << roomy.stats;
    EXPECT_EQ(streamFigure(squeezed, "missingTiles"), 0.0);
    ASSERT_TRUE(roomy.frame && squeezed.frame);
    EXPECT_GT(bandStatistics(*roomy.frame, 0, 90).luminanceDeviation, 2.0) << "no relief to compare";
    EXPECT_TRUE(roomy.frame->rgb == squeezed.frame->rgb)
        << differingPixelFraction(*roomy.frame, *squeezed.frame, 0) * 100.0 << " % of the pixels differ";
}

TEST_F(StreamingRenderTest, ACorruptBlockWarnsOnceAndShowsTheCoarserLevel)
{
    // Overviews hold the coarse level; block (1, 1) of the file's own
    // samples (256..511 on both axes, the north-west tile next to the
    // middle) can not be read. Seen from above its middle.
    GDALDatasetH dataset = GDALOpenEx(dem().c_str(), GDAL_OF_RASTER | GDAL_OF_UPDATE, nullptr, nullptr, nullptr);
    ASSERT_NE(dataset, nullptr);
    int levels[] = {2, 4};
    ASSERT_EQ(GDALBuildOverviews(dataset, "AVERAGE", 2, levels, 0, nullptr, nullptr, nullptr), CE_None);
    GDALClose(dataset);
    dem_test::corruptGeoTiffBlock(dem(), 1, 1);
    const Run run = render("corrupt", dem().string(), kOverTileOneOne);
    ASSERT_EQ(run.result.exitCode, 0) << run.result.err;
    expectNoValidationMessages(run.result.err);
    const std::string phrase = "filled from the coarser level";
    const std::size_t first = run.result.err.find(phrase);
    ASSERT_NE(first, std::string::npos) << run.result.err;
    EXPECT_EQ(run.result.err.find(phrase, first + 1), std::string::npos) << "warned more than once:\n"
                                                                         << run.result.err;
    EXPECT_NE(run.result.err.find("cbt-terrain: warning: "), std::string::npos) << run.result.err;
    EXPECT_GT(streamFigure(run, "filledTiles"), 0.0) << run.stats;
    ASSERT_TRUE(run.frame);
    EXPECT_GT(bandStatistics(*run.frame, 0, 90).luminanceDeviation, 2.0) << "the hole is not filled with relief";
}

// The bisector pool streams too: each vertex takes the finest level resident
// under it, the corners it caches and the vertices uniform subdivision adds
// alike, so once the view's tiles are resident (level 0 here) the frame is
// the in-memory pool's.
TEST_F(StreamingRenderTest, ThePoolBackendStreamsTheInMemoryFrame)
{
    for (const std::string subdivision : {"0", "2"}) {
        SCOPED_TRACE("--subdivision " + subdivision);
        std::vector<std::string> streamed = kObliqueView;
        streamed.insert(streamed.end(), {"--cbt", "pool", "--subdivision", subdivision, "--stream", "on"});
        const Run stream = render("pool-streamed-" + subdivision, dem().string(), streamed);
        std::vector<std::string> inMemory = kObliqueView;
        inMemory.insert(inMemory.end(), {"--cbt", "pool", "--subdivision", subdivision, "--stream", "off"});
        const Run memory = render("pool-in-memory-" + subdivision, dem().string(), inMemory);
        ASSERT_EQ(stream.result.exitCode, 0) << stream.result.err;
        ASSERT_EQ(memory.result.exitCode, 0) << memory.result.err;
        expectNoValidationOrErrors(stream.result.err);
        ASSERT_TRUE(stream.frame && memory.frame);
        EXPECT_GT(bandStatistics(*memory.frame, 30, 90).luminanceDeviation, 2.0) << "no relief to compare";
        // The streamed criterion widens the heightmap's statistics by the
        // tiles' and keeps some more bisectors (measured: 4795 against 4153),
        // which moves a few pixels of the far silhouettes (0.27 % without
        // subdivision, 0.32 % with; 5 % when the subdivided vertices read the
        // heightmap instead of the tiles); the rest matches.
        EXPECT_LE(differingPixelFraction(*stream.frame, *memory.frame, 8), 0.005);
        EXPECT_GT(streamFigure(stream, "residentTiles"), 0.0) << stream.stats;
        EXPECT_EQ(streamFigure(stream, "missingTiles"), 0.0);
        EXPECT_GT(jsonNumberAt(stream.stats, {"pool", "visibleBisectors"}).value_or(0.0), 1000.0) << stream.stats;
    }
}

// A broad dome under relief that alternates every sample: the heightmap
// (level 1) averages that relief away exactly, level 0 keeps it.
std::vector<double> domeUnderAlternatingRelief()
{
    constexpr double kPi = 3.14159265358979323846;
    std::vector<double> heights(std::size_t{kSamples} * kSamples);
    for (std::uint32_t y = 0; y < kSamples; ++y) {
        for (std::uint32_t x = 0; x < kSamples; ++x) {
            const double u = (x + 0.5) / kSamples - 0.5;
            const double v = (y + 0.5) / kSamples - 0.5;
            const double dome = 400.0 * std::cos(kPi * u) * std::cos(kPi * v);
            heights[std::size_t{y} * kSamples + x] = dome + ((x + y) % 2 == 0 ? 25.0 : -25.0);
        }
    }
    return heights;
}

TEST_F(StreamingRenderTest, TheTilesMomentsKeepReliefTheHeightmapAveragesAwayFromCountingAsFlat)
{
    const std::filesystem::path rough = scratch_.file("rough.tif");
    dem_test::RasterSpec spec = dem_test::rasterOf(kSamples, kSamples, GDT_Float32, domeUnderAlternatingRelief());
    spec.geoTransform = std::array<double, 6>{376000.0, kSpacing, 0.0, 4651000.0, 0.0, -kSpacing};
    spec.epsg = 32633;
    spec.creationOptions = {"TILED=YES", "BLOCKXSIZE=256", "BLOCKYSIZE=256"};
    dem_test::writeRaster(rough, spec);
    // Over tile (1, 1), regions whose heights vary by less than 20 m left
    // unsplit: the dome alone is that smooth over a few dozen samples, the
    // alternating relief (25 m) never is.
    const std::vector<std::string> view = {"--frames",  "60",      "--camera",   "-1275,2000,-1275,0,-89",
                                           "--shading", "normals", "--flatness", "20"};
    auto with = [&view](std::initializer_list<std::string> extra) {
        std::vector<std::string> arguments = view;
        arguments.insert(arguments.end(), extra);
        return arguments;
    };
    const Run memory = render("rough-in-memory", rough.string(), with({"--stream", "off"}));
    const Run stream = render("rough-streamed", rough.string(), with({"--stream", "on", "--texels-per-pixel", "64"}));
    // The same model whose view never asks for level 0: only the
    // heightmap's statistics.
    const Run coarse =
        render("rough-heightmap", rough.string(), with({"--stream", "on", "--texels-per-pixel", "0.01"}));
    for (const Run* run : {&memory, &stream, &coarse}) {
        ASSERT_EQ(run->result.exitCode, 0) << run->result.err;
        expectNoValidationOrErrors(run->result.err);
    }
    EXPECT_GT(streamFigure(stream, "residentTiles"), 0.0) << stream.stats;
    EXPECT_EQ(streamFigure(coarse, "residentTiles"), 0.0) << coarse.stats;
    const double inMemoryLeaves = jsonNumberAt(memory.stats, {"leafCount", "last"}).value_or(0.0);
    const double streamedLeaves = jsonNumberAt(stream.stats, {"leafCount", "last"}).value_or(0.0);
    const double heightmapLeaves = jsonNumberAt(coarse.stats, {"leafCount", "last"}).value_or(0.0);
    // Level 0 in memory sees the relief everywhere; the streamed model sees
    // it through its resident tiles and refines as far (measured: 2790 in
    // memory, 3115 streamed); the heightmap alone finds the dome flat long
    // before (764; 856 streamed when the criterion ignored the tiles'
    // moments).
    EXPECT_GE(streamedLeaves, 0.8 * inMemoryLeaves)
        << streamedLeaves << " streamed, " << inMemoryLeaves << " in memory";
    EXPECT_GT(streamedLeaves, 2.0 * heightmapLeaves)
        << streamedLeaves << " streamed, " << heightmapLeaves << " from the heightmap alone";
}

class RemoteStreamingTest : public StreamingRenderTest {
protected:
    RemoteStreamingTest()
    {
        std::filesystem::create_directories(cog().parent_path());
        ProcessOptions prepare;
        prepare.arguments = {CBT_TERRAIN_BINARY, "prepare", dem().string(), cog().string()};
        const ProcessResult prepared = runProcess(prepare, std::chrono::seconds(120));
        EXPECT_EQ(prepared.exitCode, 0) << prepared.err;
    }

    [[nodiscard]] std::filesystem::path cog() const { return scratch_.file("served/dem-cog.tif"); }
};

TEST_F(RemoteStreamingTest, ARemoteCogStreamsTheLocalFrame)
{
    dem_test::RangeHttpServer server(cog().parent_path());
    const Run local = render("local", cog().string(), kOverTileOneOne);
    const Run remote = render("remote", "/vsicurl/" + server.urlOf("dem-cog.tif"), kOverTileOneOne);
    ASSERT_EQ(local.result.exitCode, 0) << local.result.err;
    ASSERT_EQ(remote.result.exitCode, 0) << remote.result.err;
    expectNoValidationOrErrors(remote.result.err);
    EXPECT_GT(server.rangeRequestCount(), 0u);
    EXPECT_GT(streamFigure(remote, "tilesRead"), 0.0) << remote.stats;
    ASSERT_TRUE(local.frame && remote.frame);
    EXPECT_GT(bandStatistics(*local.frame, 0, 90).luminanceDeviation, 2.0) << "no relief to compare";
    EXPECT_TRUE(local.frame->rgb == remote.frame->rgb)
        << differingPixelFraction(*local.frame, *remote.frame, 0) * 100.0 << " % of the pixels differ";
}

}  // namespace
}  // namespace app_test
