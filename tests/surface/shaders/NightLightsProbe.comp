#version 460
// For each sun's cosine of zenith and lights' colour, the luminance of the
// night lights of surface/NightLights.glsl.
#extension GL_GOOGLE_include_directive : require
#include "surface/NightLights.glsl"

layout(local_size_x = 64) in;

layout(std430, set = 0, binding = 0) readonly buffer ProbeCases {
    vec4 probeCases[];  // xyz: the lights; w: the sun's cosine of zenith
};
layout(std430, set = 0, binding = 1) writeonly buffer ProbeLuminances {
    vec4 probeLuminances[];
};

void main()
{
    uint index = gl_GlobalInvocationID.x;
    if (index < uint(probeCases.length())) {
        vec4 c = probeCases[index];
        probeLuminances[index] = vec4(surface_NightLightsLuminance(c.xyz, c.w), surface_NightLightsShare(c.w));
    }
}
