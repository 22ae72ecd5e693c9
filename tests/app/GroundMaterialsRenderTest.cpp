// The ground's materials follow physical quantities: permanent snow lies
// above a snow line that depends on the DEM's latitude (or --snow-line), not
// on a fraction of the map's height range. Headless frames of synthetic,
// georeferenced DEMs, seen straight down, with the validation layer on.
#include "ChildProcess.h"
#include "ViewerTestFiles.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <sstream>
#include <string>
#include <vector>

namespace app_test {
namespace {

constexpr int kSize = 256;
constexpr int kSamples = 128;
constexpr double kSpanDegrees = 0.2;  // about 22 km north to south

class GroundMaterialsRenderTest : public ::testing::Test {
protected:
    GroundMaterialsRenderTest() : scratch_("materials") {}

    // An ESRI ASCII grid (with a WGS 84 .prj) of rolling hills from `lowest`
    // to `highest` metres, `kSpanDegrees` square, centred on `latitude`.
    std::filesystem::path writeHills(const std::string& name, double latitude, double lowest, double highest) const
    {
        std::ostringstream grid;
        grid << "ncols " << kSamples << "\nnrows " << kSamples << "\nxllcorner 6.0\nyllcorner "
             << latitude - kSpanDegrees / 2.0 << "\ncellsize " << kSpanDegrees / kSamples << "\n";
        for (int row = 0; row < kSamples; ++row) {
            for (int column = 0; column < kSamples; ++column) {
                const double x = 2.0 * std::numbers::pi * column / kSamples;
                const double y = 2.0 * std::numbers::pi * row / kSamples;
                const double wave = 0.5 + 0.35 * std::sin(2.0 * x) * std::cos(1.5 * y) + 0.15 * std::sin(3.0 * (x + y));
                grid << (column == 0 ? "" : " ") << lowest + (highest - lowest) * std::clamp(wave, 0.0, 1.0);
            }
            grid << "\n";
        }
        const std::filesystem::path path = scratch_.file(name + ".asc");
        writeText(path, grid.str());
        writeText(scratch_.file(name + ".prj"),
                  "GEOGCS[\"GCS_WGS_1984\",DATUM[\"D_WGS_1984\",SPHEROID[\"WGS_1984\",6378137.0,298.257223563]],"
                  "PRIMEM[\"Greenwich\",0.0],UNIT[\"Degree\",0.0174532925199433]]\n");
        return path;
    }

    // The fraction of near-white pixels (every channel at least 200 of 255)
    // in a frame of `dem` seen straight down from 6 km above its centre.
    double snowFraction(const std::filesystem::path& dem, const std::vector<std::string>& extra) const
    {
        const std::filesystem::path frame = scratch_.file(dem.stem().string() + "-frame.png");
        std::vector<std::string> arguments = {
            CBT_TERRAIN_BINARY, dem.string(),   "--headless",
            "--validate",       "--size",       std::to_string(kSize) + "x" + std::to_string(kSize),
            "--frames",         "12",           "--camera",
            "0,6000,1,0,-89",   "--screenshot", frame.string()};
        arguments.insert(arguments.end(), extra.begin(), extra.end());
        const std::optional<DecodedImage> image = runForScreenshot(arguments, frame);
        if (!image) {
            return 0.0;
        }
        // The ground fills the frame (not the sky): its brightness varies.
        EXPECT_GT(bandStatistics(*image, 0, image->height).luminanceDeviation, 1.0) << "no relief in view";
        int white = 0;
        for (int y = 0; y < image->height; ++y) {
            for (int x = 0; x < image->width; ++x) {
                const uint8_t* rgb = image->pixel(x, y);
                white += std::min({rgb[0], rgb[1], rgb[2]}) >= 200 ? 1 : 0;
            }
        }
        return static_cast<double>(white) / (image->width * image->height);
    }

    ScratchFolder scratch_;
};

// Luxembourg-like: 105 to 545 m at 50 N. The shader that put snow on the top
// of any map's height range painted white caps here.
TEST_F(GroundMaterialsRenderTest, AGeoreferencedLowlandHasNoSnowUnlessTheSnowLineIsLowered)
{
    const std::filesystem::path lowland = writeHills("lowland", 49.9, 105.0, 545.0);
    EXPECT_EQ(snowFraction(lowland, {}), 0.0);
    EXPECT_GT(snowFraction(lowland, {"--snow-line", "300"}), 0.05) << "the test must see snow where there is some";
}

// The same highlands, 3000 to 4800 m, carry no snow on the equator (the snow
// line is near 5000 m) and snow on their gentle tops at 46 N (near 2700 m).
TEST_F(GroundMaterialsRenderTest, TheSnowLineFollowsTheLatitude)
{
    EXPECT_EQ(snowFraction(writeHills("equator", 0.0, 3000.0, 4800.0), {}), 0.0);
    EXPECT_GT(snowFraction(writeHills("alps", 46.0, 3000.0, 4800.0), {}), 0.05);
}

}  // namespace
}  // namespace app_test
