#version 460
// Display pass: maps each texel of the HDR image to the display. Its alpha
// says what the colour is: 1 for scene luminance (exposed and tone-mapped),
// 0 for a colour already meant for the display (debug shading modes), which
// passes through. sRGB is encoded here when the target cannot do it.
#extension GL_GOOGLE_include_directive : require

#include "atmosphere/Tonemapping.glsl"

layout(set = 0, binding = 0) uniform sampler2D hdrImage;

layout(push_constant) uniform DisplayControl {
    float exposureStops;
    uint tonemapper;   // ATMOSPHERE_TONEMAPPER_*
    uint encodeSrgb;   // 1 for UNORM targets
} display;

layout(location = 0) out vec4 colour;

void main()
{
    vec4 hdr = texelFetch(hdrImage, ivec2(gl_FragCoord.xy), 0);
    vec3 scene = atmosphere_Tonemap(atmosphere_ApplyExposure(hdr.rgb, display.exposureStops), display.tonemapper);
    vec3 mapped = mix(clamp(hdr.rgb, 0.0, 1.0), scene, clamp(hdr.a, 0.0, 1.0));
    colour = vec4(display.encodeSrgb != 0u ? atmosphere_EncodeSrgb(mapped) : mapped, 1.0);
}
