// The real binary's `cbt-terrain prepare IN OUT.tif`: it writes a
// Cloud-Optimized GeoTIFF holding the input's samples, from a local file or
// over HTTP, prints its progress on stderr (a line per quarter when stderr is
// not a terminal) and one line on stdout; every problem is one line on
// stderr and exit code 1, and writes nothing.
#include "ChildProcess.h"
#include "DemSourceFiles.h"
#include "DemTestFiles.h"
#include "RangeHttpServer.h"
#include "ViewerTestFiles.h"

#include <gdal_priv.h>

#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

namespace app_test {
namespace {

std::set<std::string> filesIn(const std::filesystem::path& folder)
{
    std::set<std::string> files;
    for (const auto& entry : std::filesystem::directory_iterator(folder)) {
        files.insert(entry.path().filename().string());
    }
    return files;
}

std::string layoutOf(const std::filesystem::path& path)
{
    GDALAllRegister();
    GDALDatasetH dataset = GDALOpenEx(path.c_str(), GDAL_OF_RASTER | GDAL_OF_READONLY, nullptr, nullptr, nullptr);
    if (dataset == nullptr) {
        return "(GDAL can not open it)";
    }
    const char* layout = GDALGetMetadataItem(dataset, "LAYOUT", "IMAGE_STRUCTURE");
    std::string text = layout != nullptr ? layout : "(none)";
    GDALClose(dataset);
    return text;
}

class PrepareRunTest : public ::testing::Test {
protected:
    PrepareRunTest() : scratch_("prepare")
    {
        std::filesystem::create_directories(inputFolder());
        std::filesystem::create_directories(outputFolder());
        dem_test::RasterSpec spec = dem_test::rasterOf(700, 500, GDT_Float32, dem_test::reliefHeights(700, 500));
        spec.geoTransform = std::array<double, 6>{376000.0, 25.0, 0.0, 4651000.0, 0.0, -25.0};
        spec.epsg = 32633;
        dem_test::writeRaster(input(), spec);
    }

    [[nodiscard]] std::filesystem::path inputFolder() const { return scratch_.file("in"); }
    [[nodiscard]] std::filesystem::path outputFolder() const { return scratch_.file("out"); }
    [[nodiscard]] std::filesystem::path input() const { return inputFolder() / "dem.tif"; }

    static ProcessResult prepare(std::vector<std::string> arguments)
    {
        ProcessOptions options;
        options.arguments = {CBT_TERRAIN_BINARY, "prepare"};
        options.arguments.insert(options.arguments.end(), arguments.begin(), arguments.end());
        options.environment = dem_test::localHttpEnvironment();
        return runProcess(options, std::chrono::seconds(120));
    }

    // Exit code 1, nothing on stdout, one stderr line that starts with
    // "cbt-terrain: prepare: " + `start` and holds `problem`.
    static void expectOneLineError(const ProcessResult& result, const std::string& start, const std::string& problem)
    {
        EXPECT_FALSE(result.timedOut);
        EXPECT_EQ(result.exitCode, 1) << result.err;
        EXPECT_TRUE(result.out.empty()) << result.out;
        const std::vector<std::string> lines = linesOf(result.err);
        ASSERT_EQ(lines.size(), 1u) << result.err;
        EXPECT_EQ(lines[0].rfind("cbt-terrain: prepare: " + start, 0), 0u) << lines[0];
        EXPECT_NE(lines[0].find(problem), std::string::npos) << lines[0];
    }

    ScratchFolder scratch_;
};

TEST_F(PrepareRunTest, WritesACloudOptimizedGeoTiffAndShowsItsProgress)
{
    const std::filesystem::path output = outputFolder() / "dem-cog.tif";
    const ProcessResult result = prepare({input().string(), output.string()});
    EXPECT_EQ(result.exitCode, 0) << result.err;
    EXPECT_EQ(result.err, "prepare: 25%\nprepare: 50%\nprepare: 75%\nprepare: 100%\n");
    const std::vector<std::string> lines = linesOf(result.out);
    ASSERT_EQ(lines.size(), 1u) << result.out;
    EXPECT_EQ(
        lines[0].rfind(
            "wrote " + output.string() + ": Cloud-Optimized GeoTIFF, 700x500 samples, 1 overview down to 350x250, ", 0),
        0u)
        << lines[0];
    EXPECT_EQ(layoutOf(output), "COG");
    EXPECT_TRUE(dem_test::readBand(output) == dem_test::readBand(input())) << "the samples changed";
    EXPECT_EQ(filesIn(inputFolder()), std::set<std::string>{"dem.tif"}) << "written beside the input";
}

TEST_F(PrepareRunTest, ReadsTheInputOverHttp)
{
    const dem_test::RangeHttpServer server(inputFolder());
    const std::filesystem::path output = outputFolder() / "remote-cog.tif";
    const ProcessResult result = prepare({"/vsicurl/" + server.urlOf("dem.tif"), output.string()});
    EXPECT_EQ(result.exitCode, 0) << result.err;
    EXPECT_EQ(layoutOf(output), "COG");
    EXPECT_TRUE(dem_test::readBand(output) == dem_test::readBand(input())) << "the samples changed";
    EXPECT_GT(server.rangeRequestCount(), 0u);
}

TEST_F(PrepareRunTest, EveryProblemIsOneLineAndWritesNothing)
{
    const std::filesystem::path output = outputFolder() / "out.tif";
    const std::filesystem::path missing = inputFolder() / "absent.tif";
    expectOneLineError(prepare({missing.string(), output.string()}), "elevation model '" + missing.string() + "' ",
                       "does not exist");

    const std::filesystem::path photo = inputFolder() / "photo.tif";
    dem_test::writeBandsGeoTiff(photo, 4, 4, GDT_Byte,
                                std::vector<std::vector<double>>(3, std::vector<double>(16, 9.0)), std::nullopt, 0);
    expectOneLineError(prepare({photo.string(), output.string()}), "elevation model '" + photo.string() + "' ",
                       "has 3 bands");

    const std::vector<unsigned char> inputBytes = readBytes(input());
    expectOneLineError(prepare({input().string(), input().string()}), "output '" + input().string() + "' ",
                       "is the input itself");
    EXPECT_EQ(readBytes(input()), inputBytes) << "the input was changed";

    const std::filesystem::path noFolder = scratch_.file("absent") / "out.tif";
    expectOneLineError(prepare({input().string(), noFolder.string()}), "output '" + noFolder.string() + "' ",
                       "folder '" + noFolder.parent_path().string() + "' does not exist");
    const std::filesystem::path underAFile = input() / "out.tif";
    expectOneLineError(prepare({input().string(), underAFile.string()}), "output '" + underAFile.string() + "' ",
                       "is not a folder");

    EXPECT_TRUE(filesIn(outputFolder()).empty()) << "a refusal wrote something";
    EXPECT_EQ(filesIn(inputFolder()), (std::set<std::string>{"dem.tif", "photo.tif"}));
}

}  // namespace
}  // namespace app_test
