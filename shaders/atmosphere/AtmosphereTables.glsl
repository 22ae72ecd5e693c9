// The atmosphere's descriptor set as shaders read it, and lookups into its
// precomputed tables. Include atmosphere/AtmosphereUniforms.glsl and
// atmosphere/AtmosphereModel.glsl first. Bindings (set ATMOSPHERE_SET), as
// made by atmosphere::Atmosphere (src/atmosphere/AtmosphereDescriptors.h):
//   0 uniform block, 1 transmittance, 2 multiple scattering, 3 sky view,
//   4 aerial-perspective in-scattering, 5 aerial-perspective transmittance,
//   6 sky irradiance (storage buffer).
#ifndef ATMOSPHERE_TABLES_GLSL
#define ATMOSPHERE_TABLES_GLSL

layout(set = ATMOSPHERE_SET, binding = 1) uniform sampler2D atmosphereTransmittanceLut;
layout(set = ATMOSPHERE_SET, binding = 2) uniform sampler2D atmosphereMultipleScatteringLut;
layout(set = ATMOSPHERE_SET, binding = 3) uniform sampler2D atmosphereSkyViewLut;
layout(set = ATMOSPHERE_SET, binding = 4) uniform sampler3D atmosphereAerialInScattering;
layout(set = ATMOSPHERE_SET, binding = 5) uniform sampler3D atmosphereAerialTransmittance;
layout(std430, set = ATMOSPHERE_SET, binding = 6) readonly buffer AtmosphereSkyIrradianceBlock {
    vec4 skyIrradianceUp;     // rgb: irradiance of a surface facing up at the camera, from the sky alone
    vec4 groundIrradiance;    // rgb: irradiance of flat ground at the camera, sun + sky
} atmosphereSkyIrradiance;

// Transmittance from radius r along mu to the top of the atmosphere (the ray
// must not hit the ground).
vec3 atmosphere_TransmittanceToTop(float r, float mu)
{
    vec2 size = vec2(textureSize(atmosphereTransmittanceLut, 0));
    return textureLod(atmosphereTransmittanceLut, atmosphere_TransmittanceLutCoordinate(r, mu, size), 0.0).rgb;
}

// How much of the sun's disc is above the planet's horizon at radius r.
float atmosphere_SunVisibleFraction(float r, float sunCosZenith)
{
    float horizonAngle = atmosphere_HorizonZenithAngle(r);
    float sunAngle = acos(clamp(sunCosZenith, -1.0, 1.0));
    float radius = atmosphere.sunAngularRadius;
    return smoothstep(-radius, radius, horizonAngle - sunAngle);
}

// Transmittance of the sunlight reaching radius r with the sun at cosine
// sunCosZenith from the zenith, including the planet's shadow.
vec3 atmosphere_SunTransmittance(float r, float sunCosZenith)
{
    float visible = atmosphere_SunVisibleFraction(r, sunCosZenith);
    if (visible <= 0.0) {
        return vec3(0.0);
    }
    float horizonCos = -atmosphere_HorizonDistance(r) / r;
    return visible * atmosphere_TransmittanceToTop(r, max(sunCosZenith, horizonCos));
}

// Luminance scattered (isotropically, all orders >= 2) per unit scattering
// coefficient, for unit sun illuminance.
vec3 atmosphere_MultipleScattering(float r, float sunCosZenith)
{
    vec2 size = vec2(textureSize(atmosphereMultipleScatteringLut, 0));
    return textureLod(atmosphereMultipleScatteringLut, atmosphere_MultipleScatteringLutCoordinate(r, sunCosZenith, size),
                      0.0)
        .rgb;
}

#endif  // ATMOSPHERE_TABLES_GLSL
