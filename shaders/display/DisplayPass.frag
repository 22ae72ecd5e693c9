#version 460
// The display pass: maps each texel of the scene's HDR image to the display
// (display_Transform), and encodes sRGB when the target cannot.
#extension GL_GOOGLE_include_directive : require

#include "display/Tonemapping.glsl"

layout(set = 0, binding = 0) uniform sampler2D hdrImage;

layout(push_constant) uniform DisplayControl {
    float exposureStops;
    uint tonemapper;   // DISPLAY_TONEMAPPER_*
    uint encodeSrgb;   // 1 for UNORM targets
} display;

layout(location = 0) out vec4 colour;

void main()
{
    vec4 hdr = texelFetch(hdrImage, ivec2(gl_FragCoord.xy), 0);
    vec3 mapped = display_Transform(hdr, display.exposureStops, display.tonemapper);
    colour = vec4(display.encodeSrgb != 0u ? display_EncodeSrgb(mapped) : mapped, 1.0);
}
