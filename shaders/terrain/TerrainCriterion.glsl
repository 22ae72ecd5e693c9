// The terrain's level-of-detail criterion (paper §5.3), compiled into the
// subdivision kernel by terrain/TerrainSubdivision.comp (interface in
// leb/Subdivision.glsl; the terrain uses the square domain).
//
// A triangle splits when all of these hold:
//   - its displaced bounds intersect the view frustum: the box spanned by its
//     unit-square bounds and the conservative min/max heights of the
//     heightmap texels under it (from the min/max chain);
//   - its longest edge (the hypotenuse v0-v2), with its end points displaced
//     by the heightmap exactly as the vertex shader displaces them, projects
//     to more than levelOfDetail.z pixels; an end point at or behind the
//     camera plane counts as infinitely long. (The min/max bounds would make
//     a poor length estimate: below the chain's finest level they stop
//     shrinking with the triangle, so steep regions would refine to the max
//     depth);
//   - it is not flat: the standard deviation of the heights under it (from
//     the moments chain, and for a streamed model also from the moments of
//     the resident tiles under it, the larger; in metres) is not below the
//     flatness threshold (so 0 means nothing is ever flat).
// A leaf merges (with its sibling and the diamond's other pair, see Alg. 8)
// when neither its parent nor the parent's longest-edge neighbour would
// split: the exact negation of the split test one level up, so a split is
// never undone while the view holds still.
//
// Data, descriptor set 1: binding 0 the frame uniforms, bindings 1 and 2 the
// min/max and moments chains, binding 3 the heightmap, bindings 4 to 6 a
// streamed model's atlas, page table and tile statistics
// (terrain::TerrainCriterion in C++).
#ifndef TERRAIN_CRITERION_GLSL
#define TERRAIN_CRITERION_GLSL

#define TERRAIN_UNIFORMS_SET 1
#define TERRAIN_UNIFORMS_BINDING 0
#define TERRAIN_STATISTICS_SET 1
#define TERRAIN_MIN_MAX_BINDING 1
#define TERRAIN_MOMENTS_BINDING 2
#include "terrain/TerrainUniforms.glsl"
#include "terrain/HeightStatistics.glsl"
#include "terrain/LevelOfDetail.glsl"

layout(set = 1, binding = 3) uniform sampler2D terrain_heightmap;

#define TERRAIN_STREAM_SET 1
#define TERRAIN_TILE_ATLAS_BINDING 4
#define TERRAIN_PAGE_TABLE_BINDING 5
#define TERRAIN_TILE_STATISTICS_BINDING 6
#define TERRAIN_STREAM_HEIGHTMAP terrain_heightmap
#include "terrain/StreamedHeights.glsl"
#include "terrain/StreamedStatistics.glsl"
#include "vk/DriverPath.glsl"

// The split test of the triangle of `heapIndex` (any node, leaf or not).
bool terrain_WantsSplit(uint heapIndex)
{
    leb_Triangle triangle = leb_DecodeTriangle(heapIndex, LEB_DOMAIN_SQUARE);
    vec2 uvMin = min(min(triangle.v[0], triangle.v[1]), triangle.v[2]);
    vec2 uvMax = max(max(triangle.v[0], triangle.v[1]), triangle.v[2]);
    terrain_StatisticsFootprint footprint = terrain_FootprintOf(uvMin, uvMax);
    uint streamLevels = terrain_StreamLevelCount(heapIndex);
    terrain_HeightSummary heights = terrain_HeightSummaryOf(uvMin, uvMax, footprint, streamLevels);
    if (!terrain_BoxIntersectsPlanes(terrainFrame.frustumPlanes, terrain_WorldPosition(uvMin, heights.bounds.x),
                                     terrain_WorldPosition(uvMax, heights.bounds.y))) {
        return false;
    }
    if (terrain_IsFlatDeviation(terrain_DeviationOf(heights, footprint))) {
        return false;
    }
    float heightA = terrain_SurfaceHeight(triangle.v[0], streamLevels, false);
    float heightB = terrain_SurfaceHeight(triangle.v[2], streamLevels, false);
    float pixels = terrain_ProjectedLengthPixels(terrainFrame.viewProjection,
                                                 terrain_WorldPosition(triangle.v[0], heightA),
                                                 terrain_WorldPosition(triangle.v[2], heightB));
    return pixels > terrainFrame.targetEdgePixels;
}

bool lebShouldSplit(uint heapIndex, uint domain)
{
    return terrain_WantsSplit(heapIndex);
}

bool lebShouldMerge(uint heapIndex, uint domain)
{
    if (!leb_IsMergeableLevel(heapIndex, domain)) {
        return false;
    }
    uint parent = heapIndex / 2u;
    if (terrain_WantsSplit(parent)) {
        return false;
    }
    uint diamond = leb_SameDepthNeighbors(parent, domain).edge;
    return diamond == LEB_NO_NEIGHBOR || !terrain_WantsSplit(diamond);
}

#endif  // TERRAIN_CRITERION_GLSL
