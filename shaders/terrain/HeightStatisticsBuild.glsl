// Shared part of the two kernels that build the height statistics chains
// (layout described in terrain/HeightStatistics.glsl): one thread per texel
// of the level being written, reading the 2 x 2 (3 wide at an odd edge)
// texels it covers in the level below (or in the heightmap itself).
#ifndef TERRAIN_HEIGHT_STATISTICS_BUILD_GLSL
#define TERRAIN_HEIGHT_STATISTICS_BUILD_GLSL

layout(local_size_x = 8, local_size_y = 8) in;

layout(std430, set = 0, binding = 1) buffer TerrainMinMaxChain {
    uint minMaxTexels[];
};

layout(std430, set = 0, binding = 2) buffer TerrainMomentsChain {
    vec2 momentTexels[];
};

// Byte layout mirrored by terrain::HeightStatisticsConstants.
layout(push_constant) uniform HeightStatisticsConstants {
    uint sourceFirstTexel;       // unused when reading the heightmap
    uint sourceWidth;
    uint sourceHeight;
    uint destinationFirstTexel;
    uint destinationWidth;
    uint destinationHeight;
} level;

// Source texels [first, last] covered by destination texel `texel` along one
// axis: 2i and 2i + 1, and up to the source's edge for the last texel.
uvec2 coveredSourceRange(uint texel, uint destinationSize, uint sourceSize)
{
    uint first = min(2u * texel, sourceSize - 1u);
    uint last = texel + 1u == destinationSize ? sourceSize - 1u : 2u * texel + 1u;
    return uvec2(first, last);
}

// Writes the statistics of the current thread's texel from the source texels
// it covers, read through `sourceMinMax(column, row)` (packed min | max << 16)
// and `sourceMoments(column, row)` (mean, mean of squares); the including
// kernel defines both before including this file.
void writeCoveredStatistics()
{
    uvec2 texel = gl_GlobalInvocationID.xy;
    if (texel.x >= level.destinationWidth || texel.y >= level.destinationHeight) {
        return;
    }
    uvec2 columns = coveredSourceRange(texel.x, level.destinationWidth, level.sourceWidth);
    uvec2 rows = coveredSourceRange(texel.y, level.destinationHeight, level.sourceHeight);
    uint lowest = 0xFFFFu;
    uint highest = 0u;
    vec2 momentSum = vec2(0.0);
    for (uint row = rows.x; row <= rows.y; ++row) {
        for (uint column = columns.x; column <= columns.y; ++column) {
            uint packed = sourceMinMax(column, row);
            lowest = min(lowest, packed & 0xFFFFu);
            highest = max(highest, packed >> 16u);
            momentSum += sourceMoments(column, row);
        }
    }
    float count = float((rows.y - rows.x + 1u) * (columns.y - columns.x + 1u));
    uint destination = level.destinationFirstTexel + texel.y * level.destinationWidth + texel.x;
    minMaxTexels[destination] = lowest | (highest << 16u);
    momentTexels[destination] = momentSum / count;
}

#endif  // TERRAIN_HEIGHT_STATISTICS_BUILD_GLSL
