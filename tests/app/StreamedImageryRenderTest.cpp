// Streamed imagery (label render): imagery that streams in tiles
// (`--stream on`, or imagery finer than one texture) is drawn as the same
// imagery read whole into one texture, on the globe and on the flat
// terrain, also under a --gpu-budget that makes the atlas evict tiles; a
// source that stalls on the fine tiles gives one warning and the coarser
// level, never a hang. A tile service on
// 127.0.0.1, its 256 x 256 PNG tiles in the {z}/{x}/{y} layout cut from a
// raster, drapes the globe as the raster itself does, the coarser level
// standing in where it answers 404, and where it stalls.
#include "ChildProcess.h"
#include "DemSourceFiles.h"
#include "DemTestFiles.h"
#include "RangeHttpServer.h"
#include "ViewerTestFiles.h"

#include <gdal_priv.h>
#include <gdal_utils.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <functional>
#include <limits>
#include <optional>
#include <string>
#include <vector>

namespace app_test {
namespace {

constexpr std::uint32_t kImageryTexels = 1024;
constexpr int kWgs84 = 4326;
// At most this share of the pixels may differ by more than 8 of 255.
constexpr double kDifferingPixels = 0.01;

constexpr double kPi = 3.14159265358979323846;

// 1024 x 1024 texels of WGS 84 degrees, `degrees` a side from (`west`,
// `north`), each of colour(x, y).
void writeImagery(const std::filesystem::path& path, double west, double north, double degrees,
                  const std::function<std::array<double, 3>(std::uint32_t, std::uint32_t)>& colour)
{
    const double texel = degrees / kImageryTexels;
    dem_test::writeColourGeoTiff(path, kImageryTexels, kImageryTexels, colour,
                                 std::array<double, 6>{west, texel, 0.0, north, 0.0, -texel}, kWgs84);
}

// Over 7.5..8.5 E, 45.5..46.5 N: a checkerboard of 8-texel cells whose
// colours run from west to east, fine enough that a texture of a quarter of
// its resolution blurs it.
void writeCheckerboard(const std::filesystem::path& path)
{
    writeImagery(path, 7.5, 46.5, 1.0, [](std::uint32_t x, std::uint32_t y) {
        const double cell = ((x / 8) + (y / 8)) % 2;
        return std::array<double, 3>{40.0 + 180.0 * cell, 60.0 + x * 150.0 / kImageryTexels, 200.0 - 150.0 * cell};
    });
}

// Over 7.75..8.25 E, 45.75..46.25 N: smooth colours, of periods of 64 to 100
// texels, which two resamplings change little.
void writeSmoothColours(const std::filesystem::path& path)
{
    writeImagery(path, 7.75, 46.25, 0.5, [](std::uint32_t x, std::uint32_t y) {
        return std::array<double, 3>{128.0 + 100.0 * std::sin(2.0 * kPi * x / 64.0),
                                     128.0 + 100.0 * std::sin(2.0 * kPi * y / 80.0),
                                     128.0 + 80.0 * std::sin(2.0 * kPi * (x + y) / 100.0)};
    });
}

// A gentle relief of 256 x 256 samples over the imagery's ground.
void writeDem(const std::filesystem::path& path)
{
    constexpr std::uint32_t kSamples = 256;
    std::vector<double> heights(std::size_t{kSamples} * kSamples);
    for (std::uint32_t y = 0; y < kSamples; ++y) {
        for (std::uint32_t x = 0; x < kSamples; ++x) {
            heights[std::size_t{y} * kSamples + x] = 1200.0 + 300.0 * std::sin(x / 20.0) * std::cos(y / 27.0);
        }
    }
    const double spacing = 1.0 / kSamples;
    dem_test::writeBandsGeoTiff(path, kSamples, kSamples, GDT_Float32, {heights},
                                std::array<double, 6>{7.5, spacing, 0.0, 46.5, 0.0, -spacing}, kWgs84);
}

constexpr double kWebMercatorHalf = 20037508.342789244;

// Web Mercator tile column (row, from the north) of a longitude (latitude).
int tileColumn(double longitude, int level)
{
    return static_cast<int>(std::floor((longitude + 180.0) / 360.0 * std::ldexp(1.0, level)));
}

int tileRow(double latitude, int level)
{
    const double y = std::log(std::tan(kPi / 4.0 + latitude * kPi / 360.0));
    return static_cast<int>(std::floor((1.0 - y / kPi) / 2.0 * std::ldexp(1.0, level)));
}

// Tile (level, column, row) of `source` warped to Web Mercator, written as
// folder/level/column/row.png (RGBA; transparent where the raster is not).
void cutTile(GDALDatasetH source, const std::filesystem::path& folder, int level, int column, int row)
{
    const double span = 2.0 * kWebMercatorHalf / std::ldexp(1.0, level);
    const double west = -kWebMercatorHalf + column * span;
    const double north = kWebMercatorHalf - row * span;
    const std::vector<std::string> words{"-of",
                                         "MEM",
                                         "-t_srs",
                                         "EPSG:3857",
                                         "-te",
                                         std::to_string(west),
                                         std::to_string(north - span),
                                         std::to_string(west + span),
                                         std::to_string(north),
                                         "-ts",
                                         "256",
                                         "256",
                                         "-r",
                                         "bilinear",
                                         "-dstalpha"};
    std::vector<char*> argv;
    for (const std::string& word : words) {
        argv.push_back(const_cast<char*>(word.c_str()));
    }
    argv.push_back(nullptr);
    GDALWarpAppOptions* options = GDALWarpAppOptionsNew(argv.data(), nullptr);
    ASSERT_NE(options, nullptr);
    int failed = 0;
    GDALDatasetH warpedTile = GDALWarp("", nullptr, 1, &source, options, &failed);
    GDALWarpAppOptionsFree(options);
    ASSERT_NE(warpedTile, nullptr);
    const std::filesystem::path path =
        folder / std::to_string(level) / std::to_string(column) / (std::to_string(row) + ".png");
    std::filesystem::create_directories(path.parent_path());
    GDALDriverH png = GDALGetDriverByName("PNG");
    GDALDatasetH written = GDALCreateCopy(png, path.c_str(), warpedTile, FALSE, nullptr, nullptr, nullptr);
    ASSERT_NE(written, nullptr);
    GDALClose(written);
    GDALClose(warpedTile);
}

// The tiles of levels 0 to 3 over the whole Earth and of 4 to `deepest`
// over the raster's ground: the rest answers 404.
void cutTiles(const std::filesystem::path& raster, const std::filesystem::path& folder, int deepest)
{
    GDALAllRegister();
    GDALDatasetH source = GDALOpen(raster.c_str(), GA_ReadOnly);
    ASSERT_NE(source, nullptr);
    for (int level = 0; level <= deepest; ++level) {
        const bool whole = level <= 3;
        const int first = whole ? 0 : tileColumn(7.75, level);
        const int last = whole ? (1 << level) - 1 : tileColumn(8.25, level);
        const int top = whole ? 0 : tileRow(46.25, level);
        const int bottom = whole ? (1 << level) - 1 : tileRow(45.75, level);
        for (int column = first; column <= last; ++column) {
            for (int row = top; row <= bottom; ++row) {
                cutTile(source, folder, level, column, row);
            }
        }
    }
    GDALClose(source);
}

class StreamedImageryRenderTest : public ::testing::Test {
protected:
    StreamedImageryRenderTest() : scratch_("streamed-imagery")
    {
        writeCheckerboard(imagery());
        writeDem(dem());
    }

