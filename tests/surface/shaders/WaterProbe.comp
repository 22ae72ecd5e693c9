#version 460
// For each case (seabed luminance, metres under water, irradiance, the
// reflected sky, the view's and the half-way vector's cosines, the sun's
// illuminance), the water's luminance of surface/Water.glsl.
#extension GL_GOOGLE_include_directive : require
#include "surface/Water.glsl"

layout(local_size_x = 64) in;

struct ProbeWater {
    vec4 seabedAndMetres;
    vec4 irradianceAndCosView;
    vec4 skyAndHalfwayCos;
    vec4 sunIlluminance;
};

layout(std430, set = 0, binding = 0) readonly buffer ProbeCases {
    ProbeWater probeCases[];
};
layout(std430, set = 0, binding = 1) writeonly buffer ProbeLuminances {
    vec4 probeLuminances[];
};

void main()
{
    uint index = gl_GlobalInvocationID.x;
    if (index < uint(probeCases.length())) {
        ProbeWater c = probeCases[index];
        vec3 transmitted = surface_WaterTransmittance(c.seabedAndMetres.w);
        vec3 body = surface_WaterBody(c.seabedAndMetres.xyz, transmitted, c.irradianceAndCosView.xyz);
        probeLuminances[index] = vec4(surface_WaterLuminance(body, c.skyAndHalfwayCos.xyz, c.irradianceAndCosView.w,
                                                             c.skyAndHalfwayCos.w, c.sunIlluminance.xyz),
                                      0.0);
    }
}
