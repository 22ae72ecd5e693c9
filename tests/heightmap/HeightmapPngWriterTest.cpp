// heightmap::encodeGreyscalePng: a well-formed PNG stream (header fields, chunk
// CRCs, IEND) and clear refusals of bad input. Decoding is covered by the
// loader tests.
#include "heightmap/HeightmapPngWriter.h"

#include <gtest/gtest.h>
#include <zlib.h>

#include <string>

namespace {

std::uint32_t readBigEndian32(const std::vector<unsigned char>& bytes, std::size_t offset)
{
    return (std::uint32_t{bytes[offset]} << 24) | (std::uint32_t{bytes[offset + 1]} << 16) |
           (std::uint32_t{bytes[offset + 2]} << 8) | std::uint32_t{bytes[offset + 3]};
}

TEST(HeightmapPngWriter, WritesA16BitGreyscaleHeaderAndValidChunks)
{
    std::vector<std::uint16_t> samples(40 * 30);
    for (std::size_t i = 0; i < samples.size(); ++i)
        samples[i] = static_cast<std::uint16_t>(i * 50);
    const std::vector<unsigned char> png = heightmap::encodeGreyscalePng(40, 30, 16, samples);

    const std::vector<unsigned char> signature{0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
    ASSERT_GT(png.size(), 8u + 25u + 12u);
    EXPECT_TRUE(std::equal(signature.begin(), signature.end(), png.begin()));
    EXPECT_EQ(readBigEndian32(png, 8), 13u);
    EXPECT_EQ(std::string(png.begin() + 12, png.begin() + 16), "IHDR");
    EXPECT_EQ(readBigEndian32(png, 16), 40u);
    EXPECT_EQ(readBigEndian32(png, 20), 30u);
    EXPECT_EQ(png[24], 16);  // bit depth
    EXPECT_EQ(png[25], 0);   // colour type: greyscale
    EXPECT_EQ(png[28], 0);   // no interlace

    // Walk every chunk: each CRC-32 must match, the last chunk is IEND.
    std::size_t offset = 8;
    std::string lastType;
    int imageDataChunks = 0;
    while (offset < png.size()) {
        ASSERT_LE(offset + 12, png.size());
        const std::uint32_t length = readBigEndian32(png, offset);
        ASSERT_LE(offset + 12 + length, png.size());
        lastType.assign(png.begin() + static_cast<std::ptrdiff_t>(offset + 4),
                        png.begin() + static_cast<std::ptrdiff_t>(offset + 8));
        if (lastType == "IDAT")
            ++imageDataChunks;
        const uLong crc = crc32(crc32(0L, Z_NULL, 0), png.data() + offset + 4, static_cast<uInt>(length + 4));
        EXPECT_EQ(readBigEndian32(png, offset + 8 + length), static_cast<std::uint32_t>(crc)) << lastType;
        offset += 12 + length;
    }
    EXPECT_EQ(offset, png.size());
    EXPECT_EQ(lastType, "IEND");
    EXPECT_GE(imageDataChunks, 1);
}

TEST(HeightmapPngWriter, SmoothTerrainCompressesWell)
{
    // A smooth ramp is what the row filters are for: far below raw size.
    std::vector<std::uint16_t> samples(256 * 256);
    for (std::size_t i = 0; i < samples.size(); ++i)
        samples[i] = static_cast<std::uint16_t>((i % 256) * 200 + (i / 256) * 37);
    const std::vector<unsigned char> png = heightmap::encodeGreyscalePng(256, 256, 16, samples);
    EXPECT_LT(png.size(), samples.size() * 2 / 20);
}

TEST(HeightmapPngWriter, EncodingIsDeterministic)
{
    const std::vector<std::uint16_t> samples{1, 2, 3, 60000, 5, 6};
    EXPECT_EQ(heightmap::encodeGreyscalePng(3, 2, 16, samples), heightmap::encodeGreyscalePng(3, 2, 16, samples));
}

TEST(HeightmapPngWriter, RefusesBadInput)
{
    const std::vector<std::uint16_t> six{1, 2, 3, 4, 5, 6};
    EXPECT_THROW((void)heightmap::encodeGreyscalePng(4, 2, 16, six), heightmap::PngWriteError);
    EXPECT_THROW((void)heightmap::encodeGreyscalePng(3, 2, 12, six), heightmap::PngWriteError);
    EXPECT_THROW((void)heightmap::encodeGreyscalePng(0, 2, 16, {}), heightmap::PngWriteError);
    try {
        (void)heightmap::encodeGreyscalePng(3, 2, 8, std::vector<std::uint16_t>{1, 2, 3, 256, 5, 6});
        ADD_FAILURE() << "an 8-bit sample of 256 was accepted";
    } catch (const heightmap::PngWriteError& error) {
        EXPECT_NE(std::string(error.what()).find("sample 3 is 256, over 255"), std::string::npos) << error.what();
    }
    EXPECT_THROW(heightmap::writePng16("/nonexistent-directory/out.png", 3, 2, six), heightmap::PngWriteError);
}

}  // namespace
