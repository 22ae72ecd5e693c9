#version 460
// For each first lattice cell, shortest cell, pixel footprint and data
// spacing, the octaves (surface_DetailOctaves) and the share of the relief
// shown (surface_DetailShownShare) of surface/DetailNoise.glsl.
#extension GL_GOOGLE_include_directive : require
#include "surface/DetailNoise.glsl"

layout(local_size_x = 64) in;

layout(std430, set = 0, binding = 0) readonly buffer ProbeCases {
    vec4 probeCases[];  // x: the first cell; y: the shortest; z: the footprint; w: the data's spacing
};
layout(std430, set = 0, binding = 1) writeonly buffer ProbeResults {
    vec4 probeResults[];
};

void main()
{
    uint index = gl_GlobalInvocationID.x;
    if (index < uint(probeCases.length())) {
        vec4 c = probeCases[index];
        probeResults[index] = vec4(float(surface_DetailOctaves(c.x, c.y)), surface_DetailShownShare(c.z, c.w), 0.0, 0.0);
    }
}
