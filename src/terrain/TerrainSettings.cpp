#include "terrain/TerrainSettings.h"

#include "cbt/ConcurrentBinaryTree.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <stdexcept>
#include <string>

namespace terrain {

float permanentSnowLineMetres(double latitudeDegrees)
{
    // (latitude in degrees, snow line in metres), linear between them.
    struct Knot {
        double latitude;
        double metres;
    };
    constexpr std::array<Knot, 5> kKnots{{{0.0, 4800.0}, {25.0, 5600.0}, {35.0, 5200.0}, {45.0, 2730.0}, {75.0, 0.0}}};
    const double latitude = std::abs(latitudeDegrees);
    for (std::size_t i = 1; i < kKnots.size(); ++i) {
        if (latitude <= kKnots[i].latitude) {
            const double t = (latitude - kKnots[i - 1].latitude) / (kKnots[i].latitude - kKnots[i - 1].latitude);
            return static_cast<float>(kKnots[i - 1].metres + t * (kKnots[i].metres - kKnots[i - 1].metres));
        }
    }
    return 0.0f;
}

void validateTerrainSettings(const TerrainSettings& settings)
{
    if (!isValidUniformSubdivision(settings.uniformSubdivision)) {
        throw std::invalid_argument("TerrainSettings: uniformSubdivision must be 0, 2, 4 or 6, got " +
                                    std::to_string(settings.uniformSubdivision));
    }
    if (!(settings.targetEdgePixels > 0.0f) || !(settings.extentMetres > 0.0f) ||
        !(settings.heightScaleMetres >= 0.0f) || !(settings.flatnessThreshold >= 0.0f) ||
        !(settings.depthPerWidth >= 0.0f) || !std::isfinite(settings.heightOffsetMetres) ||
        !std::isfinite(settings.snowLineMetres) || !(settings.elevationPerWorldHeight > 0.0f) ||
        !std::isfinite(settings.elevationPerWorldHeight)) {
        throw std::invalid_argument(
            "TerrainSettings: targetEdgePixels, extentMetres and elevationPerWorldHeight must be positive, "
            "heightScaleMetres, depthPerWidth and flatnessThreshold not negative, "
            "heightOffsetMetres and snowLineMetres finite");
    }
    if (settings.backend == TerrainBackend::Pool) {
        if (settings.maxDepth < kMinPoolDepth || settings.maxDepth > kMaxPoolDepth) {
            throw std::invalid_argument("TerrainSettings: the pool's maxDepth must be " +
                                        std::to_string(kMinPoolDepth) + ".." + std::to_string(kMaxPoolDepth) +
                                        ", got " + std::to_string(settings.maxDepth));
        }
        if (!std::has_single_bit(settings.poolCapacity) || settings.poolCapacity < kMinPoolCapacity ||
            settings.poolCapacity > kMaxPoolCapacity) {
            throw std::invalid_argument("TerrainSettings: poolCapacity must be a power of two from 2^8 to 2^26, got " +
                                        std::to_string(settings.poolCapacity));
        }
    }
    if (settings.drawLeafCapacity == 0) {
        throw std::invalid_argument("TerrainSettings: drawLeafCapacity must be at least 1");
    }
}

int defaultMaxDepthFor(const heightmap::Heightmap& heightmap)
{
    return std::min(defaultMaxDepthForSamples(heightmap.texelCount()), cbt::kMaxMaxDepth);
}

int defaultMaxDepthForSamples(std::uint64_t samples)
{
    // Smallest D with 2^D >= 2 * texels: two finest triangles per texel.
    const std::uint64_t twiceTexels = 2 * std::max<std::uint64_t>(samples, 1);
    const int depth = static_cast<int>(std::bit_width(twiceTexels - 1));
    return std::clamp(depth, 10, kMaxPoolDepth);
}

}  // namespace terrain
