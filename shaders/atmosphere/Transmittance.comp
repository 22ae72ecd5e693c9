#version 460
// Transmittance table: for the ray (r, mu) of each texel centre, exp of minus
// the optical depth to the top of the atmosphere, integrated with the
// midpoint rule over atmosphere.transmittanceSamples samples.
#extension GL_GOOGLE_include_directive : require

#define ATMOSPHERE_SET 0
#include "atmosphere/AtmosphereUniforms.glsl"
#include "atmosphere/AtmosphereModel.glsl"

layout(local_size_x = 8, local_size_y = 8) in;

layout(set = 1, binding = 0, rgba32f) uniform writeonly image2D transmittanceLut;

void main()
{
    ivec2 size = imageSize(transmittanceLut);
    ivec2 texel = ivec2(gl_GlobalInvocationID.xy);
    if (any(greaterThanEqual(texel, size))) {
        return;
    }
    vec2 coordinate = (vec2(texel) + 0.5) / vec2(size);
    vec3 ray = atmosphere_TransmittanceLutRay(coordinate, vec2(size));
    float squaredHorizonDistance = ray.z * ray.z;
    float rayLength = atmosphere_DistanceToTopBoundary(ray.x, ray.y);
    uint samples = max(atmosphere.transmittanceSamples, 1u);
    float step = rayLength / float(samples);
    vec3 opticalDepth = vec3(0.0);
    for (uint i = 0u; i < samples; ++i) {
        float t = (float(i) + 0.5) * step;
        opticalDepth += atmosphere_ExtinctionPerKm(atmosphere_AltitudeAlongRayFromHorizon(squaredHorizonDistance, ray.x, ray.y, t));
    }
    imageStore(transmittanceLut, texel, vec4(exp(-opticalDepth * step), 1.0));
}
