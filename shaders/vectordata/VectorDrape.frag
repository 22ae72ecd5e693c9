#version 460
// The vector drape's pixels: the line's coverage of the pixel, from its
// distance to the segment in pixels (anti-aliased over one pixel), shown
// only where the line is not behind the scene's surface. The surface at the
// pixel is read from the frame's depth image, or, with
// DRAPE_VISIBILITY_BUFFER, from sample 0 of its visibility buffer
// (raster/TriangleRaster.h). A line point is hidden when it lies, along the
// view ray, behind that surface by more than the tolerance measured along
// the up direction: a ridge in front hides it, the surface's own level of
// detail does not.
#extension GL_GOOGLE_include_directive : require

#include "vectordata/VectorDrape.glsl"

// Whether the shader writes sRGB itself (a UNORM target) or the target
// encodes the linear colour (an SRGB one).
layout(constant_id = 0) const bool kShaderEncodesSrgb = false;

#ifdef DRAPE_VISIBILITY_BUFFER
layout(std430, set = 0, binding = 2) readonly buffer Visibility {
    uint visibilityWords[];
};
#else
layout(set = 0, binding = 2) uniform sampler2D sceneDepth;
#endif

layout(location = 0) in vec3 relativePosition;
layout(location = 1) flat in vec4 segmentPixels;
layout(location = 2) flat in vec4 colour;
layout(location = 3) flat in vec2 widthAndMarker;
layout(location = 4) flat in vec3 up;
layout(location = 0) out vec4 outColour;

// The marker's rim: pixels of a darker edge around a point's disc.
const float kMarkerRimPixels = 1.5;
const float kMarkerRimShade = 0.2;

// The scene's depth at this pixel, or the cleared depth where it has none.
float sceneDepthHere()
{
    const ivec2 pixel = ivec2(gl_FragCoord.xy);
#ifdef DRAPE_VISIBILITY_BUFFER
    const uint samples = uint(drapeFrame.tolerance.z);
    const uint index = (uint(pixel.y) * uint(drapeFrame.depthTerms.z) + uint(pixel.x)) * samples * 2u;
    const uint high = visibilityWords[index + 1u];
    return high == 0u && visibilityWords[index] == 0u ? drapeFrame.depthTerms.y : uintBitsToFloat(high);
#else
    return texelFetch(sceneDepth, pixel, 0).r;
#endif
}

vec3 decodeSrgb(vec3 coded)
{
    return mix(coded / 12.92, pow((coded + 0.055) / 1.055, vec3(2.4)), greaterThan(coded, vec3(0.04045)));
}

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

    const float depth = sceneDepthHere();
    if (depth == drapeFrame.depthTerms.y) {
        discard;  // no surface under the line here
    }
    const vec3 ray = normalize(relativePosition);
    const float cosine = max(dot(ray, drapeFrame.forward.xyz), 1e-3);
    const float sceneAxial = drapeFrame.depthTerms.x / (depth + drapeFrame.forward.w);
    const float lineAxial = 1.0 / gl_FragCoord.w;
    const float behind = (lineAxial - sceneAxial) / cosine;
    const float allowed = drapeFrame.tolerance.x + drapeFrame.tolerance.y * sceneAxial / cosine;
    if (behind * abs(dot(ray, up)) > allowed) {
        discard;
    }

    vec3 rgb = colour.rgb;
    if (widthAndMarker.y > 0.5 && distance > halfWidth - kMarkerRimPixels) {
        rgb *= kMarkerRimShade;
    }
    if (!kShaderEncodesSrgb) {
        rgb = decodeSrgb(rgb);
    }
    const float alpha = colour.a * coverage;
    outColour = vec4(rgb * alpha, alpha);
}
