#version 460
// Which labels show this frame, in one workgroup: the labels in the order
// the host gave (vectordata::gpu::VectorDrapePass: earlier layers first,
// then nearer points), each taken when its point is in front of the camera
// and not behind the scene's surface (VectorDrapeOcclusion.glsl), its box
// lies within the frame, and no cell of a grid over the frame that its box
// covers is taken by a label before it. The cells are conservative: two
// labels shown never overlap. Writes the labels taken and the indirect draw
// of their glyphs (LabelText.vert).
#extension GL_GOOGLE_include_directive : require

#define DRAPE_COMPUTE
#include "vectordata/VectorDrape.glsl"
#include "vectordata/VectorDrapeOcclusion.glsl"

layout(local_size_x = 256) in;

layout(std430, set = 0, binding = 5) readonly buffer LabelOrder {
    uint labelOrder[];
};

layout(std430, set = 0, binding = 6) writeonly buffer PlacedLabels {
    uint vertexCount;
    uint instanceCount;
    uint firstVertex;
    uint firstInstance;
    PlacedLabel placedLabels[];
};

// The occupancy grid: one bit a cell (vectordata::gpu::kLabelCellWords).
const uint kCellWords = 4000u;
shared uint occupied[kCellWords];
shared uint labelShows;
shared uint labelBlocked;
shared ivec4 labelCells;
shared vec2 labelPixel;
shared uint placedCount;

const float kNearestW = 1e-4;

// Thread 0: whether label `index` can show, and the cells its box covers.
void examine(uint index)
{
    labelShows = 0u;
    labelBlocked = 0u;
    const DrapedLabel label = drapedLabels[index];
    if (drape_LayerHidden(label.layer)) {
        return;
    }
    const vec3 relative = drape_RelativeToCamera(vec3(label.highX, label.highY, label.highZ),
                                                 vec3(label.lowX, label.lowY, label.lowZ));
    const vec4 clip = drapeFrame.viewRotationProjection * vec4(relative, 1.0);
    if (clip.w < kNearestW) {
        return;
    }
    const vec2 pixel = drape_PixelsOf(clip);
    const vec2 viewport = drapeFrame.depthTerms.zw;
    // The box: the marker's left edge to the text's right end.
    const vec2 low = vec2(pixel.x - label.textOffsetPixels, pixel.y - label.heightPixels * 0.5);
    const vec2 high = vec2(pixel.x + label.textOffsetPixels + label.widthPixels, pixel.y + label.heightPixels * 0.5);
    if (low.x < 0.0 || low.y < 0.0 || high.x > viewport.x || high.y > viewport.y || clip.z < 0.0 || clip.z > clip.w) {
        return;
    }
    if (drape_HiddenAt(ivec2(pixel), clip.w, relative, vec3(label.upX, label.upY, label.upZ))) {
        return;
    }
    const float cell = drapeFrame.labelCells.x;
    const ivec2 last = ivec2(drapeFrame.labelCells.yz) - 1;
    labelCells = ivec4(clamp(ivec2(floor(low / cell)), ivec2(0), last), clamp(ivec2(floor(high / cell)), ivec2(0), last));
    labelPixel = pixel;
    labelShows = 1u;
}

void main()
{
    const uint thread = gl_LocalInvocationIndex;
    const uint cellsAcross = uint(drapeFrame.labelCells.y);
    const uint words = min((cellsAcross * uint(drapeFrame.labelCells.z) + 31u) / 32u, kCellWords);
    for (uint word = thread; word < words; word += gl_WorkGroupSize.x) {
        occupied[word] = 0u;
    }
    if (thread == 0u) {
        placedCount = 0u;
    }
    barrier();
    const uint labels = uint(drapeFrame.labelCells.w);
    for (uint k = 0u; k < labels; ++k) {
        if (thread == 0u) {
            examine(labelOrder[k]);
        }
        barrier();
        if (labelShows != 0u) {
            const ivec4 cells = labelCells;
            const uint across = uint(cells.z - cells.x + 1);
            const uint count = across * uint(cells.w - cells.y + 1);
            for (uint i = thread; i < count; i += gl_WorkGroupSize.x) {
                const uint cell = uint(cells.y + int(i / across)) * cellsAcross + uint(cells.x) + i % across;
                if ((occupied[cell >> 5u] & (1u << (cell & 31u))) != 0u) {
                    atomicOr(labelBlocked, 1u);
                }
            }
            barrier();
            if (labelBlocked == 0u) {
                for (uint i = thread; i < count; i += gl_WorkGroupSize.x) {
                    const uint cell = uint(cells.y + int(i / across)) * cellsAcross + uint(cells.x) + i % across;
                    atomicOr(occupied[cell >> 5u], 1u << (cell & 31u));
                }
                if (thread == 0u) {
                    placedLabels[placedCount] = PlacedLabel(labelPixel.x, labelPixel.y, labelOrder[k], 0u);
                    placedCount += 1u;
                }
            }
        }
        barrier();
    }
    if (thread == 0u) {
        vertexCount = 6u * DRAPE_MAX_LABEL_GLYPHS;
        instanceCount = placedCount;
        firstVertex = 0u;
        firstInstance = 0u;
    }
}
