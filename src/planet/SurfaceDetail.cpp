#include "planet/SurfaceDetail.h"

#include "surface/GlslOperations.h"

#include <algorithm>
#include <cmath>

namespace planet {
namespace {

// Nominal ground metres per cube unit (a face is 2 units across and spans a
// quarter of the equator, ~10,000 km).
constexpr double kMetresPerCubeUnit = 5.0e6;
// Octaves stop once their lattice cell is below this.
constexpr double kShortestWavelengthMetres = 4.0;

// The share of the octaves' sum the land takes at a data height: none at
// or below sea level, a fifth on plains, all of it above 2500 m.
double detailRoughness(double dataHeightMetres)
{
    // Hermite's smoothstep, written out as the GLSL mirror spells it.
    const double land = surface::smoothStep(0.0, 60.0, dataHeightMetres);
    return land * (0.2 + 0.8 * surface::smoothStep(300.0, 2500.0, dataHeightMetres));
}

double cellMetres(std::uint32_t intervals)
{
    return 2.0 / static_cast<double>(intervals) * kMetresPerCubeUnit;
}

}  // namespace

surface::DetailLattice surfaceDetailLattice(std::uint32_t intervals)
{
    // Lattice cells per cube unit of the first octave: two per data cell.
    const double firstCell = 0.5 * cellMetres(intervals);
    return {static_cast<double>(intervals), firstCell, surface::detailOctaves(firstCell, kShortestWavelengthMetres)};
}

double surfaceDetailBoundMetres(std::uint32_t intervals)
{
    // A metre for the sum's rounding.
    return surface::detailNoiseAmplitudeSum(surfaceDetailLattice(intervals)) + 1.0;
}

double surfaceDetailSum(const glm::dvec3& cubePoint, std::uint32_t intervals)
{
    return surface::detailNoiseSum(cubePoint, surfaceDetailLattice(intervals));
}

double surfaceDetailFromSum(double sum, double dataHeightMetres)
{
    const double roughness = detailRoughness(dataHeightMetres);
    if (roughness <= 0.0) {
        return 0.0;
    }
    return std::max(roughness * sum, -0.9 * std::max(dataHeightMetres, 0.0));
}

glm::dvec2 surfaceDetailRangeFromSums(double lowestSum, double highestSum, double lowestDataMetres,
                                      double highestDataMetres)
{
    // detail = max(roughness * sum, -0.9 * max(height, 0)), roughness in
    // [0, 1] and growing with the height: the product's extremes lie at the
    // corners of the two ranges, the floor's at the heights' ends.
    const double leastRoughness = detailRoughness(lowestDataMetres);
    const double mostRoughness = detailRoughness(highestDataMetres);
    const double a = leastRoughness * lowestSum;
    const double b = leastRoughness * highestSum;
    const double c = mostRoughness * lowestSum;
    const double d = mostRoughness * highestSum;
    const double lowest = std::max(std::min(std::min(a, b), std::min(c, d)), -0.9 * std::max(highestDataMetres, 0.0));
    const double highest = std::max(std::max(std::max(a, b), std::max(c, d)), -0.9 * std::max(lowestDataMetres, 0.0));
    return {lowest, highest};
}

double surfaceDetailMetres(const glm::dvec3& cubePoint, double dataHeightMetres, std::uint32_t intervals)
{
    return surfaceDetailFromSum(surfaceDetailSum(cubePoint, intervals), dataHeightMetres);
}

double surfaceDetailVariationBound(double distanceCubeUnits, std::uint32_t intervals)
{
    return surface::detailNoiseVariationBound(distanceCubeUnits, surfaceDetailLattice(intervals));
}

glm::dvec3 surfaceDetailSumGradient(const glm::dvec3& cubePoint, std::uint32_t intervals, double resolvableMetres)
{
    return surface::detailNoiseGradient(cubePoint, surfaceDetailLattice(intervals), resolvableMetres);
}

}  // namespace planet
