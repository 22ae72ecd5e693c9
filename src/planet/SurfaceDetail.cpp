#include "planet/SurfaceDetail.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace planet {
namespace {

// Nominal ground metres per cube unit (a face is 2 units across and spans a
// quarter of the equator, ~10,000 km).
constexpr double kMetresPerCubeUnit = 5.0e6;
// An octave's amplitude over its wavelength.
constexpr double kAmplitudePerWavelength = 0.04;
// Octaves stop once their wavelength is below this.
constexpr double kShortestWavelengthMetres = 4.0;
constexpr int kMaxOctaves = 16;
// The most the value noise changes per lattice unit: along an axis, the
// quintic fade's largest slope (15/8) times the largest difference of two
// interpolated values (2); over all three axes, times sqrt(3).
constexpr double kNoiseSlopeBound = 6.5;

// A 3D integer hash (Jarzynski and Olano's pcg3d), in 32-bit arithmetic.
std::uint32_t hashOf(std::uint32_t x, std::uint32_t y, std::uint32_t z)
{
    x = x * 1664525u + 1013904223u;
    y = y * 1664525u + 1013904223u;
    z = z * 1664525u + 1013904223u;
    x += y * z;
    y += z * x;
    z += x * y;
    x ^= x >> 16u;
    y ^= y >> 16u;
    z ^= z >> 16u;
    x += y * z;
    y += z * x;
    z += x * y;
    return x ^ y ^ z;
}

double cornerValue(std::uint32_t x, std::uint32_t y, std::uint32_t z, std::uint32_t octave)
{
    const std::uint32_t hash = hashOf(x, y + 0x9E3779B9u * octave, z);
    return static_cast<double>(hash >> 8u) * (2.0 / 16777215.0) - 1.0;
}

double quintic(double f)
{
    return f * f * f * (f * (f * 6.0 - 15.0) + 10.0);
}

// The quintic's derivative.
double quinticSlope(double f)
{
    const double g = f * (f - 1.0);
    return 30.0 * g * g;
}

double lerp(double a, double b, double w)
{
    return a + (b - a) * w;
}

// Hermite's smoothstep, written out (the GLSL mirror spells it the same way).
double smoothStep(double low, double high, double x)
{
    const double t = std::clamp((x - low) / (high - low), 0.0, 1.0);
    return t * t * (3.0 - 2.0 * t);
}

// The share of the octaves' sum the land takes at a data height: none at
// or below sea level, a fifth on plains, all of it above 2500 m.
double detailRoughness(double dataHeightMetres)
{
    const double land = smoothStep(0.0, 60.0, dataHeightMetres);
    return land * (0.2 + 0.8 * smoothStep(300.0, 2500.0, dataHeightMetres));
}

double cellMetres(std::uint32_t intervals)
{
    return 2.0 / static_cast<double>(intervals) * kMetresPerCubeUnit;
}

// Value noise in [-1, 1] at a point in lattice units, one lattice per `octave`.
double latticeValueNoise(const glm::dvec3& point, std::uint32_t octave)
{
    const glm::dvec3 base(std::floor(point.x), std::floor(point.y), std::floor(point.z));
    const double wx = quintic(point.x - base.x);
    const double wy = quintic(point.y - base.y);
    const double wz = quintic(point.z - base.z);
    const auto x = static_cast<std::uint32_t>(static_cast<std::int64_t>(base.x));
    const auto y = static_cast<std::uint32_t>(static_cast<std::int64_t>(base.y));
    const auto z = static_cast<std::uint32_t>(static_cast<std::int64_t>(base.z));
    const double x00 = lerp(cornerValue(x, y, z, octave), cornerValue(x + 1u, y, z, octave), wx);
    const double x10 = lerp(cornerValue(x, y + 1u, z, octave), cornerValue(x + 1u, y + 1u, z, octave), wx);
    const double x01 = lerp(cornerValue(x, y, z + 1u, octave), cornerValue(x + 1u, y, z + 1u, octave), wx);
    const double x11 = lerp(cornerValue(x, y + 1u, z + 1u, octave), cornerValue(x + 1u, y + 1u, z + 1u, octave), wx);
    return lerp(lerp(x00, x10, wy), lerp(x01, x11, wy), wz);
}

// The gradient of latticeValueNoise (per lattice unit): the quintic fades'
// slopes times the differences they blend.
glm::dvec3 latticeValueNoiseGradient(const glm::dvec3& point, std::uint32_t octave)
{
    const glm::dvec3 base(std::floor(point.x), std::floor(point.y), std::floor(point.z));
    const glm::dvec3 f = point - base;
    const glm::dvec3 w(quintic(f.x), quintic(f.y), quintic(f.z));
    const glm::dvec3 slope(quinticSlope(f.x), quinticSlope(f.y), quinticSlope(f.z));
    const auto x = static_cast<std::uint32_t>(static_cast<std::int64_t>(base.x));
    const auto y = static_cast<std::uint32_t>(static_cast<std::int64_t>(base.y));
    const auto z = static_cast<std::uint32_t>(static_cast<std::int64_t>(base.z));
    const double c000 = cornerValue(x, y, z, octave);
    const double c100 = cornerValue(x + 1u, y, z, octave);
    const double c010 = cornerValue(x, y + 1u, z, octave);
    const double c110 = cornerValue(x + 1u, y + 1u, z, octave);
    const double c001 = cornerValue(x, y, z + 1u, octave);
    const double c101 = cornerValue(x + 1u, y, z + 1u, octave);
    const double c011 = cornerValue(x, y + 1u, z + 1u, octave);
    const double c111 = cornerValue(x + 1u, y + 1u, z + 1u, octave);
    const double x00 = lerp(c000, c100, w.x);
    const double x10 = lerp(c010, c110, w.x);
    const double x01 = lerp(c001, c101, w.x);
    const double x11 = lerp(c011, c111, w.x);
    const double alongX = lerp(lerp(c100 - c000, c110 - c010, w.y), lerp(c101 - c001, c111 - c011, w.y), w.z);
    const double alongY = lerp(x10 - x00, x11 - x01, w.z);
    const double alongZ = lerp(x01, x11, w.y) - lerp(x00, x10, w.y);
    return {slope.x * alongX, slope.y * alongY, slope.z * alongZ};
}

// The octaves of detail over a grid of `intervals` a face side: from half
// its spacing down to kShortestWavelengthMetres.
int surfaceDetailOctaves(std::uint32_t intervals)
{
    const double first = 0.5 * cellMetres(intervals);
    int octaves = 0;
    for (double wavelength = first; wavelength >= kShortestWavelengthMetres && octaves < kMaxOctaves;
         wavelength *= 0.5) {
        ++octaves;
    }
    return octaves;
}

}  // namespace

