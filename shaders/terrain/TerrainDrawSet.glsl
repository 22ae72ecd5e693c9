// What both of the terrain's draws bind in their set 0 besides their
// triangles (terrain::TerrainDrawPass for the heap, PoolTerrainDrawPass for
// the pool), for every program that draws or shades the terrain, through the
// graphics pipeline or in compute:
//   binding 1   the frame's TerrainUniforms (terrain/TerrainUniforms.glsl),
//               a uniform buffer for the draw's vertex and fragment shaders
//   binding 12  the same buffer as a storage buffer, for the visibility pass
//               and the shading in compute (TERRAIN_DRAW_SET_IN_COMPUTE):
//               lavapipe inlines the values of a uniform buffer that decide
//               a branch and compiles the program again whenever they change,
//               which a moving camera did every frame (docs/PERFORMANCE.md)
//   binding 2   the heightmap
//   binding 5   the sun's horizon map (terrain::SunShadowMap): the terrain's
//               elevation angle towards the sun, in radians
//   binding 6   the sea mask (terrain::SeaMaskTexture): 1 over samples under the sea
//   binding 7   the imagery (terrain::ImageryTexture): sRGB, so read as
//               linear colour; alpha 0 where no imagery lies (one such
//               texel when the terrain has none)
//   bindings 8, 9, 10  a streamed model's atlas, page table and request bits
//               (terrain/StreamedHeights.glsl; an empty atlas when nothing streams)
//   bindings 13, 14, 15  streamed imagery's atlas, page table and request
//               bits (surface/StreamedImagery.glsl; an empty atlas when the
//               imagery does not stream)
//   binding 11  the buffer of the draw's VkDrawIndirectCommand, whose
//               vertex count (three per triangle) is word
//               TERRAIN_DRAW_VERTEX_COUNT_WORD (terrain/TerrainTriangles.glsl)
// The heap's and the pool's own bindings are 0, 3 and 4
// (terrain/HeapTriangles.glsl, terrain/PoolTriangles.glsl).
#ifndef TERRAIN_DRAW_SET_GLSL
#define TERRAIN_DRAW_SET_GLSL

#define TERRAIN_UNIFORMS_SET 0
#ifdef TERRAIN_DRAW_SET_IN_COMPUTE
#define TERRAIN_UNIFORMS_BINDING 12
#define TERRAIN_UNIFORMS_IN_STORAGE
#else
#define TERRAIN_UNIFORMS_BINDING 1
#endif
#include "terrain/TerrainUniforms.glsl"

layout(set = 0, binding = 2) uniform sampler2D heightmap;
layout(set = 0, binding = 5) uniform sampler2D sunHorizon;
layout(set = 0, binding = 6) uniform sampler2D seaMask;
layout(set = 0, binding = 7) uniform sampler2D imagery;

#define TERRAIN_STREAM_SET 0
#define TERRAIN_TILE_ATLAS_BINDING 8
#define TERRAIN_PAGE_TABLE_BINDING 9
#define TERRAIN_TILE_REQUESTS_BINDING 10
#define TERRAIN_STREAM_HEIGHTMAP heightmap
#include "terrain/StreamedHeights.glsl"

#define SURFACE_IMAGERY_TILES_SET 0
#define SURFACE_IMAGERY_ATLAS_BINDING 13
#define SURFACE_IMAGERY_PAGE_TABLE_BINDING 14
#define SURFACE_IMAGERY_REQUESTS_BINDING 15

layout(std430, set = 0, binding = 11) readonly buffer TerrainDrawArguments {
    uint terrainDrawArgumentWords[];
};

#endif  // TERRAIN_DRAW_SET_GLSL
