#include "heightgen/TerrainPreview.h"

#define STB_IMAGE_WRITE_IMPLEMENTATION
#define STB_IMAGE_WRITE_STATIC
#include <stb_image_write.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <stdexcept>
#include <vector>

namespace heightgen {
namespace {

HeightGrid boxDownsample(const HeightGrid& grid, std::uint32_t previewSize)
{
    HeightGrid small(previewSize);
    for (std::uint32_t y = 0; y < previewSize; ++y) {
        const std::uint64_t rowBegin = std::uint64_t{y} * grid.size / previewSize;
        const std::uint64_t rowEnd = std::uint64_t{y + 1} * grid.size / previewSize;
        for (std::uint32_t x = 0; x < previewSize; ++x) {
            const std::uint64_t columnBegin = std::uint64_t{x} * grid.size / previewSize;
            const std::uint64_t columnEnd = std::uint64_t{x + 1} * grid.size / previewSize;
            double sum = 0.0;
            for (std::uint64_t sy = rowBegin; sy < rowEnd; ++sy) {
                for (std::uint64_t sx = columnBegin; sx < columnEnd; ++sx) {
                    sum += grid.at(static_cast<std::uint32_t>(sx), static_cast<std::uint32_t>(sy));
                }
            }
            small.at(x, y) =
                static_cast<float>(sum / static_cast<double>((rowEnd - rowBegin) * (columnEnd - columnBegin)));
        }
    }
    return small;
}

std::array<double, 3> altitudeTint(double relativeHeight)
{
    constexpr std::array<std::array<double, 4>, 5> kStops{{{0.00, 0.33, 0.45, 0.25},
                                                           {0.25, 0.45, 0.52, 0.30},
                                                           {0.50, 0.55, 0.48, 0.36},
                                                           {0.75, 0.62, 0.58, 0.54},
                                                           {1.00, 0.95, 0.95, 0.97}}};
    for (std::size_t i = 1; i < kStops.size(); ++i) {
        if (relativeHeight <= kStops[i][0] || i + 1 == kStops.size()) {
            const double t =
                std::clamp((relativeHeight - kStops[i - 1][0]) / (kStops[i][0] - kStops[i - 1][0]), 0.0, 1.0);
            return {std::lerp(kStops[i - 1][1], kStops[i][1], t), std::lerp(kStops[i - 1][2], kStops[i][2], t),
                    std::lerp(kStops[i - 1][3], kStops[i][3], t)};
        }
    }
    return {1.0, 1.0, 1.0};
}

}  // namespace

void writeShadedReliefPreview(const std::filesystem::path& path, const HeightGrid& grid, std::uint32_t previewSize)
{
    const HeightGrid small = boxDownsample(grid, previewSize);
    const auto [lowest, highest] = std::minmax_element(small.heights.begin(), small.heights.end());
    const double low = *lowest;
    const double range = std::max(static_cast<double>(*highest) - low, 1e-30);
    const double cellWidth = 1.0 / previewSize;             // heights are in map-width units
    const std::array<double, 3> light{-0.5, -0.5, 0.7071};  // from the north-west, 45 degrees up
    std::vector<unsigned char> pixels(std::size_t{previewSize} * previewSize * 3);
    const auto last = previewSize - 1;
    for (std::uint32_t y = 0; y < previewSize; ++y) {
        for (std::uint32_t x = 0; x < previewSize; ++x) {
            const double slopeX =
                (small.at(std::min(x + 1, last), y) - small.at(x == 0 ? 0 : x - 1, y)) / (2 * cellWidth);
            const double slopeY =
                (small.at(x, std::min(y + 1, last)) - small.at(x, y == 0 ? 0 : y - 1)) / (2 * cellWidth);
            const double normalLength = std::sqrt(slopeX * slopeX + slopeY * slopeY + 1.0);
            const double lambert = (-slopeX * light[0] - slopeY * light[1] + light[2]) / normalLength;
            const double shade = 0.25 + 0.75 * std::max(0.0, lambert);
            const std::array<double, 3> tint = altitudeTint((small.at(x, y) - low) / range);
            for (std::size_t c = 0; c < 3; ++c) {
                pixels[(std::size_t{y} * previewSize + x) * 3 + c] =
                    static_cast<unsigned char>(std::clamp(255.0 * tint[c] * shade * 1.2, 0.0, 255.0));
            }
        }
    }
    const int side = static_cast<int>(previewSize);
    if (stbi_write_png(path.c_str(), side, side, 3, pixels.data(), side * 3) == 0) {
        throw std::runtime_error("can not write the preview '" + path.string() + "'");
    }
}

}  // namespace heightgen
