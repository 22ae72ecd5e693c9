// Streamed imagery (label render): imagery that streams in tiles
// (`--stream on`, or imagery finer than one texture) is drawn as the same
// imagery read whole into one texture, on the globe and on the flat
// terrain, also under a --gpu-budget that makes the atlas evict tiles; a
// budget too small for the view leaves the coarser level, so the tiles are
// what makes the frame; a source that stalls on the fine tiles gives one
// warning and the coarser level, never a hang.
#include "ChildProcess.h"
#include "DemSourceFiles.h"
#include "DemTestFiles.h"
#include "RangeHttpServer.h"
#include "ViewerTestFiles.h"

#include <gdal_priv.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <filesystem>
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

// 1024 x 1024 texels over 7.5..8.5 E, 45.5..46.5 N: a checkerboard of 8-texel
// cells whose colours run from west to east, fine enough that a texture of
// a quarter of its resolution blurs it.
void writeCheckerboard(const std::filesystem::path& path)
{
    std::vector<std::vector<double>> bands(3, std::vector<double>(std::size_t{kImageryTexels} * kImageryTexels));
    for (std::uint32_t y = 0; y < kImageryTexels; ++y) {
        for (std::uint32_t x = 0; x < kImageryTexels; ++x) {
            const std::size_t index = std::size_t{y} * kImageryTexels + x;
            const double cell = ((x / 8) + (y / 8)) % 2;
            bands[0][index] = 40.0 + 180.0 * cell;
            bands[1][index] = 60.0 + x * 150.0 / kImageryTexels;
            bands[2][index] = 200.0 - 150.0 * cell;
        }
    }
    const double texel = 1.0 / kImageryTexels;
    dem_test::writeBandsGeoTiff(path, kImageryTexels, kImageryTexels, GDT_Byte, bands,
                                std::array<double, 6>{7.5, texel, 0.0, 46.5, 0.0, -texel}, kWgs84);
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
    // streamed one with a budget whose atlas evicts tiles, and against one
    // whose atlas is too small for the view.
    void expectStreamedIsInMemory(bool globe, const std::string& evictingBudget, const std::string& tinyBudget) const
    {
        const std::string mode = globe ? "globe" : "flat";
        const Run whole = render(mode + "-whole", globe, {"--imagery", imagery().string(), "--stream", "off"});
        const Run streamed =
            render(mode + "-streamed", globe,
                   {"--imagery", imagery().string(), "--stream", "on", "--gpu-budget", evictingBudget});
        const Run starved = render(mode + "-starved", globe,
                                   {"--imagery", imagery().string(), "--stream", "on", "--gpu-budget", tinyBudget});
        ASSERT_TRUE(whole.frame && streamed.frame && starved.frame);
        expectNoValidationOrErrors(streamed.result.err);
        EXPECT_EQ(whole.stats.find("imageryStream"), std::string::npos);
        EXPECT_GT(imageryStat(streamed, "tilesRead"), 0.0) << streamed.stats;
        EXPECT_GT(imageryStat(streamed, "atlasEvictions"), 0.0) << streamed.stats;
        EXPECT_EQ(imageryStat(streamed, "missingTiles"), 0.0) << streamed.stats;
        EXPECT_LE(differingPixelFraction(*whole.frame, *streamed.frame, 8), kDifferingPixels);
        // Without the tiles the view needs, the coarser level blurs the cells.
        EXPECT_GT(imageryStat(starved, "missingTiles"), 0.0) << starved.stats;
        EXPECT_GT(differingPixelFraction(*whole.frame, *starved.frame, 8), 0.2);
    }

    ScratchFolder scratch_;
};

TEST_F(StreamedImageryRenderTest, OnTheGlobeStreamedImageryIsDrawnAsTheImageryInMemory)
{
    if (!std::filesystem::exists(CBT_ETOPO5_GRID)) {
        GTEST_SKIP() << CBT_ETOPO5_GRID << " is missing (Debian package ferret-datasets, scripts/setup-debian.sh)";
    }
    // Half of each budget to the heights' tiles, half to the imagery's: 4
    // MiB holds 7 imagery tiles, the view needs 6 and reads 11; 2.5 MiB
    // holds 4.
    expectStreamedIsInMemory(true, "4", "2.5");
}

TEST_F(StreamedImageryRenderTest, OnTheFlatTerrainStreamedImageryIsDrawnAsTheImageryInMemory)
{
    // 3.7 MiB holds 7 imagery tiles, the view needs 6 and reads 8; 2 MiB holds 3.
    expectStreamedIsInMemory(false, "3.7", "2");
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

}  // namespace
}  // namespace app_test
