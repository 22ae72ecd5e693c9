// Detail below the data (surface/DetailNoise.glsl): seen from close by, a
// smooth slope whose samples lie 32 m apart shows texture with --detail on
// and an even surface with it off; seen from far away, where a pixel covers
// more than a sixteenth of a sample spacing, the two are the same picture.
// Headless frames with the validation layer on.
#include "ChildProcess.h"
#include "ViewerTestFiles.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <iostream>
#include <string>

namespace app_test {
namespace {

constexpr int kWidth = 256;
constexpr int kHeight = 144;
constexpr uint32_t kMapSize = 64;  // samples 2000 / 63 = 31.7 m apart

// Mean luminance step between neighbouring pixels over the frame's lower
// half (all ground): the texture of the surface.
double grain(const DecodedImage& image)
{
    double sum = 0.0;
    int count = 0;
    for (int y = image.height / 2; y < image.height - 2; ++y) {
        for (int x = 2; x + 3 < image.width; ++x) {
            sum += std::abs(pixelLuminance(image, x + 1, y) - pixelLuminance(image, x, y)) +
                   std::abs(pixelLuminance(image, x, y + 1) - pixelLuminance(image, x, y));
            count += 2;
        }
    }
    return sum / count;
}

class SurfaceDetailRenderTest : public ::testing::Test {
protected:
    SurfaceDetailRenderTest() : scratch_("detail") { writeTiltedPlaneHeightmap(heightmap(), kMapSize, 0.3, 0.7); }

    [[nodiscard]] std::filesystem::path heightmap() const { return scratch_.file("slope.png"); }

    DecodedImage render(const std::string& name, const std::string& camera, const std::string& detail) const
    {
        const std::filesystem::path frame = scratch_.file(name + ".png");
        const std::optional<DecodedImage> image =
            runForScreenshot({CBT_TERRAIN_BINARY,
                              heightmap().string(),
                              "--headless",
                              "--validate",
                              "--msaa",
                              "1",
                              "--size",
                              std::to_string(kWidth) + "x" + std::to_string(kHeight),
                              "--frames",
                              "12",
                              "--extent",
                              "2000",
                              "--height-scale",
                              "500",
                              "--sun",
                              "120,25",
                              "--camera",
                              camera,
                              "--detail",
                              detail,
                              "--screenshot",
                              frame.string()},
                             frame);
        return image.value_or(DecodedImage{});
    }

    ScratchFolder scratch_;
};

TEST_F(SurfaceDetailRenderTest, CloseViewsShowTextureBelowTheSampleSpacing)
{
    // 20 m above the slope (250 m high there), 35 degrees down: a pixel
    // covers centimetres to a metre or so, far finer than the 32 m samples.
    const std::string close = "0,270,200,90,-35";
    const DecodedImage on = render("close_on", close, "on");
    const DecodedImage off = render("close_off", close, "off");
    ASSERT_EQ(on.width, kWidth);
    ASSERT_EQ(off.width, kWidth);
    const double textured = grain(on);
    const double even = grain(off);
    std::cout << "mean step between neighbouring pixels: " << textured << " with detail, " << even << " without\n";
    EXPECT_GT(textured, 3.0 * even) << "the close view shows no detail below the data";
    EXPECT_GT(textured, 1.0);
}

TEST_F(SurfaceDetailRenderTest, FarViewsAreUnchanged)
{
    // Straight down from 6 km: 256 pixels span about 7 km, 27 m a pixel.
    const std::string far = "0,6000,1,0,-89";
    const DecodedImage on = render("far_on", far, "on");
    const DecodedImage off = render("far_off", far, "off");
    ASSERT_EQ(on.width, kWidth);
    ASSERT_EQ(off.width, kWidth);
    int largest = 0;
    for (size_t i = 0; i < on.rgb.size(); ++i) {
        largest = std::max(largest, std::abs(int{on.rgb[i]} - int{off.rgb[i]}));
    }
    EXPECT_LE(largest, 1) << "detail below the data shows where the pixels cannot resolve it";
}

}  // namespace
}  // namespace app_test
