// A vector layer laid on a surface, the flat terrain's or the globe's: every
// line and ring sampled at least as often as the surface's data, each point
// at the height the surface draws there, in the scene's own coordinates
// (the flat world's metres, or ECEF), split into a high and a low float so
// that the GPU can take the camera's position away without losing the
// centimetres (vectordata::gpu::VectorDrapePass draws them).
#pragma once

#include "vectordata/LabelFont.h"
#include "vectordata/VectorStyle.h"

#include <glm/vec3.hpp>

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace vectordata {

// A point of a surface in the scene's coordinates, and its unit up
// direction there.
struct SurfacePoint {
    glm::dvec3 position{0.0};
    glm::dvec3 up{0.0, 1.0, 0.0};
};

// What a surface tells the drape about itself.
struct DrapeGround {
    // The point the surface draws at a latitude and longitude (on the sea's
    // surface where it draws water), or empty where it does not cover it.
    std::function<std::optional<SurfacePoint>(double latitudeDegrees, double longitudeDegrees)> pointAt;
    // Metres between the surface's samples: a line gets a point at least
    // this often, so it follows the ground between its own points.
    double sampleSpacingMetres = 100.0;
};

// A vertex as the GPU reads it (std430, 48 bytes): the position's high and
// low floats, the width in pixels, the colour, the up direction and flags.
struct DrapedVertex {
    glm::vec3 high{0.0f};
    float widthPixels = 0.0f;
    glm::vec3 low{0.0f};
    std::uint32_t rgba = 0;  // 0xRRGGBBAA, sRGB
    glm::vec3 up{0.0f, 1.0f, 0.0f};
    std::uint32_t flags = 0;
};
static_assert(sizeof(DrapedVertex) == 48);

// DrapedVertex::flags: the vertex ends its line (no segment joins it to the
// next), and the vertex is a point's marker (with kDrapeLineEnd); bits 8 and
// up: the number of the layer it belongs to (the overlay shows or hides
// each layer).
inline constexpr std::uint32_t kDrapeLineEnd = 1u;
inline constexpr std::uint32_t kDrapeMarker = 2u;
inline constexpr std::uint32_t kDrapeLayerShift = 8u;
// The most layers the drape tells apart (the hidden ones are a bit each).
inline constexpr std::size_t kMaxDrapedLayers = 128;

// The most vertices all layers together are sampled into: a layer whose
// lines would need more is sampled more coarsely.
inline constexpr std::size_t kMaxDrapedVertices = std::size_t{1} << 21u;

// The high and low floats of a double position: high + low == position to
// within float's precision of the low part (micrometres at the Earth's size).
void splitPosition(const glm::dvec3& position, glm::vec3& high, glm::vec3& low);

// Appends `layer`, the `layerIndex`th given, drawn in `spec`'s style
// (resolveStyle), laid on `ground`, to `vertices`; lines and rings leave the
// surface where it does not cover them (a new line starts where they come
// back). Returns how many vertices it appended: 0 when nothing of the layer
// lies on the surface. At most `vertexBudget` are appended.
std::size_t drapeLayer(const VectorLayer& layer, const VectorLayerSpec& spec, std::size_t layerIndex,
                       const DrapeGround& ground, std::vector<DrapedVertex>& vertices,
                       std::size_t vertexBudget = kMaxDrapedVertices);

// The most vertices of the polygons' fills all layers together give, three
// a triangle: a layer whose fills would need more is cut more coarsely.
inline constexpr std::size_t kMaxDrapedFillVertices = std::size_t{3} << 19u;

// Appends the fills of `layer`'s polygons (vectordata/PolygonFill.h, cut to
// the ground's sample spacing), three vertices a triangle, in the colour of
// each polygon's brush, else its line colour at kDefaultFillAlpha; a
// triangle with a corner off the surface is left out. Returns how many
// vertices it appended, at most `vertexBudget`.
std::size_t drapeFills(const VectorLayer& layer, const VectorLayerSpec& spec, std::size_t layerIndex,
                       const DrapeGround& ground, std::vector<DrapedVertex>& triangles,
                       std::size_t vertexBudget = kMaxDrapedFillVertices);

// A named point's label as the GPU reads it (std430, 64 bytes): the
// point's position (high and low floats) and up direction, its text's
// glyphs (DrapedLabels::glyphs from firstGlyph), the text's box in pixels,
// how far right of the point the text starts, and the layer's number (an
// earlier layer's labels win a place first).
struct DrapedLabel {
    glm::vec3 high{0.0f};
    float textOffsetPixels = 0.0f;
    glm::vec3 low{0.0f};
    std::uint32_t firstGlyph = 0;
    glm::vec3 up{0.0f, 1.0f, 0.0f};
    std::uint32_t glyphCount = 0;
    float widthPixels = 0.0f;
    float heightPixels = 0.0f;
    std::uint32_t layer = 0;
    std::uint32_t unused = 0;
};
static_assert(sizeof(DrapedLabel) == 64);

// The labels of all layers and the font atlas their glyphs lie in
// (LabelFont::atlas: coverage and halo, two bytes a texel).
struct DrapedLabels {
    std::vector<DrapedLabel> labels;
    std::vector<glm::dvec3> anchors;  // each label's point, for the order of a frame
    std::vector<PlacedGlyph> glyphs;
    std::vector<std::uint8_t> atlas;
    std::uint32_t atlasWidth = 0;
    std::uint32_t atlasHeight = 0;
};

// The most labels all layers together show; those after are left out.
inline constexpr std::size_t kMaxDrapedLabels = 16384;

// Appends a label for each named point of `layer` that lies on `ground`,
// its text laid out in `font` (whose atlas `labels` takes), to the right of
// the point's marker. Returns how many it appended.
std::size_t drapeLabels(const VectorLayer& layer, const VectorLayerSpec& spec, std::size_t layerIndex,
                        const DrapeGround& ground, const LabelFont& font, DrapedLabels& labels);

// What the drape pass draws: the lines and markers (drapeLayer), the
// polygons' fills (drapeFills) and the points' labels (drapeLabels).
struct DrapedLayers {
    std::vector<DrapedVertex> lines;
    std::vector<DrapedVertex> fills;
    DrapedLabels labels;
    // The layers drawn: each one's number (its place among those given) and
    // source.
    std::vector<std::pair<std::size_t, std::string>> drawn;

    // A label stands beside its point's marker, among the lines.
    [[nodiscard]] bool empty() const { return lines.empty() && fills.empty(); }
};

}  // namespace vectordata
