// GLSL mirror of src/planet/SurfaceDetail.cpp: fractal relief below the
// data's resolution, octaves of value noise over the exact cube point (the
// lattice in double, the noise in float), faded in by the land's height.
// Include planet/CubeElevation.glsl first.
#ifndef PLANET_SURFACE_DETAIL_GLSL
#define PLANET_SURFACE_DETAIL_GLSL

const double PLANET_METRES_PER_CUBE_UNIT = 5.0e6lf;
const double PLANET_AMPLITUDE_PER_WAVELENGTH = 0.04lf;
const double PLANET_SHORTEST_WAVELENGTH_METRES = 4.0lf;
const int PLANET_MAX_DETAIL_OCTAVES = 16;

uint planet_DetailHash(uint x, uint y, uint z)
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

float planet_CornerValue(uint x, uint y, uint z, uint octave)
{
    uint hash = planet_DetailHash(x, y + 0x9E3779B9u * octave, z);
    return float(hash >> 8u) * (2.0 / 16777215.0) - 1.0;
}

float planet_Quintic(float f)
{
    return f * f * f * (f * (f * 6.0 - 15.0) + 10.0);
}

float planet_LatticeValueNoise(dvec3 point, uint octave)
{
    dvec3 base = floor(point);
    vec3 f = vec3(point - base);
    i64vec3 cell = i64vec3(base);
    uint x = uint(cell.x & 0xFFFFFFFFl);
    uint y = uint(cell.y & 0xFFFFFFFFl);
    uint z = uint(cell.z & 0xFFFFFFFFl);
    vec3 w = vec3(planet_Quintic(f.x), planet_Quintic(f.y), planet_Quintic(f.z));
    float x00 = mix(planet_CornerValue(x, y, z, octave), planet_CornerValue(x + 1u, y, z, octave), w.x);
    float x10 = mix(planet_CornerValue(x, y + 1u, z, octave), planet_CornerValue(x + 1u, y + 1u, z, octave), w.x);
    float x01 = mix(planet_CornerValue(x, y, z + 1u, octave), planet_CornerValue(x + 1u, y, z + 1u, octave), w.x);
    float x11 =
        mix(planet_CornerValue(x, y + 1u, z + 1u, octave), planet_CornerValue(x + 1u, y + 1u, z + 1u, octave), w.x);
    return mix(mix(x00, x10, w.y), mix(x01, x11, w.y), w.z);
}

double planet_DetailCellMetres(uint intervals)
{
    return 2.0lf / double(intervals) * PLANET_METRES_PER_CUBE_UNIT;
}

int planet_DetailOctaves(uint intervals)
{
    double wavelength = 0.5lf * planet_DetailCellMetres(intervals);
    int octaves = 0;
    while (wavelength >= PLANET_SHORTEST_WAVELENGTH_METRES && octaves < PLANET_MAX_DETAIL_OCTAVES) {
        ++octaves;
        wavelength *= 0.5lf;
    }
    return octaves;
}

double planet_SurfaceDetailMetres(dvec3 cubePoint, double dataHeight, uint intervals)
{
    float height = float(dataHeight);
    float land = smoothstep(0.0, 60.0, height);
    if (land <= 0.0) {
        return 0.0lf;
    }
    float roughness = land * (0.2 + 0.8 * smoothstep(300.0, 2500.0, height));
    double frequency = double(intervals);
    float amplitude = float(PLANET_AMPLITUDE_PER_WAVELENGTH * 0.5lf * planet_DetailCellMetres(intervals));
    float sum = 0.0;
    int octaves = planet_DetailOctaves(intervals);
    for (int octave = 0; octave < octaves; ++octave) {
        sum += amplitude * planet_LatticeValueNoise(cubePoint * frequency, uint(octave));
        frequency *= 2.0lf;
        amplitude *= 0.5;
    }
    return double(max(roughness * sum, -0.9 * max(height, 0.0)));
}

// The surface drawn at a cube point: the data's height plus the detail.
double planet_SurfaceHeightAt(dvec3 cubePoint, uint intervals)
{
    double height = planet_HeightAt(cubePoint, intervals);
    return height + planet_SurfaceDetailMetres(cubePoint, height, intervals);
}

#endif  // PLANET_SURFACE_DETAIL_GLSL
