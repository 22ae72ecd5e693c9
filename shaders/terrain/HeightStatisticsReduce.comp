#version 460
// Level l + 1 of the height statistics chains from level l (both in the same
// buffers, at the offsets of the push constants). See HeightStatisticsBuild.glsl.
#extension GL_GOOGLE_include_directive : require

uint sourceMinMax(uint column, uint row);
vec2 sourceMoments(uint column, uint row);

#include "terrain/HeightStatisticsBuild.glsl"

uint sourceMinMax(uint column, uint row)
{
    return minMaxTexels[level.sourceFirstTexel + row * level.sourceWidth + column];
}

vec2 sourceMoments(uint column, uint row)
{
    return momentTexels[level.sourceFirstTexel + row * level.sourceWidth + column];
}

void main()
{
    writeCoveredStatistics();
}
