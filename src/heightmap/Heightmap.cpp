// PNG heightmap loading: the file's structure (signature, IHDR, chunk list) is
// checked here first, so every refusal names its real cause and absurd sizes
// are refused before anything is decoded; stb_image then decodes the pixels.
#include "heightmap/Heightmap.h"

#include "heightmap/PngSignature.h"

#define STB_IMAGE_IMPLEMENTATION
#define STBI_ONLY_PNG
#define STBI_FAILURE_USERMSG
#include <stb_image.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstdio>
#include <memory>
#include <string_view>
#include <system_error>

namespace heightmap {

std::uint16_t Heightmap::maxSampleValue() const noexcept
{
    return bitDepth == 8 ? std::uint16_t{255} : std::uint16_t{65535};
}

std::uint16_t Heightmap::sample(std::uint32_t x, std::uint32_t y) const
{
    if (x >= width || y >= height) {
        throw std::out_of_range("Heightmap::sample(" + std::to_string(x) + ", " + std::to_string(y) + ") outside " +
                                std::to_string(width) + "x" + std::to_string(height));
    }
    return samples[std::size_t{y} * width + x];
}

float Heightmap::normalisedSample(std::uint32_t x, std::uint32_t y) const
{
    return static_cast<float>(sample(x, y)) / static_cast<float>(maxSampleValue());
}

double Heightmap::aspectRatio() const noexcept
{
    return height == 0 ? 0.0 : static_cast<double>(width) / static_cast<double>(height);
}

std::uint64_t Heightmap::texelCount() const noexcept
{
    return std::uint64_t{width} * height;
}

namespace {

constexpr int kColourGrey = 0;
constexpr int kColourRgb = 2;
constexpr int kColourPalette = 3;
constexpr int kColourGreyAlpha = 4;
constexpr int kColourRgba = 6;

struct FileCloser {
    void operator()(std::FILE* file) const noexcept { std::fclose(file); }
};
using FileHandle = std::unique_ptr<std::FILE, FileCloser>;

struct StbImageFree {
    void operator()(void* pixels) const noexcept { stbi_image_free(pixels); }
};

// Fields of the IHDR chunk this loader acts on.
struct PngHeader {
    std::uint32_t width = 0;
    std::uint32_t height = 0;
    int bitDepth = 0;
    int colourType = 0;
};

[[noreturn]] void fail(const std::filesystem::path& path, std::string_view problem)
{
    throw HeightmapError("heightmap '" + path.string() + "' " + std::string(problem));
}

std::uint32_t readBigEndian32(const unsigned char* bytes)
{
    return (std::uint32_t{bytes[0]} << 24) | (std::uint32_t{bytes[1]} << 16) | (std::uint32_t{bytes[2]} << 8) |
           std::uint32_t{bytes[3]};
}

FileHandle openForReading(const std::filesystem::path& path)
{
    std::error_code error;
    const auto status = std::filesystem::status(path, error);
    if (status.type() == std::filesystem::file_type::not_found)
        fail(path, "does not exist");
    if (error)
        fail(path, "can not be read: " + error.message());
    if (std::filesystem::is_directory(status))
        fail(path, "is a directory, not a PNG file");
    FileHandle file(std::fopen(path.c_str(), "rb"));
    if (!file)
        fail(path, "can not be read: " + std::generic_category().message(errno));
    return file;
}

bool readExactly(std::FILE* file, unsigned char* destination, std::size_t count)
{
    return std::fread(destination, 1, count, file) == count;
}

PngHeader readSignatureAndHeader(const std::filesystem::path& path, std::FILE* file)
{
    std::array<unsigned char, 8> signature{};
    if (!readExactly(file, signature.data(), signature.size()) || signature != kPngSignature) {
        fail(path, "is not a PNG file (its first 8 bytes are not the PNG signature)");
    }
    // IHDR must be the first chunk: length (4) type (4) data (13) CRC (4).
    std::array<unsigned char, 25> chunk{};
    if (!readExactly(file, chunk.data(), chunk.size())) {
        fail(path, "is a truncated PNG (the file ends inside its IHDR header)");
    }
    if (readBigEndian32(chunk.data()) != 13 ||
        std::string_view(reinterpret_cast<const char*>(&chunk[4]), 4) != "IHDR") {
        fail(path, "is a corrupt PNG (the first chunk is not a 13-byte IHDR header)");
    }
    PngHeader header;
    header.width = readBigEndian32(&chunk[8]);
    header.height = readBigEndian32(&chunk[12]);
    header.bitDepth = chunk[16];
    header.colourType = chunk[17];
    return header;
}

void checkHeaderIsGreyscale(const std::filesystem::path& path, const PngHeader& header)
{
    switch (header.colourType) {
        case kColourGrey:
            if (header.bitDepth == 1 || header.bitDepth == 2 || header.bitDepth == 4 || header.bitDepth == 8 ||
                header.bitDepth == 16) {
                return;
            }
            break;
        case kColourGreyAlpha:
            if (header.bitDepth == 8 || header.bitDepth == 16)
                return;
            break;
        case kColourRgb: fail(path, "is a colour image (3 channels: RGB); convert it to greyscale");
        case kColourRgba: fail(path, "is a colour image (4 channels: RGBA); convert it to greyscale");
        case kColourPalette: fail(path, "is a colour image (indexed palette); convert it to greyscale");
        default: fail(path, "is a corrupt PNG (unknown colour type " + std::to_string(header.colourType) + ")");
    }
    fail(path, "is a corrupt PNG (bit depth " + std::to_string(header.bitDepth) + " is invalid for colour type " +
                   std::to_string(header.colourType) + ")");
}

void checkHeaderSize(const std::filesystem::path& path, const PngHeader& header, std::uint64_t maxTexels,
                     std::uint32_t maxDimension)
{
    const std::string size = std::to_string(header.width) + "x" + std::to_string(header.height);
    if (header.width == 0 || header.height == 0)
        fail(path, "is empty (" + size + " pixels)");
    if (header.width > maxDimension || header.height > maxDimension) {
        fail(path, "is " + size + ", larger than the device's limit of " + std::to_string(maxDimension));
    }
    const std::uint64_t texels = std::uint64_t{header.width} * header.height;
    if (texels > maxTexels) {
        fail(path, "is " + size + " = " + std::to_string(texels) + " texels, more than the limit of " +
                       std::to_string(maxTexels) + " texels");
    }
}

// Walks the chunks after IHDR up to IEND without reading their data, so a
// file cut short is reported as truncated rather than as a decoder error.
void checkChunkList(const std::filesystem::path& path, std::FILE* file)
{
    std::error_code error;
    const std::uint64_t fileSize = std::filesystem::file_size(path, error);
    if (error)
        fail(path, "can not be read: " + error.message());
    std::uint64_t offset = 8 + 25;
    bool sawImageData = false;
    while (true) {
        std::array<unsigned char, 8> chunkHeader{};
        if (std::fseek(file, static_cast<long>(offset), SEEK_SET) != 0 ||
            !readExactly(file, chunkHeader.data(), chunkHeader.size())) {
            fail(path, "is a truncated PNG (" + std::to_string(fileSize) + " bytes, no IEND chunk)");
        }
        const std::uint64_t length = readBigEndian32(chunkHeader.data());
        const std::string_view type(reinterpret_cast<const char*>(&chunkHeader[4]), 4);
        const std::uint64_t chunkEnd = offset + 8 + length + 4;
        if (chunkEnd > fileSize) {
            fail(path, "is a truncated PNG (its " + std::string(type) + " chunk at byte " + std::to_string(offset) +
                           " runs past the end of the " + std::to_string(fileSize) + "-byte file)");
        }
        if (type == "IDAT") {
            // stb_image copies each IDAT into a buffer it allocates at the
            // first non-empty one: an empty first IDAT has it memcpy into a
            // null pointer (undefined behaviour, found by fuzzing).
            if (length == 0 && !sawImageData) {
                fail(path, "is a corrupt PNG (its first IDAT image data chunk at byte " + std::to_string(offset) +
                               " is empty)");
            }
            sawImageData = true;
        }
        if (type == "IEND")
            break;
        offset = chunkEnd;
    }
    if (!sawImageData)
        fail(path, "is a corrupt PNG (it has no IDAT image data chunk)");
}

std::string stbReason()
{
    const char* reason = stbi_failure_reason();
    return reason != nullptr ? reason : "unknown decoder error";
}

}  // namespace

Heightmap loadHeightmapPng(const std::filesystem::path& path, std::uint64_t maxTexels, std::uint32_t maxDimension)
{
    const FileHandle file = openForReading(path);
    const PngHeader header = readSignatureAndHeader(path, file.get());
    checkHeaderIsGreyscale(path, header);
    checkHeaderSize(path, header, maxTexels, maxDimension);
    checkChunkList(path, file.get());

    std::rewind(file.get());
    int width = 0;
    int height = 0;
    int channels = 0;
    if (stbi_info_from_file(file.get(), &width, &height, &channels) == 0) {
        fail(path, "is a corrupt PNG (stb_image: " + stbReason() + ")");
    }
    const bool sixteenBit = stbi_is_16_bit_from_file(file.get()) != 0;
    if (static_cast<std::uint32_t>(width) != header.width || static_cast<std::uint32_t>(height) != header.height) {
        fail(path, "is a corrupt PNG (stb_image reads it as " + std::to_string(width) + "x" + std::to_string(height) +
                       ", its IHDR says " + std::to_string(header.width) + "x" + std::to_string(header.height) + ")");
    }
    const std::size_t texelCount = std::size_t{header.width} * header.height;

    Heightmap heightmap;
    heightmap.width = header.width;
    heightmap.height = header.height;
    heightmap.bitDepth = sixteenBit ? 16 : 8;
    heightmap.sourcePath = path.string();
    heightmap.samples.resize(texelCount);
    if (sixteenBit) {
        const std::unique_ptr<stbi_us, StbImageFree> pixels(
            stbi_load_from_file_16(file.get(), &width, &height, &channels, 1));
        if (!pixels)
            fail(path, "is a corrupt PNG (stb_image: " + stbReason() + ")");
        std::copy_n(pixels.get(), texelCount, heightmap.samples.begin());
    } else {
        const std::unique_ptr<stbi_uc, StbImageFree> pixels(
            stbi_load_from_file(file.get(), &width, &height, &channels, 1));
        if (!pixels)
            fail(path, "is a corrupt PNG (stb_image: " + stbReason() + ")");
        std::copy_n(pixels.get(), texelCount, heightmap.samples.begin());
    }
    return heightmap;
}

Heightmap loadHeightmapPng(const std::filesystem::path& path, const HeightmapLimits& limits)
{
    return loadHeightmapPng(path, limits.maxTexels, limits.maxDimension);
}

}  // namespace heightmap
