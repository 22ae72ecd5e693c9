// A greyscale heightmap loaded from a PNG file, kept at its native bit depth.
//
// 8-bit files keep their values 0..255 (bitDepth 8) and 16-bit files keep
// their values 0..65535 (bitDepth 16); nothing is rescaled on the way in, so
// a 16-bit sample reaches the GPU texture exactly as it was stored in the
// file. normalisedSample() maps either range to 0..1.
#pragma once

#include <cstdint>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

namespace heightmap {

// Every loading failure: one line naming the file and the problem.
class HeightmapError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

struct Heightmap {
    std::uint32_t width = 0;
    std::uint32_t height = 0;
    int bitDepth = 16;                   // 8 or 16
    std::vector<std::uint16_t> samples;  // row-major, top row first
    std::string sourcePath;

    // Largest value a sample can hold: 255 or 65535.
    std::uint16_t maxSampleValue() const noexcept;
    // Raw sample at column x, row y (row 0 is the top row of the image).
    std::uint16_t sample(std::uint32_t x, std::uint32_t y) const;
    // sample(x, y) / maxSampleValue(), in [0, 1].
    float normalisedSample(std::uint32_t x, std::uint32_t y) const;
    // width / height.
    double aspectRatio() const noexcept;
    std::uint64_t texelCount() const noexcept;
};

// Limits the caller imposes, typically from the Vulkan device:
// maxDimension = VkPhysicalDeviceLimits::maxImageDimension2D.
struct HeightmapLimits {
    std::uint64_t maxTexels = std::uint64_t{1} << 28;
    std::uint32_t maxDimension = 16384;
    // An elevation model larger than the limits above is read reduced
    // (dem/DemReadScale.h); without overviews that read goes through every
    // sample of the file, and one of more samples than this is refused
    // (a few seconds of reading on a desktop; a file's header can claim any
    // size).
    std::uint64_t maxSamplesReadWithoutOverviews = std::uint64_t{1} << 30;
};

// Loads a greyscale (or greyscale + alpha, alpha ignored) PNG of 1, 2, 4, 8 or
// 16 bits per sample. Sub-byte depths are widened to 8 bits by stb_image
// (bitDepth 8). The PNG header is validated before any pixel is decoded, so
// an absurd size is refused without allocating it. Throws HeightmapError.
Heightmap loadHeightmapPng(const std::filesystem::path& path, std::uint64_t maxTexels, std::uint32_t maxDimension);
Heightmap loadHeightmapPng(const std::filesystem::path& path, const HeightmapLimits& limits);

}  // namespace heightmap
