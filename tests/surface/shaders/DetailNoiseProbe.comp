#version 460
// For each point on the ground (metres) and pixel, the detail noise of
// surface/DetailNoise.glsl in float on the plane z = 0, over the flat
// terrain's lattices: the relief (sum and gradient along x and y) as the
// flat terrain evaluates it.
#extension GL_GOOGLE_include_directive : require
#include "surface/DetailNoise.glsl"

layout(local_size_x = 64) in;

layout(std430, set = 0, binding = 0) readonly buffer ProbeCases {
    vec4 probeCases[];  // xy: the point; z: the metres a pixel resolves; w: the first lattice cell
};
layout(std430, set = 0, binding = 1) writeonly buffer ProbeReliefs {
    vec4 probeReliefs[];
};

void main()
{
    uint index = gl_GlobalInvocationID.x;
    if (index < uint(probeCases.length())) {
        vec4 c = probeCases[index];
        int octaves = surface_DetailOctaves(c.w, 0.05);
        probeReliefs[index] = vec4(surface_DetailNoisePlaneFloat(c.xy, 1.0 / c.w, c.w, octaves, c.z), 0.0);
    }
}
