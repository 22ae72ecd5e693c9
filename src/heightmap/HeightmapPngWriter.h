// A minimal greyscale PNG encoder for heightmaps, with 16-bit support
// (stb_image_write only writes 8-bit samples). Used by cbt-heightgen to
// write the shipped asset and by the tests to make fixtures.
//
// The stream is: signature, IHDR (colour type 0 = greyscale, no interlace),
// the zlib-compressed scanlines (each prefixed by the PNG filter that
// predicts it best, chosen per row) split over IDAT chunks, IEND.
#pragma once

#include <cstdint>
#include <filesystem>
#include <span>
#include <stdexcept>
#include <vector>

namespace heightmap {

class PngWriteError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// Encodes width x height samples (row-major, top row first) at bitDepth 8
// (values must be <= 255) or 16. Throws PngWriteError on a size mismatch,
// an invalid bit depth, an out-of-range 8-bit value or a zlib failure.
std::vector<unsigned char> encodeGreyscalePng(std::uint32_t width, std::uint32_t height, int bitDepth,
                                              std::span<const std::uint16_t> samples);

// encodeGreyscalePng() written to `path` (replaced if it exists).
void writeGreyscalePng(const std::filesystem::path& path, std::uint32_t width, std::uint32_t height, int bitDepth,
                       std::span<const std::uint16_t> samples);

inline void writePng16(const std::filesystem::path& path, std::uint32_t width, std::uint32_t height,
                       std::span<const std::uint16_t> samples)
{
    writeGreyscalePng(path, width, height, 16, samples);
}

inline void writePng8(const std::filesystem::path& path, std::uint32_t width, std::uint32_t height,
                      std::span<const std::uint16_t> samples)
{
    writeGreyscalePng(path, width, height, 8, samples);
}

}  // namespace heightmap
