#version 460
// For each case (a point's unit vertical, an upward unit direction and the
// unit sun, in atmosphere space), the sea-level sky as the globe's sea reads
// it from planet::gpu::SeaLevelSky's table, and the same light integrated
// along the ray itself in 256 pieces. Set 0 is the atmosphere's descriptor
// set, set 1 the table, the cases and the results.
#extension GL_GOOGLE_include_directive : require

#define ATMOSPHERE_SET 0
#include "planet/GlobeAtmosphere.glsl"
#include "planet/SeaLevelSky.glsl"

layout(local_size_x = 16) in;

layout(set = 1, binding = 0) uniform sampler3D seaLevelSky;
layout(std430, set = 1, binding = 1) readonly buffer ProbeCases {
    vec4 probeCases[];  // per case: up, direction, sun
};
layout(std430, set = 1, binding = 2) writeonly buffer ProbeResults {
    vec4 probeResults[];  // per case: from the table, integrated
};

void main()
{
    uint index = gl_GlobalInvocationID.x;
    if (3u * index + 2u >= uint(probeCases.length())) {
        return;
    }
    vec3 up = probeCases[3u * index].xyz;
    vec3 direction = probeCases[3u * index + 1u].xyz;
    vec3 sun = probeCases[3u * index + 2u].xyz;
    probeResults[2u * index] = vec4(seaLevelSky_Luminance(seaLevelSky, up, direction, sun), 0.0);
    vec3 origin = up * atmosphere_BottomRadius();
    atmosphere_Gathered air = globeAtmosphere_Gather(origin, 0.0, direction, 1.0e9, sun, 256, 0.0);
    probeResults[2u * index + 1u] = vec4(air.luminance, 0.0);
}