double surfaceDetailBoundMetres(std::uint32_t intervals)
{
    double bound = 0.0;
    double wavelength = 0.5 * cellMetres(intervals);
    for (int octave = 0; octave < surfaceDetailOctaves(intervals); ++octave, wavelength *= 0.5) {
        bound += kAmplitudePerWavelength * wavelength;
    }
    // A metre for the sum's rounding.
    return bound + 1.0;
}

double surfaceDetailSum(const glm::dvec3& cubePoint, std::uint32_t intervals)
{
    // Lattice cells per cube unit of the first octave: two per data cell.
    double frequency = static_cast<double>(intervals);
    double amplitude = kAmplitudePerWavelength * 0.5 * cellMetres(intervals);
    double sum = 0.0;
    const int octaves = surfaceDetailOctaves(intervals);
    for (int octave = 0; octave < octaves; ++octave) {
        sum += amplitude * latticeValueNoise(cubePoint * frequency, static_cast<std::uint32_t>(octave));
        frequency *= 2.0;
        amplitude *= 0.5;
    }
    return sum;
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
    double frequency = static_cast<double>(intervals);
    double amplitude = kAmplitudePerWavelength * 0.5 * cellMetres(intervals);
    double bound = 0.0;
    const int octaves = surfaceDetailOctaves(intervals);
    for (int octave = 0; octave < octaves; ++octave) {
        bound += amplitude * std::min(2.0, kNoiseSlopeBound * distanceCubeUnits * frequency);
        frequency *= 2.0;
        amplitude *= 0.5;
    }
    return bound;
}

double surfaceDetailOctaveWeight(double frequency, double resolvableMetres)
{
    if (resolvableMetres <= 0.0) {
        return 1.0;
    }
    const double spacing = kMetresPerCubeUnit / frequency;
    return std::clamp(spacing / resolvableMetres - 1.0, 0.0, 1.0);
}

glm::dvec3 surfaceDetailSumGradient(const glm::dvec3& cubePoint, std::uint32_t intervals, double resolvableMetres)
{
    double frequency = static_cast<double>(intervals);
    double amplitude = kAmplitudePerWavelength * 0.5 * cellMetres(intervals);
    glm::dvec3 gradient(0.0);
    const int octaves = surfaceDetailOctaves(intervals);
    for (int octave = 0; octave < octaves; ++octave) {
        const double weight = surfaceDetailOctaveWeight(frequency, resolvableMetres);
        if (weight <= 0.0) {
            break;
        }
        gradient += weight * amplitude * frequency *
                    latticeValueNoiseGradient(cubePoint * frequency, static_cast<std::uint32_t>(octave));
        frequency *= 2.0;
        amplitude *= 0.5;
    }
    return gradient;
}

}  // namespace planet
