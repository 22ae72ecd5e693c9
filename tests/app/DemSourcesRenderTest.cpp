// The viewer renders an elevation model under any name GDAL resolves exactly
// as it renders the local file: the same frame, byte for byte, from a
// /vsicurl/ URL of a local test HTTP server (read in ranges) and from a VRT
// mosaic of four tiles of the file (no seam). A URL that answers 404 is a
// one-line error naming it, exit code 1, without a hang; a server that never
// answers is one line saying it timed out. The mosaic streamed
// (--stream on) shows no seam either. Headless frames with
// the validation layer on.
#include "ChildProcess.h"
#include "DemSourceFiles.h"
#include "DemTestFiles.h"
#include "RangeHttpServer.h"
#include "ViewerTestFiles.h"

#include <gtest/gtest.h>

#include <chrono>

#include <string>
#include <vector>

namespace app_test {
namespace {

constexpr std::uint32_t kDemSamples = 96;
constexpr double kDemSpacing = 100.0;  // metres: the DEM is 9600 m a side

class DemSourcesRenderTest : public ::testing::Test {
protected:
    DemSourcesRenderTest() : scratch_("dem-sources")
    {
        dem_test::RasterSpec spec = dem_test::rasterOf(kDemSamples, kDemSamples, GDT_Float32,
                                                       dem_test::reliefHeights(kDemSamples, kDemSamples));
        spec.geoTransform = std::array<double, 6>{376000.0, kDemSpacing, 0.0, 4651000.0, 0.0, -kDemSpacing};
        spec.epsg = 32633;
        spec.noData = -9999.0;
        spec.values[kDemSamples * 40 + 50] = -9999.0;
        spec_ = spec;
        dem_test::writeRaster(dem(), spec);
    }

    [[nodiscard]] std::filesystem::path dem() const { return scratch_.file("dem.tif"); }

    // The frame of `source` from the south, looking north over the relief.
    DecodedImage render(const std::string& name, const std::string& source,
                        const std::vector<std::string>& extra = {}) const
    {
        const std::filesystem::path frame = scratch_.file(name + ".png");
        ProcessOptions options;
        options.arguments = {CBT_TERRAIN_BINARY, source,        "--headless", "--validate",
                             "--msaa",           "1",           "--shadows",  "off",
                             "--detail",         "off",         "--size",     "160x90",
                             "--frames",         "4",           "--camera",   "0,4500,9000,0,-25",
                             "--screenshot",     frame.string()};
        options.arguments.insert(options.arguments.end(), extra.begin(), extra.end());
        options.environment = dem_test::localHttpEnvironment();
        const ProcessResult result = runProcess(options, std::chrono::seconds(300));
        EXPECT_EQ(result.exitCode, 0) << result.err;
        expectNoValidationOrErrors(result.err);
        std::optional<DecodedImage> image = decodePng(frame);
        if (!image) {
            ADD_FAILURE() << "no frame written for " << source;
            return {};
        }
        return *image;
    }

    // Two frames of the same terrain: equal bytes, and real relief in them.
    static void expectSameFrame(const DecodedImage& actual, const DecodedImage& expected)
    {
        ASSERT_EQ(expected.width, 160);
        ASSERT_EQ(actual.width, expected.width);
        ASSERT_EQ(actual.height, expected.height);
        EXPECT_TRUE(actual.rgb == expected.rgb)
            << differingPixelFraction(actual, expected, 0) * 100.0 << " % of the pixels differ";
        EXPECT_GT(bandStatistics(expected, expected.height / 2, expected.height).luminanceDeviation, 2.0)
            << "the frame shows no relief to compare";
    }

