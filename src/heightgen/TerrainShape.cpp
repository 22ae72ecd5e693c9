#include "heightgen/TerrainShape.h"

#include "heightgen/ParallelRows.h"

#include <algorithm>
#include <cmath>

namespace heightgen {
namespace {

// Relief of the rough surface as a share of the map width.
constexpr double kSurfaceReliefToWidth = 0.075;
// Width of the band along the map edges where uplift and relief fade out.
constexpr double kEdgeBandWidth = 0.12;

double smoothStep(double edge0, double edge1, double x) noexcept
{
    const double t = std::clamp((x - edge0) / (edge1 - edge0), 0.0, 1.0);
    return t * t * (3.0 - 2.0 * t);
}

}  // namespace

TerrainShape::TerrainShape(std::uint64_t seed)
    : warpNoiseU_(seed * 5 + 1),
      warpNoiseV_(seed * 5 + 2),
      massifNoise_(seed * 5 + 3),
      ridgeNoise_(seed * 5 + 4),
      hillNoise_(seed * 5 + 5)
{
}

TerrainShape::WarpedPoint TerrainShape::warp(double u, double v) const noexcept
{
    // A fixed set of low octaves, identical at every resolution.
    const OctaveSettings warpOctaves{.baseFrequency = 1.2, .maxOctaves = 3, .maxFrequency = 1.0e9, .gain = 0.45};
    const double warpU = fractalSum(warpNoiseU_, u, v, warpOctaves);
    const double warpV = fractalSum(warpNoiseV_, u, v, warpOctaves);
    // The edge band is warped too, so the coast of the base level wanders.
    const double edgeDistance = std::min(std::min(u, 1.0 - u), std::min(v, 1.0 - v));
    const double edgeFade = smoothStep(0.0, kEdgeBandWidth, edgeDistance * (1.0 + 0.6 * warpU));
    return {u + 0.12 * warpU, v + 0.12 * warpV, edgeFade};
}

double TerrainShape::massif(const WarpedPoint& point) const noexcept
{
    const OctaveSettings massifOctaves{.baseFrequency = 1.3, .maxOctaves = 3, .maxFrequency = 1.0e9, .gain = 0.5};
    return smoothStep(-0.5, 0.4, fractalSum(massifNoise_, point.u, point.v, massifOctaves));
}

double TerrainShape::surfaceHeight(double u, double v, double maxFrequency) const noexcept
{
    const WarpedPoint point = warp(u, v);
    const OctaveSettings ridgeOctaves{
        .baseFrequency = 3.0, .maxOctaves = 10, .maxFrequency = maxFrequency, .gain = 0.5};
    const double ridges = ridgedSum(ridgeNoise_, point.u, point.v, ridgeOctaves);
    const OctaveSettings hillOctaves{.baseFrequency = 3.0, .maxOctaves = 10, .maxFrequency = maxFrequency, .gain = 0.5};
    const double hills = 0.5 + 0.5 * fractalSum(hillNoise_, point.u, point.v, hillOctaves);
    return kSurfaceReliefToWidth * point.edgeFade * (0.3 * hills + massif(point) * ridges);
}

double TerrainShape::upliftRate(double u, double v) const noexcept
{
    const WarpedPoint point = warp(u, v);
    const OctaveSettings hillOctaves{.baseFrequency = 3.0, .maxOctaves = 3, .maxFrequency = 1.0e9, .gain = 0.5};
    const double hills = 0.5 + 0.5 * fractalSum(hillNoise_, point.u, point.v, hillOctaves);
    return point.edgeFade * (0.1 + 0.9 * massif(point) * (0.6 + 0.4 * hills));
}

namespace {

template <typename Field>
HeightGrid sampleGrid(std::uint32_t size, unsigned threadCount, const Field& field)
{
    HeightGrid grid(size);
    const double cellWidth = 1.0 / static_cast<double>(size);
    forEachRowBand(size, threadCount, [&](std::uint32_t rowBegin, std::uint32_t rowEnd) {
        for (std::uint32_t y = rowBegin; y < rowEnd; ++y) {
            for (std::uint32_t x = 0; x < size; ++x) {
                grid.at(x, y) = static_cast<float>(field((x + 0.5) * cellWidth, (y + 0.5) * cellWidth));
            }
        }
    });
    return grid;
}

}  // namespace

HeightGrid TerrainShape::sampleSurface(std::uint32_t size, unsigned threadCount) const
{
    // Finest octave kept: four cells per cycle.
    const double maxFrequency = static_cast<double>(size) / 4.0;
    return sampleGrid(size, threadCount, [&](double u, double v) { return surfaceHeight(u, v, maxFrequency); });
}

HeightGrid TerrainShape::sampleUplift(std::uint32_t size, unsigned threadCount) const
{
    return sampleGrid(size, threadCount, [&](double u, double v) { return upliftRate(u, v); });
}

}  // namespace heightgen
