#version 460
// The labels placed this frame (LabelPlacement.comp), one instance each:
// vertex 6 g + corner is a corner of glyph g's quad, in whole pixels right of
// the label's point, none past the label's last glyph.
#extension GL_GOOGLE_include_directive : require

#include "vectordata/VectorDrape.glsl"

layout(std430, set = 0, binding = 6) readonly buffer PlacedLabels {
    uint vertexCount;
    uint instanceCount;
    uint firstVertex;
    uint firstInstance;
    PlacedLabel placedLabels[];
};

// vectordata::PlacedGlyph.
struct PlacedGlyph {
    float x, y, width, height, atlasX, atlasY;
};

layout(std430, set = 0, binding = 7) readonly buffer LabelGlyphs {
    PlacedGlyph labelGlyphs[];
};

layout(location = 0) out vec2 atlasTexel;

const vec2 kCorners[6] = vec2[6](vec2(0.0, 0.0), vec2(1.0, 0.0), vec2(1.0, 1.0), vec2(0.0, 0.0), vec2(1.0, 1.0),
                                 vec2(0.0, 1.0));

void main()
{
    const PlacedLabel placed = placedLabels[gl_InstanceIndex];
    const DrapedLabel label = drapedLabels[placed.label];
    const uint glyph = uint(gl_VertexIndex) / 6u;
    if (glyph >= label.glyphCount) {
        gl_Position = vec4(0.0, 0.0, 0.0, 1.0);
        atlasTexel = vec2(0.0);
        return;
    }
    const PlacedGlyph placedGlyph = labelGlyphs[label.firstGlyph + glyph];
    const vec2 corner = kCorners[uint(gl_VertexIndex) % 6u];
    const vec2 size = vec2(placedGlyph.width, placedGlyph.height);
    const vec2 origin = floor(vec2(placed.x + label.textOffsetPixels, placed.y) + 0.5);
    const vec2 pixel = origin + vec2(placedGlyph.x, placedGlyph.y) + corner * size;
    gl_Position = vec4(pixel / drapeFrame.depthTerms.zw * 2.0 - 1.0, 0.0, 1.0);
    atlasTexel = vec2(placedGlyph.atlasX, placedGlyph.atlasY) + corner * size;
}
