#version 460
// For each pair of imagery layers (top, below), the stack of the two by
// surface/Imagery.glsl.
#extension GL_GOOGLE_include_directive : require
#include "surface/Imagery.glsl"

layout(local_size_x = 64) in;

struct ProbeLayers {
    vec4 top;
    vec4 below;
};

layout(std430, set = 0, binding = 0) readonly buffer ProbeCases {
    ProbeLayers probeCases[];
};
layout(std430, set = 0, binding = 1) writeonly buffer ProbeColours {
    vec4 probeColours[];
};

void main()
{
    uint index = gl_GlobalInvocationID.x;
    if (index < uint(probeCases.length())) {
        probeColours[index] = surface_ImageryOver(probeCases[index].top, probeCases[index].below);
    }
}
