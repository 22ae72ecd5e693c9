// GLSL mirror of src/planet/SurfaceDetail.cpp, operation for operation in
// double: the surface library's detail noise (surface/DetailNoiseDouble.glsl)
// over the exact cube point, faded in by the land's height. The gradient
// for shading (planet_SurfaceDetailSumGradient) is the one exception: double
// up to each octave's lattice cell, float after, within a few units in the
// last float place of the CPU's. planet_SurfaceHeightAt needs
// planet/CubeElevation.glsl included first.
#ifndef PLANET_SURFACE_DETAIL_GLSL
#define PLANET_SURFACE_DETAIL_GLSL

#include "surface/DetailNoiseDouble.glsl"

const double PLANET_METRES_PER_CUBE_UNIT = 5.0e6lf;
const double PLANET_SHORTEST_WAVELENGTH_METRES = 4.0lf;

// Hermite's smoothstep, written out as the CPU does.
double planet_SmoothStep(double low, double high, double x)
{
    precise double t = clamp((x - low) / (high - low), 0.0lf, 1.0lf);
    precise double value = t * t * (3.0lf - 2.0lf * t);
    return value;
}

double planet_DetailCellMetres(uint intervals)
{
    precise double cell = 2.0lf / double(intervals) * PLANET_METRES_PER_CUBE_UNIT;
    return cell;
}

// planet::surfaceDetailLattice: two lattice cells per data cell first,
// down to cells of 4 m.
surface_DetailLattice planet_DetailLattice(uint intervals)
{
    double firstCell = 0.5lf * planet_DetailCellMetres(intervals);
    return surface_DetailLattice(double(intervals), firstCell,
                                 surface_DetailOctavesDouble(firstCell, PLANET_SHORTEST_WAVELENGTH_METRES));
}

// The octaves' sum at a cube point, in metres.
double planet_SurfaceDetailSum(dvec3 cubePoint, uint intervals)
{
    return surface_DetailNoiseSum(cubePoint, planet_DetailLattice(intervals));
}

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
    return surface_DetailNoiseVariationBound(distance, planet_DetailLattice(intervals));
}

// planet::surfaceDetailSumGradient: metres per cube unit, the octaves finer
// than `resolvableMetres` faded out.
vec3 planet_SurfaceDetailSumGradient(dvec3 cubePoint, uint intervals, float resolvableMetres)
{
    return surface_DetailNoiseGradient(cubePoint, planet_DetailLattice(intervals), resolvableMetres);
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
