// GLSL mirror of src/planet/GlobeCriterion.cpp: the globe's level of detail
// on the bisector pool (bisector_Decide, bisector_IsVisible), in double,
// operation for operation as the CPU does it. Set 1 of the pool kernels
// (planet::gpu::GlobeCriterion):
//   binding 0  the elevation on the cube (planet/CubeElevation.glsl)
//   binding 1  the roots' exact vertices (planet/CubeGeometry.glsl)
//   binding 2  GlobeLevelOfDetail
//   binding 3  per slot, its exact vertices and the data's heights there (w:
//              the double's bits), written with its geometry by
//              planet/GlobeGeometry.glsl: classify and index read a
//              bisector's corners there instead of walking its key
//   binding 6  the elevation's height ranges (CubeElevation::heightRanges)
//   binding 7  per slot, the detail's octave sums at its three vertices
//              (planet::surfaceDetailSum; written with the slot's geometry by
//              planet/GlobeGeometry.glsl), so that classify evaluates the
//              noise only at a parent's one vertex its child lacks
//   bindings 8 .. 12  a streamed model's tiles (planet/CubeStreamedElevation.glsl)
//   binding 13 per slot, its vertices' shading (planet/GlobeGeometry.glsl)
//   binding 14 sea level on the cube (planet/CubeGeoid.glsl): heights are
//              above it
#ifndef PLANET_GLOBE_CRITERION_GLSL
#define PLANET_GLOBE_CRITERION_GLSL

#define PLANET_ELEVATION_SET 1
#define PLANET_ELEVATION_BINDING 0
#define PLANET_HEIGHT_RANGES_BINDING 6
#define PLANET_ROOTS_SET 1
#define PLANET_ROOTS_BINDING 1
#include "planet/CubeElevation.glsl"
#define PLANET_GEOID_SET 1
#define PLANET_GEOID_BINDING 14
#include "planet/CubeGeoid.glsl"
#include "planet/CubeGeometry.glsl"
#include "planet/CubeSphere.glsl"
#include "planet/SurfaceDetail.glsl"

layout(std430, set = 1, binding = 2) readonly buffer GlobeLevelOfDetail {
    dvec4 globe_camera;      // ECEF metres; w: the occluder's radius
    dvec4 globe_planes[6];   // relative to the camera, not normalised
    dvec4 globe_parameters;  // pixels per radian, target edge pixels, near metres, detail bound (metres)
    uint globe_intervals;    // of the elevation grid (the base's, when the model streams)
    double globe_seabedHiddenBelow;  // metres; the lowest double when the seabed shows
    double globe_horizonRadius;      // the horizon's occluder, z stretched by globe_polarStretch
    double globe_polarStretch;       // a / b
};

#include "planet/CubeStreamedElevation.glsl"

layout(std430, set = 1, binding = 3) buffer GlobeExact {
    i64vec4 globe_exact[];
};

layout(std430, set = 1, binding = 7) buffer GlobeDetailSums {
    double globe_detailSums[];
};

// The exact vertices a slot stores.
planet_Triangle globe_StoredTriangle(uint slot)
{
    return planet_Triangle(
        i64vec3[3](globe_exact[3u * slot].xyz, globe_exact[3u * slot + 1u].xyz, globe_exact[3u * slot + 2u].xyz));
}

// The data's height at stored vertex `index` (3 slot + corner), as
// globe_DataHeightAt gave it when the geometry was written (again at every
// change of the tiles): the bits of a double in the exact vertex's w.
double globe_StoredDataHeight(uint index)
{
    return int64BitsToDouble(globe_exact[index].w);
}

dvec3 globe_StoredDataHeights(uint slot)
{
    return dvec3(globe_StoredDataHeight(3u * slot), globe_StoredDataHeight(3u * slot + 1u),
                 globe_StoredDataHeight(3u * slot + 2u));
}

struct globe_Sphere {
    dvec3 centre;  // around the vertices at the lowest and highest heights
    double radius;
    dvec3 surfaceCentre;  // around the vertices on the elevation
    double surfaceRadius;
    double longestEdge;
    double highestData;  // of the cells under it
#ifdef GLOBE_REQUESTS_TILES
    // What globe_RequestTilesFor needs.
    uint requestFace;
    dvec2 requestLow;
    dvec2 requestHigh;
    dvec3 corners[3];
    double longestCubeEdge;
#endif
};

double globe_Length(dvec3 v)
{
    precise double squared = v.x * v.x + v.y * v.y + v.z * v.z;
    return planet_RefinedSquareRoot(squared);
}

double globe_Dot(dvec3 a, dvec3 b)
{
    precise double dot = a.x * b.x + a.y * b.y + a.z * b.z;
    return dot;
}

