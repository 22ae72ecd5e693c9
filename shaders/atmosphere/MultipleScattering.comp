#version 460
// Multiple-scattering table (one workgroup per texel, one direction per
// invocation). At altitude h with the sun at cosine mu_s from the zenith, and
// for unit sun illuminance, it integrates over the sphere of directions
// (64 equal-area strata) the light arriving after exactly one isotropic
// scattering (or one ground reflection), L2, and the fraction f of light
// that the surrounding medium scatters back to the point. Assuming every
// further order of scattering repeats that fraction, all orders >= 2 sum to
//   psi = L2 / (1 - f),
// the luminance scattered at the point per unit scattering coefficient.
#extension GL_GOOGLE_include_directive : require

#define ATMOSPHERE_SET 0
#include "atmosphere/AtmosphereUniforms.glsl"
#include "atmosphere/AtmosphereModel.glsl"
#include "atmosphere/AtmosphereTables.glsl"

const uint DIRECTION_BANDS = 8u;
const uint DIRECTION_COUNT = DIRECTION_BANDS * DIRECTION_BANDS;

layout(local_size_x = 64) in;

layout(set = 1, binding = 0, rgba16f) uniform writeonly image2D multipleScatteringLut;

shared vec3 secondOrder[DIRECTION_COUNT];
shared vec3 transfer[DIRECTION_COUNT];

// Direction of stratum `index`: equal steps in cos(zenith) and in azimuth.
vec3 stratumDirection(uint index)
{
    float cosZenith = 1.0 - 2.0 * (float(index / DIRECTION_BANDS) + 0.5) / float(DIRECTION_BANDS);
    float azimuth = 2.0 * ATMOSPHERE_PI * (float(index % DIRECTION_BANDS) + 0.5) / float(DIRECTION_BANDS);
    float sinZenith = sqrt(max(1.0 - cosZenith * cosZenith, 0.0));
    return vec3(sinZenith * cos(azimuth), cosZenith, sinZenith * sin(azimuth));
}

void main()
{
    ivec2 size = imageSize(multipleScatteringLut);
    ivec2 texel = ivec2(gl_WorkGroupID.xy);
    vec2 coordinate = (vec2(texel) + 0.5) / vec2(size);
    float sunCosZenith = 2.0 * atmosphere_TextureCoordinateToUnit(coordinate.x, float(size.x)) - 1.0;
    float altitudeFraction = atmosphere_TextureCoordinateToUnit(coordinate.y, float(size.y));
    float r = mix(atmosphere_BottomRadius(), atmosphere_TopRadius(), clamp(altitudeFraction, 0.0, 1.0));
    vec3 origin = vec3(0.0, r, 0.0);
    vec3 sun = vec3(sqrt(max(1.0 - sunCosZenith * sunCosZenith, 0.0)), sunCosZenith, 0.0);

    uint index = gl_LocalInvocationIndex;
    vec3 direction = stratumDirection(index);
    float mu = direction.y;
    bool hitsGround = atmosphere_RayIntersectsGround(r, mu);
    float rayLength = hitsGround ? atmosphere_DistanceToGround(r, mu) : atmosphere_DistanceToTopBoundary(r, mu);
    uint samples = max(atmosphere.multipleScatteringSamples, 1u);
    float step = rayLength / float(samples);
    const float isotropicPhase = 1.0 / (4.0 * ATMOSPHERE_PI);

    vec3 luminance = vec3(0.0);
    vec3 scatteredFraction = vec3(0.0);
    vec3 transmittance = vec3(1.0);
    for (uint i = 0u; i < samples; ++i) {
        vec3 position = origin + direction * ((float(i) + 0.5) * step);
        float radius = length(position);
        atmosphere_Medium medium = atmosphere_MediumAt(radius - atmosphere_BottomRadius());
        vec3 sunTransmittance = atmosphere_SunTransmittance(radius, dot(position / radius, sun));
        vec3 extinction = max(medium.extinction, vec3(1.0e-9));
        vec3 segmentTransmittance = exp(-extinction * step);
        vec3 segmentIntegral = transmittance * medium.scattering * (1.0 - segmentTransmittance) / extinction;
        luminance += segmentIntegral * sunTransmittance * isotropicPhase;
        scatteredFraction += segmentIntegral;
        transmittance *= segmentTransmittance;
    }
    if (hitsGround) {
        vec3 ground = origin + direction * rayLength;
        float radius = length(ground);
        float sunCosZenith = dot(ground / radius, sun);
        vec3 sunTransmittance = atmosphere_SunTransmittance(radius, sunCosZenith);
        luminance += transmittance * sunTransmittance * max(sunCosZenith, 0.0) * atmosphere.groundAlbedo /
                     ATMOSPHERE_PI;
    }
    secondOrder[index] = luminance;
    transfer[index] = scatteredFraction;
    barrier();

    if (index == 0u) {
        vec3 secondOrderSum = vec3(0.0);
        vec3 transferSum = vec3(0.0);
        for (uint i = 0u; i < DIRECTION_COUNT; ++i) {
            secondOrderSum += secondOrder[i];
            transferSum += transfer[i];
        }
        // Integrals over the sphere with the isotropic phase 1 / (4 pi): the
        // mean over the equal-area strata.
        vec3 secondOrderMean = secondOrderSum / float(DIRECTION_COUNT);
        vec3 transferMean = min(transferSum / float(DIRECTION_COUNT), vec3(0.999));
        imageStore(multipleScatteringLut, texel, vec4(secondOrderMean / (1.0 - transferMean), 1.0));
    }
}
