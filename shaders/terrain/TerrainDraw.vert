#version 460
// Terrain vertex shader of the heap backend, drawn with one
// vkCmdDrawIndirect on the dispatcher's arguments (one instance): vertex v
// is corner v mod 3 of triangle v / 3 (terrain/HeapTriangles.glsl: leaf ->
// heap index -> LEB triangle -> sub-triangle -> corner displaced by the
// heightmap -> clip space).
#extension GL_GOOGLE_include_directive : require

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
    terrain_DrawVertex vertex = terrain_DrawVertexOf(triangle, corner, vertexIndex, true);
    heightmapCoordinate = vertex.heightmapCoordinate;
    worldPosition = vertex.worldPosition;
    barycentric = display_CornerBarycentric(corner);
    leafDepth = triangle.leafDepth;
    gl_Position = vk_ClipPositionOfLane(vertex.clip, triangle.valid);
}
