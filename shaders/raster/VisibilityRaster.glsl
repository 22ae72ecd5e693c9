// A surface's visibility pass (raster::gpu::VisibilityRasterPass): its
// triangles rasterized in compute (raster/TriangleRaster.glsl) into the
// frame's visibility buffer, each sample keeping the nearest triangle's
// depth and its number plus one. Without RASTER_VISIBILITY_LARGE the kernel
// takes each triangle in one invocation when its box is small, drops one
// wholly outside the view and lists the others (large, or needing clipping);
// with it, one workgroup shares each listed triangle, after clipping it when
// it needs it (a fan of the clipped polygon's triangles).
//
// The includer defines the triangles first, with whatever set 0 it binds:
//   uint rasterSource_TriangleCount();
//   bool rasterSource_Corners(uint triangle, out vec4 clip[3]);
//       the clip-space corners of a triangle; false when it covers nothing
//       (a back face, an empty slot);
// and this file adds set 1: binding 0 the visibility buffer, binding 1 the
// large list. Reversed depth only: the larger depth is the nearer.
#ifndef RASTER_VISIBILITY_RASTER_GLSL
#define RASTER_VISIBILITY_RASTER_GLSL

#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
#extension GL_EXT_shader_atomic_int64 : require

layout(std430, set = 1, binding = 0) buffer RasterVisibility {
    uint64_t raster_visibility[];
};
// The large list: the large kernel's VkDispatchIndirectCommand (one
// workgroup per entry, at most RASTER_LARGE_WORKGROUPS), the count, the
// triangles' numbers.
layout(std430, set = 1, binding = 1) buffer RasterLargeList {
    uint raster_largeWorkgroups;
    uint raster_largeDispatchY;
    uint raster_largeDispatchZ;
    uint raster_largeCount;
    uint raster_large[];
};
// One workgroup per listed triangle up to this many (the least
// maxComputeWorkGroupCount); beyond, the workgroups stride over the list.
const uint RASTER_LARGE_WORKGROUPS = 65535u;

layout(push_constant) uniform RasterPassConstants {
    uvec2 viewport;       // pixels
    uint smallMaxPixels;  // a box at most this wide and high is small (<= RASTER_SMALL_MAX_PIXELS)
} rasterPass;

// Samples per pixel (1, 2, 4 or 8), a constant of the pipeline so that the
// loops over them unroll.
layout(constant_id = 0) const uint RASTER_PASS_SAMPLES = 1u;

#define RASTER_COVER(index, value) atomicMax(raster_visibility[index], value)
#include "raster/TriangleRaster.glsl"

const uint RASTER_PASS_WORKGROUP_SIZE = 64u;

layout(local_size_x = 64) in;

#ifndef RASTER_VISIBILITY_LARGE
void main()
{
    uint count = rasterSource_TriangleCount();
    vec2 band = raster_GuardBand(rasterPass.viewport);
    uint stride = gl_NumWorkGroups.x * RASTER_PASS_WORKGROUP_SIZE;
    for (uint triangle = gl_GlobalInvocationID.x; triangle < count; triangle += stride) {
        vec4 clip[3];
        if (!rasterSource_Corners(triangle, clip)) {
            continue;
        }
        bool large = raster_NeedsClipping(clip, band);
        if (large) {
            // Beyond the near or far plane, or wholly outside one side of the
            // viewport (the guard band's planes at the viewport's edges): the
            // ground under a camera near it, across the camera's plane, which
            // culling by bounding volumes lets through, costs nothing.
            if (raster_WhollyOutside(clip, vec2(1.0))) {
                continue;
            }
        } else {
            raster_Triangle setup;
            if (!raster_Setup(raster_ToWindow(clip[0], rasterPass.viewport),
                              raster_ToWindow(clip[1], rasterPass.viewport),
                              raster_ToWindow(clip[2], rasterPass.viewport), rasterPass.viewport, setup)) {
                continue;
            }
            large = !raster_IsSmall(setup, int(rasterPass.smallMaxPixels));
            if (!large) {
                raster_CoverSmall(setup, triangle, rasterPass.viewport, RASTER_PASS_SAMPLES);
            }
        }
        if (large) {
            // The list holds as many triangles as the source can have
            // (raster::gpu::VisibilitySource::triangleCapacity); the check
            // keeps a source that undercounts from writing beyond it.
            uint entry = atomicAdd(raster_largeCount, 1u);
            if (entry < uint(raster_large.length())) {
                raster_large[entry] = triangle;
                if (entry < RASTER_LARGE_WORKGROUPS) {
                    atomicAdd(raster_largeWorkgroups, 1u);
                }
            }
        }
    }
}
#else
void raster_CoverShare(raster_WindowVertex a, raster_WindowVertex b, raster_WindowVertex c, uint triangle)
{
    raster_Triangle setup;
    if (raster_Setup(a, b, c, rasterPass.viewport, setup)) {
        raster_CoverPixels(setup, triangle, rasterPass.viewport, RASTER_PASS_SAMPLES, gl_LocalInvocationID.x,
                           RASTER_PASS_WORKGROUP_SIZE);
    }
}

void main()
{
    uint count = min(raster_largeCount, uint(raster_large.length()));
    vec2 band = raster_GuardBand(rasterPass.viewport);
    for (uint item = gl_WorkGroupID.x; item < count; item += gl_NumWorkGroups.x) {
        uint triangle = raster_large[item];
        vec4 clip[3];
        rasterSource_Corners(triangle, clip);  // listed: it covers something
        if (!raster_NeedsClipping(clip, band)) {
            raster_CoverShare(raster_ToWindow(clip[0], rasterPass.viewport),
                              raster_ToWindow(clip[1], rasterPass.viewport),
                              raster_ToWindow(clip[2], rasterPass.viewport), triangle);
            continue;
        }
        vec4 polygon[RASTER_MAX_POLYGON_VERTICES];
        int corners = raster_ClipTriangle(clip, band, polygon);
        if (corners < 3) {
            continue;
        }
        raster_WindowVertex pivot = raster_ToWindow(polygon[0], rasterPass.viewport);
        for (int i = 1; i + 1 < corners; ++i) {
            raster_CoverShare(pivot, raster_ToWindow(polygon[i], rasterPass.viewport),
                              raster_ToWindow(polygon[i + 1], rasterPass.viewport), triangle);
        }
    }
}
#endif

#endif  // RASTER_VISIBILITY_RASTER_GLSL
