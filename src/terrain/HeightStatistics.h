// The height statistics chains the LOD criterion reads (paper §5.3: frustum
// culling on displaced bounds, flatness), built on the GPU at load time by
// shaders/terrain/HeightStatisticsFromHeightmap.comp and
// HeightStatisticsReduce.comp from the heightmap texture:
//   - min/max chain: per texel a uint, the smallest raw 16-bit sample of the
//     heightmap texels it covers in the low half and the largest in the high
//     half (exact, hence conservative);
//   - moments chain: per texel two floats, the mean of the covered texels'
//     normalised heights and the mean of their squares (variance =
//     meanOfSquares - mean^2).
// Level 0 halves the heightmap (floor(size / 2), at least 1, per axis), each
// further level halves the previous one, down to 1 x 1. Texel i of a level
// covers texels 2i and 2i + 1 of the level below (the heightmap for level 0);
// the last texel of a row or column also covers the odd texel left over.
// Statistics are the plain averages of the covered texels' values. Both
// chains are stored level after level, row-major, in one storage buffer each.
#pragma once

#include "vk/Buffer.h"
#include "vk/ComputeKernel.h"

#include <cstdint>
#include <vector>

namespace vk {
class Device;
class ShaderLibrary;
}  // namespace vk

namespace terrain {

class HeightmapTexture;

// Largest number of levels (shaders/terrain/TerrainUniforms.glsl): a 2^17 map.
inline constexpr std::uint32_t kMaxStatisticsLevels = 16;

struct HeightStatisticsLevel {
    std::uint32_t firstTexel = 0;  // index of the level's first texel in the chain buffers
    std::uint32_t width = 1;
    std::uint32_t height = 1;
};

// The most heightmap texels whose chains fit a storage buffer range: the
// moments chain, the larger, holds 8 bytes per texel of its levels, fewer
// than a third of the heightmap's texels all together.
[[nodiscard]] constexpr std::uint64_t maxStatisticsTexelsFor(std::uint64_t maxStorageBufferRange)
{
    return maxStorageBufferRange / 8u * 3u;
}

// The level layout for a heightmap of width x height texels (both >= 1).
std::vector<HeightStatisticsLevel> heightStatisticsLevels(std::uint32_t width, std::uint32_t height);

class HeightStatistics {
public:
    // Builds both chains from `heightmap` (blocking: one submission). Throws
    // vk::Error when the chains exceed the device's maxStorageBufferRange or
    // need more than kMaxStatisticsLevels levels.
    HeightStatistics(vk::Device& device, const vk::ShaderLibrary& shaders, const HeightmapTexture& heightmap);

    // Builds both chains again from `heightmap`, of the size they were built
    // for (its samples were replaced), in the same buffers (blocking; nothing
    // on the device may read them meanwhile). Throws std::invalid_argument
    // for another size.
    void rebuild(vk::Device& device, const vk::ShaderLibrary& shaders, const HeightmapTexture& heightmap);

    [[nodiscard]] const std::vector<HeightStatisticsLevel>& levels() const { return levels_; }
    // One uint per texel: min | max << 16.
    [[nodiscard]] const vk::Buffer& minMaxBuffer() const { return minMax_; }
    // Two floats per texel: mean, mean of squares.
    [[nodiscard]] const vk::Buffer& momentsBuffer() const { return moments_; }

private:
    std::vector<HeightStatisticsLevel> levels_;
    vk::Buffer minMax_;
    vk::Buffer moments_;
};

}  // namespace terrain
