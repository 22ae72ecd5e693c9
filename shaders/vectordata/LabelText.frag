#version 460
// A label's glyph: white text over its dark halo, from the font atlas
// (vectordata::LabelFont: coverage, halo), texel for pixel.
#extension GL_GOOGLE_include_directive : require

layout(set = 0, binding = 8) uniform sampler2D labelAtlas;

layout(location = 0) in vec2 atlasTexel;
layout(location = 0) out vec4 outColour;

// How opaque the halo is at its full coverage.
const float kHaloOpacity = 0.8;

void main()
{
    const vec2 texel = texelFetch(labelAtlas, ivec2(floor(atlasTexel)), 0).rg;
    const float text = texel.r;
    const float alpha = text + (1.0 - text) * texel.g * kHaloOpacity;
    if (alpha <= 0.0) {
        discard;
    }
    // White over black, premultiplied: the same coded or linear.
    outColour = vec4(vec3(text), alpha);
}
