#version 460
// For each ground (elevation, steepness, snow line, variation) and its
// shore's weight, the albedo and snow cover of surface/GroundAlbedo.glsl
// (rgb: albedo, a: snow cover), and the snow line at a latitude
// (surface/SnowLine.glsl).
#extension GL_GOOGLE_include_directive : require
#include "surface/GroundAlbedo.glsl"
#include "surface/SnowLine.glsl"

layout(local_size_x = 64) in;

layout(std430, set = 0, binding = 0) readonly buffer ProbeGrounds {
    vec4 probeGrounds[];  // elevation, steepness, snow line, variation
};
layout(std430, set = 0, binding = 1) readonly buffer ProbeShores {
    vec2 probeShores[];  // x: the shore's weight; y: a latitude
};
layout(std430, set = 0, binding = 2) writeonly buffer ProbeAlbedos {
    vec4 probeAlbedos[];
};
layout(std430, set = 0, binding = 3) writeonly buffer ProbeSnowLines {
    float probeSnowLines[];
};

void main()
{
    uint index = gl_GlobalInvocationID.x;
    if (index < uint(probeGrounds.length())) {
        vec4 g = probeGrounds[index];
        surface_Ground ground = surface_Ground(g.x, g.y, g.z, g.w, probeShores[index].x);
        probeAlbedos[index] = vec4(surface_GroundAlbedo(ground), surface_SnowCover(ground));
        probeSnowLines[index] = surface_PermanentSnowLineMetres(probeShores[index].y);
    }
}
