// What a pass that draws into the scene's HDR image writes, for the display
// pass to map (display_Transform in display/Tonemapping.glsl): scene
// luminance with alpha 1, which it exposes and tone-maps, or a colour meant
// for the display as it is (a debug shading mode) with alpha 0, which it
// only clamps.
#ifndef DISPLAY_HDR_OUTPUT_GLSL
#define DISPLAY_HDR_OUTPUT_GLSL

vec4 display_HdrOutput(vec3 colour, bool isSceneLuminance)
{
    return vec4(colour, isSceneLuminance ? 1.0 : 0.0);
}

#endif  // DISPLAY_HDR_OUTPUT_GLSL