    [[nodiscard]] std::filesystem::path imagery() const { return scratch_.file("checkerboard.tif"); }
    [[nodiscard]] std::filesystem::path dem() const { return scratch_.file("dem.tif"); }

    struct Run {
        ProcessResult result;
        std::optional<DecodedImage> frame;
        std::string stats;
        double seconds = 0.0;
    };

    // A headless frame of the globe 12 km above 46 N, 8 E, looking down, or
    // of the flat terrain over the DEM from 6 km, looking north-east.
    Run render(const std::string& name, bool globe, const std::vector<std::string>& extra) const
    {
        const std::filesystem::path frame = scratch_.file(name + ".png");
        const std::filesystem::path stats = scratch_.file(name + ".json");
        ProcessOptions options;
        options.arguments = {CBT_TERRAIN_BINARY, "--headless",   "--validate",   "--msaa",  "1",           "--size",
                             "320x180",          "--screenshot", frame.string(), "--stats", stats.string()};
        const std::vector<std::string> mode =
            globe ? std::vector<std::string>{"--planet", "--camera-geo", "46,8,12000,0,-90", "--time",
                                             "2024-06-21T11:30Z"}
                  : std::vector<std::string>{dem().string(), "--camera-geo", "45.97,7.97,6000,30,-60"};
        options.arguments.insert(options.arguments.end(), mode.begin(), mode.end());
        options.arguments.insert(options.arguments.end(), extra.begin(), extra.end());
        options.environment = dem_test::localHttpEnvironment();
        const auto start = std::chrono::steady_clock::now();
        Run run;
        run.result = runProcess(options);
        run.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        EXPECT_EQ(run.result.exitCode, 0) << run.result.err;
        run.frame = decodePng(frame);
        if (std::filesystem::exists(stats)) {
            run.stats = fileText(stats);
        }
        return run;
    }

