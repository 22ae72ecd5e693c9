// GLSL mirror of src/planet/SurfaceDetail.cpp, operation for operation in
// double: fractal relief below the data's resolution, octaves of value noise
// over the exact cube point, faded in by the land's height. The gradient
// for shading (planet_SurfaceDetailSumGradient) is the one exception: double
// up to each octave's lattice cell, float after, within a few units in the
// last float place of the CPU's. planet_SurfaceHeightAt needs
// planet/CubeElevation.glsl included first.
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
// The share of the octaves' sum the land takes at a data height: none at
// or below sea level, a fifth on plains, all of it above 2500 m.
double planet_DetailRoughness(double dataHeight)
{
    double land = planet_SmoothStep(0.0lf, 60.0lf, dataHeight);
    precise double roughness = land * (0.2lf + 0.8lf * planet_SmoothStep(300.0lf, 2500.0lf, dataHeight));
    return roughness;
}

double planet_SurfaceDetailFromSum(double sum, double dataHeight)
{
    double roughness = planet_DetailRoughness(dataHeight);
    if (roughness <= 0.0lf) {
        return 0.0lf;
    }
    precise double detail = roughness * sum;
    precise double floorOfLand = -0.9lf * max(dataHeight, 0.0lf);
    return max(detail, floorOfLand);
}

// planet::surfaceDetailRangeFromSums: the range of the shaped detail over
// sums in [lowestSum, highestSum] and data heights in [lowestData,
// highestData].
dvec2 planet_SurfaceDetailRangeFromSums(double lowestSum, double highestSum, double lowestData, double highestData)
{
    double leastRoughness = planet_DetailRoughness(lowestData);
    double mostRoughness = planet_DetailRoughness(highestData);
    precise double a = leastRoughness * lowestSum;
    precise double b = leastRoughness * highestSum;
    precise double c = mostRoughness * lowestSum;
    precise double d = mostRoughness * highestSum;
    precise double lowestFloor = -0.9lf * max(highestData, 0.0lf);
    precise double highestFloor = -0.9lf * max(lowestData, 0.0lf);
    return dvec2(max(min(min(a, b), min(c, d)), lowestFloor), max(max(max(a, b), max(c, d)), highestFloor));
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

// planet::surfaceDetailOctaveWeight.
float planet_SurfaceDetailOctaveWeight(double frequency, float resolvableMetres)
{
    if (resolvableMetres <= 0.0) {
        return 1.0;
    }
    float spacing = float(PLANET_METRES_PER_CUBE_UNIT / frequency);
    return clamp(spacing / resolvableMetres - 1.0, 0.0, 1.0);
}

// planet_CornerValue in float (the 24-bit integer converts exactly).
float planet_CornerValueFloat(uint x, uint y, uint z, uint octave)
{
    uint hash = planet_DetailHash(x, y + 0x9E3779B9u * octave, z);
    return float(hash >> 8u) * (2.0 / 16777215.0) - 1.0;
}

// The gradient of planet_LatticeValueNoise per lattice unit.
vec3 planet_LatticeValueNoiseGradient(dvec3 point, uint octave)
{
    dvec3 base = floor(point);
    vec3 f = vec3(point - base);
    vec3 w = f * f * f * (f * (f * 6.0 - 15.0) + 10.0);
    vec3 g = f * (f - 1.0);
    vec3 slope = 30.0 * g * g;
    i64vec3 cell = i64vec3(base);
    uint x = uint(cell.x & 0xFFFFFFFFl);
    uint y = uint(cell.y & 0xFFFFFFFFl);
    uint z = uint(cell.z & 0xFFFFFFFFl);
    float c000 = planet_CornerValueFloat(x, y, z, octave);
    float c100 = planet_CornerValueFloat(x + 1u, y, z, octave);
    float c010 = planet_CornerValueFloat(x, y + 1u, z, octave);
    float c110 = planet_CornerValueFloat(x + 1u, y + 1u, z, octave);
    float c001 = planet_CornerValueFloat(x, y, z + 1u, octave);
    float c101 = planet_CornerValueFloat(x + 1u, y, z + 1u, octave);
    float c011 = planet_CornerValueFloat(x, y + 1u, z + 1u, octave);
    float c111 = planet_CornerValueFloat(x + 1u, y + 1u, z + 1u, octave);
    float x00 = mix(c000, c100, w.x);
    float x10 = mix(c010, c110, w.x);
    float x01 = mix(c001, c101, w.x);
    float x11 = mix(c011, c111, w.x);
    float alongX = mix(mix(c100 - c000, c110 - c010, w.y), mix(c101 - c001, c111 - c011, w.y), w.z);
    float alongY = mix(x10 - x00, x11 - x01, w.z);
    float alongZ = mix(x01, x11, w.y) - mix(x00, x10, w.y);
    return slope * vec3(alongX, alongY, alongZ);
}

// planet::surfaceDetailSumGradient: metres per cube unit, the octaves finer
// than `resolvableMetres` faded out.
vec3 planet_SurfaceDetailSumGradient(dvec3 cubePoint, uint intervals, float resolvableMetres)
{
    double frequency = double(intervals);
    float amplitude = float(PLANET_AMPLITUDE_PER_WAVELENGTH * 0.5lf * planet_DetailCellMetres(intervals));
    vec3 gradient = vec3(0.0);
    int octaves = planet_DetailOctaves(intervals);
    for (int octave = 0; octave < octaves; ++octave) {
        float weight = planet_SurfaceDetailOctaveWeight(frequency, resolvableMetres);
        if (weight <= 0.0) {
            break;
        }
        vec3 noise = planet_LatticeValueNoiseGradient(cubePoint * frequency, uint(octave));
        gradient += weight * amplitude * float(frequency) * noise;
        frequency *= 2.0lf;
        amplitude *= 0.5;
    }
    return gradient;
}

#ifdef PLANET_CUBE_ELEVATION_GLSL
// The surface drawn at a cube point: the data's height plus the detail.
double planet_SurfaceHeightAt(dvec3 cubePoint, uint intervals)
{
    double height = planet_HeightAt(cubePoint, intervals);
    return height + planet_SurfaceDetailMetres(cubePoint, height, intervals);
}
#endif

#endif  // PLANET_SURFACE_DETAIL_GLSL