// The bisector's spheres, given the data's heights and the detail's octave
// sums at its vertices.
globe_Sphere globe_SphereWithSums(planet_Triangle t, dvec3 dataHeights, dvec3 detailSums)
{
    globe_Sphere sphere;
    dvec3 corners[3] = dvec3[3](planet_CubePointOf(t.v[0]), planet_CubePointOf(t.v[1]), planet_CubePointOf(t.v[2]));
    precise dvec3 middle = (corners[0] + corners[1] + corners[2]) / 3.0lf;
    uint face = planet_CubeFaceOf(middle).face;
    dvec2 low = dvec2(1.0lf);
    dvec2 high = dvec2(-1.0lf);
    dvec2 faceCorners[3];
    for (int i = 0; i < 3; ++i) {
        planet_FacePoint point = planet_FacePointOn(face, corners[i]);
        faceCorners[i] = dvec2(point.s, point.t);
        low = dvec2(min(low.x, point.s), min(low.y, point.t));
        high = dvec2(max(high.x, point.s), max(high.y, point.t));
    }
    dvec2 heights =
        dvec2(globe_DrawnHeightRange(face, low, high, planet_HeightRangeOver(face, low, high, globe_intervals)));
    // Without streamed levels the surface is the base's bilinear one: within
    // one cell, the triangle's own range bounds it far tighter.
    dvec2 surface;
    if (globe_streamLevels == 0u &&
        planet_SurfaceRangeOverTriangle(face, faceCorners, dataHeights, globe_intervals, surface)) {
        heights = dvec2(max(heights.x, surface.x), min(heights.y, surface.y));
    }
    sphere.highestData = heights.y;
    // The detail at the vertices and how far it can stray inside the
    // triangle (planet::bisectorSphereOf).
    dvec3 onSurface[3];
    double lowestSum = 0.0lf;
    double highestSum = 0.0lf;
    for (int i = 0; i < 3; ++i) {
        double data = dataHeights[i];
        double detailSum = detailSums[i];
        precise double surface = data + planet_SurfaceDetailFromSum(detailSum, data);
        onSurface[i] = planet_GroundToEcef(corners[i], surface);
        lowestSum = i == 0 ? detailSum : min(lowestSum, detailSum);
        highestSum = i == 0 ? detailSum : max(highestSum, detailSum);
    }
    double longestCubeEdge = 0.0lf;
    for (int i = 0; i < 3; ++i) {
        longestCubeEdge = max(longestCubeEdge, globe_Length(corners[(i + 1) % 3] - corners[i]));
    }
    // The base's grid starts the detail at its coarsest: a bound for any level.
    double variation = planet_SurfaceDetailVariationBound(longestCubeEdge, globe_intervals);
#ifdef GLOBE_REQUESTS_TILES
    sphere.requestFace = face;
    sphere.requestLow = low;
    sphere.requestHigh = high;
    sphere.corners = corners;
    sphere.longestCubeEdge = longestCubeEdge;
#endif
    double bound = globe_parameters.w;
    precise double lowestSumThere = lowestSum - variation;
    precise double highestSumThere = highestSum + variation;
    dvec2 detail = planet_SurfaceDetailRangeFromSums(lowestSumThere, highestSumThere, heights.x, heights.y);
    precise double lowestDetail = max(detail.x, -bound);
    precise double highestDetail = min(detail.y, bound);
    dvec3 extremes[6];
    for (int i = 0; i < 3; ++i) {
        dvec3 cube = corners[i];
        precise double lowest = heights.x + lowestDetail;
        precise double highest = heights.y + highestDetail;
        extremes[2 * i] = planet_GroundToEcef(cube, lowest);
        extremes[2 * i + 1] = planet_GroundToEcef(cube, highest);
    }
    precise dvec3 sum = dvec3(0.0lf);
    for (int i = 0; i < 6; ++i) {
        sum = sum + extremes[i];
    }
    precise dvec3 centre = sum / 6.0lf;
    sphere.centre = centre;
    double farthest = 0.0lf;
    for (int i = 0; i < 6; ++i) {
        farthest = max(farthest, globe_Length(extremes[i] - sphere.centre));
    }
    double chord = 0.0lf;
    sphere.longestEdge = 0.0lf;
    for (int i = 0; i < 3; ++i) {
        sphere.longestEdge = max(sphere.longestEdge, globe_Length(onSurface[(i + 1) % 3] - onSurface[i]));
        chord = max(chord, globe_Length(extremes[2 * ((i + 1) % 3) + 1] - extremes[2 * i + 1]));
    }
    precise double sagitta = chord * chord / (8.0lf * globe_camera.w);
    precise double radius = farthest + sagitta;
    sphere.radius = radius;
    precise dvec3 surfaceCentre = (onSurface[0] + onSurface[1] + onSurface[2]) / 3.0lf;
    sphere.surfaceCentre = surfaceCentre;
    double surfaceFarthest = 0.0lf;
    for (int i = 0; i < 3; ++i) {
        surfaceFarthest = max(surfaceFarthest, globe_Length(onSurface[i] - sphere.surfaceCentre));
    }
    precise double surfaceRadius = surfaceFarthest + sagitta;
    sphere.surfaceRadius = surfaceRadius;
    return sphere;
}

