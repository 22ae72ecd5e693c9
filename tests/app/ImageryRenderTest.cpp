// Imagery draped over an elevation model (--imagery): a DEM in UTM zone 33N
// and imagery in geographic WGS 84, red west of the DEM's central meridian
// and blue east of it, written through GDAL's C API. Seen straight down
// (north up) the frame's left part is red and its right part blue, on both
// tessellations; without --imagery both sides show the same materials.
// Also the one-line errors of the viewer for imagery it cannot drape.
// Headless frames with the validation layer on.
#include "ChildProcess.h"
#include "DemTestFiles.h"
#include "ViewerTestFiles.h"

#include <cpl_conv.h>
#include <gdal.h>

#include <gtest/gtest.h>

#include <array>
#include <string>
#include <vector>

namespace app_test {
namespace {

constexpr int kDemSamples = 64;
constexpr double kDemSpacing = 100.0;  // metres: the DEM is 6400 m a side
constexpr double kDemWest = 376000.0;
constexpr double kDemNorth = 4651000.0;
constexpr int kUtm33North = 32633;
constexpr int kWgs84 = 4326;
constexpr int kFrameWidth = 160;
constexpr int kFrameHeight = 90;

// A GeoTIFF of `bands` (width * height values each) in `epsg`.
void writeGeoTiff(const std::filesystem::path& path, int width, int height, GDALDataType type,
                  const std::vector<std::vector<double>>& bands, std::array<double, 6> geoTransform, int epsg)
{
    dem_test::writeBandsGeoTiff(path, static_cast<std::uint32_t>(width), static_cast<std::uint32_t>(height), type,
                                bands, geoTransform, epsg);
}

// Mean colour of the frame's columns [first, end), all rows.
std::array<double, 3> meanColour(const DecodedImage& image, int first, int end)
{
    std::array<double, 3> sum{};
    for (int y = 0; y < image.height; ++y) {
        for (int x = first; x < end; ++x) {
            for (int channel = 0; channel < 3; ++channel) {
                sum[static_cast<std::size_t>(channel)] += image.pixel(x, y)[channel];
            }
        }
    }
    const double count = static_cast<double>(image.height * (end - first));
    return {sum[0] / count, sum[1] / count, sum[2] / count};
}

class ImageryRenderTest : public ::testing::Test {
protected:
    ImageryRenderTest() : scratch_("imagery")
    {
        std::vector<double> heights(kDemSamples * kDemSamples);
        for (int i = 0; i < kDemSamples * kDemSamples; ++i) {
            heights[static_cast<std::size_t>(i)] = 300.0 + (i % kDemSamples) + 0.5 * (i / kDemSamples);
        }
        writeGeoTiff(dem(), kDemSamples, kDemSamples, GDT_Float32, {heights},
                     {kDemWest, kDemSpacing, 0.0, kDemNorth, 0.0, -kDemSpacing}, kUtm33North);
        // Red west of the DEM's centre, blue east of it, over 0.2 degrees
        // around the DEM (about 0.08 degrees of longitude a side).
        const double half = 0.5 * kDemSpacing * kDemSamples;
        const auto [centreLongitude, centreLatitude] =
            dem_test::wgs84LongitudeLatitudeOf(kDemWest + half, kDemNorth - half, kUtm33North);
        constexpr int kTexels = 200;
        constexpr double kDegrees = 0.2;
        std::vector<std::vector<double>> rgb(3, std::vector<double>(kTexels * kTexels));
        for (int y = 0; y < kTexels; ++y) {
            for (int x = 0; x < kTexels; ++x) {
                const bool west = x < kTexels / 2;
                const auto index = static_cast<std::size_t>(y * kTexels + x);
                rgb[0][index] = west ? 200.0 : 20.0;
                rgb[1][index] = 20.0;
                rgb[2][index] = west ? 20.0 : 200.0;
            }
        }
        const double texel = kDegrees / kTexels;
        writeGeoTiff(imagery(), kTexels, kTexels, GDT_Byte, rgb,
                     {centreLongitude - 0.5 * kDegrees, texel, 0.0, centreLatitude + 0.5 * kDegrees, 0.0, -texel},
                     kWgs84);
    }

    [[nodiscard]] std::filesystem::path dem() const { return scratch_.file("dem.tif"); }
    [[nodiscard]] std::filesystem::path imagery() const { return scratch_.file("imagery.tif"); }

    // The frame from 2500 m above the DEM's centre, looking down, north up:
    // it sees 5130 m x 2890 m of the 6400 m square.
    DecodedImage render(const std::string& name, std::vector<std::string> extra) const
    {
        const std::filesystem::path frame = scratch_.file(name + ".png");
        std::vector<std::string> arguments{
            CBT_TERRAIN_BINARY, dem().string(),
            "--headless",       "--validate",
            "--msaa",           "1",
            "--size",           std::to_string(kFrameWidth) + "x" + std::to_string(kFrameHeight),
            "--frames",         "6",
            "--camera",         "0,2800,1,0,-89",
            "--shadows",        "off",
            "--screenshot",     frame.string()};
        arguments.insert(arguments.end(), extra.begin(), extra.end());
        return runForScreenshot(arguments, frame).value_or(DecodedImage{});
    }

