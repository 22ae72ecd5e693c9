// The terrain casts the sun's shadows (terrain::SunShadowMap): on a plain
// with one north-south wall, a low sun in the east darkens the plain west of
// the wall as far as the wall's shadow reaches, and nowhere else; with
// --shadows off the plain is evenly lit. Headless frames seen straight down,
// with the validation layer on.
#include "ChildProcess.h"
#include "ViewerTestFiles.h"

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <string>

namespace app_test {
namespace {

constexpr int kSize = 256;           // heightmap texels and frame pixels a side
constexpr int kWallColumn = 160;     // the wall's crest
constexpr int kWallHalfWidth = 3;    // texels from the crest to the plain
constexpr double kExtent = 20000.0;  // metres: 78.125 m a texel
constexpr double kWallHeight = 1000.0;
constexpr double kSunElevationDegrees = 15.0;

// Mean luminance of the frame's columns [first, end) over its middle rows.
double columnsLuminance(const DecodedImage& image, int first, int end)
{
    double sum = 0.0;
    int count = 0;
    for (int y = image.height / 4; y < 3 * image.height / 4; ++y) {
        for (int x = first; x < end; ++x) {
            const uint8_t* rgb = image.pixel(x, y);
            sum += 0.2126 * rgb[0] + 0.7152 * rgb[1] + 0.0722 * rgb[2];
            ++count;
        }
    }
    return sum / count;
}

class SunShadowsRenderTest : public ::testing::Test {
protected:
    SunShadowsRenderTest() : scratch_("shadows")
    {
        writeWallOnAPlainHeightmap(heightmap(), kSize, kWallColumn, kWallHalfWidth);
    }

    [[nodiscard]] std::filesystem::path heightmap() const { return scratch_.file("wall.png"); }

    // The frame from straight above the map's centre, at the height where
    // the 60-degree view spans the map's width: frame column c sees texel
    // column c.
    DecodedImage render(const std::string& name, const std::string& shadows) const
    {
        const double height = 0.5 * kExtent / std::tan(std::numbers::pi / 6.0);
        const std::filesystem::path frame = scratch_.file(name + ".png");
        const std::optional<DecodedImage> image = runForScreenshot({CBT_TERRAIN_BINARY,
                                                                    heightmap().string(),
                                                                    "--headless",
                                                                    "--validate",
                                                                    "--msaa",
                                                                    "1",
                                                                    "--size",
                                                                    std::to_string(kSize) + "x" + std::to_string(kSize),
                                                                    "--frames",
                                                                    "16",
                                                                    "--extent",
                                                                    std::to_string(kExtent),
                                                                    "--height-scale",
                                                                    std::to_string(kWallHeight),
                                                                    "--camera",
                                                                    "0," + std::to_string(height) + ",1,0,-89",
                                                                    "--sun",
                                                                    "90," + std::to_string(kSunElevationDegrees),
                                                                    "--shadows",
                                                                    shadows,
                                                                    "--screenshot",
                                                                    frame.string()},
                                                                   frame);
        return image.value_or(DecodedImage{});
    }

    ScratchFolder scratch_;
};

TEST_F(SunShadowsRenderTest, ALowSunCastsTheWallsShadowAsFarAsItReaches)
{
    // The shadow ends where the sun's ray over the crest meets the plain:
    // 1000 m / tan(15 degrees) = 3732 m west of the crest, 48 columns.
    const double shadowColumns =
        kWallHeight / std::tan(kSunElevationDegrees * std::numbers::pi / 180.0) / (kExtent / kSize);
    const int shadowEnd = kWallColumn - kWallHalfWidth - 2;
    const int shadowStart = kWallColumn - static_cast<int>(shadowColumns) + 6;
    ASSERT_GT(shadowEnd - shadowStart, 20);
    const DecodedImage on = render("on", "on");
    const DecodedImage off = render("off", "off");
    ASSERT_EQ(on.width, kSize);
    ASSERT_EQ(off.width, kSize);
    // The same columns in both frames (the haze differs across the frame):
    // the shadow band, and open plain beyond the shadow's reach west and
    // east of the wall.
    const double shadowOn = columnsLuminance(on, shadowStart, shadowEnd);
    const double shadowOff = columnsLuminance(off, shadowStart, shadowEnd);
    const double westOn = columnsLuminance(on, 20, shadowStart - 20);
    const double westOff = columnsLuminance(off, 20, shadowStart - 20);
    const double eastOn = columnsLuminance(on, kWallColumn + kWallHalfWidth + 10, kSize - 20);
    const double eastOff = columnsLuminance(off, kWallColumn + kWallHalfWidth + 10, kSize - 20);
    EXPECT_LT(shadowOn, 0.75 * shadowOff) << "the wall casts no shadow";
    EXPECT_NEAR(westOn, westOff, 0.02 * westOff) << "shadows darken the open plain beyond their reach";
    EXPECT_NEAR(eastOn, eastOff, 0.02 * eastOff) << "shadows darken the sunlit side";
}

}  // namespace
}  // namespace app_test
