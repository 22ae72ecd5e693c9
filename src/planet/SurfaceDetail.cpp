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

float cornerValue(std::uint32_t x, std::uint32_t y, std::uint32_t z, std::uint32_t octave)
{
    const std::uint32_t hash = hashOf(x, y + 0x9E3779B9u * octave, z);
    return static_cast<float>(hash >> 8u) * (2.0f / 16777215.0f) - 1.0f;
}

float quintic(float f)
{
    return f * f * f * (f * (f * 6.0f - 15.0f) + 10.0f);
}

float smoothStep(float low, float high, float x)
{
    const float t = std::clamp((x - low) / (high - low), 0.0f, 1.0f);
    return t * t * (3.0f - 2.0f * t);
}

double cellMetres(std::uint32_t intervals)
{
    return 2.0 / static_cast<double>(intervals) * kMetresPerCubeUnit;
}

}  // namespace

float latticeValueNoise(const glm::dvec3& point, std::uint32_t octave)
{
    const glm::dvec3 base(std::floor(point.x), std::floor(point.y), std::floor(point.z));
    const float fx = static_cast<float>(point.x - base.x);
    const float fy = static_cast<float>(point.y - base.y);
    const float fz = static_cast<float>(point.z - base.z);
    const auto x = static_cast<std::uint32_t>(static_cast<std::int64_t>(base.x));
    const auto y = static_cast<std::uint32_t>(static_cast<std::int64_t>(base.y));
    const auto z = static_cast<std::uint32_t>(static_cast<std::int64_t>(base.z));
    const float wx = quintic(fx);
    const float wy = quintic(fy);
    const float wz = quintic(fz);
    // GLSL's mix.
    const auto lerp = [](float a, float b, float w) { return a * (1.0f - w) + b * w; };
    const float x00 = lerp(cornerValue(x, y, z, octave), cornerValue(x + 1u, y, z, octave), wx);
    const float x10 = lerp(cornerValue(x, y + 1u, z, octave), cornerValue(x + 1u, y + 1u, z, octave), wx);
    const float x01 = lerp(cornerValue(x, y, z + 1u, octave), cornerValue(x + 1u, y, z + 1u, octave), wx);
    const float x11 = lerp(cornerValue(x, y + 1u, z + 1u, octave), cornerValue(x + 1u, y + 1u, z + 1u, octave), wx);
    return lerp(lerp(x00, x10, wy), lerp(x01, x11, wy), wz);
}

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

double surfaceDetailBoundMetres(std::uint32_t intervals)
{
    double bound = 0.0;
    double wavelength = 0.5 * cellMetres(intervals);
    for (int octave = 0; octave < surfaceDetailOctaves(intervals); ++octave, wavelength *= 0.5) {
        bound += kAmplitudePerWavelength * wavelength;
    }
    // A metre for the float sum's rounding.
    return bound + 1.0;
}

double surfaceDetailMetres(const glm::dvec3& cubePoint, double dataHeightMetres, std::uint32_t intervals)
{
    const auto height = static_cast<float>(dataHeightMetres);
    const float land = smoothStep(0.0f, 60.0f, height);
    if (land <= 0.0f) {
        return 0.0;
    }
    const float roughness = land * (0.2f + 0.8f * smoothStep(300.0f, 2500.0f, height));
    // Lattice cells per cube unit of the first octave: two per data cell.
    double frequency = static_cast<double>(intervals);
    float amplitude = static_cast<float>(kAmplitudePerWavelength * 0.5 * cellMetres(intervals));
    float sum = 0.0f;
    const int octaves = surfaceDetailOctaves(intervals);
    for (int octave = 0; octave < octaves; ++octave) {
        sum += amplitude * latticeValueNoise(cubePoint * frequency, static_cast<std::uint32_t>(octave));
        frequency *= 2.0;
        amplitude *= 0.5f;
    }
    const float detail = std::max(roughness * sum, -0.9f * std::max(height, 0.0f));
    return static_cast<double>(detail);
}

}  // namespace planet
