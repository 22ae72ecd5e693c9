#version 460
// Terrain vertex shader of the bisector pool backend, drawn with one
// vkCmdDrawIndirect (terrain/PoolTerrainDrawArguments.comp): vertex v is
// corner v mod 3 of triangle v / 3 (terrain/PoolTriangles.glsl: a visible
// bisector's corners from its geometry cache, down to a sub-triangle of the
// uniform subdivision, relative to the camera). The outputs are those of
// terrain/TerrainDraw.vert, for the same fragment shader. kSubdivided is
// false in the pipeline of a draw without uniform subdivision
// (terrain::PoolTerrainDrawPass), which then has neither the walk down to a
// sub-triangle nor its new corners' height samples.
#extension GL_GOOGLE_include_directive : require

layout(constant_id = 0) const bool kSubdivided = true;
#define TERRAIN_POOL
#define POOL_TRIANGLES_SUBDIVIDED kSubdivided
#include "terrain/TerrainTriangles.glsl"
#include "display/Wireframe.glsl"

layout(location = 0) noperspective out vec3 barycentric;
layout(location = 1) out vec3 worldPosition;
layout(location = 2) out vec2 heightmapCoordinate;
layout(location = 3) flat out uint leafDepth;

void main()
{
    uint vertexIndex = uint(gl_VertexIndex);
    uint corner = vertexIndex % 3u;
    terrain_DrawTriangle triangle = terrain_DrawTriangleOf(vertexIndex / 3u, vertexIndex);
    terrain_DrawVertex vertex = terrain_DrawVertexOf(triangle, corner, vertexIndex, false);
    heightmapCoordinate = vertex.heightmapCoordinate;
    worldPosition = vertex.worldPosition;
    barycentric = display_CornerBarycentric(corner);
    leafDepth = triangle.leafDepth;
    // A real bisector is at least at depth 2 (facts' low byte).
    gl_Position = vk_ClipPositionOfLane(vertex.clip, triangle.valid);
}
