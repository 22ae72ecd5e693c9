// The ground's materials follow physical quantities: permanent snow lies
// above a snow line that depends on the DEM's latitude (or --snow-line), not
// on a fraction of the map's height range; the sea covers what lies below
// sea level and joins the map's border. Headless frames of synthetic,
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
        return writeGrid(name, latitude, [lowest, highest](double u, double v) {
            const double x = 2.0 * std::numbers::pi * u;
            const double y = 2.0 * std::numbers::pi * v;
            const double wave = 0.5 + 0.35 * std::sin(2.0 * x) * std::cos(1.5 * y) + 0.15 * std::sin(3.0 * (x + y));
            return lowest + (highest - lowest) * std::clamp(wave, 0.0, 1.0);
        });
    }

    // A coast: the ground rises from -60 m at the west edge by 200 m per map
    // width (sea level at u = 0.3), with a closed depression down to -60 m
    // around (0.75, 0.5), inland.
    std::filesystem::path writeCoast(const std::string& name) const
    {
        return writeGrid(name, 43.0, [](double u, double v) {
            const double ground = -60.0 + 200.0 * u;
            const double fromHollow = std::hypot(u - 0.75, v - 0.5);
            return fromHollow < 0.12 ? std::min(ground, -60.0 + 500.0 * fromHollow * fromHollow) : ground;
        });
    }

    template <typename HeightAt>
    std::filesystem::path writeGrid(const std::string& name, double latitude, HeightAt heightAt) const
    {
        std::ostringstream grid;
        grid << "ncols " << kSamples << "\nnrows " << kSamples << "\nxllcorner 6.0\nyllcorner "
             << latitude - kSpanDegrees / 2.0 << "\ncellsize " << kSpanDegrees / kSamples << "\n";
        for (int row = 0; row < kSamples; ++row) {
            for (int column = 0; column < kSamples; ++column) {
                grid << (column == 0 ? "" : " ")
                     << heightAt(static_cast<double>(column) / kSamples, static_cast<double>(row) / kSamples);
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

    // A frame of `dem` seen straight down from `height` metres above its centre.
    std::optional<DecodedImage> frameOf(const std::filesystem::path& dem, const std::string& height,
                                        const std::vector<std::string>& extra) const
    {
        const std::filesystem::path frame = scratch_.file(dem.stem().string() + "-frame.png");
        std::vector<std::string> arguments = {
            CBT_TERRAIN_BINARY, dem.string(),  "--headless", "--validate",
            "--msaa",           "1",           "--shadows",  "off",
            "--detail",         "off",         "--size",     std::to_string(kSize) + "x" + std::to_string(kSize),
            "--frames",         "12",          "--camera",   "0," + height + ",1,0,-89",
            "--screenshot",     frame.string()};
        arguments.insert(arguments.end(), extra.begin(), extra.end());
        return runForScreenshot(arguments, frame);
    }

    // The fraction of near-white pixels (every channel at least 200 of 255)
    // in a frame of `dem` seen straight down from 6 km above its centre.
    double snowFraction(const std::filesystem::path& dem, const std::vector<std::string>& extra) const
    {
        const std::optional<DecodedImage> image = frameOf(dem, "6000", extra);
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
    EXPECT_GT(snowFraction(lowland, {"--snow-line", "100"}), 0.05) << "the test must see snow where there is some";
}

// The same highlands, 3000 to 4800 m, carry no snow on the equator (the snow
// line is near 5000 m) and snow on their gentle tops at 46 N (near 2700 m).
TEST_F(GroundMaterialsRenderTest, TheSnowLineFollowsTheLatitude)
{
    EXPECT_EQ(snowFraction(writeHills("equator", 0.0, 3000.0, 4800.0), {}), 0.0);
    EXPECT_GT(snowFraction(writeHills("alps", 46.0, 3000.0, 4800.0), {}), 0.05);
}

// The fraction of water-blue pixels (blue well above red and green) in the
// frame's columns [x0, x1) and rows [y0, y1).
double waterFraction(const DecodedImage& image, int x0, int x1, int y0, int y1)
{
    int water = 0;
    for (int y = y0; y < y1; ++y) {
        for (int x = x0; x < x1; ++x) {
            const uint8_t* rgb = image.pixel(x, y);
            water += (rgb[2] > rgb[0] + 30 && rgb[2] > rgb[1] + 10) ? 1 : 0;
        }
    }
    return static_cast<double>(water) / ((x1 - x0) * (y1 - y0));
}

// Seen from 14 km, frame column c sees about u = c / 256 of the coast.
TEST_F(GroundMaterialsRenderTest, TheSeaJoinsTheBorderAndAnInlandDepressionStaysDryUnlessTheSeaLevelIsGiven)
{
    const std::filesystem::path coast = writeCoast("coast");
    const std::optional<DecodedImage> frame = frameOf(coast, "14000", {});
    ASSERT_TRUE(frame);
    EXPECT_GT(waterFraction(*frame, 10, 55, 60, 196), 0.9) << "no sea west of the coast";
    EXPECT_LT(waterFraction(*frame, 110, 160, 60, 196), 0.02) << "water on dry land";
    EXPECT_LT(waterFraction(*frame, 185, 200, 120, 136), 0.02) << "water in the inland depression";
    const std::optional<DecodedImage> flooded = frameOf(coast, "14000", {"--sea-level", "0"});
    ASSERT_TRUE(flooded);
    EXPECT_GT(waterFraction(*flooded, 185, 200, 120, 136), 0.9) << "--sea-level 0 leaves the depression dry";
    EXPECT_GT(waterFraction(*flooded, 10, 55, 60, 196), 0.9);
}

}  // namespace
}  // namespace app_test
