// GLSL mirror of src/planet/SurfaceDetail.cpp, operation for operation in
// double: fractal relief below the data's resolution, octaves of value noise
// over the exact cube point, faded in by the land's height.
// Include planet/CubeElevation.glsl first.
#ifndef PLANET_SURFACE_DETAIL_GLSL
#define PLANET_SURFACE_DETAIL_GLSL

const double PLANET_METRES_PER_CUBE_UNIT = 5.0e6lf;
const double PLANET_AMPLITUDE_PER_WAVELENGTH = 0.04lf;
const double PLANET_SHORTEST_WAVELENGTH_METRES = 4.0lf;
const int PLANET_MAX_DETAIL_OCTAVES = 16;
const double PLANET_NOISE_SLOPE_BOUND = 6.5lf;

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

double planet_CornerValue(uint x, uint y, uint z, uint octave)
{
    uint hash = planet_DetailHash(x, y + 0x9E3779B9u * octave, z);
    precise double value = double(hash >> 8u) * (2.0lf / 16777215.0lf) - 1.0lf;
    return value;
}

double planet_Quintic(double f)
{
    precise double q = f * f * f * (f * (f * 6.0lf - 15.0lf) + 10.0lf);
    return q;
}

double planet_Lerp(double a, double b, double w)
{
    precise double value = a + (b - a) * w;
    return value;
}

// Hermite's smoothstep, written out as the CPU does.
double planet_SmoothStep(double low, double high, double x)
{
    precise double t = clamp((x - low) / (high - low), 0.0lf, 1.0lf);
    precise double value = t * t * (3.0lf - 2.0lf * t);
    return value;
}

double planet_LatticeValueNoise(dvec3 point, uint octave)
{
    dvec3 base = floor(point);
    precise dvec3 f = point - base;
    dvec3 w = dvec3(planet_Quintic(f.x), planet_Quintic(f.y), planet_Quintic(f.z));
    i64vec3 cell = i64vec3(base);
    uint x = uint(cell.x & 0xFFFFFFFFl);
    uint y = uint(cell.y & 0xFFFFFFFFl);
    uint z = uint(cell.z & 0xFFFFFFFFl);
    double x00 = planet_Lerp(planet_CornerValue(x, y, z, octave), planet_CornerValue(x + 1u, y, z, octave), w.x);
    double x10 =
        planet_Lerp(planet_CornerValue(x, y + 1u, z, octave), planet_CornerValue(x + 1u, y + 1u, z, octave), w.x);
    double x01 =
        planet_Lerp(planet_CornerValue(x, y, z + 1u, octave), planet_CornerValue(x + 1u, y, z + 1u, octave), w.x);
    double x11 = planet_Lerp(planet_CornerValue(x, y + 1u, z + 1u, octave),
                             planet_CornerValue(x + 1u, y + 1u, z + 1u, octave), w.x);
    return planet_Lerp(planet_Lerp(x00, x10, w.y), planet_Lerp(x01, x11, w.y), w.z);
}

double planet_DetailCellMetres(uint intervals)
{
    precise double cell = 2.0lf / double(intervals) * PLANET_METRES_PER_CUBE_UNIT;
    return cell;
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

// The octaves' sum at a cube point, in metres.
double planet_SurfaceDetailSum(dvec3 cubePoint, uint intervals)
{
    double frequency = double(intervals);
    precise double amplitude = PLANET_AMPLITUDE_PER_WAVELENGTH * 0.5lf * planet_DetailCellMetres(intervals);
    precise double sum = 0.0lf;
    int octaves = planet_DetailOctaves(intervals);
    for (int octave = 0; octave < octaves; ++octave) {
        precise dvec3 lattice = cubePoint * frequency;
        sum = sum + amplitude * planet_LatticeValueNoise(lattice, uint(octave));
        frequency *= 2.0lf;
        amplitude *= 0.5lf;
    }
    return sum;
}

// The sum shaped by the land's height: none at sea, strongest in mountains.
double planet_SurfaceDetailFromSum(double sum, double dataHeight)
{
    double land = planet_SmoothStep(0.0lf, 60.0lf, dataHeight);
    if (land <= 0.0lf) {
        return 0.0lf;
    }
    precise double roughness = land * (0.2lf + 0.8lf * planet_SmoothStep(300.0lf, 2500.0lf, dataHeight));
    precise double detail = roughness * sum;
    precise double floorOfLand = -0.9lf * max(dataHeight, 0.0lf);
    return max(detail, floorOfLand);
}

double planet_SurfaceDetailMetres(dvec3 cubePoint, double dataHeight, uint intervals)
{
    return planet_SurfaceDetailFromSum(planet_SurfaceDetailSum(cubePoint, intervals), dataHeight);
}

// The most the octaves' sum changes between cube points at most `distance` apart.
double planet_SurfaceDetailVariationBound(double distance, uint intervals)
{
    double frequency = double(intervals);
    precise double amplitude = PLANET_AMPLITUDE_PER_WAVELENGTH * 0.5lf * planet_DetailCellMetres(intervals);
    precise double bound = 0.0lf;
    int octaves = planet_DetailOctaves(intervals);
    for (int octave = 0; octave < octaves; ++octave) {
        precise double change = PLANET_NOISE_SLOPE_BOUND * distance * frequency;
        bound = bound + amplitude * min(2.0lf, change);
        frequency *= 2.0lf;
        amplitude *= 0.5lf;
    }
    return bound;
}

// The surface drawn at a cube point: the data's height plus the detail.
double planet_SurfaceHeightAt(dvec3 cubePoint, uint intervals)
{
    double height = planet_HeightAt(cubePoint, intervals);
    return height + planet_SurfaceDetailMetres(cubePoint, height, intervals);
}

#endif  // PLANET_SURFACE_DETAIL_GLSL
