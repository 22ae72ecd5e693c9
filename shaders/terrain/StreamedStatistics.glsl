// What a streamed elevation model's resident tiles tell the level-of-detail
// criteria (terrain/TerrainCriterion.glsl, terrain/PoolTerrainCriterion.glsl)
// of the heights over a box, beside the heightmap's statistics chains.
//
// The including shader has included terrain/StreamedHeights.glsl and
// terrain/HeightStatistics.glsl, and defines TERRAIN_TILE_STATISTICS_BINDING
// (in TERRAIN_STREAM_SET).
#ifndef TERRAIN_STREAMED_STATISTICS_GLSL
#define TERRAIN_STREAMED_STATISTICS_GLSL

#ifndef TERRAIN_STREAMED_HEIGHTS_GLSL
#error "include terrain/StreamedHeights.glsl before terrain/StreamedStatistics.glsl"
#endif

// Per page-table entry, the statistics of the tile's share
// (tiles::gpu::TileStatistics): its lowest sample in the low 16 bits of
// `bounds` and its highest in the high 16, the mean of its normalised heights
// and of their squares, and its samples (the moments' weight).
struct terrain_TileStatistics {
    uint bounds;
    float meanHeight;
    float meanSquaredHeight;
    float samples;
};

layout(std430, set = TERRAIN_STREAM_SET, binding = TERRAIN_TILE_STATISTICS_BINDING) readonly buffer TerrainTileStatistics {
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
                resident = resident && tiles_Resident(entry);
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

// What the criteria test of the heights over [uvMin, uvMax], besides the
// heightmap's standard deviation (terrain_HeightStandardDeviation, which
// they read only once the frustum test has passed).
struct terrain_HeightSummary {
    vec2 bounds;          // normalised lowest and highest height
    float tileDeviation;  // a streamed model's tiles' standard deviation there; 0 without
};

// The heightmap's bounds over `footprint` (terrain_FootprintOf(uvMin,
// uvMax)), and with `streamLevels` (terrain_StreamLevelCount() of the
// caller) what a streamed model's resident
// tiles say of the box. The heightmap averages its blocks, so its bounds and
// deviations are milder than the file's: a peak finer than its texels would
// be culled at the frustum's edge, and relief it averages away would count as
// flat. The tiles widen the bounds and give a deviation that the flatness
// test takes where it is the larger (terrain_DeviationOf).
terrain_HeightSummary terrain_HeightSummaryOf(vec2 uvMin, vec2 uvMax, terrain_StatisticsFootprint footprint,
                                              uint streamLevels)
{
    terrain_HeightSummary summary = terrain_HeightSummary(terrain_HeightBounds(footprint), 0.0);
    if (streamLevels != 0u) {
        terrain_StreamedStatistics streamed = terrain_StreamedHeightStatistics(uvMin, uvMax, streamLevels);
        summary.bounds = vec2(min(summary.bounds.x, streamed.bounds.x), max(summary.bounds.y, streamed.bounds.y));
        summary.tileDeviation = streamed.deviation;
    }
    return summary;
}

// The standard deviation the flatness test reads: the heightmap's over
// `footprint`, or the tiles' where larger.
float terrain_DeviationOf(terrain_HeightSummary summary, terrain_StatisticsFootprint footprint)
{
    return max(terrain_HeightStandardDeviation(footprint), summary.tileDeviation);
}

#endif  // TERRAIN_STREAMED_STATISTICS_GLSL
