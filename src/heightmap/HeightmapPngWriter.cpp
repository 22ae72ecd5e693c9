// Greyscale PNG encoding (PNG specification, ISO/IEC 15948): scanline
// filtering, zlib compression and CRC-32 come from zlib.
#include "heightmap/HeightmapPngWriter.h"

#include "heightmap/PngSignature.h"

#include <zlib.h>

#include <algorithm>
#include <array>
#include <cstdlib>
#include <fstream>
#include <string>
#include <string_view>

namespace heightmap {
namespace {

constexpr std::size_t kImageDataChunkBytes = std::size_t{1} << 20;
constexpr int kFilterTypeCount = 5;  // None, Sub, Up, Average, Paeth

void appendBigEndian32(std::vector<unsigned char>& out, std::uint32_t value)
{
    out.push_back(static_cast<unsigned char>(value >> 24));
    out.push_back(static_cast<unsigned char>(value >> 16));
    out.push_back(static_cast<unsigned char>(value >> 8));
    out.push_back(static_cast<unsigned char>(value));
}

// One chunk: length, type, data, CRC-32 over type and data.
void appendChunk(std::vector<unsigned char>& out, std::string_view type, std::span<const unsigned char> data)
{
    appendBigEndian32(out, static_cast<std::uint32_t>(data.size()));
    const std::size_t typeStart = out.size();
    out.insert(out.end(), type.begin(), type.end());
    out.insert(out.end(), data.begin(), data.end());
    uLong crc = crc32(0L, Z_NULL, 0);
    crc = crc32(crc, out.data() + typeStart, static_cast<uInt>(out.size() - typeStart));
    appendBigEndian32(out, static_cast<std::uint32_t>(crc));
}

unsigned char paethPredictor(int left, int above, int upperLeft)
{
    const int estimate = left + above - upperLeft;
    const int distanceLeft = std::abs(estimate - left);
    const int distanceAbove = std::abs(estimate - above);
    const int distanceUpperLeft = std::abs(estimate - upperLeft);
    if (distanceLeft <= distanceAbove && distanceLeft <= distanceUpperLeft)
        return static_cast<unsigned char>(left);
    if (distanceAbove <= distanceUpperLeft)
        return static_cast<unsigned char>(above);
    return static_cast<unsigned char>(upperLeft);
}

// Filters one scanline with `filterType` into `filtered` (same length).
void filterScanline(int filterType, std::span<const unsigned char> row, std::span<const unsigned char> previousRow,
                    std::size_t bytesPerPixel, std::span<unsigned char> filtered)
{
    for (std::size_t i = 0; i < row.size(); ++i) {
        const int left = i >= bytesPerPixel ? row[i - bytesPerPixel] : 0;
        const int above = previousRow[i];
        const int upperLeft = i >= bytesPerPixel ? previousRow[i - bytesPerPixel] : 0;
        int prediction = 0;
        switch (filterType) {
            case 1: prediction = left; break;
            case 2: prediction = above; break;
            case 3: prediction = (left + above) / 2; break;
            case 4: prediction = paethPredictor(left, above, upperLeft); break;
            default: break;
        }
        filtered[i] = static_cast<unsigned char>(row[i] - prediction);
    }
}

// The usual heuristic: the filter whose output, read as signed bytes, has
// the smallest sum of magnitudes compresses best.
std::uint64_t filteredCost(std::span<const unsigned char> filtered)
{
    std::uint64_t cost = 0;
    for (const unsigned char value : filtered)
        cost += value < 128 ? value : 256u - value;
    return cost;
}

// Serialised samples (big-endian for 16-bit) with one filter byte per row.
std::vector<unsigned char> filteredScanlines(std::uint32_t width, std::uint32_t height, int bitDepth,
                                             std::span<const std::uint16_t> samples)
{
    const std::size_t bytesPerPixel = bitDepth == 16 ? 2 : 1;
    const std::size_t rowBytes = std::size_t{width} * bytesPerPixel;
    std::vector<unsigned char> previousRow(rowBytes, 0);
    std::vector<unsigned char> row(rowBytes);
    std::vector<unsigned char> candidate(rowBytes);
    std::vector<unsigned char> best(rowBytes);
    std::vector<unsigned char> out;
    out.reserve((rowBytes + 1) * height);
    for (std::uint32_t y = 0; y < height; ++y) {
        const auto rowSamples = samples.subspan(std::size_t{y} * width, width);
        for (std::size_t x = 0; x < width; ++x) {
            if (bitDepth == 16) {
                row[2 * x] = static_cast<unsigned char>(rowSamples[x] >> 8);
                row[2 * x + 1] = static_cast<unsigned char>(rowSamples[x] & 0xFF);
            } else {
                row[x] = static_cast<unsigned char>(rowSamples[x]);
            }
        }
        int bestFilter = 0;
        std::uint64_t bestCost = UINT64_MAX;
        for (int filterType = 0; filterType < kFilterTypeCount; ++filterType) {
            filterScanline(filterType, row, previousRow, bytesPerPixel, candidate);
            const std::uint64_t cost = filteredCost(candidate);
            if (cost < bestCost) {
                bestCost = cost;
                bestFilter = filterType;
                best.swap(candidate);
            }
        }
        out.push_back(static_cast<unsigned char>(bestFilter));
        out.insert(out.end(), best.begin(), best.end());
        previousRow.swap(row);
    }
    return out;
}

}  // namespace

std::vector<unsigned char> encodeGreyscalePng(std::uint32_t width, std::uint32_t height, int bitDepth,
                                              std::span<const std::uint16_t> samples)
{
    if (bitDepth != 8 && bitDepth != 16) {
        throw PngWriteError("PNG encoder: bit depth " + std::to_string(bitDepth) + " is not supported (8 or 16)");
    }
    if (width == 0 || height == 0 || width > 0x7FFFFFFFu || height > 0x7FFFFFFFu) {
        throw PngWriteError("PNG encoder: invalid size " + std::to_string(width) + "x" + std::to_string(height));
    }
    if (samples.size() != std::size_t{width} * height) {
        throw PngWriteError("PNG encoder: " + std::to_string(samples.size()) + " samples given for a " +
                            std::to_string(width) + "x" + std::to_string(height) + " image");
    }
    if (bitDepth == 8) {
        const auto tooLarge = std::find_if(samples.begin(), samples.end(), [](std::uint16_t v) { return v > 255; });
        if (tooLarge != samples.end()) {
            throw PngWriteError("PNG encoder: sample " + std::to_string(tooLarge - samples.begin()) + " is " +
                                std::to_string(*tooLarge) + ", over 255 for an 8-bit image");
        }
    }

    const std::vector<unsigned char> scanlines = filteredScanlines(width, height, bitDepth, samples);
    uLongf compressedSize = compressBound(static_cast<uLong>(scanlines.size()));
    std::vector<unsigned char> compressed(compressedSize);
    const int status = compress2(compressed.data(), &compressedSize, scanlines.data(),
                                 static_cast<uLong>(scanlines.size()), Z_BEST_COMPRESSION);
    if (status != Z_OK)
        throw PngWriteError("PNG encoder: zlib compress2 failed with status " + std::to_string(status));
    compressed.resize(compressedSize);

    std::vector<unsigned char> png(kPngSignature.begin(), kPngSignature.end());
    std::vector<unsigned char> header;
    appendBigEndian32(header, width);
    appendBigEndian32(header, height);
    header.push_back(static_cast<unsigned char>(bitDepth));
    header.push_back(0);  // colour type: greyscale
    header.push_back(0);  // compression method: deflate
    header.push_back(0);  // filter method: adaptive, five filter types
    header.push_back(0);  // interlace: none
    appendChunk(png, "IHDR", header);
    for (std::size_t offset = 0; offset < compressed.size(); offset += kImageDataChunkBytes) {
        const std::size_t length = std::min(kImageDataChunkBytes, compressed.size() - offset);
        appendChunk(png, "IDAT", std::span<const unsigned char>(compressed).subspan(offset, length));
    }
    appendChunk(png, "IEND", {});
    return png;
}

void writeGreyscalePng(const std::filesystem::path& path, std::uint32_t width, std::uint32_t height, int bitDepth,
                       std::span<const std::uint16_t> samples)
{
    const std::vector<unsigned char> png = encodeGreyscalePng(width, height, bitDepth, samples);
    std::ofstream file(path, std::ios::binary | std::ios::trunc);
    if (!file)
        throw PngWriteError("can not open '" + path.string() + "' for writing");
    file.write(reinterpret_cast<const char*>(png.data()), static_cast<std::streamsize>(png.size()));
    file.close();
    if (!file)
        throw PngWriteError("writing '" + path.string() + "' failed");
}

}  // namespace heightmap
