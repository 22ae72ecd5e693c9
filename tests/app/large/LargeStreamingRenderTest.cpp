// A 40,000 x 40,000 elevation model (a VRT that repeats a 1000 x 1000
// GeoTIFF 40 x 40 times: 1.6 billion samples, 3.2 GB as 16-bit integers)
// renders with its tiles streamed within --gpu-budget 512 and the default
// CPU budget: from far above only the coarse levels are read; close to the
// ground the level-0 tiles are resident, and the height they hold below the
// camera is GDAL's sample there; on the bisector pool the mesh goes deeper
// than the heap's 30 levels there. Headless frames with the validation
// layer on. Label "large": it reads the most of any test.
#include "ChildProcess.h"
#include "DemTestFiles.h"
#include "ViewerTestFiles.h"

#include <gdal.h>
#include <gdal_utils.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

namespace app_test {
namespace {

constexpr std::uint32_t kTileSamples = 1000;
constexpr std::uint32_t kRepeats = 40;
constexpr std::uint32_t kSamples = kTileSamples * kRepeats;  // 40,000 a side, 1 m apart

// Hills a few hundred metres across with ridges a few metres across on them,
// in whole metres (Int16).
std::vector<double> tileHeights()
{
    std::vector<double> heights(std::size_t{kTileSamples} * kTileSamples);
    for (std::uint32_t y = 0; y < kTileSamples; ++y) {
        for (std::uint32_t x = 0; x < kTileSamples; ++x) {
            const double hills = 300.0 + 120.0 * std::sin(x * 0.0126) * std::cos(y * 0.0094);
            const double ridges = 6.0 * std::sin(x * 0.7 + 2.0 * std::sin(y * 0.05));
            heights[std::size_t{y} * kTileSamples + x] = std::round(hills + ridges);
        }
    }
    return heights;
}

class LargeStreamingRenderTest : public ::testing::Test {
protected:
    LargeStreamingRenderTest() : scratch_("large-streaming")
    {
        const std::filesystem::path tile = scratch_.file("tile.tif");
        dem_test::RasterSpec spec = dem_test::rasterOf(kTileSamples, kTileSamples, GDT_Int16, tileHeights());
        spec.creationOptions = {"TILED=YES", "BLOCKXSIZE=256", "BLOCKYSIZE=256", "COMPRESS=DEFLATE"};
        dem_test::writeRaster(tile, spec);
        // Overviews, so that the coarse levels of the repeats are cheap.
        GDALDatasetH dataset = GDALOpenEx(tile.c_str(), GDAL_OF_RASTER | GDAL_OF_UPDATE, nullptr, nullptr, nullptr);
        EXPECT_NE(dataset, nullptr);
        int levels[] = {2, 4, 8, 16, 32, 64};
        EXPECT_EQ(GDALBuildOverviews(dataset, "AVERAGE", 6, levels, 0, nullptr, nullptr, nullptr), CE_None);
        GDALClose(dataset);

        std::ostringstream vrt;
        vrt << "<VRTDataset rasterXSize=\"" << kSamples << "\" rasterYSize=\"" << kSamples << "\">\n"
            << "  <SRS>EPSG:32633</SRS>\n  <GeoTransform>300000, 1, 0, 5000000, 0, -1</GeoTransform>\n"
            << "  <VRTRasterBand dataType=\"Int16\" band=\"1\">\n";
        for (std::uint32_t row = 0; row < kRepeats; ++row) {
            for (std::uint32_t column = 0; column < kRepeats; ++column) {
                vrt << "    <SimpleSource><SourceFilename relativeToVRT=\"1\">tile.tif</SourceFilename>"
                    << "<SourceBand>1</SourceBand><SrcRect xOff=\"0\" yOff=\"0\" xSize=\"" << kTileSamples
                    << "\" ySize=\"" << kTileSamples << "\"/><DstRect xOff=\"" << column * kTileSamples << "\" yOff=\""
                    << row * kTileSamples << "\" xSize=\"" << kTileSamples << "\" ySize=\"" << kTileSamples
                    << "\"/></SimpleSource>\n";
            }
        }
        vrt << "  </VRTRasterBand>\n</VRTDataset>\n";
        writeText(dem(), vrt.str());
    }

