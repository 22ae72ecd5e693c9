// The streamed tiles' atlas on the device (TileAtlas): staged
// tiles land in their layers, the page table and the statistics, the least recently used
// tile makes room for a new one (and leaves the page table), a tile in use by
// the frame is never replaced, and staging holds its frame's share; an atlas
// of colours (imagery) holds RGBA8 tiles as they were staged, four bytes a
// texel, and no statistics.
#include "GpuTestEnvironment.h"

#include "tiles/TilePyramid.h"
#include "tiles/gpu/TileAtlas.h"

#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

namespace tiles::gpu::test {
namespace {

constexpr std::uint32_t kTileSize = 16;

tiles::TilePyramidLayout smallLayout()
{
    return tiles::TilePyramidLayout(100, 70, kTileSize, 2);
}

// A tile whose samples say which entry it is.
tiles::Tile patternTile(const tiles::TilePyramidLayout& layout, std::uint32_t entry)
{
    tiles::Tile tile;
    tile.key = layout.keyOfEntry(entry);
    const std::uint32_t side = layout.storedSize();
    tile.samples.resize(std::size_t{side} * side);
    for (std::size_t i = 0; i < tile.samples.size(); ++i) {
        tile.samples[i] = static_cast<std::uint16_t>(entry * 1000 + i * 7 % 997);
    }
    tile.lowest = static_cast<std::uint16_t>(entry * 1000);
    tile.highest = static_cast<std::uint16_t>(entry * 1000 + 996);
    tile.meanHeight = 0.25F + 0.001F * static_cast<float>(entry);
    tile.meanSquaredHeight = 0.125F + 0.002F * static_cast<float>(entry);
    return tile;
}

std::size_t tileBytes(const tiles::TilePyramidLayout& layout)
{
    return std::size_t{layout.storedSize()} * layout.storedSize() * sizeof(std::uint16_t);
}

class TileAtlasTest : public vk::test::GpuTest {
protected:
    void upload(TileAtlas& atlas)
    {
        device().submitAndWait([&](VkCommandBuffer commands) { atlas.recordUploads(commands, 0); });
    }
};

TEST_F(TileAtlasTest, StagedTilesLandInTheirLayersAndThePageTable)
{
    const tiles::TilePyramidLayout layout = smallLayout();
    TileAtlas atlas(device(), layout, 3 * tileBytes(layout), 1, 4);
    ASSERT_EQ(atlas.layerCount(), 3u);
    for (const std::uint32_t entry : {0u, 4u, 30u}) {
        ASSERT_TRUE(atlas.stage(patternTile(layout, entry), entry, 0, 1));
    }
    upload(atlas);
    EXPECT_EQ(atlas.residentCount(), 3u);
    const std::vector<std::uint32_t> table = atlas.readBackPageTable();
    ASSERT_EQ(table.size(), layout.entryCount());
    std::vector<bool> layersSeen(3, false);
    for (std::uint32_t entry = 0; entry < layout.entryCount(); ++entry) {
        const bool staged = entry == 0 || entry == 4 || entry == 30;
        EXPECT_EQ(table[entry] != 0, staged) << "entry " << entry;
        EXPECT_EQ(atlas.resident(entry), staged) << "entry " << entry;
        if (staged) {
            ASSERT_LE(table[entry], 3u);
            EXPECT_FALSE(layersSeen[table[entry] - 1]) << "two tiles in one layer";
            layersSeen[table[entry] - 1] = true;
            EXPECT_EQ(atlas.readBackTile(entry), patternTile(layout, entry).samples) << "entry " << entry;
            // The criterion's statistics of the tile: lowest low, highest
            // high, its moments, and its share's samples as their weight.
            const tiles::Tile tile = patternTile(layout, entry);
            const TileStatistics expected{(entry * 1000) | ((entry * 1000 + 996) << 16), tile.meanHeight,
                                          tile.meanSquaredHeight,
                                          static_cast<float>(layout.shareSamples(layout.keyOfEntry(entry)))};
            EXPECT_EQ(atlas.readBackTileStatistics()[entry], expected) << "entry " << entry;
        }
    }
}

TEST_F(TileAtlasTest, TheLeastRecentlyUsedTileMakesRoom)
{
    const tiles::TilePyramidLayout layout = smallLayout();
    TileAtlas atlas(device(), layout, 3 * tileBytes(layout), 1, 4);
    for (const std::uint32_t entry : {1u, 2u, 3u}) {
        ASSERT_TRUE(atlas.stage(patternTile(layout, entry), entry, 0, 1));
    }
    upload(atlas);
    const std::uint32_t layerOfTwo = atlas.readBackPageTable()[2];
    atlas.touch(1, 2);
    atlas.touch(3, 2);
    ASSERT_TRUE(atlas.stage(patternTile(layout, 9), 9, 0, 3));
    upload(atlas);
    EXPECT_EQ(atlas.evictions(), 1u);
    EXPECT_FALSE(atlas.resident(2));
    EXPECT_TRUE(atlas.resident(1));
    EXPECT_TRUE(atlas.resident(3));
    EXPECT_EQ(atlas.residentSince(9), 3u);
    const std::vector<std::uint32_t> table = atlas.readBackPageTable();
    EXPECT_EQ(table[2], 0u);
    EXPECT_EQ(table[9], layerOfTwo);
    EXPECT_EQ(atlas.readBackTile(9), patternTile(layout, 9).samples);
    EXPECT_EQ(atlas.readBackTile(1), patternTile(layout, 1).samples);
}

TEST_F(TileAtlasTest, ATileTheFrameUsesIsNeverReplaced)
{
    const tiles::TilePyramidLayout layout = smallLayout();
    TileAtlas atlas(device(), layout, 2 * tileBytes(layout), 1, 4);
    ASSERT_TRUE(atlas.stage(patternTile(layout, 0), 0, 0, 1));
    ASSERT_TRUE(atlas.stage(patternTile(layout, 1), 1, 0, 1));
    upload(atlas);
    atlas.touch(0, 5);
    atlas.touch(1, 5);
    EXPECT_FALSE(atlas.stage(patternTile(layout, 2), 2, 0, 5));
    EXPECT_TRUE(atlas.resident(0));
    EXPECT_TRUE(atlas.resident(1));
    // The next frame uses only tile 1: tile 0 makes room.
    atlas.touch(1, 6);
    EXPECT_TRUE(atlas.stage(patternTile(layout, 2), 2, 0, 6));
    upload(atlas);
    EXPECT_FALSE(atlas.resident(0));
    EXPECT_EQ(atlas.readBackTile(2), patternTile(layout, 2).samples);
}

TEST_F(TileAtlasTest, StagingHoldsItsFramesShare)
{
    const tiles::TilePyramidLayout layout = smallLayout();
    TileAtlas atlas(device(), layout, 8 * tileBytes(layout), 1, 2);
    EXPECT_TRUE(atlas.stage(patternTile(layout, 0), 0, 0, 1));
    EXPECT_TRUE(atlas.stage(patternTile(layout, 1), 1, 0, 1));
    EXPECT_TRUE(atlas.stagingFull(0));
    EXPECT_FALSE(atlas.stage(patternTile(layout, 2), 2, 0, 1));
    upload(atlas);
    EXPECT_FALSE(atlas.stagingFull(0));
    EXPECT_TRUE(atlas.stage(patternTile(layout, 2), 2, 0, 2));
    upload(atlas);
    EXPECT_EQ(atlas.residentCount(), 3u);
}

TEST_F(TileAtlasTest, WithoutALayoutTheAtlasIsOneEmptyLayer)
{
    const TileAtlas atlas(device(), std::nullopt, 0, 2, 1);
    EXPECT_EQ(atlas.layerCount(), 1u);
    EXPECT_EQ(atlas.residentCount(), 0u);
    EXPECT_EQ(atlas.readBackPageTable(), std::vector<std::uint32_t>{0u});
}

TEST_F(TileAtlasTest, AnAtlasOfColoursHoldsItsTilesTexelsAsStaged)
{
    const tiles::TilePyramidLayout layout = smallLayout();
    const std::size_t colourTileBytes = std::size_t{layout.storedSize()} * layout.storedSize() * 4;
    TileAtlas atlas(device(), layout, 2 * colourTileBytes, 1, 2, TileTexels::Colours);
    ASSERT_EQ(atlas.layerCount(), 2u);
    EXPECT_EQ(atlas.tileBytes(), colourTileBytes);
    tiles::Tile tile;
    tile.key = layout.keyOfEntry(5);
    tile.colours.resize(colourTileBytes);
    for (std::size_t i = 0; i < tile.colours.size(); ++i) {
        tile.colours[i] = static_cast<std::uint8_t>(i * 13 % 251);
    }
    // A tile of heights does not fit an atlas of colours.
    EXPECT_FALSE(atlas.stage(patternTile(layout, 6), 6, 0, 1));
    ASSERT_TRUE(atlas.stage(tile, 5, 0, 1));
    upload(atlas);
    EXPECT_TRUE(atlas.resident(5));
    EXPECT_EQ(atlas.readBackTileBytes(5), tile.colours);
    EXPECT_EQ(atlas.tileStatistics().size(), sizeof(TileStatistics));
}

}  // namespace
}  // namespace tiles::gpu::test
