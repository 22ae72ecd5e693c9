// What the vector drape's stages share (src/vectordata/gpu/VectorDrapePass.h):
// the frame's camera and the draped vertices (vectordata::DrapedVertex).

// vectordata::gpu::DrapeUniforms.
layout(std140, set = 0, binding = 0) uniform DrapeFrame {
    // The scene's directions (world or ECEF) to clip space: the view's
    // rotation, then the projection.
    mat4 viewRotationProjection;
    // The camera's position, split as the vertices' are.
    vec4 cameraHigh;
    vec4 cameraLow;
    // xyz: the view's forward direction in the scene; w: the projection's
    // [2][2] term.
    vec4 forward;
    // x: the projection's [3][2] term; y: the depth the scene is cleared to
    // (no surface); zw: the viewport in pixels.
    vec4 depthTerms;
    // x: metres a line may lie under the scene's surface along the up
    // direction and still show; y: the same per metre of distance; z: samples
    // per pixel of the visibility buffer.
    vec4 tolerance;
    // The labels' placement: x the side of an occupancy cell in pixels, y
    // and z the cells across and down, w the labels.
    vec4 labelCells;
    // A bit for each layer (vectordata::kMaxDrapedLayers) the overlay hides.
    uvec4 hiddenLayers;
} drapeFrame;

struct DrapedVertex {
    float highX, highY, highZ, widthPixels;
    float lowX, lowY, lowZ;
    uint rgba;
    float upX, upY, upZ;
    uint flags;
};

// The lines and markers (vectordata::DrapedLayers::lines).
layout(std430, set = 0, binding = 1) readonly buffer DrapedVertices {
    DrapedVertex drapedVertices[];
};

// The polygons' fills, three vertices a triangle (DrapedLayers::fills).
layout(std430, set = 0, binding = 3) readonly buffer DrapedFillVertices {
    DrapedVertex drapedFillVertices[];
};

const uint DRAPE_LINE_END = 1u;
const uint DRAPE_MARKER = 2u;
const uint DRAPE_LAYER_SHIFT = 8u;

bool drape_LayerHidden(uint layer)
{
    return layer < 128u && (drapeFrame.hiddenLayers[layer >> 5u] & (1u << (layer & 31u))) != 0u;
}

// A position less the camera's, from their high and low floats.
vec3 drape_RelativeToCamera(vec3 positionHigh, vec3 positionLow)
{
    precise vec3 high = positionHigh - drapeFrame.cameraHigh.xyz;
    precise vec3 low = positionLow - drapeFrame.cameraLow.xyz;
    precise vec3 relative = high + low;
    return relative;
}

vec3 drape_RelativeToCamera(DrapedVertex vertex)
{
    return drape_RelativeToCamera(vec3(vertex.highX, vertex.highY, vertex.highZ),
                                  vec3(vertex.lowX, vertex.lowY, vertex.lowZ));
}

// Framebuffer pixels of a clip-space point in front of the camera.
vec2 drape_PixelsOf(vec4 clip)
{
    return (clip.xy / clip.w * 0.5 + 0.5) * drapeFrame.depthTerms.zw;
}

// vectordata::DrapedLabel.
struct DrapedLabel {
    float highX, highY, highZ, textOffsetPixels;
    float lowX, lowY, lowZ;
    uint firstGlyph;
    float upX, upY, upZ;
    uint glyphCount;
    float widthPixels, heightPixels;
    uint layer, unused;
};

layout(std430, set = 0, binding = 4) readonly buffer DrapedLabels {
    DrapedLabel drapedLabels[];
};

// A label given a place in this frame: its point's pixel and its number.
struct PlacedLabel {
    float x, y;
    uint label;
    uint unused;
};

// The most glyphs of a label (vectordata::kMaxLabelCharacters).
const uint DRAPE_MAX_LABEL_GLYPHS = 40u;

// A vertex's colour (0xRRGGBBAA), sRGB with straight alpha.
vec4 drape_Colour(DrapedVertex vertex)
{
    return unpackUnorm4x8(vertex.rgba).abgr;
}