    [[nodiscard]] std::filesystem::path dem() const { return scratch_.file("large.vrt"); }

    struct Run {
        ProcessResult result;
        std::optional<DecodedImage> frame;
        std::string stats;
    };

    Run render(const std::string& name, const std::string& camera, const std::vector<std::string>& extra = {}) const
    {
        return renderFile(dem(), name, camera, extra);
    }

    Run renderFile(const std::filesystem::path& source, const std::string& name, const std::string& camera,
                   const std::vector<std::string>& extra = {}) const
    {
        const std::filesystem::path frame = scratch_.file(name + ".png");
        const std::filesystem::path stats = scratch_.file(name + ".json");
        ProcessOptions options;
        options.arguments = {
            CBT_TERRAIN_BINARY, source.string(), "--headless",   "--validate",   "--msaa",       "1",
            "--size",           "240x135",       "--frames",     "40",           "--gpu-budget", "512",
            "--camera",         camera,          "--screenshot", frame.string(), "--stats",      stats.string()};
        options.arguments.insert(options.arguments.end(), extra.begin(), extra.end());
        Run run{runProcess(options, std::chrono::seconds(600)), decodePng(frame), {}};
        if (std::filesystem::exists(stats)) {
            run.stats = fileText(stats);
        }
        return run;
    }

    // The model's northern half written out as one tiled GeoTIFF without
    // overviews: 40,000 x 20,000 samples, as a LiDAR survey comes.
    [[nodiscard]] std::filesystem::path writeNorthernHalfWithoutOverviews() const
    {
        const std::filesystem::path path = scratch_.file("half/north.tif");
        std::filesystem::create_directories(path.parent_path());
        GDALDatasetH source = GDALOpenEx(dem().c_str(), GDAL_OF_RASTER | GDAL_OF_READONLY, nullptr, nullptr, nullptr);
        EXPECT_NE(source, nullptr);
        const std::string columns = std::to_string(kSamples);
        const std::string rows = std::to_string(kSamples / 2);
        const char* arguments[] = {"-of",        "GTiff",       "-co",     "TILED=YES", "-co", "COMPRESS=DEFLATE",
                                   "-co",        "BIGTIFF=YES", "-srcwin", "0",         "0",   columns.c_str(),
                                   rows.c_str(), nullptr};
        GDALTranslateOptions* options = GDALTranslateOptionsNew(const_cast<char**>(arguments), nullptr);
        int failed = 0;
        GDALDatasetH written = GDALTranslate(path.c_str(), source, options, &failed);
        GDALTranslateOptionsFree(options);
        EXPECT_NE(written, nullptr);
        EXPECT_EQ(failed, 0);
        GDALClose(written);
        GDALClose(source);
        return path;
    }

    // GDAL's sample (column, row) of the model, in metres.
    [[nodiscard]] double gdalSample(std::uint32_t column, std::uint32_t row) const
    {
        GDALDatasetH dataset = GDALOpenEx(dem().c_str(), GDAL_OF_RASTER | GDAL_OF_READONLY, nullptr, nullptr, nullptr);
        EXPECT_NE(dataset, nullptr);
        double value = 0.0;
        EXPECT_EQ(GDALRasterIO(GDALGetRasterBand(dataset, 1), GF_Read, static_cast<int>(column), static_cast<int>(row),
                               1, 1, &value, 1, 1, GDT_Float64, 0, 0),
                  CE_None);
        GDALClose(dataset);
        return value;
    }