    ScratchFolder scratch_;
    dem_test::RasterSpec spec_;
};

TEST_F(DemSourcesRenderTest, RemoteFileRendersLikeTheLocalFile)
{
    const DecodedImage local = render("local", dem().string());
    const dem_test::RangeHttpServer server(scratch_.path());
    const DecodedImage remote = render("remote", "/vsicurl/" + server.urlOf("dem.tif"));
    expectSameFrame(remote, local);
    EXPECT_GT(server.rangeRequestCount(), 0u) << "the viewer did not read the file over HTTP ranges";
}

TEST_F(DemSourcesRenderTest, VrtMosaicRendersLikeTheWholeFile)
{
    const std::filesystem::path vrt = dem_test::writeVrtMosaicOfFourTiles(scratch_.path(), "mosaic", spec_, 50, 41);
    expectSameFrame(render("mosaic", vrt.string()), render("whole", dem().string()));
}

TEST_F(DemSourcesRenderTest, StreamedVrtMosaicRendersLikeTheStreamedWholeFile)
{
    // Its tiles (level 0 wherever this view reaches) read across the
    // mosaic's seams exactly as from the whole file. Its coarse level, the
    // heightmap, does not quite: GDAL averages a VRT per source, so along
    // the seams the heightmap's statistics (the criterion's bounds) differ
    // a little, and a triangle or two splits differently. Without the
    // no-data sample, which a streamed tile fills from the coarse level.
    dem_test::RasterSpec whole = spec_;
    whole.noData.reset();
    whole.values[kDemSamples * 40 + 50] = 500.0;
    dem_test::writeRaster(scratch_.file("whole.tif"), whole);
    const std::vector<std::string> streamed = {"--stream", "on",       "--texels-per-pixel",
                                               "64",       "--camera", "0,2500,2500,0,-35"};
    const std::filesystem::path vrt = dem_test::writeVrtMosaicOfFourTiles(scratch_.path(), "mosaic", whole, 50, 41);
    const DecodedImage mosaic = render("streamed-mosaic", vrt.string(), streamed);
    const DecodedImage file = render("streamed-whole", scratch_.file("whole.tif").string(), streamed);
    ASSERT_EQ(mosaic.width, file.width);
    ASSERT_EQ(mosaic.height, file.height);
    EXPECT_LE(differingPixelFraction(mosaic, file, 8), 0.001);
    EXPECT_GT(bandStatistics(file, file.height / 2, file.height).luminanceDeviation, 2.0)
        << "the frame shows no relief to compare";
}

TEST_F(DemSourcesRenderTest, RemoteFileThatIsNotThereIsAOneLineError)
{
    const dem_test::RangeHttpServer server(scratch_.path());
    const std::string url = "/vsicurl/" + server.urlOf("absent.tif");
    ProcessOptions options;
    options.arguments = {CBT_TERRAIN_BINARY, url, "--headless", "--size", "64x64", "--frames", "1"};
    options.environment = dem_test::localHttpEnvironment();
    const ProcessResult result = runProcess(options, std::chrono::seconds(60));
    EXPECT_FALSE(result.timedOut) << "the viewer hung on a missing URL";
    EXPECT_EQ(result.exitCode, 1) << result.err;
    const std::vector<std::string> lines = linesOf(result.err);
    ASSERT_EQ(lines.size(), 1u) << result.err;
    EXPECT_EQ(lines[0].rfind("cbt-terrain: elevation model '" + url + "' ", 0), 0u) << lines[0];
    EXPECT_NE(lines[0].find("(GDAL: "), std::string::npos) << "no reason from GDAL: " << lines[0];
    EXPECT_NE(lines[0].find("404"), std::string::npos) << "GDAL's reason is not the server's answer: " << lines[0];
    EXPECT_GT(server.requestCount(), 0u);
}

TEST_F(DemSourcesRenderTest, RemoteServerThatStallsIsAOneLineErrorAfterATimeout)
{
    // The server accepts and never answers. The viewer's own limit is
    // kRemoteSilenceSeconds of silence; the test shortens it through GDAL's
    // variable, as a user can.
    dem_test::RangeHttpServer server(scratch_.path());
    server.stallConnections();
    const std::string url = "/vsicurl/" + server.urlOf("dem.tif");
    ProcessOptions options;
    options.arguments = {CBT_TERRAIN_BINARY, url, "--headless", "--size", "64x64", "--frames", "1"};
    options.environment = dem_test::localHttpEnvironment();
    options.environment["GDAL_HTTP_TIMEOUT"] = std::nullopt;
    options.environment["GDAL_HTTP_LOW_SPEED_TIME"] = "2";
    const auto start = std::chrono::steady_clock::now();
    const ProcessResult result = runProcess(options, std::chrono::seconds(120));
    const auto seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    EXPECT_FALSE(result.timedOut) << "the viewer hung on a stalled server";
    EXPECT_LT(seconds, 60.0);
    EXPECT_EQ(result.exitCode, 1) << result.err;
    const std::vector<std::string> lines = linesOf(result.err);
    ASSERT_EQ(lines.size(), 1u) << result.err;
    // Said as a timeout, with the network's reason, not as a file GDAL can
    // not read.
    EXPECT_EQ(lines[0].rfind("cbt-terrain: elevation model '" + url + "' timed out", 0), 0u) << lines[0];
    EXPECT_NE(lines[0].find("Operation too slow"), std::string::npos) << lines[0];
    EXPECT_EQ(lines[0].find("not recognized"), std::string::npos) << lines[0];
    EXPECT_GT(server.stalledCount(), 0u);
}

}  // namespace
}  // namespace app_test