    ProcessResult runViewer(std::vector<std::string> arguments) const
    {
        ProcessOptions options = programWithArguments(CBT_TERRAIN_BINARY, arguments);
        options.arguments.insert(options.arguments.end(), {"--headless", "--size", "64x64", "--frames", "1"});
        return runProcess(options);
    }

    // Exit code 1 and one stderr line naming `file` and saying `problem`.
    static void expectOneLineError(const ProcessResult& result, const std::filesystem::path& file,
                                   const std::string& problem)
    {
        EXPECT_EQ(result.exitCode, 1) << result.err;
        const std::vector<std::string> lines = linesOf(result.err);
        ASSERT_EQ(lines.size(), 1u) << result.err;
        EXPECT_EQ(lines[0].rfind("cbt-terrain: imagery '" + file.string() + "' ", 0), 0u) << lines[0];
        EXPECT_NE(lines[0].find(problem), std::string::npos) << lines[0];
    }

    ScratchFolder scratch_;
};

// Red over blue in the frame's left quarter and blue over red in its right
// quarter, by at least `ratio`.
void expectRedWestBlueEast(const DecodedImage& frame, double ratio)
{
    ASSERT_EQ(frame.width, kFrameWidth);
    const std::array<double, 3> west = meanColour(frame, 0, kFrameWidth / 4);
    const std::array<double, 3> east = meanColour(frame, 3 * kFrameWidth / 4, kFrameWidth);
    EXPECT_GT(west[0], ratio * west[2]) << "west (r, g, b) = " << west[0] << ", " << west[1] << ", " << west[2];
    EXPECT_GT(west[0], ratio * west[1]) << "west (r, g, b) = " << west[0] << ", " << west[1] << ", " << west[2];
    EXPECT_GT(east[2], ratio * east[0]) << "east (r, g, b) = " << east[0] << ", " << east[1] << ", " << east[2];
    EXPECT_GT(west[0], 60.0) << "the frame is too dark to tell";
    EXPECT_GT(east[2], 60.0) << "the frame is too dark to tell";
}

// The first column of row `y` where blue outweighs red.
int firstBlueColumn(const DecodedImage& frame, int y)
{
    for (int x = 0; x < frame.width; ++x) {
        if (frame.pixel(x, y)[2] > frame.pixel(x, y)[0]) {
            return x;
        }
    }
    return frame.width;
}

TEST_F(ImageryRenderTest, TheGroundTakesTheImagerysColoursWhereTheyLie)
{
    const DecodedImage frame = render("heap", {"--imagery", imagery().string()});
    expectRedWestBlueEast(frame, 2.0);
    // The colours meet under the camera, at the DEM's centre (the meridian
    // leans by about 1 degree in UTM: under a pixel over the frame's height).
    for (const int y : {5, kFrameHeight / 2, kFrameHeight - 5}) {
        EXPECT_NEAR(firstBlueColumn(frame, y), kFrameWidth / 2, 3) << "row " << y;
    }

    // Without imagery: the materials, alike on both sides.
    const DecodedImage materials = render("materials", {});
    ASSERT_EQ(materials.width, kFrameWidth);
    const std::array<double, 3> west = meanColour(materials, 0, kFrameWidth / 4);
    const std::array<double, 3> east = meanColour(materials, 3 * kFrameWidth / 4, kFrameWidth);
    EXPECT_NEAR(west[0] / west[2], east[0] / east[2], 0.15 * east[0] / east[2]);
    EXPECT_LT(west[0], 2.0 * west[2]) << "the materials are not the imagery's red";
}

TEST_F(ImageryRenderTest, ThePoolDrapesTheSameImagery)
{
    expectRedWestBlueEast(render("pool", {"--imagery", imagery().string(), "--cbt", "pool"}), 2.0);
}

TEST_F(ImageryRenderTest, ImageryItCannotDrapeIsAOneLineError)
{
    const std::filesystem::path heightmap = scratch_.file("map.png");
    writeReliefHeightmap(heightmap, 64);
    expectOneLineError(runViewer({heightmap.string(), "--imagery", imagery().string()}), imagery(),
                       "is a PNG heightmap");

    const std::filesystem::path elsewhere = scratch_.file("elsewhere.tif");
    writeGeoTiff(elsewhere, 4, 4, GDT_Byte, std::vector<std::vector<double>>(3, std::vector<double>(16, 9.0)),
                 {100.0, 0.1, 0.0, 10.0, 0.0, -0.1}, kWgs84);
    expectOneLineError(runViewer({dem().string(), "--imagery", elsewhere.string()}), elsewhere,
                       "does not overlap the elevation model");

    expectOneLineError(runViewer({dem().string(), "--imagery", imagery().string(), "--imagery-bands", "1,2,4"}),
                       imagery(), "has 3 bands; --imagery-bands names band 4");
    const std::filesystem::path missing = scratch_.file("missing.tif");
    expectOneLineError(runViewer({dem().string(), "--imagery", missing.string()}), missing, "does not exist");
}

}  // namespace
}  // namespace app_test