    ScratchFolder scratch_;
};

// World metres of level-0 sample `index` of an axis of `samples` samples
// 1 m apart (the terrain spans the first to the last sample).
double worldOf(std::uint32_t index, std::uint32_t samples = kSamples)
{
    return (static_cast<double>(index) / (samples - 1) - 0.5) * samples;
}

// A --camera pose `metresAbove` the ground at sample (column, row) of a model
// of kSamples x `rows` samples, heading north, pitched `pitchDegrees`.
std::string cameraOver(std::uint32_t column, std::uint32_t row, std::uint32_t rows, double groundMetres,
                       double metresAbove, int pitchDegrees)
{
    std::ostringstream camera;
    camera.precision(10);
    camera << worldOf(column) << "," << groundMetres + metresAbove << "," << worldOf(row, rows) << ",0,"
           << pitchDegrees;
    return camera.str();
}

TEST_F(LargeStreamingRenderTest, CoarseFromAfarAndLevelZeroCloseToTheGround)
{
    const Run far = render("far", "0,30000,20000,0,-50");
    ASSERT_EQ(far.result.exitCode, 0) << far.result.err;
    expectNoValidationOrErrors(far.result.err);
    // The VRT's band reports no overviews of its own (its sources have them):
    // its coarse level is read in the background, as a costly one.
    EXPECT_NE(far.result.out.find("40000x40000 samples streamed in tiles of 256x256 over 5 levels onto a coarse level "
                                  "read in the background, 1250x1250"),
              std::string::npos)
        << far.result.out;
    ASSERT_TRUE(far.frame);
    EXPECT_GT(bandStatistics(*far.frame, 70, 135).luminanceDeviation, 1.0) << "no relief from afar";

    // Straight above sample (20500, 19700), 60 m or so above the hills.
    constexpr std::uint32_t kColumn = 20500;
    constexpr std::uint32_t kRow = 19700;
    const double ground = gdalSample(kColumn, kRow);
    const Run near = render("near", cameraOver(kColumn, kRow, kSamples, ground, 60.0, -89));
    ASSERT_EQ(near.result.exitCode, 0) << near.result.err;
    expectNoValidationOrErrors(near.result.err);
    ASSERT_TRUE(near.frame);
    EXPECT_GT(bandStatistics(*near.frame, 0, 135).luminanceDeviation, 1.0) << "no ridges close up";

    // From afar no tile of the file's own samples; close up, level 0 below
    // the camera, holding GDAL's height (quantised to 16 bits over the
    // streaming range: well under a centimetre here).
    EXPECT_GE(jsonNumberAt(far.stats, {"stream", "finestRequestedLevel"}).value_or(-1.0), 2.0) << far.stats;
    EXPECT_EQ(jsonNumberAt(near.stats, {"stream", "finestRequestedLevel"}), 0.0) << near.stats;
    EXPECT_EQ(jsonNumberAt(near.stats, {"groundBelowCamera", "level"}), 0.0) << near.stats;
    EXPECT_NEAR(jsonNumberAt(near.stats, {"groundBelowCamera", "heightMetres"}).value_or(-1.0e9), ground, 0.05);
    EXPECT_EQ(jsonNumberAt(near.stats, {"stream", "missingTiles"}), 0.0);
    // Within the budgets: 512 MiB of tiles on the device (lavapipe's device
    // memory is the process's), 512 MiB on the host.
    EXPECT_LE(jsonNumberAt(near.stats, {"stream", "gpuBytes"}).value_or(1.0e18), 512.0 * 1024 * 1024);
    EXPECT_LE(jsonNumberAt(near.stats, {"stream", "cachedBytes"}).value_or(1.0e18), 512.0 * 1024 * 1024);
    // Nothing written beside the model.
    std::vector<std::string> files;
    for (const auto& entry : std::filesystem::directory_iterator(dem().parent_path())) {
        if (entry.path().extension() != ".png" && entry.path().extension() != ".json") {
            files.push_back(entry.path().filename().string());
        }
    }
    std::sort(files.begin(), files.end());
    EXPECT_EQ(files, (std::vector<std::string>{"large.vrt", "tile.tif"}));
    for (const Run* run : {&far, &near}) {
        EXPECT_LT(jsonNumberAt(run->stats, {"peakResidentMemoryMiB"}).value_or(1.0e9), 2048.0) << run->stats;
    }
}

// A tiled GeoTIFF of 40,000 x 20,000 samples without overviews opens as it
// is, with nothing written beside it, and renders close to the ground from
// level 0 within the budgets: GDAL's block cache, which reading its coarse
// level goes through, stays within its share of --cpu-budget (GDAL's own
// default, a twentieth of the machine's memory, took the process to 1.4 GiB
// here; within the budget it peaks at about 0.5 GiB).
TEST_F(LargeStreamingRenderTest, AFileWithoutOverviewsOpensAsItIsWithinTheBudgets)
{
    const std::filesystem::path north = writeNorthernHalfWithoutOverviews();
    constexpr std::uint32_t kColumn = 20500;
    constexpr std::uint32_t kRow = 9700;
    const double ground = gdalSample(kColumn, kRow);
    const Run run = renderFile(north, "north", cameraOver(kColumn, kRow, kSamples / 2, ground, 60.0, -89));
    ASSERT_EQ(run.result.exitCode, 0) << run.result.err;
    expectNoValidationOrErrors(run.result.err);
    EXPECT_NE(run.result.out.find("40000x20000 samples streamed"), std::string::npos) << run.result.out;
    ASSERT_TRUE(run.frame);
    EXPECT_GT(bandStatistics(*run.frame, 0, 135).luminanceDeviation, 1.0) << "no ridges close up";
    EXPECT_EQ(jsonNumberAt(run.stats, {"groundBelowCamera", "level"}), 0.0) << run.stats;
    EXPECT_NEAR(jsonNumberAt(run.stats, {"groundBelowCamera", "heightMetres"}).value_or(-1.0e9), ground, 0.05);
    EXPECT_LT(jsonNumberAt(run.stats, {"peakResidentMemoryMiB"}).value_or(1.0e9), 1024.0) << run.stats;
    std::vector<std::string> files;
    for (const auto& entry : std::filesystem::directory_iterator(north.parent_path())) {
        files.push_back(entry.path().filename().string());
    }
    EXPECT_EQ(files, (std::vector<std::string>{"north.tif"}));
}

// A mesh as fine as the file's samples needs more than the heap's 30 levels:
// on the bisector pool, 15 m above the ridges, the mesh goes below depth 30
// over the level-0 tiles, which hold GDAL's height below the camera.
TEST_F(LargeStreamingRenderTest, ThePoolRefinesBelowThirtyLevelsOverTheLevelZeroTiles)
{
    constexpr std::uint32_t kColumn = 20500;
    constexpr std::uint32_t kRow = 19700;
    const double ground = gdalSample(kColumn, kRow);
    const Run deep = render("near-pool", cameraOver(kColumn, kRow, kSamples, ground, 15.0, -60), {"--cbt", "pool"});
    ASSERT_EQ(deep.result.exitCode, 0) << deep.result.err;
    expectNoValidationOrErrors(deep.result.err);
    ASSERT_TRUE(deep.frame);
    EXPECT_GT(bandStatistics(*deep.frame, 0, 135).luminanceDeviation, 1.0) << "no ridges close up";
    EXPECT_GE(jsonNumberAt(deep.stats, {"maxDepth"}).value_or(0.0), 31.0) << deep.stats;
    EXPECT_GE(jsonNumberAt(deep.stats, {"pool", "deepestLevel"}).value_or(0.0), 31.0) << deep.stats;
    EXPECT_EQ(jsonNumberAt(deep.stats, {"groundBelowCamera", "level"}), 0.0) << deep.stats;
    EXPECT_NEAR(jsonNumberAt(deep.stats, {"groundBelowCamera", "heightMetres"}).value_or(-1.0e9), ground, 0.05);
    EXPECT_EQ(jsonNumberAt(deep.stats, {"stream", "missingTiles"}), 0.0);
    EXPECT_LT(jsonNumberAt(deep.stats, {"peakResidentMemoryMiB"}).value_or(1.0e9), 2048.0) << deep.stats;
}

}  // namespace
}  // namespace app_test
