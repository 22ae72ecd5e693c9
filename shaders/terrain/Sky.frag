#version 460
// Sky background: the physically based sky (and the sun's disc) along each
// pixel's view ray, from the atmosphere's sky-view table.
#extension GL_GOOGLE_include_directive : require

#define TERRAIN_UNIFORMS_SET 0
#define TERRAIN_UNIFORMS_BINDING 1
#include "terrain/TerrainUniforms.glsl"
#include "terrain/TerrainOutput.glsl"

#define ATMOSPHERE_SET 1
#include "atmosphere/AtmosphereCommon.glsl"

layout(location = 0) in vec2 deviceCoordinates;
layout(location = 0) out vec4 colour;

void main()
{
    // Any depth strictly inside 0..1 lies in front of the camera for both the
    // standard and the reversed depth convention.
    vec4 offset = terrainFrame.inverseViewRotationProjection * vec4(deviceCoordinates, 0.5, 1.0);
    vec3 direction = normalize(offset.xyz / offset.w);
    colour = terrain_OutputColour(atmosphere_SkyRadiance(direction), true);
}
