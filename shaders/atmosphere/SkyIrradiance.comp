#version 460
// Sky irradiance at the camera, once per frame after the sky-view table:
// the cosine-weighted integral of the sky's luminance over the upper
// hemisphere (256 strata, sampled through the sky-view table), and the
// irradiance of flat ground there (that sky plus the direct sun). Read by
// atmosphere_SkyIrradiance in atmosphere/AtmosphereCommon.glsl.
#extension GL_GOOGLE_include_directive : require

#define ATMOSPHERE_SET 0
#include "atmosphere/AtmosphereCommon.glsl"

const uint BANDS = 16u;
const uint INVOCATIONS = 64u;
const uint STRATA_PER_INVOCATION = BANDS * BANDS / INVOCATIONS;

layout(local_size_x = 64) in;

layout(std430, set = 1, binding = 0) writeonly buffer SkyIrradianceOutput {
    vec4 skyIrradianceUp;
    vec4 groundIrradiance;
} skyIrradianceOutput;

shared vec3 partialSums[INVOCATIONS];

void main()
{
    vec3 up = normalize(atmosphere.cameraPlanetPosition);
    vec3 helper = abs(up.y) < 0.9 ? vec3(0.0, 1.0, 0.0) : vec3(1.0, 0.0, 0.0);
    vec3 tangent = normalize(cross(helper, up));
    vec3 bitangent = cross(up, tangent);

    uint invocation = gl_LocalInvocationIndex;
    vec3 sum = vec3(0.0);
    for (uint k = 0u; k < STRATA_PER_INVOCATION; ++k) {
        uint stratum = invocation * STRATA_PER_INVOCATION + k;
        // Cosine-weighted: sin^2(zenith) uniform, so each stratum carries
        // pi / (strata count) of the cosine-weighted solid angle.
        float sinSquared = (float(stratum / BANDS) + 0.5) / float(BANDS);
        float azimuth = 2.0 * ATMOSPHERE_PI * (float(stratum % BANDS) + 0.5) / float(BANDS);
        float sinZenith = sqrt(sinSquared);
        float cosZenith = sqrt(1.0 - sinSquared);
        vec3 direction = tangent * (sinZenith * cos(azimuth)) + bitangent * (sinZenith * sin(azimuth)) + up * cosZenith;
        sum += atmosphere_SkyLuminance(direction);
    }
    partialSums[invocation] = sum;
    barrier();

    if (invocation == 0u) {
        vec3 total = vec3(0.0);
        for (uint i = 0u; i < INVOCATIONS; ++i) {
            total += partialSums[i];
        }
        vec3 skyUp = ATMOSPHERE_PI * total / float(BANDS * BANDS);
        vec3 camera = atmosphere.cameraPlanetPosition;
        float r = length(camera);
        float sunCosZenith = dot(camera / r, atmosphere.sunDirection);
        vec3 sun = atmosphere.sunIlluminance * atmosphere_SunTransmittance(r, sunCosZenith) * max(sunCosZenith, 0.0);
        skyIrradianceOutput.skyIrradianceUp = vec4(skyUp, 0.0);
        skyIrradianceOutput.groundIrradiance = vec4(skyUp + sun, 0.0);
    }
}