bool globe_IsCulled(globe_Sphere sphere)
{
    precise dvec3 fromCamera = sphere.centre - globe_camera.xyz;
    for (int i = 0; i < 6; ++i) {
        dvec4 plane = globe_planes[i];
        precise double side = globe_Dot(plane.xyz, fromCamera) + plane.w;
        precise double margin = -sphere.radius * globe_Length(plane.xyz);
        if (side < margin) {
            return true;
        }
    }
    // The horizon, where the ellipsoid is a sphere (planet::isCulled).
    precise double cameraZ = globe_camera.z * globe_polarStretch;
    precise double centreZ = sphere.centre.z * globe_polarStretch;
    precise double radius = sphere.radius * globe_polarStretch;
    dvec3 camera = dvec3(globe_camera.xy, cameraZ);
    precise dvec3 towards = dvec3(sphere.centre.xy, centreZ) - camera;
    double cameraDistance = globe_Length(camera);
    double r = globe_horizonRadius;
    if (cameraDistance <= r) {
        return false;
    }
    precise double tangentSquared = cameraDistance * cameraDistance - r * r;
    double tangent = planet_RefinedSquareRoot(tangentSquared);
    double sphereDistance = globe_Length(towards);
    if (sphereDistance <= radius || sphereDistance - radius < tangent) {
        return false;
    }
    precise double cosCentre = -globe_Dot(towards, camera) / (sphereDistance * cameraDistance);
    precise double sinAlpha = r / cameraDistance;
    precise double cosAlpha = tangent / cameraDistance;
    precise double sinBeta = radius / sphereDistance;
    precise double cosBetaSquared = sphereDistance * sphereDistance - radius * radius;
    precise double cosBeta = planet_RefinedSquareRoot(cosBetaSquared) / sphereDistance;
    if (sinBeta > sinAlpha) {
        return false;
    }
    precise double bound = cosAlpha * cosBeta + sinAlpha * sinBeta;
    return cosCentre >= bound;
}

// Whether the bisector's longest edge spans more than the target pixels.
bool globe_SpansMoreThanTarget(globe_Sphere sphere)
{
    precise double distance =
        max(globe_Length(sphere.surfaceCentre - globe_camera.xyz) - sphere.surfaceRadius, globe_parameters.z);
    precise double pixels = sphere.longestEdge / distance * globe_parameters.x;
    return pixels > globe_parameters.y;
}

// Whether the sea hides all of the bisector's seabed.
bool globe_LiesUnderDeepWater(globe_Sphere sphere)
{
    return sphere.highestData < globe_seabedHiddenBelow;
}

// Whether an unculled bisector splits.
bool globe_SplitsWhenVisible(globe_Sphere sphere)
{
    return globe_SpansMoreThanTarget(sphere) && !globe_LiesUnderDeepWater(sphere);
}

bool globe_WantsSplit(globe_Sphere sphere)
{
    return !globe_IsCulled(sphere) && globe_SplitsWhenVisible(sphere);
}

dvec3 globe_StoredDetailSums(uint slot)
{
    return dvec3(globe_detailSums[3u * slot], globe_detailSums[3u * slot + 1u], globe_detailSums[3u * slot + 2u]);
}

uint bisector_Decide(uint slot, uint64_t key, out bool visible)
{
    planet_Triangle t = globe_StoredTriangle(slot);
    dvec3 data = globe_StoredDataHeights(slot);
    dvec3 sums = globe_StoredDetailSums(slot);
    globe_Sphere sphere = globe_SphereWithSums(t, data, sums);
    visible = !globe_IsCulled(sphere);
#ifdef GLOBE_REQUESTS_TILES
    if (visible) {
        globe_RequestTilesFor(sphere.requestFace, sphere.requestLow, sphere.requestHigh, sphere.corners,
                              sphere.longestCubeEdge, globe_parameters.y);
    }
#endif
    if (visible && globe_SplitsWhenVisible(sphere)) {
        return POOL_DECISION_SPLIT;
    }
    if (pool_LevelsBelowRoot(key) == 0) {
        return POOL_DECISION_KEEP;
    }
    // The parent keeps two of the child's vertices (planet_Parent); only
    // its third needs the data's height and the noise.
    uint bit = uint(key) & 1u;
    planet_Triangle parent = planet_Parent(t, bit);
    uint missing = bit == 0u ? 2u : 0u;
    dvec3 thirdPoint = planet_CubePointOf(parent.v[missing]);
    uint thirdGrid;
    double thirdData = globe_DataHeightAt(thirdPoint, thirdGrid);
    double third = planet_SurfaceDetailSum(thirdPoint, thirdGrid);
    dvec3 parentData = bit == 0u ? dvec3(data.x, data.z, thirdData) : dvec3(thirdData, data.x, data.z);
    dvec3 parentSums = bit == 0u ? dvec3(sums.x, sums.z, third) : dvec3(third, sums.x, sums.z);
    return globe_WantsSplit(globe_SphereWithSums(parent, parentData, parentSums)) ? POOL_DECISION_KEEP
                                                                                 : POOL_DECISION_MERGE;
}

bool bisector_IsVisible(uint slot, uint64_t key)
{
    return !globe_IsCulled(
        globe_SphereWithSums(globe_StoredTriangle(slot), globe_StoredDataHeights(slot), globe_StoredDetailSums(slot)));
}

#endif  // PLANET_GLOBE_CRITERION_GLSL
