// GLSL mirror of src/surface/DetailNoise.cpp: the detail below the data,
// one noise for the flat terrain and the globe. Octaves of value noise over
// a point in 3D, each half the lattice cell of the one before, each as high
// as a fixed share of its cell.
// - In double, operation for operation as the CPU (integer hashes, then +,
//   - and * alone, `precise`; surface/DetailNoiseDouble.glsl): the globe's
//   heights are the CPU's bit for bit.
// - The gradient for shading: double up to each octave's lattice cell and
//   float after (surface_DetailNoiseGradient, there too), or float
//   throughout on the plane z = 0 (surface_DetailNoisePlaneFloat, here)
//   where the points' coordinates stay small enough (the flat terrain's
//   ground metres), which needs no shaderFloat64.
#ifndef SURFACE_DETAIL_NOISE_GLSL
#define SURFACE_DETAIL_NOISE_GLSL

const float SURFACE_DETAIL_AMPLITUDE_PER_CELL = 0.04;
const int SURFACE_MAX_DETAIL_OCTAVES = 16;

// A 3D integer hash (Jarzynski and Olano's pcg3d), in 32-bit arithmetic.
uint surface_DetailHash(uint x, uint y, uint z)
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

// The value at a lattice corner in float (the 24-bit integer converts exactly).
float surface_DetailCornerValueFloat(uvec3 corner, uint octave)
{
    uint hash = surface_DetailHash(corner.x, corner.y + 0x9E3779B9u * octave, corner.z);
    return float(hash >> 8u) * (2.0 / 16777215.0) - 1.0;
}

// surface::detailOctaves: how many octaves go from a first cell of
// `cellMetres` down to cells no shorter than `shortestMetres`.
int surface_DetailOctaves(float cellMetres, float shortestMetres)
{
    int octaves = 0;
    for (float cell = cellMetres; cell >= shortestMetres && octaves < SURFACE_MAX_DETAIL_OCTAVES; cell *= 0.5) {
        ++octaves;
    }
    return octaves;
}

// The weight of an octave of cells `cellMetres` long seen by pixels that
// resolve `resolvableMetres`: 1 while its cells are at least twice that,
// 0 at once that; 1 for any octave when that is 0.
float surface_DetailOctaveWeight(float cellMetres, float resolvableMetres)
{
    if (resolvableMetres <= 0.0) {
        return 1.0;
    }
    return clamp(cellMetres / resolvableMetres - 1.0, 0.0, 1.0);
}

// The share of the relief a pixel of `footprintMetres` shows on ground
// sampled every `dataCellMetres`: all of it once the pixel resolves a few
// octaves, none while it would show only the first ones, whose lattice
// would read as a regular pattern.
float surface_DetailShownShare(float footprintMetres, float dataCellMetres)
{
    return 1.0 - smoothstep(dataCellMetres / 64.0, dataCellMetres / 16.0, footprintMetres);
}

// The value noise (x) and its gradient per lattice unit (yzw) in the cell
// whose low corner is `cell`, at `f` within it: the quintic fades' slopes
// times the differences they blend.
vec4 surface_LatticeValueNoiseFloat(uvec3 cell, vec3 f, uint octave)
{
    vec3 w = f * f * f * (f * (f * 6.0 - 15.0) + 10.0);
    vec3 g = f * (f - 1.0);
    vec3 slope = 30.0 * g * g;
    float c000 = surface_DetailCornerValueFloat(cell, octave);
    float c100 = surface_DetailCornerValueFloat(cell + uvec3(1u, 0u, 0u), octave);
    float c010 = surface_DetailCornerValueFloat(cell + uvec3(0u, 1u, 0u), octave);
    float c110 = surface_DetailCornerValueFloat(cell + uvec3(1u, 1u, 0u), octave);
    float c001 = surface_DetailCornerValueFloat(cell + uvec3(0u, 0u, 1u), octave);
    float c101 = surface_DetailCornerValueFloat(cell + uvec3(1u, 0u, 1u), octave);
    float c011 = surface_DetailCornerValueFloat(cell + uvec3(0u, 1u, 1u), octave);
    float c111 = surface_DetailCornerValueFloat(cell + uvec3(1u, 1u, 1u), octave);
    float x00 = mix(c000, c100, w.x);
    float x10 = mix(c010, c110, w.x);
    float x01 = mix(c001, c101, w.x);
    float x11 = mix(c011, c111, w.x);
    float y0 = mix(x00, x10, w.y);
    float y1 = mix(x01, x11, w.y);
    float alongX = mix(mix(c100 - c000, c110 - c010, w.y), mix(c101 - c001, c111 - c011, w.y), w.z);
    float alongY = mix(x10 - x00, x11 - x01, w.z);
    return vec4(mix(y0, y1, w.z), slope * vec3(alongX, alongY, y1 - y0));
}

// surface_LatticeValueNoiseFloat on the lattice's plane z = 0, the same
// bits for half the corners: the value (x) and the gradient along x and y
// (yz) in the cell whose low corner is `cell`, at `f` within it.
vec3 surface_LatticePlaneValueNoiseFloat(uvec2 cell, vec2 f, uint octave)
{
    vec2 w = f * f * f * (f * (f * 6.0 - 15.0) + 10.0);
    vec2 g = f * (f - 1.0);
    vec2 slope = 30.0 * g * g;
    float c00 = surface_DetailCornerValueFloat(uvec3(cell, 0u), octave);
    float c10 = surface_DetailCornerValueFloat(uvec3(cell + uvec2(1u, 0u), 0u), octave);
    float c01 = surface_DetailCornerValueFloat(uvec3(cell + uvec2(0u, 1u), 0u), octave);
    float c11 = surface_DetailCornerValueFloat(uvec3(cell + uvec2(1u, 1u), 0u), octave);
    float x0 = mix(c00, c10, w.x);
    float x1 = mix(c01, c11, w.x);
    return vec3(mix(x0, x1, w.y), slope * vec2(mix(c10 - c00, c11 - c01, w.y), x1 - x0));
}

// The relief in float at `point` on the plane z = 0 of the points' space
// (the flat terrain's ground metres): the octaves' sum in metres (x) and
// its gradient in metres per unit along x and y (yz), each octave weighted
// by surface_DetailOctaveWeight; surface::detailNoiseSum and
// surface::detailNoiseGradient at (point, 0). The lattices as
// surface::DetailLattice's: `frequency` cells per unit and `cellMetres` a
// cell first, halving over `octaves`.
vec3 surface_DetailNoisePlaneFloat(vec2 point, float frequency, float cellMetres, int octaves, float resolvableMetres)
{
    float amplitude = SURFACE_DETAIL_AMPLITUDE_PER_CELL * cellMetres;
    float cell = cellMetres;
    vec3 relief = vec3(0.0);
    for (int octave = 0; octave < octaves; ++octave) {
        float weight = surface_DetailOctaveWeight(cell, resolvableMetres);
        if (weight <= 0.0) {
            break;
        }
        vec2 lattice = point * frequency;
        vec2 base = floor(lattice);
        vec3 noise = surface_LatticePlaneValueNoiseFloat(uvec2(ivec2(base)), lattice - base, uint(octave));
        relief += weight * amplitude * vec3(noise.x, frequency * noise.yz);
        frequency *= 2.0;
        cell *= 0.5;
        amplitude *= 0.5;
    }
    return relief;
}

#endif  // SURFACE_DETAIL_NOISE_GLSL
