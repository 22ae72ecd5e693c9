// The heap backend's triangles (terrain/TerrainTriangles.glsl): the draw
// covers 2^s sub-triangles of each CBT leaf, s = uniformSubdivisionLevels;
// triangle t is sub-triangle t mod 2^s of leaf t / 2^s. Leaf -> heap index ->
// LEB triangle -> sub-triangle -> corner displaced by the heightmap. The
// heap index of each leaf is decoded once per frame (Alg. 1, by
// shaders/leb/LeafDecode.comp) for as many leaves as its buffer holds; a leaf
// beyond that is decoded here, which costs O(D) reads of the heap.
//   set 0 binding 0  the heap index of each of the tree's first leaves
//   set 0 binding 3  the CBT heap
#ifndef TERRAIN_HEAP_TRIANGLES_GLSL
#define TERRAIN_HEAP_TRIANGLES_GLSL

#define CBT_HEAP_BUFFER_BINDING 3
#define CBT_HEAP_READ_ONLY
#include "cbt/ConcurrentBinaryTree.glsl"
#include "leb/TriangleWalk.glsl"

// The draw arguments (terrain::DrawArgumentsPass) start their buffer.
const uint TERRAIN_DRAW_VERTEX_COUNT_WORD = 0u;

layout(std430, set = 0, binding = 0) readonly buffer LeafHeapIndices {
    uint leafHeapIndices[];
};

struct terrain_DrawTriangle {
    vec2 uv[3];      // corners in the unit square, in the order emitted
    uint leafDepth;  // the leaf's depth in the tree
    bool valid;      // false past the tree's leaves (heap index 0)
};

terrain_DrawTriangle terrain_DrawTriangleOf(uint triangle, uint lane)
{
    uint levels = vk_PerInvocation(terrainFrame.uniformSubdivisionLevels, lane);
    uint leaf = triangle >> levels;
    uint subTriangle = triangle - (leaf << levels);
    uint heapIndex = leaf < uint(leafHeapIndices.length()) ? leafHeapIndices[leaf] : cbt_DecodeNode(leaf);
    leb_Triangle walked = leb_SubdivideTriangle(leb_DecodeTriangle(heapIndex, LEB_DOMAIN_SQUARE), subTriangle, levels);
    // Bisection alternates the triangles' orientation in the unit square:
    // a clockwise one is emitted in reverse.
    vec2 edgeA = walked.v[1] - walked.v[0];
    vec2 edgeB = walked.v[2] - walked.v[0];
    bool clockwise = edgeA.x * edgeB.y - edgeA.y * edgeB.x < 0.0;
    terrain_DrawTriangle result;
    for (uint corner = 0u; corner < 3u; ++corner) {
        result.uv[corner] = walked.v[clockwise && corner != 1u ? 2u - corner : corner];
    }
    result.leafDepth = uint(findMSB(heapIndex));
    result.valid = heapIndex != 0u;  // heap indices start at 1
    return result;
}

terrain_DrawVertex terrain_DrawVertexOf(terrain_DrawTriangle t, uint corner, uint lane, bool request)
{
    vec2 uv = t.uv[corner];
    terrain_DrawVertex vertex;
    vertex.heightmapCoordinate = terrain_HeightmapCoordinate(uv);
    float height = terrain_SurfaceHeight(uv, terrain_StreamLevelCount(lane), request);
    vertex.worldPosition = terrain_WorldPosition(uv, height);
    vertex.clip = terrainFrame.viewProjection * vec4(vertex.worldPosition, 1.0);
    return vertex;
}

#endif  // TERRAIN_HEAP_TRIANGLES_GLSL
