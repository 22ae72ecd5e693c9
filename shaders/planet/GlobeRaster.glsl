// The globe's triangles for its visibility pass (raster/VisibilityRaster.glsl,
// planet/GlobeRaster.comp): the visible list of the globe's draw set
// (planet/GlobeDraw.glsl, set 0), each triangle's corners from the geometry
// cache, back faces left out.
#ifndef PLANET_GLOBE_RASTER_GLSL
#define PLANET_GLOBE_RASTER_GLSL

#include "planet/GlobeDraw.glsl"

uint rasterSource_TriangleCount()
{
    return globeDraw_VisibleCount();
}

// Whether the triangle (relative to the camera) clearly shows its back: its
// normal, turned away from the Earth's centre, points away from the camera
// by more than 0.01 rad, and the triangle is not steeper than 87 degrees.
// The globe's surface is a height field over the ellipsoid, seen from above
// it (the sea hides what lies below sea level), so a back face always lies
// behind a front face: culling it changes no sample. The margins keep
// near-vertical and edge-on triangles, whose orientation the float
// positions cannot tell (heights rise along the ellipsoid's normal, within
// 0.2 degree of the direction from the centre used here).
bool globeRaster_ShowsItsBack(vec3 corners[3])
{
    vec3 normal = cross(corners[1] - corners[0], corners[2] - corners[0]);
    vec3 up = globeDraw_cameraEcef.xyz + corners[0];
    float rising = dot(normal, up);
    float along = dot(normal, corners[0]);
    float normalLength = length(normal);
    return abs(rising) > 0.05 * normalLength * length(up) && sign(rising) * along > 0.01 * normalLength * length(corners[0]);
}

// The clip-space corners of visible triangle `triangle`, as the cache holds
// them (relative to its origin), taken relative to the camera; false when
// the triangle shows its back (globeRaster_ShowsItsBack): it covers nothing.
bool rasterSource_Corners(uint triangle, out vec4 clip[3])
{
    uint first = 3u * globeDraw_visible[triangle];
    vec3 corners[3];
    for (uint corner = 0u; corner < 3u; ++corner) {
        vec4 vertex = globeDraw_cache[first + corner];
        corners[corner] = vertex.xyz - globeDraw_cameraFromOrigin.xyz;
        clip[corner] = globeDraw_viewProjection * vec4(corners[corner], 1.0);
    }
    return !globeRaster_ShowsItsBack(corners);
}

#endif  // PLANET_GLOBE_RASTER_GLSL
