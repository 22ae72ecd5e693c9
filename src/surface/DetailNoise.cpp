#include "surface/DetailNoise.h"

#include "surface/GlslOperations.h"

#include <algorithm>
#include <cmath>
#include <cstdint>

namespace surface {
namespace {

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

// The value at a lattice corner, in [-1, 1], one lattice per `octave`.
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

// A lattice cell's corner, its coordinates wrapped to 32 bits.
struct LatticeCell {
    std::uint32_t x;
    std::uint32_t y;
    std::uint32_t z;
};

LatticeCell cellOf(const glm::dvec3& base)
{
    return {static_cast<std::uint32_t>(static_cast<std::int64_t>(base.x)),
            static_cast<std::uint32_t>(static_cast<std::int64_t>(base.y)),
            static_cast<std::uint32_t>(static_cast<std::int64_t>(base.z))};
}

// Value noise in [-1, 1] at a point in lattice units.
double latticeValueNoise(const glm::dvec3& point, std::uint32_t octave)
{
    const glm::dvec3 base(std::floor(point.x), std::floor(point.y), std::floor(point.z));
    const double wx = quintic(point.x - base.x);
    const double wy = quintic(point.y - base.y);
    const double wz = quintic(point.z - base.z);
    const auto [x, y, z] = cellOf(base);
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
    const auto [x, y, z] = cellOf(base);
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

}  // namespace

int detailOctaves(double cellMetres, double shortestMetres)
{
    int octaves = 0;
    for (double cell = cellMetres; cell >= shortestMetres && octaves < kMaxDetailOctaves; cell *= 0.5) {
        ++octaves;
    }
    return octaves;
}

double detailNoiseSum(const glm::dvec3& point, const DetailLattice& lattice)
{
    double frequency = lattice.frequency;
    double amplitude = kDetailAmplitudePerCell * lattice.cellMetres;
    double sum = 0.0;
    for (int octave = 0; octave < lattice.octaves; ++octave) {
        sum += amplitude * latticeValueNoise(point * frequency, static_cast<std::uint32_t>(octave));
        frequency *= 2.0;
        amplitude *= 0.5;
    }
    return sum;
}

double detailNoiseVariationBound(double distance, const DetailLattice& lattice)
{
    double frequency = lattice.frequency;
    double amplitude = kDetailAmplitudePerCell * lattice.cellMetres;
    double bound = 0.0;
    for (int octave = 0; octave < lattice.octaves; ++octave) {
        bound += amplitude * std::min(2.0, kDetailNoiseSlopeBound * distance * frequency);
        frequency *= 2.0;
        amplitude *= 0.5;
    }
    return bound;
}

double detailNoiseAmplitudeSum(const DetailLattice& lattice)
{
    double amplitude = kDetailAmplitudePerCell * lattice.cellMetres;
    double sum = 0.0;
    for (int octave = 0; octave < lattice.octaves; ++octave) {
        sum += amplitude;
        amplitude *= 0.5;
    }
    return sum;
}

double detailOctaveWeight(double cellMetres, double resolvableMetres)
{
    if (resolvableMetres <= 0.0) {
        return 1.0;
    }
    return std::clamp(cellMetres / resolvableMetres - 1.0, 0.0, 1.0);
}

glm::dvec3 detailNoiseGradient(const glm::dvec3& point, const DetailLattice& lattice, double resolvableMetres)
{
    double frequency = lattice.frequency;
    double cell = lattice.cellMetres;
    double amplitude = kDetailAmplitudePerCell * lattice.cellMetres;
    glm::dvec3 gradient(0.0);
    for (int octave = 0; octave < lattice.octaves; ++octave) {
        const double weight = detailOctaveWeight(cell, resolvableMetres);
        if (weight <= 0.0) {
            break;
        }
        gradient += weight * amplitude * frequency *
                    latticeValueNoiseGradient(point * frequency, static_cast<std::uint32_t>(octave));
        frequency *= 2.0;
        cell *= 0.5;
        amplitude *= 0.5;
    }
    return gradient;
}

double detailShownShare(double footprintMetres, double dataCellMetres)
{
    return 1.0 - smoothStep(dataCellMetres / 64.0, dataCellMetres / 16.0, footprintMetres);
}

}  // namespace surface
