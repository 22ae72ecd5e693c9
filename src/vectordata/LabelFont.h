// The labels' text: a TrueType font (DejaVu Sans of fonts-dejavu-core by
// default) rasterized through FreeType at a fixed pixel size into one atlas
// of the glyphs the labels use, each with a dark halo around it so that the
// text reads on snow, rock, water and imagery alike; and each label's
// glyphs laid out along a line (UTF-8 decoded, kerned where the font says).
#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace vectordata {

// The text's height in pixels (the font's em), and its halo's width.
inline constexpr std::uint32_t kLabelPixelSize = 15;
inline constexpr int kLabelHaloPixels = 2;
// A label longer than this many characters is cut, ending in "...".
inline constexpr std::size_t kMaxLabelCharacters = 40;

// One glyph of a laid-out label: its box in pixels from the label's anchor
// (the left end of its baseline's vertical middle, y down) and in the atlas
// (texels).
struct PlacedGlyph {
    float x = 0.0f;
    float y = 0.0f;
    float width = 0.0f;
    float height = 0.0f;
    float atlasX = 0.0f;
    float atlasY = 0.0f;
};
static_assert(sizeof(PlacedGlyph) == 24);

struct LabelLayout {
    std::vector<PlacedGlyph> glyphs;
    float width = 0.0f;   // pixels, halo included
    float height = 0.0f;  // pixels, halo included
};

class LabelFont {
public:
    // Rasterizes every character of `texts` from the font file `path`.
    // Throws VectorDataError, one line naming the file, when FreeType can
    // not read it.
    LabelFont(const std::filesystem::path& path, std::span<const std::string> texts);

    // Two bytes a texel, row by row: the glyphs' coverage, then their halo's.
    [[nodiscard]] const std::vector<std::uint8_t>& atlas() const { return atlas_; }
    [[nodiscard]] std::uint32_t atlasWidth() const { return atlasWidth_; }
    [[nodiscard]] std::uint32_t atlasHeight() const { return atlasHeight_; }

    // The glyphs of `text` (cut to kMaxLabelCharacters) along one line.
    [[nodiscard]] LabelLayout layout(std::string_view text) const;

private:
    struct Glyph {
        int atlasX = 0;
        int atlasY = 0;
        int width = 0;   // halo included
        int height = 0;  // halo included
        int left = 0;    // from the pen to the box's left, halo included
        int top = 0;     // from the baseline up to the box's top, halo included
        int advance = 0;
        std::uint32_t index = 0;  // the font's glyph index, for kerning
    };

    std::map<char32_t, Glyph> glyphs_;
    std::map<std::pair<std::uint32_t, std::uint32_t>, int> kerning_;
    std::vector<std::uint8_t> atlas_;
    std::uint32_t atlasWidth_ = 0;
    std::uint32_t atlasHeight_ = 0;
    int ascender_ = 0;
    int descender_ = 0;
};

// The code points of UTF-8 text; a malformed sequence gives U+FFFD.
[[nodiscard]] std::u32string decodeUtf8(std::string_view text);

}  // namespace vectordata
