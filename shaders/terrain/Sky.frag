#version 460
// Sky background: the analytic sky along each pixel's view ray.
#extension GL_GOOGLE_include_directive : require

#define TERRAIN_UNIFORMS_SET 0
#define TERRAIN_UNIFORMS_BINDING 1
#include "terrain/TerrainUniforms.glsl"
#include "terrain/SkyAndSun.glsl"

layout(location = 0) in vec2 deviceCoordinates;
layout(location = 0) out vec4 colour;

void main()
{
    // Any depth strictly inside 0..1 lies in front of the camera for both the
    // standard and the reversed depth convention.
    vec4 offset = terrainFrame.inverseViewRotationProjection * vec4(deviceCoordinates, 0.5, 1.0);
    vec3 direction = normalize(offset.xyz / offset.w);
    vec3 radiance = terrain_SkyRadiance(direction, terrainFrame.sunDirection.xyz);
    colour = vec4(terrainFrame.drawOptions.z != 0u ? terrain_EncodeSrgb(radiance) : radiance, 1.0);
}
