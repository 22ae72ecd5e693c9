#version 460
// Level 0 of the height statistics chains, straight from the heightmap
// texture (R16_UNORM: the exact 16-bit samples). See HeightStatisticsBuild.glsl.
#extension GL_GOOGLE_include_directive : require

layout(set = 0, binding = 0) uniform sampler2D heightmap;

uint heightmapSample(uint column, uint row)
{
    return uint(round(texelFetch(heightmap, ivec2(column, row), 0).r * 65535.0));
}

uint sourceMinMax(uint column, uint row)
{
    uint value = heightmapSample(column, row);
    return value | (value << 16u);
}

vec2 sourceMoments(uint column, uint row)
{
    float height = float(heightmapSample(column, row)) / 65535.0;
    return vec2(height, height * height);
}

#include "terrain/HeightStatisticsBuild.glsl"

void main()
{
    writeCoveredStatistics();
}
