// The real binary on elevation models (label render): the ETOPO60 NetCDF grid
// of the Debian package ferret-datasets renders validation-clean with its
// real extent and heights (sea level at y = 0) and, at the default framing
// (tens of thousands of km away), shows the terrain, not only sky; a file
// GDAL can not read and a tree deeper than the device holds give one-line
// errors; a DEM wider than a device image is read reduced and renders, and
// one with a corrupt tile renders after one warning.
#include "ChildProcess.h"
#include "DemTestFiles.h"
#include "ViewerTestFiles.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <filesystem>
#include <string>

namespace app_test {
namespace {

ProcessResult runViewer(const std::vector<std::string>& arguments)
{
    return runProcess(programWithArguments(CBT_TERRAIN_BINARY, arguments));
}

// Mean colour of the pixels in [x0, x1) x [y0, y1).
std::array<double, 3> meanColour(const DecodedImage& image, int x0, int y0, int x1, int y1)
{
    std::array<double, 3> sum{};
    for (int y = y0; y < y1; ++y) {
        for (int x = x0; x < x1; ++x) {
            for (int channel = 0; channel < 3; ++channel) {
                sum[static_cast<size_t>(channel)] += image.pixel(x, y)[channel];
            }
        }
    }
    const double count = static_cast<double>((x1 - x0) * (y1 - y0));
    return {sum[0] / count, sum[1] / count, sum[2] / count};
}

TEST(DemViewer, EtopoNetCdfRendersWithItsRealExtentAndHeights)
{
    if (!std::filesystem::exists(CBT_ETOPO60_GRID)) {
        GTEST_SKIP() << CBT_ETOPO60_GRID << " is missing (Debian package ferret-datasets, scripts/setup-debian.sh)";
    }
    const ScratchFolder scratch("dem-viewer");
    const std::filesystem::path stats = scratch.file("etopo.json");
    const std::filesystem::path image = scratch.file("etopo.png");
    const ProcessResult result = runViewer({CBT_ETOPO60_GRID,
                                            "--headless",
                                            "--validate",
                                            "--msaa",
                                            "1",
                                            "--shadows",
                                            "off",
                                            "--detail",
                                            "off",
                                            "--size",
                                            "160x90",
                                            "--frames",
                                            "24",
                                            "--depth",
                                            "16",
                                            "--camera",
                                            "0,3000000,15000000,0,-30",
                                            "--stats",
                                            stats.string(),
                                            "--screenshot",
                                            image.string()});
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

TEST(DemViewer, GlobalReliefAtTheDefaultViewFillsTheFrameWithTerrain)
{
    if (!std::filesystem::exists(CBT_ETOPO60_GRID)) {
        GTEST_SKIP() << CBT_ETOPO60_GRID << " is missing (Debian package ferret-datasets, scripts/setup-debian.sh)";
    }
    // No --camera: the default oblique view over the 40,075 km grid. Shaded
    // by normals, the nearly level relief is green (n = (0, 1, 0) shows as
    // (128, 255, 128)); the sky is not.
    const ScratchFolder scratch("dem-viewer-default-view");
    const std::filesystem::path stats = scratch.file("etopo.json");
    const std::filesystem::path image = scratch.file("etopo.png");
    const ProcessResult result = runViewer({CBT_ETOPO60_GRID, "--headless", "--validate", "--msaa", "1", "--shadows",
                                            "off", "--detail", "off", "--size", "160x90", "--frames", "12", "--shading",
                                            "normals", "--stats", stats.string(), "--screenshot", image.string()});
    EXPECT_FALSE(result.timedOut);
    ASSERT_EQ(result.exitCode, 0) << result.err;
    expectNoValidationOrErrors(result.err);

    const std::vector<double> leaves = jsonNumberArray(fileText(stats), "leafCountHistory");
    ASSERT_FALSE(leaves.empty());
    EXPECT_GT(leaves.back(), 8.0) << "the tree never split: no triangle was in view";
    const std::optional<DecodedImage> decoded = decodePng(image);
    ASSERT_TRUE(decoded);
    ASSERT_EQ(decoded->width, 160);
    ASSERT_EQ(decoded->height, 90);
    // The top rows, the middle and the bottom rows are all terrain.
    for (const int row : {0, 40, 80}) {
        const std::array<double, 3> colour = meanColour(*decoded, 0, row, 160, row + 10);
        EXPECT_GT(colour[1] - std::max(colour[0], colour[2]), 60.0)
            << "rows " << row << ".." << row + 10 << " are not terrain";
    }
}

TEST(DemViewer, UnreadableElevationModelIsOneLineNamingTheFile)
{
    const ScratchFolder scratch("dem-viewer-bad");
    const std::filesystem::path notes = scratch.file("notes.tif");
    writeText(notes, "these are not heights\n");
    const ProcessResult result = runViewer({notes.string(), "--headless", "--size", "64x64", "--frames", "1"});
    EXPECT_EQ(result.exitCode, 1);
    EXPECT_EQ(result.err, "cbt-terrain: elevation model '" + notes.string() +
                              "' is not an elevation model GDAL can read (GeoTIFF, SRTM .hgt, NetCDF, Arc/Info ASCII "
                              "grid, ESRI .hdr, USGS DEM, DTED, Erdas .img, XYZ, Surfer grid, VTP .bt, VRT) (GDAL: `" +
                              notes.string() + "' not recognized as a supported file format.)\n");
}

TEST(DemViewer, TreeDeeperThanTheDeviceHoldsNamesTheLargestThatFits)
{
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

TEST(DemViewer, ACorruptTileIsOneWarningAndTheTerrainRenders)
{
    const ScratchFolder scratch("dem-viewer-corrupt");
    const std::filesystem::path dem = scratch.file("corrupt.tif");
    dem_test::writeRampWithACorruptTile(dem, true);
    const std::filesystem::path frame = scratch.file("corrupt.png");
    const ProcessResult result = runViewer({dem.string(), "--headless", "--validate", "--size", "96x54", "--frames",
                                            "3", "--msaa", "1", "--screenshot", frame.string()});
    ASSERT_EQ(result.exitCode, 0) << result.err;
    const std::vector<std::string> lines = linesOf(result.err);
    ASSERT_EQ(lines.size(), 1u) << result.err;
    EXPECT_EQ(lines[0].rfind("cbt-terrain: warning: elevation model '" + dem.string() +
                                 "': 256 samples of damaged blocks could not be read (the first at rows 32 to 47, "
                                 "columns 16 to 31",
                             0),
              0u)
        << lines[0];
    EXPECT_NE(lines[0].find("256 were filled from the overviews"), std::string::npos) << lines[0];
    EXPECT_TRUE(decodePng(frame).has_value());
}

TEST(DemViewer, ADemWiderThanADeviceImageIsReadReducedAndRenders)
{
    // Without streaming (--stream off), which it would get by default.
    // 16500 columns: more than the 16384 a side every heightmap is held to.
    const ScratchFolder scratch("dem-viewer-wide");
    const std::filesystem::path wide = scratch.file("wide.tif");
    constexpr std::uint32_t kColumns = 16500;
    constexpr std::uint32_t kRows = 64;
    std::vector<double> heights;
    heights.reserve(kColumns * kRows);
    for (std::uint32_t row = 0; row < kRows; ++row) {
        for (std::uint32_t column = 0; column < kColumns; ++column) {
            heights.push_back(std::round(300.0 + 200.0 * std::sin(column / 90.0) * std::cos(row / 7.0)));
        }
    }
    dem_test::writeBandsGeoTiff(wide, kColumns, kRows, GDT_Int16, {heights},
                                std::array<double, 6>{400000.0, 2.0, 0.0, 5000000.0, 0.0, -400.0}, 32633);
    const std::filesystem::path frame = scratch.file("wide.png");
    const ProcessResult result = runViewer({wide.string(),
                                            "--headless",
                                            "--validate",
                                            "--stream",
                                            "off",
                                            "--size",
                                            "160x90",
                                            "--frames",
                                            "4",
                                            "--msaa",
                                            "1",
                                            "--shadows",
                                            "off",
                                            "--detail",
                                            "off",
                                            "--camera",
                                            "0,900,300,0,-50",
                                            "--screenshot",
                                            frame.string(),
                                            "--stats",
                                            scratch.file("wide.json").string()});
    ASSERT_EQ(result.exitCode, 0) << result.err;
    expectNoValidationOrErrors(result.err);
    EXPECT_NE(result.out.find("16500x64 samples read at 1/2 as 8250x32 samples"), std::string::npos) << result.out;
    const std::string stats = fileText(scratch.file("wide.json"));
    EXPECT_EQ(jsonNumberAt(stats, {"dem", "fileColumns"}), 16500.0) << stats;
    EXPECT_EQ(jsonNumberAt(stats, {"dem", "fileRows"}), 64.0);
    EXPECT_EQ(jsonNumberAt(stats, {"dem", "reduction"}), 2.0);
    // 33 km by 25.6 km of ground (samples 2 m by 400 m), seen from 900 m:
    // the lower third of the frame is ridges of lit terrain, not one colour.
    const std::optional<DecodedImage> image = decodePng(frame);
    ASSERT_TRUE(image);
    EXPECT_GT(bandStatistics(*image, 60, 90).luminanceDeviation, 4.0);
}

TEST(DemViewer, ADemTooLargeForTheDevicesHeightStatisticsIsReadReduced)
{
    // Without streaming (--stream off), which it would get by default.
    // 7200 x 7200 samples: their height statistics need about 138 MB, more
    // than a storage buffer of lavapipe (128 MiB) holds. A VRT stretches a
    // 64 x 64 GeoTIFF over them, so the file stays small.
    const ScratchFolder scratch("dem-viewer-statistics");
    std::vector<double> heights;
    for (int row = 0; row < 64; ++row) {
        for (int column = 0; column < 64; ++column) {
            heights.push_back(std::round(400.0 + 300.0 * std::sin(column / 6.0) * std::cos(row / 9.0)));
        }
    }
    dem_test::writeBandsGeoTiff(scratch.file("tile.tif"), 64, 64, GDT_Int16, {heights},
                                std::array<double, 6>{400000.0, 10.0, 0.0, 5000000.0, 0.0, -10.0}, 32633);
    const std::filesystem::path vrt = scratch.file("large.vrt");
    writeText(vrt, R"(<VRTDataset rasterXSize="7200" rasterYSize="7200">
  <SRS>EPSG:32633</SRS>
  <GeoTransform>400000, 10, 0, 5000000, 0, -10</GeoTransform>
  <VRTRasterBand dataType="Int16" band="1">
    <SimpleSource resampling="bilinear">
      <SourceFilename relativeToVRT="1">tile.tif</SourceFilename>
      <SourceBand>1</SourceBand>
      <SrcRect xOff="0" yOff="0" xSize="64" ySize="64"/>
      <DstRect xOff="0" yOff="0" xSize="7200" ySize="7200"/>
    </SimpleSource>
  </VRTRasterBand>
</VRTDataset>
)");
    const std::filesystem::path frame = scratch.file("large.png");
    const ProcessResult result =
        runViewer({vrt.string(), "--headless", "--validate", "--stream", "off", "--size", "160x90", "--frames", "4",
                   "--msaa", "1", "--shadows", "off", "--detail", "off", "--screenshot", frame.string()});
    ASSERT_EQ(result.exitCode, 0) << result.err;
    expectNoValidationOrErrors(result.err);
    if (result.out.find("llvmpipe") != std::string::npos) {
        EXPECT_NE(result.out.find("7200x7200 samples read at 1/2 as 3600x3600 samples"), std::string::npos)
            << result.out;
    }
    const std::optional<DecodedImage> image = decodePng(frame);
    ASSERT_TRUE(image);
    EXPECT_GT(bandStatistics(*image, 45, 90).luminanceDeviation, 2.0);
}

}  // namespace
}  // namespace app_test
