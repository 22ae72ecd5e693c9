// The double-precision half of surface/DetailNoise.glsl (which see), for
// the globe (shaderFloat64): the octaves' sum and its bound operation for
// operation as src/surface/DetailNoise.cpp, and the gradient with each
// octave's lattice cell found in double.
#ifndef SURFACE_DETAIL_NOISE_DOUBLE_GLSL
#define SURFACE_DETAIL_NOISE_DOUBLE_GLSL

#include "surface/DetailNoise.glsl"

const double SURFACE_DETAIL_AMPLITUDE_PER_CELL_DOUBLE = 0.04lf;
const double SURFACE_DETAIL_NOISE_SLOPE_BOUND = 6.5lf;

// surface::DetailLattice.
struct surface_DetailLattice {
    double frequency;
    double cellMetres;
    int octaves;
};

// surface::detailOctaves, in double.
int surface_DetailOctavesDouble(double cellMetres, double shortestMetres)
{
    int octaves = 0;
    for (double cell = cellMetres; cell >= shortestMetres && octaves < SURFACE_MAX_DETAIL_OCTAVES; cell *= 0.5lf) {
        ++octaves;
    }
    return octaves;
}

double surface_DetailCornerValue(uint x, uint y, uint z, uint octave)
{
    uint hash = surface_DetailHash(x, y + 0x9E3779B9u * octave, z);
    precise double value = double(hash >> 8u) * (2.0lf / 16777215.0lf) - 1.0lf;
    return value;
}

double surface_DetailQuintic(double f)
{
    precise double q = f * f * f * (f * (f * 6.0lf - 15.0lf) + 10.0lf);
    return q;
}

double surface_DetailLerp(double a, double b, double w)
{
    precise double value = a + (b - a) * w;
    return value;
}

// A lattice point's cell corner, its coordinates wrapped to 32 bits.
uvec3 surface_DetailCell(dvec3 base)
{
    i64vec3 cell = i64vec3(base);
    return uvec3(uint(cell.x & 0xFFFFFFFFl), uint(cell.y & 0xFFFFFFFFl), uint(cell.z & 0xFFFFFFFFl));
}

// Value noise in [-1, 1] at a point in lattice units.
double surface_LatticeValueNoise(dvec3 point, uint octave)
{
    dvec3 base = floor(point);
    precise dvec3 f = point - base;
    dvec3 w = dvec3(surface_DetailQuintic(f.x), surface_DetailQuintic(f.y), surface_DetailQuintic(f.z));
    uvec3 cell = surface_DetailCell(base);
    uint x = cell.x;
    uint y = cell.y;
    uint z = cell.z;
    double x00 = surface_DetailLerp(surface_DetailCornerValue(x, y, z, octave),
                                    surface_DetailCornerValue(x + 1u, y, z, octave), w.x);
    double x10 = surface_DetailLerp(surface_DetailCornerValue(x, y + 1u, z, octave),
                                    surface_DetailCornerValue(x + 1u, y + 1u, z, octave), w.x);
    double x01 = surface_DetailLerp(surface_DetailCornerValue(x, y, z + 1u, octave),
                                    surface_DetailCornerValue(x + 1u, y, z + 1u, octave), w.x);
    double x11 = surface_DetailLerp(surface_DetailCornerValue(x, y + 1u, z + 1u, octave),
                                    surface_DetailCornerValue(x + 1u, y + 1u, z + 1u, octave), w.x);
    return surface_DetailLerp(surface_DetailLerp(x00, x10, w.y), surface_DetailLerp(x01, x11, w.y), w.z);
}

// surface::detailNoiseSum: the octaves' sum at `point`, in metres.
double surface_DetailNoiseSum(dvec3 point, surface_DetailLattice lattice)
{
    double frequency = lattice.frequency;
    precise double amplitude = SURFACE_DETAIL_AMPLITUDE_PER_CELL_DOUBLE * lattice.cellMetres;
    precise double sum = 0.0lf;
    for (int octave = 0; octave < lattice.octaves; ++octave) {
        precise dvec3 latticePoint = point * frequency;
        sum = sum + amplitude * surface_LatticeValueNoise(latticePoint, uint(octave));
        frequency *= 2.0lf;
        amplitude *= 0.5lf;
    }
    return sum;
}

// surface::detailNoiseVariationBound: the most the sum changes between
// points at most `distance` apart.
double surface_DetailNoiseVariationBound(double distance, surface_DetailLattice lattice)
{
    double frequency = lattice.frequency;
    precise double amplitude = SURFACE_DETAIL_AMPLITUDE_PER_CELL_DOUBLE * lattice.cellMetres;
    precise double bound = 0.0lf;
    for (int octave = 0; octave < lattice.octaves; ++octave) {
        precise double change = SURFACE_DETAIL_NOISE_SLOPE_BOUND * distance * frequency;
        bound = bound + amplitude * min(2.0lf, change);
        frequency *= 2.0lf;
        amplitude *= 0.5lf;
    }
    return bound;
}

// surface::detailNoiseGradient: metres per unit, the octaves finer than
// `resolvableMetres` faded out; each octave's cell found in double, the
// rest in float.
vec3 surface_DetailNoiseGradient(dvec3 point, surface_DetailLattice lattice, float resolvableMetres)
{
    double frequency = lattice.frequency;
    float amplitude = float(SURFACE_DETAIL_AMPLITUDE_PER_CELL_DOUBLE * lattice.cellMetres);
    float cell = float(lattice.cellMetres);
    vec3 gradient = vec3(0.0);
    for (int octave = 0; octave < lattice.octaves; ++octave) {
        float weight = surface_DetailOctaveWeight(cell, resolvableMetres);
        if (weight <= 0.0) {
            break;
        }
        dvec3 latticePoint = point * frequency;
        dvec3 base = floor(latticePoint);
        vec3 noise = surface_LatticeValueNoiseFloat(surface_DetailCell(base), vec3(latticePoint - base), uint(octave)).yzw;
        gradient += weight * amplitude * float(frequency) * noise;
        frequency *= 2.0lf;
        cell *= 0.5;
        amplitude *= 0.5;
    }
    return gradient;
}

#endif  // SURFACE_DETAIL_NOISE_DOUBLE_GLSL
