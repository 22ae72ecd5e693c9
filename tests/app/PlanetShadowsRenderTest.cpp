// The relief's shadows on the globe (label render): a plateau 8 km high
// whose edge falls to a plain in the east, under a sun 10 degrees over the
// western horizon, darkens the plain at the edge's foot and leaves the
// plateau and the plain farther east as they were; --shadows off removes
// the shadow.
#include "ChildProcess.h"
#include "DemTestFiles.h"
#include "ViewerTestFiles.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace app_test {
namespace {

// A global model of 0.1 degree samples: the sea at -3000 m, and from 10 S
// to 20 N, 10 W to 15 E, land: a plateau at 8000 m west of 5 E that falls
// to a plain at 500 m over 0.1 degrees (the globe's grid of 19.5 km cells
// smooths the fall over three of them, to about 13 degrees).
std::filesystem::path writePlateau(const ScratchFolder& scratch)
{
    constexpr std::uint32_t kColumns = 3600;
    constexpr std::uint32_t kRows = 1800;
    std::vector<double> values(std::size_t{kColumns} * kRows, -3000.0);
    for (std::uint32_t row = 0; row < kRows; ++row) {
        const double latitude = 90.0 - 0.1 * (row + 0.5);
        if (latitude < -10.0 || latitude > 20.0) {
            continue;
        }
        for (std::uint32_t column = 0; column < kColumns; ++column) {
            const double longitude = -180.0 + 0.1 * (column + 0.5);
            if (longitude < -10.0 || longitude > 15.0) {
                continue;
            }
            const double fall = std::clamp((longitude - 5.0) / 0.1, 0.0, 1.0);
            values[std::size_t{row} * kColumns + column] = 8000.0 - 7500.0 * fall;
        }
    }
    dem_test::RasterSpec spec = dem_test::rasterOf(kColumns, kRows, GDT_Int16, std::move(values));
    spec.geoTransform = std::array<double, 6>{-180.0, 0.1, 0.0, 90.0, 0.0, -0.1};
    spec.epsg = 4326;
    const std::filesystem::path path = scratch.file("plateau.tif");
    dem_test::writeRaster(path, spec);
    return path;
}

// The mean red over columns [first, end) of every row: the low sun's light
// is red, the sky's and the air's blue.
double redOfColumns(const DecodedImage& image, int first, int end)
{
    double sum = 0.0;
    for (int y = 0; y < image.height; ++y) {
        for (int x = first; x < end; ++x) {
            sum += image.pixel(x, y)[0];
        }
    }
    return sum / (static_cast<double>(image.height) * (end - first));
}

TEST(PlanetShadowsRenderTest, ALowSunCastsThePlateausEdgeOverThePlainAndShadowsOffRemovesIt)
{
    const ScratchFolder scratch("planet-shadows");
    const std::filesystem::path plateau = writePlateau(scratch);
    // 60 km over 5 N, 5.35 E, looking straight down, north up (0.38 km a
    // pixel): the plateau west of column 30 (its rim at 40), its fall to about column 110,
    // then the plain, in the shadow to about column 145.
    const auto frameWith = [&](const std::string& shadows) {
        const std::filesystem::path image = scratch.file("shadows-" + shadows + ".png");
        return runForScreenshot({CBT_TERRAIN_BINARY, plateau.string(), "--planet", "--headless", "--validate", "--msaa",
                                 "1", "--size", "320x180", "--camera-geo", "5,5.35,60000,0,-90", "--sun", "270,10",
                                 "--shadows", shadows, "--imagery", "none", "--screenshot", image.string()},
                                image);
    };
    const std::optional<DecodedImage> shadowed = frameWith("on");
    const std::optional<DecodedImage> open = frameWith("off");
    ASSERT_TRUE(shadowed && open);
    // The plateau faces the sun: unchanged, pixel for pixel.
    int changed = 0;
    for (int y = 0; y < 180; ++y) {
        for (int x = 0; x < 30; ++x) {
            const std::uint8_t* a = shadowed->pixel(x, y);
            const std::uint8_t* b = open->pixel(x, y);
            changed += std::max({std::abs(a[0] - b[0]), std::abs(a[1] - b[1]), std::abs(a[2] - b[2])}) > 1 ? 1 : 0;
        }
    }
    EXPECT_EQ(changed, 0) << "the sunlit plateau changed";
    // The plain at the edge's foot loses the sun's direct light.
    const double inShadow = redOfColumns(*shadowed, 115, 135);
    const double inSun = redOfColumns(*open, 115, 135);
    std::printf("red at the foot: %.1f in the shadow, %.1f without\n", inShadow, inSun);
    EXPECT_GT(inSun, 10.0) << "the plain is not lit without shadows";
    EXPECT_LT(inShadow, 0.8 * inSun) << "the plain at the edge's foot is not in shadow";
    // Farther east the plateau lies below the sun: lit in both.
    EXPECT_NEAR(redOfColumns(*shadowed, 200, 320), redOfColumns(*open, 200, 320), 0.5);
}

}  // namespace
}  // namespace app_test
