// What the globe's draw binds (planet::gpu::GlobeTerrain), set 0, shared by
// its visibility pass (planet/GlobeRaster.comp) and
// its shading (planet/GlobeShade.comp):
//   binding 0  the pool's visible list (slots)
//   binding 1  the geometry cache (planet/GlobeGeometry.glsl)
//   binding 2  GlobeDrawFrame
//   binding 3  the sea-level sky (planet/SeaLevelSky.glsl)
//   binding 4  the slots' exact vertices (planet/GlobeCriterion.glsl)
//   binding 5  the slots' vertices' shading (planet/GlobeGeometry.glsl)
//   binding 6  the pool's counters (bisector::gpu::PoolCounters), for the
//              number of visible bisectors
//   binding 7  the elevation on the cube, the model's base grid
//              (planet/CubeElevation.glsl; its intervals in
//              globeDraw_options.y)
//   binding 8  the imagery layers, bottom first, each on a grid of WGS 84
//              degrees over its globeDraw_imageryBounds
//              (terrain::ImageryTexture; the first globeDraw_options.z are
//              shown, the others hold one transparent texel)
//   binding 9  the night lights, a map of the whole Earth in WGS 84
//              degrees (shown where globeDraw_surfaceOptions.x is 1)
//   binding 10 sea level on the cube (planet/CubeGeoid.glsl)
//   binding 11 the streamed imagery layer's tile atlas, 12 its page table,
//              13 its request bits (surface/StreamedImagery.glsl; the layer
//              in globeDraw_imageryStream)
// The shading also binds the atmosphere's set (planet/GlobeAtmosphere.glsl)
// as set 1 and its images as set 2.
#ifndef PLANET_GLOBE_DRAW_GLSL
#define PLANET_GLOBE_DRAW_GLSL

#include "planet/CubeGeometry.glsl"

// planet::gpu::kMaxGlobeImageryLayers.
#define GLOBE_DRAW_IMAGERY_LAYERS 5

layout(std430, set = 0, binding = 0) readonly buffer GlobeVisible {
    uint globeDraw_visible[];
};
layout(std430, set = 0, binding = 1) readonly buffer GlobeDrawCache {
    vec4 globeDraw_cache[];
};
layout(std140, set = 0, binding = 2) uniform GlobeDrawFrame {
    mat4 globeDraw_viewProjection;  // projection x view rotation: from camera-relative ECEF
    vec4 globeDraw_cameraFromOrigin;
    vec4 globeDraw_cameraEcef;      // approximate (float), for directions only
    vec4 globeDraw_sunDirection;    // ECEF, unit
    vec4 globeDraw_cameraAtmosphere;  // xyz: atmosphere space (km); w: altitude there (km)
    vec4 globeDraw_sunAtmosphere;     // atmosphere space, unit
    uvec4 globeDraw_options;          // x: 1 draws the wireframe over the shading; y: the elevation's intervals;
                                      // z: the imagery layers shown; w: 1 casts the relief's shadows
    i64vec4 globeDraw_cameraCube;     // the cube point under the camera, exact (planet/CubeGeometry.glsl)
    mat4 globeDraw_inverseViewProjection;  // clip space to camera-relative ECEF
    vec4 globeDraw_imageryBounds[GLOBE_DRAW_IMAGERY_LAYERS];  // west, south, east, north (degrees): each layer's edges
    vec4 globeDraw_surfaceOptions;    // x: 1 shows the night lights (globeDraw_nightLightsMap);
                                      // y: contour lines every this many metres (surface/Contours.glsl), 0: none
    uvec4 globeDraw_imageryStream;    // x: the streamed imagery layer + 1 (0: none); y: its levels of tiles;
                                      // zw: its finest level's texels
};
layout(set = 0, binding = 3) uniform sampler3D globeDraw_seaLevelSky;
layout(std430, set = 0, binding = 4) readonly buffer GlobeDrawExact {
    i64vec4 globeDraw_exact[];
};
layout(std430, set = 0, binding = 5) readonly buffer GlobeDrawShading {
    uint globeDraw_shading[];
};

layout(std430, set = 0, binding = 6) readonly buffer GlobeDrawPoolCounters {
    uint globeDraw_poolCounterWords[];
};
#define GLOBE_DRAW_ELEVATION_BINDING 7
#define GLOBE_DRAW_GEOID_BINDING 10
#define SURFACE_IMAGERY_TILES_SET 0
#define SURFACE_IMAGERY_ATLAS_BINDING 11
#define SURFACE_IMAGERY_PAGE_TABLE_BINDING 12
#define SURFACE_IMAGERY_REQUESTS_BINDING 13
layout(set = 0, binding = 8) uniform sampler2D globeDraw_imagery[GLOBE_DRAW_IMAGERY_LAYERS];
layout(set = 0, binding = 9) uniform sampler2D globeDraw_nightLightsMap;

// The word of bisector::gpu::PoolCounters that holds visibleCount.
const uint GLOBE_DRAW_VISIBLE_COUNT_WORD = 9u;

uint globeDraw_VisibleCount()
{
    return globeDraw_poolCounterWords[GLOBE_DRAW_VISIBLE_COUNT_WORD];
}

#endif  // PLANET_GLOBE_DRAW_GLSL
