// The terrain's triangles as its draws see them, for the vertex shaders
// (terrain/TerrainDraw.vert, PoolTerrainDraw.vert) and for the visibility
// pass and shading in compute (terrain/TerrainRaster.comp,
// TerrainShade.comp): triangle t is vertices 3t .. 3t + 2 of the draw, each
// emitted with a positive signed area in (u, v) (u along +X, v along +Z), so
// that all show the same face upwards. The backend's file
// (terrain/HeapTriangles.glsl, or terrain/PoolTriangles.glsl with
// TERRAIN_POOL) defines
//   terrain_DrawTriangle terrain_DrawTriangleOf(uint triangle, uint lane);
//   terrain_DrawVertex terrain_DrawVertexOf(terrain_DrawTriangle t, uint corner, uint lane, bool request);
//   TERRAIN_DRAW_VERTEX_COUNT_WORD, where the draw's vertex count lies in binding 11;
// `lane` ties uniform values to the invocation on the CPU-driver path
// (vk_PerInvocation); `request` asks a streamed model for the tiles the
// corner's height wants.
#ifndef TERRAIN_TRIANGLES_GLSL
#define TERRAIN_TRIANGLES_GLSL

#include "terrain/TerrainDrawSet.glsl"
#include "vk/DriverPath.glsl"

struct terrain_DrawVertex {
    vec4 clip;                // clip-space position
    vec3 worldPosition;       // world metres
    vec2 heightmapCoordinate;
};

#ifdef TERRAIN_POOL
#include "terrain/PoolTriangles.glsl"
#else
#include "terrain/HeapTriangles.glsl"
#endif

// Triangles in the draw (its vertex count over three).
uint terrain_DrawTriangleCount()
{
    return terrainDrawArgumentWords[TERRAIN_DRAW_VERTEX_COUNT_WORD] / 3u;
}

#endif  // TERRAIN_TRIANGLES_GLSL
