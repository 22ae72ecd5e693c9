// The labels' text (src/vectordata/LabelFont.h): UTF-8 decoded with a
// replacement for malformed bytes; DejaVu Sans rasterized with a halo
// wider than its glyphs; a longer text laid out wider, cut with an ellipsis
// past its length; glyph boxes within the atlas; and a file that is no font
// giving one line. The labels' occupancy grid fits its shared memory.
#include "vectordata/LabelFont.h"
#include "vectordata/TrackReader.h"
#include "vectordata/gpu/DrapeLabels.h"

#include "VectorTestFolder.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>

namespace vectordata {
namespace {

TEST(LabelFont, DecodesUtf8AndReplacesMalformedBytes)
{
    EXPECT_EQ(decodeUtf8("Hut"), U"Hut");
    EXPECT_EQ(decodeUtf8("Zürich"), U"Z\u00fcrich");
    EXPECT_EQ(decodeUtf8("\xe2\x80\xa6"), U"\u2026");
    EXPECT_EQ(decodeUtf8("\xf0\x9f\x8f\x94"), U"\U0001F3D4");
    EXPECT_EQ(decodeUtf8("a\xffz"), U"a\uFFFDz");
    EXPECT_EQ(decodeUtf8("\xc3"), U"\uFFFD");
}

TEST(LabelFont, LaysOutTextFromTheFontsGlyphsWithAHalo)
{
    const std::vector<std::string> texts{"Alpha Hut", "Zürich", std::string(60, 'W')};
    const LabelFont font(CBT_TEST_LABEL_FONT, texts);
    ASSERT_GT(font.atlasWidth(), 0u);
    ASSERT_EQ(font.atlas().size(), std::size_t{font.atlasWidth()} * font.atlasHeight() * 2);
    std::size_t covered = 0;
    std::size_t haloOnly = 0;
    for (std::size_t i = 0; i < font.atlas().size(); i += 2) {
        covered += font.atlas()[i] > 128 ? 1u : 0u;
        haloOnly += font.atlas()[i] == 0 && font.atlas()[i + 1] > 128 ? 1u : 0u;
    }
    EXPECT_GT(covered, 100u);
    EXPECT_GT(haloOnly, covered / 2) << "the halo is not wider than the glyphs";

    const LabelLayout hut = font.layout("Alpha Hut");
    EXPECT_EQ(hut.glyphs.size(), 8u);  // the space draws nothing
    EXPECT_GT(hut.width, 50.0f);
    EXPECT_LT(hut.width, 100.0f);
    EXPECT_GE(hut.height, static_cast<float>(kLabelPixelSize));
    EXPECT_LT(hut.height, 2.0f * static_cast<float>(kLabelPixelSize));
    EXPECT_LT(font.layout("Alpha").width, hut.width);
    for (const PlacedGlyph& glyph : hut.glyphs) {
        EXPECT_GE(glyph.x, 0.0f);
        EXPECT_LE(glyph.x + glyph.width, hut.width + 1.0f);
        EXPECT_GE(glyph.y, -hut.height / 2.0f - 1.0f);
        EXPECT_LE(glyph.y + glyph.height, hut.height / 2.0f + 1.0f);
        EXPECT_LE(glyph.atlasX + glyph.width, static_cast<float>(font.atlasWidth()));
        EXPECT_LE(glyph.atlasY + glyph.height, static_cast<float>(font.atlasHeight()));
    }
    // Cut to kMaxLabelCharacters, the last an ellipsis.
    const LabelLayout cut = font.layout(std::string(60, 'W'));
    EXPECT_EQ(cut.glyphs.size(), kMaxLabelCharacters);
    EXPECT_LT(cut.glyphs.back().width, cut.glyphs.front().width);
}

TEST(LabelFont, AFileThatIsNoFontGivesOneLine)
{
    const VectorTestFolder folder("cbt-terrain-fonts");
    const std::string notAFont = folder.write("font.ttf", "not a font\n");
    try {
        const LabelFont font(notAFont, std::vector<std::string>{"a"});
        ADD_FAILURE() << "a text file was read as a font";
    } catch (const VectorDataError& error) {
        EXPECT_EQ(std::string(error.what()), notAFont + ": FreeType can not read it as a font");
    }
}

TEST(LabelFont, TheOccupancyGridFitsItsWords)
{
    for (const VkExtent2D viewport :
         {VkExtent2D{64, 48}, VkExtent2D{1920, 1080}, VkExtent2D{3840, 2160}, VkExtent2D{7680, 4320}}) {
        const std::uint32_t cell = gpu::labelCellPixels(viewport);
        EXPECT_GE(cell, 4u);
        const std::uint32_t cells = ((viewport.width + cell - 1) / cell) * ((viewport.height + cell - 1) / cell);
        EXPECT_LE(cells, gpu::kLabelCellWords * 32u);
    }
    EXPECT_LE(gpu::labelCellPixels({1920, 1080}), 5u);
}

}  // namespace
}  // namespace vectordata