    [[nodiscard]] static double imageryStat(const Run& run, const std::string& key)
    {
        return jsonNumber(run.stats, "imageryStream", key).value_or(-1.0);
    }

    // The frame drawn from the texture alone (--stream off) against the
    // streamed one with a budget whose atlas evicts tiles: the same. (The
    // texture is a quarter of the imagery's resolution, ImageryStreaming.*:
    // the tiles make the frame.)
    void expectStreamedIsInMemory(bool globe, const std::string& evictingBudget) const
    {
        const std::string mode = globe ? "globe" : "flat";
        const Run inMemory = render(mode + "-whole", globe, {"--imagery", imagery().string(), "--stream", "off"});
        const Run streamed =
            render(mode + "-streamed", globe,
                   {"--imagery", imagery().string(), "--stream", "on", "--gpu-budget", evictingBudget});
        ASSERT_TRUE(inMemory.frame && streamed.frame);
        expectNoValidationOrErrors(streamed.result.err);
        EXPECT_EQ(inMemory.stats.find("imageryStream"), std::string::npos);
        EXPECT_GT(imageryStat(streamed, "tilesRead"), 0.0) << streamed.stats;
        EXPECT_GT(imageryStat(streamed, "atlasEvictions"), 0.0) << streamed.stats;
        EXPECT_EQ(imageryStat(streamed, "missingTiles"), 0.0) << streamed.stats;
        EXPECT_LE(differingPixelFraction(*inMemory.frame, *streamed.frame, 8), kDifferingPixels);
    }

