// heightmap::loadHeightmapPng: exact samples at 8 and 16 bits, orientation and
// aspect, the shipped asset, and a one-line error for every bad input.
#include "HeightmapTestFiles.h"

#include "heightmap/Heightmap.h"
#include "heightmap/HeightmapPngWriter.h"

#define STB_IMAGE_WRITE_IMPLEMENTATION
#define STB_IMAGE_WRITE_STATIC
#include <stb_image_write.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

namespace {

using heightmap::Heightmap;
using heightmap::HeightmapError;
using heightmap::loadHeightmapPng;
using terrain_test::ScratchDirectory;

constexpr std::uint64_t kTexelLimit = std::uint64_t{1} << 28;
constexpr std::uint32_t kDimensionLimit = 16384;

Heightmap load(const std::filesystem::path& path)
{
    return loadHeightmapPng(path, kTexelLimit, kDimensionLimit);
}

// The load must fail with a one-line HeightmapError naming the file and
// containing `expectedProblem`.
void expectLoadFailure(const std::filesystem::path& path, const std::string& expectedProblem,
                       std::uint64_t maxTexels = kTexelLimit, std::uint32_t maxDimension = kDimensionLimit)
{
    try {
        (void)loadHeightmapPng(path, maxTexels, maxDimension);
        ADD_FAILURE() << "loading " << path << " succeeded; expected: " << expectedProblem;
    } catch (const HeightmapError& error) {
        const std::string message = error.what();
        EXPECT_NE(message.find(path.string()), std::string::npos) << message;
        EXPECT_NE(message.find(expectedProblem), std::string::npos) << message;
        EXPECT_EQ(message.find('\n'), std::string::npos) << "not one line: " << message;
    }
}

std::vector<std::uint16_t> rampSamples(std::uint32_t width, std::uint32_t height, std::uint32_t modulus)
{
    std::vector<std::uint16_t> samples(std::size_t{width} * height);
    for (std::size_t i = 0; i < samples.size(); ++i) {
        samples[i] = static_cast<std::uint16_t>((i * 7919 + i / width * 13) % modulus);
    }
    return samples;
}

TEST(HeightmapLoader, ShippedAssetIsA16BitTerrainUsingTheFullRange)
{
    const std::filesystem::path asset = std::filesystem::path(CBT_ASSET_DIR) / "terrain-4096.png";
    const Heightmap heightmap = load(asset);
    EXPECT_EQ(heightmap.width, 4096u);
    EXPECT_EQ(heightmap.height, 4096u);
    EXPECT_EQ(heightmap.bitDepth, 16);
    EXPECT_DOUBLE_EQ(heightmap.aspectRatio(), 1.0);
    EXPECT_EQ(heightmap.samples.size(), std::size_t{4096} * 4096);
    EXPECT_EQ(heightmap.sourcePath, asset.string());
    const auto [lowest, highest] = std::minmax_element(heightmap.samples.begin(), heightmap.samples.end());
    EXPECT_EQ(*lowest, 0);
    EXPECT_EQ(*highest, 65535);
    // A real 16-bit terrain uses far more than the 256 levels of an 8-bit one.
    std::vector<bool> used(65536, false);
    for (const std::uint16_t sample : heightmap.samples)
        used[sample] = true;
    EXPECT_GT(std::count(used.begin(), used.end(), true), 20000);
}

TEST(HeightmapLoader, SixteenBitSamplesSurviveExactly)
{
    const ScratchDirectory scratch;
    const std::vector<std::uint16_t> samples{0, 1, 255, 256, 40001, 65534, 65535, 12345, 54321, 32768};
    const auto path = scratch.file("five-by-two-16.png");
    heightmap::writePng16(path, 5, 2, samples);
    const Heightmap heightmap = load(path);
    EXPECT_EQ(heightmap.width, 5u);
    EXPECT_EQ(heightmap.height, 2u);
    EXPECT_EQ(heightmap.bitDepth, 16);
    EXPECT_EQ(heightmap.samples, samples);
    EXPECT_EQ(heightmap.sample(4, 0), 40001);  // row 0 is the first row written
    EXPECT_EQ(heightmap.sample(0, 1), 65534);
    EXPECT_EQ(heightmap.sample(1, 1), 65535);
    EXPECT_EQ(heightmap.maxSampleValue(), 65535);
    EXPECT_FLOAT_EQ(heightmap.normalisedSample(4, 0), 40001.0f / 65535.0f);
    EXPECT_FLOAT_EQ(heightmap.normalisedSample(1, 1), 1.0f);
}

TEST(HeightmapLoader, EightBitSamplesStayEightBit)
{
    const ScratchDirectory scratch;
    const std::vector<std::uint16_t> samples{0, 1, 2, 127, 128, 200, 254, 255};
    const auto path = scratch.file("four-by-two-8.png");
    heightmap::writePng8(path, 4, 2, samples);
    const Heightmap heightmap = load(path);
    EXPECT_EQ(heightmap.bitDepth, 8);
    EXPECT_EQ(heightmap.samples, samples);
    EXPECT_EQ(heightmap.maxSampleValue(), 255);
    EXPECT_FLOAT_EQ(heightmap.normalisedSample(3, 0), 127.0f / 255.0f);
    EXPECT_FLOAT_EQ(heightmap.normalisedSample(3, 1), 1.0f);
}

TEST(HeightmapLoader, NoisyImagesRoundTripThroughEveryScanlineFilter)
{
    // Irregular data makes the encoder pick different filters row to row.
    const ScratchDirectory scratch;
    const auto samples16 = rampSamples(257, 129, 65536);
    heightmap::writePng16(scratch.file("noisy16.png"), 257, 129, samples16);
    EXPECT_EQ(load(scratch.file("noisy16.png")).samples, samples16);
    const auto samples8 = rampSamples(131, 67, 256);
    heightmap::writePng8(scratch.file("noisy8.png"), 131, 67, samples8);
    EXPECT_EQ(load(scratch.file("noisy8.png")).samples, samples8);
}

TEST(HeightmapLoader, NonSquareImagesKeepTheirShape)
{
    const ScratchDirectory scratch;
    const auto wideSamples = rampSamples(300, 7, 65536);
    heightmap::writePng16(scratch.file("wide.png"), 300, 7, wideSamples);
    const Heightmap wide = load(scratch.file("wide.png"));
    EXPECT_EQ(wide.width, 300u);
    EXPECT_EQ(wide.height, 7u);
    EXPECT_DOUBLE_EQ(wide.aspectRatio(), 300.0 / 7.0);
    EXPECT_EQ(wide.samples, wideSamples);
    EXPECT_EQ(wide.sample(299, 6), wideSamples.back());

    const auto tallSamples = rampSamples(7, 300, 256);
    heightmap::writePng8(scratch.file("tall.png"), 7, 300, tallSamples);
    const Heightmap tall = load(scratch.file("tall.png"));
    EXPECT_EQ(tall.width, 7u);
    EXPECT_EQ(tall.height, 300u);
    EXPECT_DOUBLE_EQ(tall.aspectRatio(), 7.0 / 300.0);
    EXPECT_EQ(tall.sample(6, 299), tallSamples.back());
    EXPECT_THROW((void)tall.sample(7, 0), std::out_of_range);
}

TEST(HeightmapLoader, GreyWithAlphaKeepsTheGreyChannel)
{
    const ScratchDirectory scratch;
    const std::vector<unsigned char> greyAlpha{10, 255, 20, 0, 30, 128, 250, 7};  // (grey, alpha) pairs
    const auto path = scratch.file("grey-alpha.png");
    ASSERT_NE(stbi_write_png(path.c_str(), 2, 2, 2, greyAlpha.data(), 4), 0);
    const Heightmap heightmap = load(path);
    EXPECT_EQ(heightmap.bitDepth, 8);
    EXPECT_EQ(heightmap.samples, (std::vector<std::uint16_t>{10, 20, 30, 250}));
}

TEST(HeightmapLoaderErrors, MissingFile)
{
    const ScratchDirectory scratch;
    expectLoadFailure(scratch.file("no-such-heightmap.png"), "does not exist");
}

TEST(HeightmapLoaderErrors, Directory)
{
    const ScratchDirectory scratch;
    std::filesystem::create_directory(scratch.file("folder.png"));
    expectLoadFailure(scratch.file("folder.png"), "is a directory");
}

TEST(HeightmapLoaderErrors, NotAPng)
{
    const ScratchDirectory scratch;
    const std::string text = "P2\n2 2\n255\n0 1 2 3\n";
    terrain_test::writeBytes(scratch.file("text.png"),
                             std::span(reinterpret_cast<const unsigned char*>(text.data()), text.size()));
    expectLoadFailure(scratch.file("text.png"), "is not a PNG file");
    terrain_test::writeBytes(scratch.file("empty-file.png"), {});
    expectLoadFailure(scratch.file("empty-file.png"), "is not a PNG file");
}

TEST(HeightmapLoaderErrors, TruncatedPng)
{
    const ScratchDirectory scratch;
    const std::vector<unsigned char> png = heightmap::encodeGreyscalePng(64, 64, 16, rampSamples(64, 64, 65536));
    const std::vector<unsigned char> firstHalf(png.begin(), png.begin() + static_cast<std::ptrdiff_t>(png.size() / 2));
    terrain_test::writeBytes(scratch.file("half.png"), firstHalf);
    expectLoadFailure(scratch.file("half.png"), "is a truncated PNG");
    const std::vector<unsigned char> headerOnly(png.begin(), png.begin() + 20);
    terrain_test::writeBytes(scratch.file("header-only.png"), headerOnly);
    expectLoadFailure(scratch.file("header-only.png"), "is a truncated PNG");
}

TEST(HeightmapLoaderErrors, CorruptImageData)
{
    const ScratchDirectory scratch;
    std::vector<unsigned char> png = heightmap::encodeGreyscalePng(64, 64, 16, rampSamples(64, 64, 65536));
    // Scramble the deflate stream inside the first IDAT (after its 2-byte
    // zlib header), leaving every chunk length intact.
    const std::size_t imageData = 8 + 25 + 8;
    for (std::size_t i = imageData + 2; i < imageData + 40; ++i)
        png[i] = static_cast<unsigned char>(0xFF - png[i]);
    terrain_test::writeBytes(scratch.file("scrambled.png"), png);
    expectLoadFailure(scratch.file("scrambled.png"), "is a corrupt PNG (stb_image:");
}

TEST(HeightmapLoaderErrors, ColourImages)
{
    const ScratchDirectory scratch;
    const std::vector<unsigned char> pixels(4 * 4 * 4, 100);
    const auto rgb = scratch.file("rgb.png");
    const auto rgba = scratch.file("rgba.png");
    ASSERT_NE(stbi_write_png(rgb.c_str(), 4, 4, 3, pixels.data(), 4 * 3), 0);
    ASSERT_NE(stbi_write_png(rgba.c_str(), 4, 4, 4, pixels.data(), 4 * 4), 0);
    expectLoadFailure(rgb, "is a colour image (3 channels: RGB); convert it to greyscale");
    expectLoadFailure(rgba, "is a colour image (4 channels: RGBA); convert it to greyscale");
}

TEST(HeightmapLoaderErrors, EmptyImage)
{
    const ScratchDirectory scratch;
    std::vector<unsigned char> png = heightmap::encodeGreyscalePng(1, 1, 16, std::vector<std::uint16_t>{5});
    terrain_test::patchHeaderSize(png, 0, 0);
    terrain_test::writeBytes(scratch.file("zero.png"), png);
    expectLoadFailure(scratch.file("zero.png"), "is empty (0x0 pixels)");
    terrain_test::patchHeaderSize(png, 9, 0);
    terrain_test::writeBytes(scratch.file("no-rows.png"), png);
    expectLoadFailure(scratch.file("no-rows.png"), "is empty (9x0 pixels)");
}

TEST(HeightmapLoaderErrors, LargerThanTheDeviceAllows)
{
    const ScratchDirectory scratch;
    std::vector<unsigned char> png = heightmap::encodeGreyscalePng(1, 1, 16, std::vector<std::uint16_t>{5});
    // Only the header claims the size: it must be refused before decoding.
    terrain_test::patchHeaderSize(png, 70000, 70000);
    terrain_test::writeBytes(scratch.file("huge.png"), png);
    expectLoadFailure(scratch.file("huge.png"), "is 70000x70000, larger than the device's limit of 16384");
    expectLoadFailure(scratch.file("huge.png"), "larger than the device's limit of 4096", kTexelLimit, 4096);

    heightmap::writePng16(scratch.file("wide.png"), 300, 2, rampSamples(300, 2, 65536));
    expectLoadFailure(scratch.file("wide.png"), "is 300x2, larger than the device's limit of 256", kTexelLimit, 256);
    EXPECT_NO_THROW((void)loadHeightmapPng(scratch.file("wide.png"), kTexelLimit, 300));
}

TEST(HeightmapLoaderErrors, MoreTexelsThanTheLimit)
{
    const ScratchDirectory scratch;
    heightmap::writePng16(scratch.file("square.png"), 64, 64, rampSamples(64, 64, 65536));
    expectLoadFailure(scratch.file("square.png"), "is 64x64 = 4096 texels, more than the limit of 4095 texels", 4095);
    EXPECT_NO_THROW((void)loadHeightmapPng(scratch.file("square.png"), 4096, kDimensionLimit));
}

}  // namespace
