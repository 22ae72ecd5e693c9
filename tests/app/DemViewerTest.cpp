// The real binary on elevation models (label render): the ETOPO60 NetCDF grid
// of the Debian package ferret-datasets renders validation-clean with its
// real extent and heights (sea level at y = 0); a file GDAL can not read and
// a tree deeper than the device holds give one-line errors.
#include "ChildProcess.h"
#include "ViewerTestFiles.h"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>

namespace app_test {
namespace {

std::string fileText(const std::filesystem::path& path) {
    std::ifstream file(path);
    std::ostringstream text;
    text << file.rdbuf();
    return text.str();
}

ProcessResult runViewer(const std::vector<std::string>& arguments) {
    ProcessOptions options;
    options.arguments = {CBT_TERRAIN_BINARY};
    options.arguments.insert(options.arguments.end(), arguments.begin(), arguments.end());
    return runProcess(options);
}

TEST(DemViewer, EtopoNetCdfRendersWithItsRealExtentAndHeights) {
    const ScratchFolder scratch("dem-viewer");
    const std::filesystem::path stats = scratch.file("etopo.json");
    const std::filesystem::path image = scratch.file("etopo.png");
    const ProcessResult result =
        runViewer({CBT_ETOPO60_GRID, "--headless", "--validate", "--size", "160x90", "--frames", "24", "--depth", "16",
                   "--camera", "0,3000000,15000000,0,-30", "--stats", stats.string(), "--screenshot", image.string()});
    EXPECT_FALSE(result.timedOut);
    ASSERT_EQ(result.exitCode, 0) << result.err;
    expectNoValidationOrErrors(result.err);
    EXPECT_NE(result.out.find("cbt-terrain: elevation model '" + std::string(CBT_ETOPO60_GRID) +
                              "' (netCDF): 360x180 samples, heights -7473.2 to 5731.1 m"),
              std::string::npos)
        << result.out;

    const std::string json = fileText(stats);
    // 360 degrees of longitude at the equator; 180 of latitude.
    EXPECT_NEAR(jsonNumber(json, "terrain", "extentMetres").value_or(0.0), 40075017.0, 5.0e3);
    EXPECT_NEAR(jsonNumber(json, "terrain", "depthMetres").value_or(0.0), 19903370.0, 5.0e3);
    EXPECT_NEAR(jsonNumber(json, "terrain", "heightScaleMetres").value_or(0.0), 5731.15 + 7473.22, 1.0);
    EXPECT_NEAR(jsonNumber(json, "terrain", "heightOffsetMetres").value_or(0.0), -7473.22, 1.0);
    const std::vector<double> leaves = jsonNumberArray(json, "leafCountHistory");
    ASSERT_EQ(leaves.size(), 24u);
    EXPECT_GT(leaves.back(), 16.0) << "the tree did not refine";
    const std::optional<DecodedImage> decoded = decodePng(image);
    ASSERT_TRUE(decoded);
    EXPECT_EQ(decoded->width, 160);
    EXPECT_GT(bandStatistics(*decoded, 0, decoded->height).luminanceDeviation, 5.0) << "a uniform frame";
}

TEST(DemViewer, UnreadableElevationModelIsOneLineNamingTheFile) {
    const ScratchFolder scratch("dem-viewer-bad");
    const std::filesystem::path notes = scratch.file("notes.tif");
    writeText(notes, "these are not heights\n");
    const ProcessResult result = runViewer({notes.string(), "--headless", "--size", "64x64", "--frames", "1"});
    EXPECT_EQ(result.exitCode, 1);
    EXPECT_EQ(result.err, "cbt-terrain: elevation model '" + notes.string() +
                              "' is not an elevation model GDAL can read (GeoTIFF, SRTM .hgt, NetCDF, Arc/Info ASCII "
                              "grid, ESRI .hdr, USGS DEM) (GDAL: `" +
                              notes.string() + "' not recognized as a supported file format.)\n");
}

TEST(DemViewer, TreeDeeperThanTheDeviceHoldsNamesTheLargestThatFits) {
    const ScratchFolder scratch("dem-viewer-depth");
    const std::filesystem::path map = scratch.file("relief.png");
    writeReliefHeightmap(map, 32);
    const ProcessResult result =
        runViewer({map.string(), "--headless", "--size", "64x64", "--frames", "1", "--depth", "30"});
    if (result.exitCode == 0) {
        GTEST_SKIP() << "this device holds a D = 30 tree";
    }
    EXPECT_EQ(result.exitCode, 1);
    const std::vector<std::string> lines = linesOf(result.err);
    ASSERT_EQ(lines.size(), 1u) << result.err;
    EXPECT_EQ(lines[0].rfind("cbt-terrain: CBT max depth 30 does not fit this device", 0), 0u) << lines[0];
    EXPECT_NE(lines[0].find("the largest depth that fits is "), std::string::npos) << lines[0];
}

}  // namespace
}  // namespace app_test
