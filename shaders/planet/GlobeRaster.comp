#version 460
// The globe's visibility pass (raster::gpu::VisibilityRasterPass): its
// visible triangles (planet/GlobeRaster.glsl) rasterized in compute
// (raster/VisibilityRaster.glsl; with RASTER_VISIBILITY_LARGE, the kernel
// for the large list). Dispatched over the visible list
// (GlobeTerrain::visibleDispatchOffset); the invocations stride over it, so
// any number of workgroups covers it.
#extension GL_GOOGLE_include_directive : require
#include "planet/GlobeRaster.glsl"
#include "raster/VisibilityRaster.glsl"
