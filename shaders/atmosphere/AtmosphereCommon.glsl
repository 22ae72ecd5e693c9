// What the sky and terrain shaders use from the atmosphere: sky luminance
// along a view direction (with the sun's disc), the sunlight and skylight
// reaching a point, and aerial perspective between the camera and a point.
// Everything takes world positions (metres, Y up) and world directions.
//
//   #define ATMOSPHERE_SET 1          // the set atmosphere::Atmosphere's descriptor set is bound to
//   #include "atmosphere/AtmosphereCommon.glsl"
//
// Luminance is in the units of the sun's illuminance (AtmosphereParameters),
// before exposure and tone mapping (atmosphere/Tonemapping.glsl).
#ifndef ATMOSPHERE_COMMON_GLSL
#define ATMOSPHERE_COMMON_GLSL

#include "atmosphere/AtmosphereUniforms.glsl"
#include "atmosphere/AtmosphereModel.glsl"
#include "atmosphere/AtmosphereTables.glsl"

// Sky (and the planet's ground beyond the horizon) from the camera along a
// unit world direction, without the sun's disc: the sky-view table.
vec3 atmosphere_SkyLuminance(vec3 worldDirection)
{
    vec3 camera = atmosphere.cameraPlanetPosition;
    float r = length(camera);
    vec3 up = camera / r;
    float cosViewZenith = dot(worldDirection, up);
    vec3 sunAcross = atmosphere.sunDirection - up * dot(atmosphere.sunDirection, up);
    vec3 viewAcross = worldDirection - up * cosViewZenith;
    float across = length(sunAcross) * length(viewAcross);
    float azimuth = across > 1.0e-12 ? acos(clamp(dot(sunAcross, viewAcross) / across, -1.0, 1.0)) : 0.0;
    vec2 size = vec2(textureSize(atmosphereSkyViewLut, 0));
    return textureLod(atmosphereSkyViewLut, atmosphere_SkyViewLutCoordinate(r, cosViewZenith, azimuth, size), 0.0).rgb;
}

// The sun's disc seen from the camera along a unit world direction (zero
// off the disc or behind the planet): its illuminance spread over its solid
// angle, dimmed by the air in front of it.
vec3 atmosphere_SunDiscLuminance(vec3 worldDirection)
{
    if (dot(worldDirection, atmosphere.sunDirection) < atmosphere.cosSunAngularRadius) {
        return vec3(0.0);
    }
    vec3 camera = atmosphere.cameraPlanetPosition;
    float r = length(camera);
    float mu = dot(worldDirection, camera / r);
    if (atmosphere_RayIntersectsGround(r, mu)) {
        return vec3(0.0);
    }
    float halfRadius = sin(0.5 * atmosphere.sunAngularRadius);
    float solidAngle = 4.0 * ATMOSPHERE_PI * halfRadius * halfRadius;
    return atmosphere.sunIlluminance / solidAngle * atmosphere_TransmittanceToTop(r, mu);
}

// Everything the camera sees along a unit world direction when nothing is in the way.
vec3 atmosphere_SkyRadiance(vec3 worldDirection)
{
    return atmosphere_SkyLuminance(worldDirection) + atmosphere_SunDiscLuminance(worldDirection);
}

// Illuminance of the sunlight at a world point, on a surface facing the sun
// (multiply by max(dot(normal, sun), 0) for a Lambertian surface). The
// terrain is flat and lit by one sun direction, so the sunlight's path
// through the air depends on the point's altitude alone (kept 1 m above the
// ground), as if the point were above the planet's centre: placing it on the
// sphere by its horizontal offset would put the far parts of a continent-wide
// map (a global elevation model is 40,000 km wide) in space or on the night
// side while their shading still uses the flat map's normals.
vec3 atmosphere_SunIlluminanceAt(vec3 worldPosition)
{
    float r = atmosphere_BottomRadius() + max(worldPosition.y * 0.001, 0.001);
    return atmosphere.sunIlluminance * atmosphere_SunTransmittance(r, atmosphere.sunDirection.y);
}

// Irradiance from the sky (and the light the ground around reflects) on a
// surface with unit world normal `normal`: the sky's irradiance on an upward
// surface, integrated at the camera each frame, weighted by how much of the
// sky the tilted surface sees; the rest of its view is ground of the
// atmosphere's albedo.
vec3 atmosphere_SkyIrradiance(vec3 normal)
{
    vec3 up = normalize(atmosphere.cameraPlanetPosition);
    float skyView = 0.5 + 0.5 * dot(normal, up);
    vec3 fromSky = atmosphereSkyIrradiance.skyIrradianceUp.rgb * skyView;
    vec3 fromGround = atmosphere.groundAlbedo * atmosphereSkyIrradiance.groundIrradiance.rgb * (1.0 - skyView);
    return fromSky + fromGround;
}

// What the air between the camera and a world point does to the point's
// colour: colour * transmittance + in-scattered light, from the
// aerial-perspective volume (clamped at its far end).
vec3 atmosphere_ApplyAerialPerspective(vec3 colour, vec3 worldPosition)
{
    vec3 offset = worldPosition - atmosphere.cameraPosition;
    vec4 clip = atmosphere.viewRotationProjection * vec4(offset, 1.0);
    vec2 screen = clamp(clip.xy / max(clip.w, 1.0e-6) * 0.5 + 0.5, 0.0, 1.0);
    float sliceCount = float(textureSize(atmosphereAerialInScattering, 0).z);
    float maxDistance = atmosphere.aerialPerspectiveDistanceKm;
    float distanceKm = length(offset) * 0.001;
    float slice = atmosphere_AerialPerspectiveSliceCoordinate(distanceKm, maxDistance, sliceCount);
    // Nearer than the first slice: fade from "no air" to the first slice.
    float weight = clamp(sqrt(distanceKm / maxDistance) * sliceCount, 0.0, 1.0);
    vec3 coordinate = vec3(screen, clamp(slice, 0.5 / sliceCount, 1.0 - 0.5 / sliceCount));
    vec3 inScattering = textureLod(atmosphereAerialInScattering, coordinate, 0.0).rgb * weight;
    vec3 transmittance = mix(vec3(1.0), textureLod(atmosphereAerialTransmittance, coordinate, 0.0).rgb, weight);
    return colour * transmittance + inScattering;
}

#endif  // ATMOSPHERE_COMMON_GLSL
