#version 460
// The globe's visibility pass, second kernel: one workgroup per triangle of
// the large list (planet/GlobeRaster.glsl), its invocations sharing the
// pixels of its box, after clipping it when it needs it (a fan of the
// clipped polygon's triangles). The workgroups stride over the list.
#extension GL_GOOGLE_include_directive : require
#include "planet/GlobeRaster.glsl"

layout(local_size_x = 64) in;

void globeRaster_CoverShare(raster_WindowVertex a, raster_WindowVertex b, raster_WindowVertex c, uint triangle)
{
    raster_Triangle setup;
    if (raster_Setup(a, b, c, globeRaster.viewport, setup)) {
        raster_CoverPixels(setup, triangle, globeRaster.viewport, GLOBE_RASTER_SAMPLES, gl_LocalInvocationID.x,
                           GLOBE_RASTER_WORKGROUP_SIZE);
    }
}

void main()
{
    uint count = globeRaster_largeCount;
    vec2 band = raster_GuardBand(globeRaster.viewport);
    for (uint item = gl_WorkGroupID.x; item < count; item += gl_NumWorkGroups.x) {
        uint triangle = globeRaster_large[item];
        vec4 clip[3];
        globeRaster_Corners(triangle, clip);  // listed: not a back face
        if (!raster_NeedsClipping(clip, band)) {
            globeRaster_CoverShare(raster_ToWindow(clip[0], globeRaster.viewport),
                                   raster_ToWindow(clip[1], globeRaster.viewport),
                                   raster_ToWindow(clip[2], globeRaster.viewport), triangle);
            continue;
        }
        vec4 polygon[RASTER_MAX_POLYGON_VERTICES];
        int corners = raster_ClipTriangle(clip, band, polygon);
        if (corners < 3) {
            continue;
        }
        raster_WindowVertex pivot = raster_ToWindow(polygon[0], globeRaster.viewport);
        for (int i = 1; i + 1 < corners; ++i) {
            globeRaster_CoverShare(pivot, raster_ToWindow(polygon[i], globeRaster.viewport),
                                   raster_ToWindow(polygon[i + 1], globeRaster.viewport), triangle);
        }
    }
}
