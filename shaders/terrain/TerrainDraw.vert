#version 460
// Terrain vertex shader, drawn with one vkCmdDrawIndirect on the
// dispatcher's arguments (one instance): vertices [V i, V (i + 1)) belong to
// leaf i of the CBT, V = 3 * 2^s, s = drawOptions.y uniform subdivision
// levels. Leaf -> heap index -> LEB triangle -> sub-triangle (vertex in
// leaf) / 3 -> corner (vertex in leaf) % 3 -> displaced by the heightmap ->
// clip space.
// The heap index of each leaf is decoded once per frame (Alg. 1, by
// shaders/leb/LeafDecode.comp) for as many leaves as its buffer holds; the
// vertex shader decodes a leaf beyond that itself, which costs O(D) reads of
// the heap per vertex.
#extension GL_GOOGLE_include_directive : require

#define CBT_HEAP_BUFFER_BINDING 3
#define CBT_HEAP_READ_ONLY
#include "cbt/ConcurrentBinaryTree.glsl"

// Heap index of each of the tree's first leaves, in leaf order.
layout(std430, set = 0, binding = 0) readonly buffer LeafHeapIndices {
    uint leafHeapIndices[];
};

#define TERRAIN_UNIFORMS_SET 0
#define TERRAIN_UNIFORMS_BINDING 1
#include "leb/TriangleWalk.glsl"
#include "terrain/TerrainUniforms.glsl"
#include "vk/DriverPath.glsl"
#include "display/Wireframe.glsl"

layout(set = 0, binding = 2) uniform sampler2D heightmap;

#define TERRAIN_STREAM_SET 0
#define TERRAIN_TILE_ATLAS_BINDING 8
#define TERRAIN_PAGE_TABLE_BINDING 9
#define TERRAIN_TILE_REQUESTS_BINDING 10
#define TERRAIN_STREAM_HEIGHTMAP heightmap
#include "terrain/StreamedHeights.glsl"

layout(location = 0) noperspective out vec3 barycentric;
layout(location = 1) out vec3 worldPosition;
layout(location = 2) out vec2 heightmapCoordinate;
layout(location = 3) flat out uint leafDepth;

void main()
{
    uint levels = vk_PerInvocation(terrainFrame.uniformSubdivisionLevels, uint(gl_VertexIndex));
    uint verticesPerLeaf = 3u << levels;
    uint leaf = uint(gl_VertexIndex) / verticesPerLeaf;
    uint vertexInLeaf = uint(gl_VertexIndex) - leaf * verticesPerLeaf;
    uint heapIndex = leaf < uint(leafHeapIndices.length()) ? leafHeapIndices[leaf] : cbt_DecodeNode(leaf);
    uint corner = vertexInLeaf % 3u;
    uint subTriangle = vertexInLeaf / 3u;
    leb_Triangle triangle =
        leb_SubdivideTriangle(leb_DecodeTriangle(heapIndex, LEB_DOMAIN_SQUARE), subTriangle, levels);
    // Bisection alternates the triangles' orientation in the unit square.
    // Every one is emitted with a positive signed area in (u, v) (u along +X,
    // v along +Z), so that all show the same face upwards and the pipeline
    // can cull back faces (terrain::TerrainDrawPass).
    vec2 edgeA = triangle.v[1] - triangle.v[0];
    vec2 edgeB = triangle.v[2] - triangle.v[0];
    bool clockwise = edgeA.x * edgeB.y - edgeA.y * edgeB.x < 0.0;
    vec2 uv = triangle.v[clockwise && corner != 1u ? 2u - corner : corner];
    heightmapCoordinate = terrain_HeightmapCoordinate(uv);
    uint streamLevels = terrain_StreamLevelCount(uint(gl_VertexIndex));
    float height = terrain_SurfaceHeight(uv, streamLevels, true);
    worldPosition = terrain_WorldPosition(uv, height);
    barycentric = display_CornerBarycentric(corner);
    leafDepth = uint(findMSB(heapIndex));
    // Heap indices start at 1.
    gl_Position = vk_ClipPositionOfLane(terrainFrame.viewProjection * vec4(worldPosition, 1.0), heapIndex != 0u);
}
