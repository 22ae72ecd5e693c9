#version 460
// The display pass in compute: maps each texel of the scene's HDR image to
// the display (display_Transform), as DisplayPass.frag does, and stores it
// sRGB-encoded through the target's R8G8B8A8_UNORM view, its red and blue
// swapped for a BGRA target.
#extension GL_GOOGLE_include_directive : require

#include "display/Tonemapping.glsl"

layout(local_size_x = 8, local_size_y = 8) in;

layout(set = 0, binding = 0) uniform sampler2D hdrImage;
layout(set = 0, binding = 1, rgba8) uniform writeonly image2D displayImage;

layout(push_constant) uniform DisplayControl {
    float exposureStops;
    uint tonemapper;   // DISPLAY_TONEMAPPER_*
    uint swapRedBlue;  // 1 for B8G8R8A8 targets
} display;

void main()
{
    ivec2 texel = ivec2(gl_GlobalInvocationID.xy);
    if (any(greaterThanEqual(texel, imageSize(displayImage)))) {
        return;
    }
    vec3 mapped = display_EncodeSrgb(display_Transform(texelFetch(hdrImage, texel, 0), display.exposureStops,
                                                       display.tonemapper));
    imageStore(displayImage, texel, vec4(display.swapRedBlue != 0u ? mapped.bgr : mapped, 1.0));
}
