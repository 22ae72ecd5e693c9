#version 460
// For each latitude (degrees), the permanent snow line the globe's shading
// uses (planet/SnowLine.glsl).
#extension GL_GOOGLE_include_directive : require
#include "planet/SnowLine.glsl"

layout(local_size_x = 64) in;

layout(std430, set = 0, binding = 0) readonly buffer ProbeLatitudes {
    float probeLatitudes[];
};
layout(std430, set = 0, binding = 1) writeonly buffer ProbeSnowLines {
    float probeSnowLines[];
};

void main()
{
    uint index = gl_GlobalInvocationID.x;
    if (index < uint(probeLatitudes.length())) {
        probeSnowLines[index] = planet_PermanentSnowLineMetres(probeLatitudes[index]);
    }
}
