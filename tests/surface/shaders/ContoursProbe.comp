#version 460
// For each albedo, elevation, height change, slope and interval, the
// albedo with the contours of surface/Contours.glsl.
#extension GL_GOOGLE_include_directive : require
#include "surface/Contours.glsl"

layout(local_size_x = 64) in;

struct ProbeCase {
    vec4 albedoAndElevation;        // xyz: the albedo; w: the elevation
    vec4 changeSlopeAndInterval;    // x: the change to the next pixels; y: the slope; z: the interval
};
layout(std430, set = 0, binding = 0) readonly buffer ProbeCases {
    ProbeCase probeCases[];
};
layout(std430, set = 0, binding = 1) writeonly buffer ProbeResults {
    vec4 probeResults[];
};

void main()
{
    uint index = gl_GlobalInvocationID.x;
    if (index < uint(probeCases.length())) {
        ProbeCase c = probeCases[index];
        vec4 at = c.changeSlopeAndInterval;
        probeResults[index] = vec4(surface_WithContours(c.albedoAndElevation.xyz, c.albedoAndElevation.w, at.x, at.y,
                                                        at.z),
                                   surface_ContourLineCoverage(c.albedoAndElevation.w, at.x, at.z, 1.0));
    }
}
