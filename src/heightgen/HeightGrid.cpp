#include "heightgen/HeightGrid.h"

#include "heightgen/ParallelRows.h"

#include <algorithm>
#include <array>

namespace heightgen {
namespace {

// Catmull-Rom weights for the samples at -1, 0, 1, 2 and offset t in [0, 1].
std::array<float, 4> catmullRomWeights(float t) noexcept
{
    const float t2 = t * t;
    const float t3 = t2 * t;
    return {0.5f * (-t3 + 2.0f * t2 - t), 0.5f * (3.0f * t3 - 5.0f * t2 + 2.0f), 0.5f * (-3.0f * t3 + 4.0f * t2 + t),
            0.5f * (t3 - t2)};
}

}  // namespace

HeightGrid upsampleDouble(const HeightGrid& coarse, unsigned threadCount)
{
    HeightGrid fine(coarse.size * 2);
    const auto lastIndex = static_cast<std::int64_t>(coarse.size) - 1;
    const auto clampIndex = [lastIndex](std::int64_t i) {
        return static_cast<std::uint32_t>(std::clamp<std::int64_t>(i, 0, lastIndex));
    };
    // Fine cell centre i sits at coarse coordinate i / 2 - 1/4: an even cell
    // is a quarter cell before a coarse centre, an odd one a quarter after.
    const std::array<float, 4> evenWeights = catmullRomWeights(0.75f);
    const std::array<float, 4> oddWeights = catmullRomWeights(0.25f);
    forEachRowBand(fine.size, threadCount, [&](std::uint32_t rowBegin, std::uint32_t rowEnd) {
        for (std::uint32_t y = rowBegin; y < rowEnd; ++y) {
            const std::int64_t baseY = static_cast<std::int64_t>(y / 2) - ((y % 2 == 0) ? 1 : 0);
            const auto& weightsY = (y % 2 == 0) ? evenWeights : oddWeights;
            for (std::uint32_t x = 0; x < fine.size; ++x) {
                const std::int64_t baseX = static_cast<std::int64_t>(x / 2) - ((x % 2 == 0) ? 1 : 0);
                const auto& weightsX = (x % 2 == 0) ? evenWeights : oddWeights;
                float value = 0.0f;
                for (std::int64_t j = 0; j < 4; ++j) {
                    const std::uint32_t sampleY = clampIndex(baseY + j - 1);
                    float rowValue = 0.0f;
                    for (std::int64_t i = 0; i < 4; ++i) {
                        rowValue +=
                            weightsX[static_cast<std::size_t>(i)] * coarse.at(clampIndex(baseX + i - 1), sampleY);
                    }
                    value += weightsY[static_cast<std::size_t>(j)] * rowValue;
                }
                fine.at(x, y) = value;
            }
        }
    });
    return fine;
}

void scaleHeights(HeightGrid& grid, float factor) noexcept
{
    for (float& height : grid.heights)
        height *= factor;
}

}  // namespace heightgen
