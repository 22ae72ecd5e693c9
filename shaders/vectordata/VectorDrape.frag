#version 460
// The vector drape's line pixels: the line's coverage of the pixel, from
// its distance to the segment in pixels (anti-aliased over one pixel), shown
// only where the line is not behind the scene's surface
// (VectorDrapeOcclusion.glsl).
#extension GL_GOOGLE_include_directive : require

#include "vectordata/VectorDrape.glsl"
#include "vectordata/VectorDrapeOcclusion.glsl"

layout(location = 0) in vec3 relativePosition;
layout(location = 1) flat in vec4 segmentPixels;
layout(location = 2) flat in vec4 colour;
layout(location = 3) flat in vec2 widthAndMarker;
layout(location = 4) flat in vec3 up;
layout(location = 0) out vec4 outColour;

// The marker's rim: pixels of a darker edge around a point's disc.
const float kMarkerRimPixels = 1.5;
const float kMarkerRimShade = 0.2;

void main()
{
    const vec2 a = segmentPixels.xy;
    const vec2 b = segmentPixels.zw;
    const vec2 fromA = gl_FragCoord.xy - a;
    const vec2 along = b - a;
    const float t = clamp(dot(fromA, along) / max(dot(along, along), 1e-8), 0.0, 1.0);
    const float distance = length(fromA - along * t);
    const float halfWidth = widthAndMarker.x * 0.5;
    const float coverage = clamp(halfWidth + 0.5 - distance, 0.0, 1.0);
    if (coverage <= 0.0) {
        discard;
    }

    if (drape_HiddenBySurface(relativePosition, up)) {
        discard;
    }

    vec3 rgb = colour.rgb;
    if (widthAndMarker.y > 0.5 && distance > halfWidth - kMarkerRimPixels) {
        rgb *= kMarkerRimShade;
    }
    outColour = drape_Output(rgb, colour.a * coverage);
}
