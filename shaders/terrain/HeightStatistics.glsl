// Reading the height statistics chains built at load time by
// HeightStatisticsFromHeightmap.comp and HeightStatisticsReduce.comp
// (src/terrain/HeightStatistics.h):
//   - min/max chain: one uint per texel, min sample in the low 16 bits, max in
//     the high 16 bits (the raw 16-bit heightmap values of the covered texels);
//   - moments chain: one vec2 per texel, the mean of the normalised heights of
//     the covered texels and the mean of their squares.
// Level l (0-based) has floor(size / 2^(l+1)) texels per axis (at least 1).
// Its texel i covers heightmap texels [i * 2^(l+1), (i+1) * 2^(l+1)), the last
// one of a row or column everything up to the heightmap's edge.
// terrainFrame.statisticsLevels[l] gives the level's first texel in both
// buffers, its width and height (terrain/TerrainUniforms.glsl).
//
// The including shader defines TERRAIN_STATISTICS_SET, and the bindings
// TERRAIN_MIN_MAX_BINDING and TERRAIN_MOMENTS_BINDING.
#ifndef TERRAIN_HEIGHT_STATISTICS_GLSL
#define TERRAIN_HEIGHT_STATISTICS_GLSL

#ifndef TERRAIN_UNIFORMS_GLSL
#error "include terrain/TerrainUniforms.glsl before terrain/HeightStatistics.glsl"
#endif

layout(std430, set = TERRAIN_STATISTICS_SET, binding = TERRAIN_MIN_MAX_BINDING) readonly buffer TerrainMinMaxChain {
    uint terrain_minMaxTexels[];
};

layout(std430, set = TERRAIN_STATISTICS_SET, binding = TERRAIN_MOMENTS_BINDING) readonly buffer TerrainMomentsChain {
    vec2 terrain_momentTexels[];
};

// A block of at most 2 x 2 texels of one level of the chains.
struct terrain_StatisticsFootprint {
    uint level;
    uvec2 first;  // first texel (column, row) of the block
    uvec2 last;   // last texel, inclusive
};

uvec2 terrain_StatisticsTexelOf(uvec2 heightmapTexel, uint level)
{
    terrain_StatisticsLevel info = terrainFrame.statisticsLevels[level];
    uvec2 levelSize = uvec2(info.width, info.height);
    return min(heightmapTexel >> (level + 1u), levelSize - 1u);
}

// Position of a unit-square point among the heightmap's texels (texel i at
// i): without streaming u = 0 and 1 are the first and last texel; a streamed
// model's heightmap texel i averages level-0 samples [i r, (i + 1) r)
// (terrain/StreamedHeights.glsl).
vec2 terrain_HeightmapTexelPosition(vec2 uv)
{
    vec2 lastTexel = vec2(terrainFrame.heightmapTexels) - 1.0;
    // Both, then one picked by a factor of 0 or 1 (exact): a branch on the
    // uniform alone would make lavapipe compile a variant per frame
    // (vk/DriverPath.glsl).
    float streamed = float(min(terrainFrame.streamLevelCount, 1u));
    vec2 own = uv * lastTexel;
    vec2 ofLevelZero = (terrain_LevelZeroPosition(uv) + 0.5) / terrainFrame.baseReduction - 0.5;
    return own * (1.0 - streamed) + ofLevelZero * streamed;
}

// The finest level whose texels cover the heightmap texels that bilinear
// sampling reads anywhere in [uvMin, uvMax] (see terrain_HeightmapCoordinate)
// with at most 2 x 2 texels.
terrain_StatisticsFootprint terrain_FootprintOf(vec2 uvMin, vec2 uvMax)
{
    vec2 lastTexel = vec2(terrainFrame.heightmapTexels) - 1.0;
    uvec2 firstHeightmapTexel = uvec2(clamp(floor(terrain_HeightmapTexelPosition(uvMin)), vec2(0.0), lastTexel));
    uvec2 lastHeightmapTexel = uvec2(clamp(ceil(terrain_HeightmapTexelPosition(uvMax)), vec2(0.0), lastTexel));
    uvec2 span = lastHeightmapTexel - firstHeightmapTexel;
    uint levelCount = terrainFrame.statisticsLevelCount;
    // A texel of level l is 2^(l+1) wide, so texels first .. first + s meet
    // at most two of them once 2^(l+1) >= s, i.e. from l = findMSB(s - 1);
    // start there and go coarser if the clamped last texels need it.
    int widestSpan = int(max(span.x, span.y));
    uint level = uint(max(findMSB(max(widestSpan - 1, 0)), 0));
    level = min(level, levelCount - 1u);
    terrain_StatisticsFootprint footprint;
    for (;;) {
        footprint.level = level;
        footprint.first = terrain_StatisticsTexelOf(firstHeightmapTexel, level);
        footprint.last = terrain_StatisticsTexelOf(lastHeightmapTexel, level);
        uvec2 blockSize = footprint.last - footprint.first;
        if ((blockSize.x <= 1u && blockSize.y <= 1u) || level + 1u >= levelCount) {
            break;
        }
        ++level;
    }
    return footprint;
}

uint terrain_StatisticsIndex(uint level, uvec2 texel)
{
    terrain_StatisticsLevel info = terrainFrame.statisticsLevels[level];
    return info.firstTexel + texel.y * info.width + texel.x;
}

// Conservative normalised (min, max) height over [uvMin, uvMax].
vec2 terrain_HeightBounds(terrain_StatisticsFootprint footprint)
{
    uint lowest = 0xFFFFu;
    uint highest = 0u;
    for (uint y = footprint.first.y; y <= footprint.last.y; ++y) {
        for (uint x = footprint.first.x; x <= footprint.last.x; ++x) {
            uint packed = terrain_minMaxTexels[terrain_StatisticsIndex(footprint.level, uvec2(x, y))];
            lowest = min(lowest, packed & 0xFFFFu);
            highest = max(highest, packed >> 16u);
        }
    }
    return vec2(lowest, highest) / 65535.0;
}

// Standard deviation of the normalised height over the block's texels.
float terrain_HeightStandardDeviation(terrain_StatisticsFootprint footprint)
{
    vec2 sum = vec2(0.0);
    float count = 0.0;
    for (uint y = footprint.first.y; y <= footprint.last.y; ++y) {
        for (uint x = footprint.first.x; x <= footprint.last.x; ++x) {
            sum += terrain_momentTexels[terrain_StatisticsIndex(footprint.level, uvec2(x, y))];
            count += 1.0;
        }
    }
    vec2 moments = sum / count;
    return sqrt(max(moments.y - moments.x * moments.x, 0.0));
}

#endif  // TERRAIN_HEIGHT_STATISTICS_GLSL
