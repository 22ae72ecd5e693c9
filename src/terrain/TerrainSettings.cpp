#include "terrain/TerrainSettings.h"

#include "cbt/ConcurrentBinaryTree.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <stdexcept>
#include <string>

namespace terrain {

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
