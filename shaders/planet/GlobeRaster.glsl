// The globe's visibility pass (planet::gpu::GlobeRasterPass): its visible
// triangles rasterized in compute (raster/TriangleRaster.glsl) into the
// frame's visibility buffer, each sample keeping the nearest triangle's
// depth and its index in the visible list plus one. GlobeRaster.comp takes
// each triangle in one invocation when its box is small, and lists the
// others (large, or needing clipping) for GlobeRasterLarge.comp, which
// shares each among the invocations of a workgroup.
//   set 0  the globe's draw set (planet/GlobeDraw.glsl)
//   set 1  binding 0: the visibility buffer; binding 1: the large list
#ifndef PLANET_GLOBE_RASTER_GLSL
#define PLANET_GLOBE_RASTER_GLSL

#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
#extension GL_EXT_shader_atomic_int64 : require
#include "planet/GlobeDraw.glsl"

layout(std430, set = 1, binding = 0) buffer GlobeRasterVisibility {
    uint64_t globeRaster_visibility[];
};
// The large list: GlobeRasterLarge.comp's VkDispatchIndirectCommand (one
// workgroup per entry, at most GLOBE_RASTER_LARGE_WORKGROUPS), the count,
// the visible triangles' indices.
layout(std430, set = 1, binding = 1) buffer GlobeRasterLargeList {
    uint globeRaster_largeWorkgroups;
    uint globeRaster_largeDispatchY;
    uint globeRaster_largeDispatchZ;
    uint globeRaster_largeCount;
    uint globeRaster_large[];
};
// One workgroup per listed triangle up to this many (the least
// maxComputeWorkGroupCount); beyond, the workgroups stride over the list.
const uint GLOBE_RASTER_LARGE_WORKGROUPS = 65535u;

layout(push_constant) uniform GlobeRasterConstants {
    uvec2 viewport;       // pixels
    uint smallMaxPixels;  // a box at most this wide and high is small (<= RASTER_SMALL_MAX_PIXELS)
} globeRaster;

// Samples per pixel (1, 2, 4 or 8), a constant of the pipeline so that the
// loops over them unroll.
layout(constant_id = 0) const uint GLOBE_RASTER_SAMPLES = 1u;

#define RASTER_COVER(index, value) atomicMax(globeRaster_visibility[index], value)
#include "raster/TriangleRaster.glsl"

const uint GLOBE_RASTER_WORKGROUP_SIZE = 64u;

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
bool globeRaster_Corners(uint triangle, out vec4 clip[3])
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
