// The imagery's texture on the device (terrain::ImageryTexture): level 0 as
// given, every further level the mean of the level above in linear light
// (the blits of an sRGB image, or the CPU's box filter where the format
// cannot be blitted), and one transparent texel without imagery.
#include "GpuTestEnvironment.h"

#include "terrain/ImageryTexture.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <vector>

namespace terrain::test {
namespace {

class ImageryTextureTest : public vk::test::GpuTest {
protected:
    std::vector<std::uint8_t> level(const ImageryTexture& texture, std::uint32_t mip)
    {
        const std::vector<std::byte> bytes =
            vk::downloadImageLevel(device(), texture.image(), mip, ImageryTexture::kLayout);
        std::vector<std::uint8_t> texels(bytes.size());
        for (std::size_t i = 0; i < bytes.size(); ++i) {
            texels[i] = static_cast<std::uint8_t>(bytes[i]);
        }
        return texels;
    }
};

TEST_F(ImageryTextureTest, MipLevelsAreMeansInLinearLight)
{
    constexpr std::uint32_t kWidth = 16;
    constexpr std::uint32_t kHeight = 8;
    std::vector<std::uint8_t> rgba(kWidth * kHeight * 4);
    for (std::size_t i = 0; i < rgba.size(); ++i) {
        rgba[i] = static_cast<std::uint8_t>((i * 97 + (i / 64) * 31) % 256);
    }
    const ImageryTexture texture(device(), ImageryPixels{kWidth, kHeight, rgba});
    EXPECT_TRUE(texture.present());
    ASSERT_EQ(texture.image().mipLevels(), 5u);
    EXPECT_EQ(level(texture, 0), rgba);
    std::vector<std::uint8_t> expected = rgba;
    std::uint32_t width = kWidth;
    std::uint32_t height = kHeight;
    for (std::uint32_t mip = 1; mip < texture.image().mipLevels(); ++mip) {
        expected = imageryMipLevel(expected, width, height);
        width = std::max(width / 2, 1u);
        height = std::max(height / 2, 1u);
        const std::vector<std::uint8_t> got = level(texture, mip);
        ASSERT_EQ(got.size(), expected.size()) << "mip " << mip;
        for (std::size_t i = 0; i < got.size(); ++i) {
            EXPECT_LE(std::abs(got[i] - expected[i]), 3) << "mip " << mip << ", byte " << i;
        }
    }
}

TEST_F(ImageryTextureTest, NoImageryIsOneTransparentTexel)
{
    const ImageryTexture texture(device(), ImageryPixels{});
    EXPECT_FALSE(texture.present());
    EXPECT_EQ(texture.image().extent().width, 1u);
    EXPECT_EQ(texture.image().extent().height, 1u);
    EXPECT_EQ(level(texture, 0), (std::vector<std::uint8_t>{0, 0, 0, 0}));
}

}  // namespace
}  // namespace terrain::test
