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
#define TERRAIN_STREAM_HEIGHTMAP terrain_heightmap
#include "terrain/StreamedHeights.glsl"
#include "vk/DriverPath.glsl"

// Per page-table entry, the statistics of the tile's share
// (terrain::TileStatistics): its lowest sample in the low 16 bits of
// `bounds` and its highest in the high 16, the mean of its normalised heights
// and of their squares, and its samples (the moments' weight).
struct terrain_TileStatistics {
    uint bounds;
    float meanHeight;
    float meanSquaredHeight;
    float samples;
};

layout(std430, set = 1, binding = 6) readonly buffer TerrainTileStatistics {
    terrain_TileStatistics terrain_tileStatistics[];
};

// What a streamed model's resident tiles say of the heights over [uvMin,
// uvMax]: read from the finest level that covers the box with at most 2 x 2
// tiles, all resident (else the next coarser).
struct terrain_StreamedStatistics {
    vec2 bounds;      // normalised lowest and highest sample; (1, 0) when no level covers the box
    float deviation;  // standard deviation of the normalised heights of those tiles; 0 likewise
};

terrain_StreamedStatistics terrain_StreamedHeightStatistics(vec2 uvMin, vec2 uvMax, uint levelCount)
{
    vec2 lowZero = terrain_LevelZeroPosition(uvMin);
    vec2 highZero = terrain_LevelZeroPosition(uvMax);
    uint tileSize = terrainFrame.streamTileSize;
    for (uint level = 0u; level < levelCount; ++level) {
        terrain_StreamLevel info = terrainFrame.streamLevels[level];
        float scale = exp2(-float(level));
        uvec2 lastSample = uvec2(info.columns - 1u, info.rows - 1u);
        // The samples bilinear filtering reads anywhere in the box.
        uvec2 firstSample = uvec2(clamp(floor((lowZero + 0.5) * scale - 0.5), vec2(0.0), vec2(lastSample)));
        uvec2 endSample = uvec2(clamp(floor((highZero + 0.5) * scale - 0.5) + 1.0, vec2(0.0), vec2(lastSample)));
        uvec2 firstTile = firstSample / tileSize;
        uvec2 lastTile = endSample / tileSize;
        if (lastTile.x - firstTile.x > 1u || lastTile.y - firstTile.y > 1u) {
            continue;
        }
        uint lowest = 0xFFFFu;
        uint highest = 0u;
        // The tiles' moments pooled, each weighted by its samples.
        vec3 weighted = vec3(0.0);  // samples, their sum of heights, of squared heights
        bool resident = true;
        for (uint y = firstTile.y; y <= lastTile.y; ++y) {
            for (uint x = firstTile.x; x <= lastTile.x; ++x) {
                uint entry = info.firstEntry + y * info.tilesAcross + x;
                resident = resident && terrain_pageTable[entry] != 0u;
                terrain_TileStatistics tile = terrain_tileStatistics[entry];
                lowest = min(lowest, tile.bounds & 0xFFFFu);
                highest = max(highest, tile.bounds >> 16u);
                weighted += tile.samples * vec3(1.0, tile.meanHeight, tile.meanSquaredHeight);
            }
        }
        if (resident) {
            vec2 moments = weighted.yz / max(weighted.x, 1.0);
            return terrain_StreamedStatistics(vec2(float(lowest), float(highest)) / 65535.0,
                                              sqrt(max(moments.y - moments.x * moments.x, 0.0)));
        }
    }
    return terrain_StreamedStatistics(vec2(1.0, 0.0), 0.0);
}

// The split test of the triangle of `heapIndex` (any node, leaf or not).
bool terrain_WantsSplit(uint heapIndex)
{
    leb_Triangle triangle = leb_DecodeTriangle(heapIndex, LEB_DOMAIN_SQUARE);
    vec2 uvMin = min(min(triangle.v[0], triangle.v[1]), triangle.v[2]);
    vec2 uvMax = max(max(triangle.v[0], triangle.v[1]), triangle.v[2]);
    terrain_StatisticsFootprint footprint = terrain_FootprintOf(uvMin, uvMax);
    uint streamLevels = vk_PerInvocation(terrainFrame.streamLevelCount, heapIndex);
    vec2 heights = terrain_HeightBounds(footprint);
    float deviation = terrain_HeightStandardDeviation(footprint);
    if (streamLevels != 0u) {
        // The heightmap averages its blocks, so its bounds and deviations
        // are milder than the file's: a peak finer than its texels would be
        // culled at the frustum's edge, and relief it averages away would
        // count as flat. The resident tiles widen both.
        terrain_StreamedStatistics streamed = terrain_StreamedHeightStatistics(uvMin, uvMax, streamLevels);
        heights = vec2(min(heights.x, streamed.bounds.x), max(heights.y, streamed.bounds.y));
        deviation = max(deviation, streamed.deviation);
    }
    if (!terrain_BoxIntersectsPlanes(terrainFrame.frustumPlanes, terrain_WorldPosition(uvMin, heights.x),
                                     terrain_WorldPosition(uvMax, heights.y))) {
        return false;
    }
    if (terrain_IsFlatDeviation(deviation)) {
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
