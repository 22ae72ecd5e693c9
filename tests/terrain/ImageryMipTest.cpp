// The imagery's mip levels computed on the CPU (terrain::imageryMipLevel,
// for devices that cannot blit R8G8B8A8_SRGB): means in linear light, alpha
// as it is, odd sizes covered to their last texel.
#include "terrain/ImageryTexture.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

namespace terrain {
namespace {

std::vector<std::uint8_t> uniform(std::uint32_t width, std::uint32_t height, std::vector<std::uint8_t> texel)
{
    std::vector<std::uint8_t> rgba;
    for (std::uint32_t i = 0; i < width * height; ++i) {
        rgba.insert(rgba.end(), texel.begin(), texel.end());
    }
    return rgba;
}

TEST(ImageryMip, AUniformImageStaysTheSameAtHalfTheSize)
{
    const std::vector<std::uint8_t> level = imageryMipLevel(uniform(6, 4, {200, 100, 30, 255}), 6, 4);
    EXPECT_EQ(level, uniform(3, 2, {200, 100, 30, 255}));
}

TEST(ImageryMip, ColoursAreAveragedInLinearLight)
{
    // Black and white side by side: half the light is sRGB 188, not 128.
    const std::vector<std::uint8_t> rgba{0, 0, 0, 255, 255, 255, 255, 0};
    const std::vector<std::uint8_t> level = imageryMipLevel(rgba, 2, 1);
    EXPECT_EQ(level, (std::vector<std::uint8_t>{188, 188, 188, 128}));
}

TEST(ImageryMip, OddSidesReachTheirLastTexel)
{
    // 3 x 1: one texel of the next level covers all three.
    const std::vector<std::uint8_t> rgba{0, 0, 0, 0, 0, 0, 0, 0, 255, 255, 255, 255};
    const std::vector<std::uint8_t> level = imageryMipLevel(rgba, 3, 1);
    ASSERT_EQ(level.size(), 4u);
    EXPECT_EQ(level[3], 85);
    EXPECT_GT(level[0], 100);  // a third of the light: sRGB 156
    const std::vector<std::uint8_t> single = imageryMipLevel(std::vector<std::uint8_t>{1, 2, 3, 4}, 1, 1);
    EXPECT_EQ(single, (std::vector<std::uint8_t>{1, 2, 3, 4}));
}

}  // namespace
}  // namespace terrain
