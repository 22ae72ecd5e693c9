#version 460
// The globe's visibility pass, first kernel: one invocation per visible
// triangle (planet/GlobeRaster.glsl). A triangle that needs no clipping and
// whose box is at most globeRaster.smallMaxPixels a side is covered here;
// one wholly outside the view is dropped; the others go to the large list.
// Dispatched over the visible list (GlobeTerrain::visibleDispatchOffset);
// the invocations stride over it, so any number of workgroups covers it.
#extension GL_GOOGLE_include_directive : require
#include "planet/GlobeRaster.glsl"

layout(local_size_x = 64) in;

void main()
{
    uint visible = globeDraw_VisibleCount();
    vec2 band = raster_GuardBand(globeRaster.viewport);
    uint stride = gl_NumWorkGroups.x * GLOBE_RASTER_WORKGROUP_SIZE;
    for (uint triangle = gl_GlobalInvocationID.x; triangle < visible; triangle += stride) {
        vec4 clip[3];
        if (!globeRaster_Corners(triangle, clip)) {
            continue;
        }
        bool large = raster_NeedsClipping(clip, band);
        if (large) {
            // Beyond the near or far plane, or wholly outside one side of the
            // viewport (the guard band's planes at the viewport's edges): the
            // ground under a camera near it, across the camera's plane, which
            // the index pass's culling spheres let through, costs nothing.
            if (raster_WhollyOutside(clip, vec2(1.0))) {
                continue;
            }
        } else {
            raster_Triangle setup;
            if (!raster_Setup(raster_ToWindow(clip[0], globeRaster.viewport),
                              raster_ToWindow(clip[1], globeRaster.viewport),
                              raster_ToWindow(clip[2], globeRaster.viewport), globeRaster.viewport, setup)) {
                continue;
            }
            large = !raster_IsSmall(setup, int(globeRaster.smallMaxPixels));
            if (!large) {
                raster_CoverSmall(setup, triangle, globeRaster.viewport, GLOBE_RASTER_SAMPLES);
            }
        }
        if (large) {
            uint entry = atomicAdd(globeRaster_largeCount, 1u);
            globeRaster_large[entry] = triangle;
            if (entry < GLOBE_RASTER_LARGE_WORKGROUPS) {
                atomicAdd(globeRaster_largeWorkgroups, 1u);
            }
        }
    }
}