    ScratchFolder scratch_;
};

TEST_F(StreamedImageryRenderTest, OnTheGlobeStreamedImageryIsDrawnAsTheImageryInMemory)
{
    if (!std::filesystem::exists(CBT_ETOPO5_GRID)) {
        GTEST_SKIP() << CBT_ETOPO5_GRID << " is missing (Debian package ferret-datasets, scripts/setup-debian.sh)";
    }
    // Half of each budget to the heights' tiles, half to the imagery's: 4
    // MiB holds 7 imagery tiles, the view needs 6 and reads 11.
    expectStreamedIsInMemory(true, "4");
}

TEST_F(StreamedImageryRenderTest, OnTheFlatTerrainStreamedImageryIsDrawnAsTheImageryInMemory)
{
    // 3.7 MiB holds 7 imagery tiles, the view needs 6 and reads 8.
    expectStreamedIsInMemory(false, "3.7");
}

// The imagery as a Cloud-Optimized GeoTIFF over HTTP, whose full
// resolution the server stops answering: the texture (an overview) comes,
// the tiles do not.
TEST_F(StreamedImageryRenderTest, ASourceThatStallsOnTheTilesGivesOneWarningAndTheCoarserLevel)
{
    const std::filesystem::path folder = scratch_.file("served");
    std::filesystem::create_directories(folder);
    const std::filesystem::path cog = folder / "imagery-cog.tif";
    std::uint64_t fullResolutionOffset = 0;
    {
        GDALAllRegister();
        GDALDataset* source = GDALDataset::FromHandle(GDALOpen(imagery().c_str(), GA_ReadOnly));
        ASSERT_NE(source, nullptr);
        GDALDriver* driver = GetGDALDriverManager()->GetDriverByName("COG");
        ASSERT_NE(driver, nullptr);
        std::array<const char*, 3> creation{"BLOCKSIZE=256", "OVERVIEW_RESAMPLING=AVERAGE", nullptr};
        GDALDataset* written =
            driver->CreateCopy(cog.c_str(), source, FALSE, const_cast<char**>(creation.data()), nullptr, nullptr);
        ASSERT_NE(written, nullptr);
        GDALRasterBand* band = written->GetRasterBand(1);
        const char* offset = band->GetMetadataItem("BLOCK_OFFSET_0_0", "TIFF");
        ASSERT_NE(offset, nullptr);
        fullResolutionOffset = std::stoull(offset);
        for (int overview = 0; overview < band->GetOverviewCount(); ++overview) {
            const char* overviewOffset = band->GetOverview(overview)->GetMetadataItem("BLOCK_OFFSET_0_0", "TIFF");
            ASSERT_NE(overviewOffset, nullptr);
            ASSERT_LT(std::stoull(overviewOffset), fullResolutionOffset) << "the COG's overviews come first";
        }
        GDALClose(written);
        GDALClose(source);
    }
    dem_test::RangeHttpServer server(folder);
    server.stallRangesFrom(fullResolutionOffset);
    const Run run =
        render("stalled", false,
               {"--imagery", "/vsicurl/" + server.urlOf("imagery-cog.tif"), "--stream", "on", "--io-timeout", "3"});
    ASSERT_TRUE(run.frame.has_value());
    EXPECT_LT(run.seconds, 60.0);
    const std::vector<std::string> lines = linesOf(run.result.err);
    const auto warnings = std::count_if(lines.begin(), lines.end(), [](const std::string& line) {
        return line.find("the streamed imagery timed out") != std::string::npos;
    });
    EXPECT_EQ(warnings, 1) << run.result.err;
    EXPECT_GT(imageryStat(run, "missingTiles"), 0.0) << run.stats;
    EXPECT_GT(server.faultCount(), 0u);
}

TEST_F(StreamedImageryRenderTest, ATileServiceCutFromARasterDrapesTheGlobeAsTheRasterDoes)
{
    if (!std::filesystem::exists(CBT_ETOPO5_GRID)) {
        GTEST_SKIP() << CBT_ETOPO5_GRID << " is missing (Debian package ferret-datasets, scripts/setup-debian.sh)";
    }
    const std::filesystem::path raster = scratch_.file("smooth.tif");
    writeSmoothColours(raster);
    const std::filesystem::path folder = scratch_.file("tiles");
    // Down to level 12 (19 m pixels at 46 N); 13 and finer answer 404.
    cutTiles(raster, folder, 12);
    dem_test::RangeHttpServer server(folder);
    const std::string service = "http://127.0.0.1:" + std::to_string(server.port()) + "/{z}/{x}/{y}.png";

    const Run itself = render("raster", true, {"--imagery", raster.string()});
    const Run served = render("service", true, {"--imagery", service});
    ASSERT_TRUE(itself.frame && served.frame);
    // Beyond the raster the service answers 404 for levels 4 and finer: at
    // most one warning says so, and nothing else is said.
    int missing = 0;
    for (const std::string& line : linesOf(served.result.err)) {
        EXPECT_EQ(line.find("[vulkan]"), std::string::npos) << line;
        if (line.rfind("cbt-terrain:", 0) == 0) {
            EXPECT_NE(line.find("the tile service has no tile for part of a tile"), std::string::npos) << line;
            ++missing;
        }
    }
    EXPECT_LE(missing, 1) << served.result.err;
    // The service's own resolution (level 19) streams; its texture comes
    // from the coarse levels, its tiles from the finer ones.
    EXPECT_GT(imageryStat(served, "tilesRead"), 0.0) << served.stats;
    EXPECT_EQ(imageryStat(served, "missingTiles"), 0.0) << served.stats;
    // Two resamplings (to Web Mercator, then to degrees) against one.
    EXPECT_LE(differingPixelFraction(*itself.frame, *served.frame, 16), 0.02);

    // The service's levels 8 and finer stall (the pyramid's finest reads
    // level 10 or 11, the page table's bound, dem::kMaxImageryTileEntries,
    // for a service of the whole Earth): one warning, and level 7 stands in.
    server.stallTargetsStartingWith({"/8/", "/9/", "/10/", "/11/", "/12/"});
    const Run stalled = render("stalled-service", true, {"--imagery", service, "--io-timeout", "15"});
    ASSERT_TRUE(stalled.frame.has_value());
    EXPECT_LT(stalled.seconds, 120.0);
    const std::vector<std::string> lines = linesOf(stalled.result.err);
    EXPECT_EQ(std::count_if(lines.begin(), lines.end(),
                            [](const std::string& line) {
                                return line.find("the streamed imagery timed out") != std::string::npos;
                            }),
              1)
        << stalled.result.err;
    EXPECT_GT(server.faultCount(), 0u);
    // The coarser level: the imagery blurred (averaged in linear light, so a
    // little brighter), not the materials.
    const BandStatistics sharp = bandStatistics(*itself.frame, 0, itself.frame->height);
    const BandStatistics blurred = bandStatistics(*stalled.frame, 0, stalled.frame->height);
    EXPECT_NEAR(blurred.red, sharp.red, 25.0);
    EXPECT_NEAR(blurred.green, sharp.green, 25.0);
    EXPECT_NEAR(blurred.blue, sharp.blue, 25.0);
    EXPECT_GT(differingPixelFraction(*itself.frame, *stalled.frame, 16), 0.1);
}

}  // namespace
}  // namespace app_test
