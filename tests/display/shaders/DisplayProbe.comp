#version 460
// Evaluates one function of shaders/display/Tonemapping.glsl on a list of
// inputs, for comparison with its CPU mirror (src/display/Tonemapping.h).
#extension GL_GOOGLE_include_directive : require

#include "display/Tonemapping.glsl"

const uint PROBE_TONEMAP = 0u;      // (rgb, curve) -> rgb
const uint PROBE_ENCODE_SRGB = 1u;  // rgb -> rgb
const uint PROBE_TRANSFORM = 2u;    // (rgba, exposure stops, curve) -> rgb

layout(local_size_x = 64) in;

layout(std430, binding = 0) readonly buffer ProbeInputs {
    vec4 probeInputs[];  // two per probe: the colour, then (exposure, curve, 0, 0)
};
layout(std430, binding = 1) writeonly buffer ProbeOutputs {
    vec4 probeOutputs[];
};
layout(push_constant) uniform ProbeControl {
    uint probeFunction;
    uint probeCount;
};

void main()
{
    uint index = gl_GlobalInvocationID.x;
    if (index >= probeCount) {
        return;
    }
    vec4 colour = probeInputs[2u * index];
    vec4 parameters = probeInputs[2u * index + 1u];
    vec4 result = vec4(0.0);
    if (probeFunction == PROBE_TONEMAP) {
        result.rgb = display_Tonemap(colour.rgb, uint(parameters.y));
    } else if (probeFunction == PROBE_ENCODE_SRGB) {
        result.rgb = display_EncodeSrgb(colour.rgb);
    } else if (probeFunction == PROBE_TRANSFORM) {
        result.rgb = display_Transform(colour, parameters.x, uint(parameters.y));
    }
    probeOutputs[index] = result;
}
