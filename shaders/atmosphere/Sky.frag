#version 460
// The sky: the physically based sky (and the sun's disc) along each pixel's
// view ray, from the atmosphere's sky-view table, as scene luminance.
#extension GL_GOOGLE_include_directive : require

#define ATMOSPHERE_SET 0
#include "atmosphere/AtmosphereCommon.glsl"
#include "display/HdrOutput.glsl"

// camera::inverseViewRotationProjection of the frame: clip space to the
// direction of the view ray.
layout(push_constant) uniform SkyView {
    mat4 inverseViewRotationProjection;
} sky;

layout(location = 0) in vec2 deviceCoordinates;
layout(location = 0) out vec4 colour;

void main()
{
    // Any depth strictly inside 0..1 lies in front of the camera for both the
    // standard and the reversed depth convention.
    vec4 offset = sky.inverseViewRotationProjection * vec4(deviceCoordinates, 0.5, 1.0);
    vec3 direction = normalize(offset.xyz / offset.w);
    colour = display_HdrOutput(atmosphere_SkyRadiance(direction), true);
}
