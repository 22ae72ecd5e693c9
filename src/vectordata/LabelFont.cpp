#include "vectordata/LabelFont.h"

#include "vectordata/TrackReader.h"

#include <ft2build.h>
#include FT_FREETYPE_H

#include <algorithm>
#include <memory>
#include <set>

namespace vectordata {

namespace {

// The atlas's width in texels; rows of glyphs are added below as needed.
constexpr int kAtlasWidth = 512;
// Texels kept empty around each glyph's box, so that sampling one never
// reads its neighbour.
constexpr int kAtlasGap = 1;
constexpr char32_t kEllipsis = U'\u2026';
constexpr char32_t kReplacement = U'\uFFFD';

struct LibraryDeleter {
    void operator()(FT_Library library) const noexcept { FT_Done_FreeType(library); }
};
struct FaceDeleter {
    void operator()(FT_Face face) const noexcept { FT_Done_Face(face); }
};
using LibraryHandle = std::unique_ptr<std::remove_pointer_t<FT_Library>, LibraryDeleter>;
using FaceHandle = std::unique_ptr<std::remove_pointer_t<FT_Face>, FaceDeleter>;

// The text as the labels show it: at most kMaxLabelCharacters, the last of
// a longer one an ellipsis.
std::u32string shownText(std::string_view text)
{
    std::u32string characters = decodeUtf8(text);
    if (characters.size() > kMaxLabelCharacters) {
        characters.resize(kMaxLabelCharacters - 1);
        characters.push_back(kEllipsis);
    }
    return characters;
}

// The glyph's coverage grown by kLabelHaloPixels in every direction (a
// disc's maximum), in a box `width` x `height`.
std::vector<std::uint8_t> haloOf(const std::vector<std::uint8_t>& coverage, int width, int height)
{
    std::vector<std::uint8_t> halo(coverage.size(), 0);
    constexpr int kRadius = kLabelHaloPixels;
    for (int y = 0; y < height; ++y) {
        for (int x = 0; x < width; ++x) {
            std::uint8_t most = 0;
            for (int dy = -kRadius; dy <= kRadius; ++dy) {
                for (int dx = -kRadius; dx <= kRadius; ++dx) {
                    const int sx = x + dx;
                    const int sy = y + dy;
                    if (dx * dx + dy * dy > kRadius * kRadius + 1 || sx < 0 || sy < 0 || sx >= width || sy >= height) {
                        continue;
                    }
                    most = std::max(most, coverage[static_cast<std::size_t>(sy * width + sx)]);
                }
            }
            halo[static_cast<std::size_t>(y * width + x)] = most;
        }
    }
    return halo;
}

}  // namespace

std::u32string decodeUtf8(std::string_view text)
{
    std::u32string decoded;
    std::size_t i = 0;
    while (i < text.size()) {
        const auto lead = static_cast<unsigned char>(text[i]);
        const std::size_t length = lead < 0x80           ? 1
                                   : (lead >> 5) == 0x6  ? 2
                                   : (lead >> 4) == 0xe  ? 3
                                   : (lead >> 3) == 0x1e ? 4
                                                         : 0;
        if (length == 0 || i + length > text.size()) {
            decoded.push_back(kReplacement);
            ++i;
            continue;
        }
        char32_t point = length == 1 ? lead : lead & (0xffu >> (length + 1));
        bool valid = true;
        for (std::size_t k = 1; k < length; ++k) {
            const auto next = static_cast<unsigned char>(text[i + k]);
            valid = valid && (next >> 6) == 0x2;
            point = (point << 6) | (next & 0x3fu);
        }
        decoded.push_back(valid ? point : kReplacement);
        i += valid ? length : 1;
    }
    return decoded;
}

LabelFont::LabelFont(const std::filesystem::path& path, std::span<const std::string> texts)
{
    FT_Library rawLibrary = nullptr;
    if (FT_Init_FreeType(&rawLibrary) != 0) {
        throw VectorDataError(path.string() + ": FreeType could not start");
    }
    const LibraryHandle library(rawLibrary);
    FT_Face rawFace = nullptr;
    if (FT_New_Face(library.get(), path.c_str(), 0, &rawFace) != 0) {
        throw VectorDataError(path.string() + ": FreeType can not read it as a font");
    }
    const FaceHandle face(rawFace);
    if (FT_Set_Pixel_Sizes(face.get(), 0, kLabelPixelSize) != 0) {
        throw VectorDataError(path.string() + ": the font has no size of " + std::to_string(kLabelPixelSize) +
                              " pixels");
    }
    ascender_ = static_cast<int>(face->size->metrics.ascender >> 6);
    descender_ = static_cast<int>(face->size->metrics.descender >> 6);

    std::set<char32_t> characters{kEllipsis, kReplacement};
    std::set<std::pair<char32_t, char32_t>> pairs;
    for (const std::string& text : texts) {
        const std::u32string shown = shownText(text);
        characters.insert(shown.begin(), shown.end());
        for (std::size_t i = 1; i < shown.size(); ++i) {
            pairs.insert({shown[i - 1], shown[i]});
        }
    }

    // Each glyph with its halo, packed into shelves of the atlas's width.
    struct Pending {
        char32_t character;
        Glyph glyph;
        std::vector<std::uint8_t> coverage;
    };
    std::vector<Pending> pending;
    int shelfX = 0;
    int shelfY = 0;
    int shelfHeight = 0;
    for (const char32_t character : characters) {
        if (FT_Load_Char(face.get(), character, FT_LOAD_RENDER) != 0) {
            continue;
        }
        const FT_GlyphSlot slot = face->glyph;
        const FT_Bitmap& bitmap = slot->bitmap;
        Glyph glyph;
        glyph.width = static_cast<int>(bitmap.width) + 2 * kLabelHaloPixels;
        glyph.height = static_cast<int>(bitmap.rows) + 2 * kLabelHaloPixels;
        glyph.left = slot->bitmap_left - kLabelHaloPixels;
        glyph.top = slot->bitmap_top + kLabelHaloPixels;
        glyph.advance = static_cast<int>(slot->advance.x >> 6);
        glyph.index = FT_Get_Char_Index(face.get(), character);
        std::vector<std::uint8_t> coverage(static_cast<std::size_t>(glyph.width * glyph.height), 0);
        for (unsigned row = 0; row < bitmap.rows; ++row) {
            for (unsigned column = 0; column < bitmap.width; ++column) {
                coverage[static_cast<std::size_t>((static_cast<int>(row) + kLabelHaloPixels) * glyph.width +
                                                  static_cast<int>(column) + kLabelHaloPixels)] =
                    bitmap.buffer[static_cast<std::ptrdiff_t>(row) * bitmap.pitch + column];
            }
        }
        if (shelfX + glyph.width + kAtlasGap > kAtlasWidth) {
            shelfX = 0;
            shelfY += shelfHeight + kAtlasGap;
            shelfHeight = 0;
        }
        glyph.atlasX = shelfX;
        glyph.atlasY = shelfY;
        shelfX += glyph.width + kAtlasGap;
        shelfHeight = std::max(shelfHeight, glyph.height);
        pending.push_back({character, glyph, std::move(coverage)});
    }
    atlasWidth_ = kAtlasWidth;
    atlasHeight_ = static_cast<std::uint32_t>(std::max(shelfY + shelfHeight, 1));
    atlas_.assign(static_cast<std::size_t>(atlasWidth_) * atlasHeight_ * 2, 0);
    for (const Pending& entry : pending) {
        const Glyph& glyph = entry.glyph;
        const std::vector<std::uint8_t> halo = haloOf(entry.coverage, glyph.width, glyph.height);
        for (int y = 0; y < glyph.height; ++y) {
            for (int x = 0; x < glyph.width; ++x) {
                const std::size_t texel = static_cast<std::size_t>(glyph.atlasY + y) * atlasWidth_ +
                                          static_cast<std::size_t>(glyph.atlasX + x);
                const auto source = static_cast<std::size_t>(y * glyph.width + x);
                atlas_[texel * 2] = entry.coverage[source];
                atlas_[texel * 2 + 1] = halo[source];
            }
        }
        glyphs_[entry.character] = glyph;
    }
    if (FT_HAS_KERNING(face.get())) {
        for (const auto& [left, right] : pairs) {
            const auto first = glyphs_.find(left);
            const auto second = glyphs_.find(right);
            FT_Vector delta{};
            if (first != glyphs_.end() && second != glyphs_.end() &&
                FT_Get_Kerning(face.get(), first->second.index, second->second.index, FT_KERNING_DEFAULT, &delta) ==
                    0 &&
                delta.x != 0) {
                kerning_[{first->second.index, second->second.index}] = static_cast<int>(delta.x >> 6);
            }
        }
    }
}

LabelLayout LabelFont::layout(std::string_view text) const
{
    LabelLayout layout;
    const int lineHeight = ascender_ - descender_;
    layout.height = static_cast<float>(lineHeight + 2 * kLabelHaloPixels);
    const int baseline = -lineHeight / 2 + ascender_;
    int pen = kLabelHaloPixels;
    std::uint32_t previous = 0;
    for (const char32_t character : shownText(text)) {
        auto found = glyphs_.find(character);
        if (found == glyphs_.end()) {
            found = glyphs_.find(kReplacement);
            if (found == glyphs_.end()) {
                continue;
            }
        }
        const Glyph& glyph = found->second;
        if (const auto kern = kerning_.find({previous, glyph.index}); kern != kerning_.end()) {
            pen += kern->second;
        }
        if (glyph.width > 2 * kLabelHaloPixels && glyph.height > 2 * kLabelHaloPixels) {
            layout.glyphs.push_back({static_cast<float>(pen + glyph.left), static_cast<float>(baseline - glyph.top),
                                     static_cast<float>(glyph.width), static_cast<float>(glyph.height),
                                     static_cast<float>(glyph.atlasX), static_cast<float>(glyph.atlasY)});
        }
        pen += glyph.advance;
        previous = glyph.index;
    }
    layout.width = static_cast<float>(pen + kLabelHaloPixels);
    return layout;
}

}  // namespace vectordata
