#version 460
// For each ground (elevation, steepness, snow line, variation), imagery
// colour and pixel's steps in texels, the imagery's coarseness and its
// colour with the ground's detail of surface/Imagery.glsl.
#extension GL_GOOGLE_include_directive : require
#include "surface/Imagery.glsl"

layout(local_size_x = 64) in;

struct ProbeImagery {
    vec4 ground;            // elevation, steepness, snow line, variation
    vec4 imagery;           // rgb: linear colour
    vec4 texelsAlongXAndY;  // xy: along x; zw: along y
};

layout(std430, set = 0, binding = 0) readonly buffer ProbeCases {
    ProbeImagery probeCases[];
};
layout(std430, set = 0, binding = 1) writeonly buffer ProbeColours {
    vec4 probeColours[];  // rgb: the detailed imagery; a: the coarseness
};

void main()
{
    uint index = gl_GlobalInvocationID.x;
    if (index < uint(probeCases.length())) {
        ProbeImagery c = probeCases[index];
        surface_Ground ground = surface_Ground(c.ground.x, c.ground.y, c.ground.z, c.ground.w, 0.0);
        float coarseness = surface_ImageryCoarseness(c.texelsAlongXAndY.xy, c.texelsAlongXAndY.zw);
        probeColours[index] = vec4(surface_DetailedImagery(c.imagery.rgb, ground, coarseness), coarseness);
    }
}
