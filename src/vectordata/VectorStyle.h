// How a vector layer is drawn: its colour and line width, from the command
// line (--vector FILE:color=#RRGGBB,width=PX), else from each feature's own
// style (KML styles, OGR style strings), else from a fixed palette in the
// order the layers are given.
#pragma once

#include "vectordata/VectorLayer.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

namespace vectordata {

// A line's width when nothing gives one, pixels.
inline constexpr float kDefaultLineWidthPixels = 3.0f;
// The widest line a style may ask for, pixels.
inline constexpr float kMaxLineWidthPixels = 64.0f;
// A point's marker: its diameter over its line width, and the least one.
inline constexpr float kMarkerDiameterPerLineWidth = 3.0f;
inline constexpr float kMinMarkerDiameterPixels = 9.0f;
// The opacity of a polygon's fill where its style gives none.
inline constexpr std::uint32_t kDefaultFillAlpha = 0x50;

// --vector's argument: the source, and the style after its last ':' when
// everything after it is "key=value" pairs of color (or colour) and width.
struct VectorLayerSpec {
    std::string source;
    std::optional<std::uint32_t> rgba;  // 0xRRGGBBAA
    std::optional<float> widthPixels;
};

// Throws text::ParseError, one line naming the argument, for a style
// whose colour is not #RRGGBB or #RRGGBBAA or whose width is not a number of
// pixels in (0, kMaxLineWidthPixels].
[[nodiscard]] VectorLayerSpec parseVectorLayerSpec(const std::string& argument);

// The palette's colour of the `index`th layer (0xRRGGBBAA, opaque): eight
// colours that stand out on rock, grass, snow, water and imagery, repeated.
[[nodiscard]] std::uint32_t paletteColour(std::size_t index);

// The colour and width a feature is drawn with: the spec's, else the
// feature's, else the palette's colour and the default width.
struct ResolvedStyle {
    std::uint32_t rgba = 0;
    float widthPixels = kDefaultLineWidthPixels;
};
[[nodiscard]] ResolvedStyle resolveStyle(const VectorLayerSpec& spec, std::size_t layerIndex,
                                         const FeatureStyle& feature);

// The diameter in pixels of a point's marker drawn in `style`.
[[nodiscard]] float markerDiameterOf(const ResolvedStyle& style);

}  // namespace vectordata
