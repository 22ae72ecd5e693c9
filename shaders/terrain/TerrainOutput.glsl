// The colour the sky and terrain fragment shaders write, by the target's
// kind (terrainFrame.drawOptions.z, see terrain::TerrainOutput):
//   HDR target:      scene luminance with alpha 1, or a display colour (debug
//                    shading) with alpha 0, for atmosphere::TonemapPass;
//   display target:  scene luminance exposed and tone-mapped here, display
//                    colours as they are; sRGB-encoded here for UNORM targets.
// Include terrain/TerrainUniforms.glsl first.
#ifndef TERRAIN_OUTPUT_GLSL
#define TERRAIN_OUTPUT_GLSL

#include "atmosphere/Tonemapping.glsl"

vec4 terrain_OutputColour(vec3 colour, bool isSceneLuminance)
{
    uint outputKind = terrainFrame.drawOptions.z;
    if (outputKind == TERRAIN_OUTPUT_HDR_LUMINANCE) {
        return vec4(colour, isSceneLuminance ? 1.0 : 0.0);
    }
    vec3 display = colour;
    if (isSceneLuminance) {
        vec3 exposed = atmosphere_ApplyExposure(colour, terrainFrame.display.x);
        display = atmosphere_Tonemap(exposed, uint(terrainFrame.display.y + 0.5));
    }
    return vec4(outputKind == TERRAIN_OUTPUT_ENCODED_DISPLAY_COLOUR ? atmosphere_EncodeSrgb(display) : display, 1.0);
}

#endif  // TERRAIN_OUTPUT_GLSL
