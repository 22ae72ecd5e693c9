#version 460
// Builds the sea-level sky table (planet/SeaLevelSky.glsl): for each texel
// of the first half, the light the air scatters towards a point on the
// atmosphere's ground from the texel's direction, without the single Mie
// light's phase function, which the same texel of the second half holds
// alone. Integrated through the whole atmosphere in 32 pieces, placed as
// planet/GlobeAtmosphere.glsl places them from the ground, each as
// atmosphere/ScatteringIntegration.glsl integrates one. Set 0 is the
// atmosphere's descriptor set (its static tables), set 1 the table.
#extension GL_GOOGLE_include_directive : require

#define ATMOSPHERE_SET 0
#include "planet/GlobeAtmosphere.glsl"
#include "planet/SeaLevelSky.glsl"

layout(local_size_x = 4, local_size_y = 4, local_size_z = 4) in;

layout(set = 1, binding = 0, rgba16f) uniform writeonly image3D seaLevelSkyTable;

const int SEA_LEVEL_SKY_SEGMENTS = 32;

void main()
{
    ivec3 size = imageSize(seaLevelSkyTable);
    ivec3 halfSize = ivec3(size.xy, size.z / 2);
    ivec3 texel = ivec3(gl_GlobalInvocationID);
    if (any(greaterThanEqual(texel, halfSize))) {
        return;
    }
    seaLevelSky_Angles angles = seaLevelSky_AnglesAt(texel, halfSize);
    float viewSin = sqrt(max(1.0 - angles.viewCosZenith * angles.viewCosZenith, 0.0));
    float sunSin = sqrt(max(1.0 - angles.sunCosZenith * angles.sunCosZenith, 0.0));
    vec3 direction = vec3(viewSin, 0.0, angles.viewCosZenith);
    vec3 sun = vec3(sunSin * cos(angles.azimuth), sunSin * sin(angles.azimuth), angles.sunCosZenith);
    float bottom = atmosphere_BottomRadius();
    vec3 origin = vec3(0.0, 0.0, bottom);
    float end = globeAtmosphere_SphereCrossing(origin, direction, atmosphere_TopRadius(),
                                               -(atmosphere_TopRadius() - bottom))
                    .y;
    float rayleighPhase = atmosphere_RayleighPhase(dot(direction, sun));
    vec3 smoothLight = vec3(0.0);
    vec3 mieLight = vec3(0.0);
    vec3 transmittance = vec3(1.0);
    float previous = 0.0;
    for (int i = 1; i <= SEA_LEVEL_SKY_SEGMENTS; ++i) {
        float fraction = float(i) / float(SEA_LEVEL_SKY_SEGMENTS);
        float next = end * fraction * fraction;
        vec3 position = origin + direction * (0.5 * (previous + next));
        float r = length(position);
        atmosphere_Medium medium = atmosphere_MediumAt(r - bottom);
        float sunCosZenith = dot(position / r, sun);
        vec3 sunlight = atmosphere.sunIlluminance * atmosphere_SunTransmittance(r, sunCosZenith);
        vec3 rayleighSource = sunlight * medium.rayleighScattering * rayleighPhase +
                              atmosphere.sunIlluminance * atmosphere.multipleScatteringFactor *
                                  atmosphere_MultipleScattering(r, sunCosZenith) * medium.scattering;
        vec3 mieSource = sunlight * medium.mieScattering;
        vec3 extinction = max(medium.extinction, vec3(1.0e-9));
        vec3 pieceTransmittance = exp(-extinction * (next - previous));
        vec3 weight = transmittance * (1.0 - pieceTransmittance) / extinction;
        smoothLight += weight * rayleighSource;
        mieLight += weight * mieSource;
        transmittance *= pieceTransmittance;
        previous = next;
    }
    imageStore(seaLevelSkyTable, texel, vec4(smoothLight, 1.0));
    imageStore(seaLevelSkyTable, texel + ivec3(0, 0, halfSize.z), vec4(mieLight, 1.0));
}
