// The pyramid's arithmetic: level sizes rounded up, tiles covering them, and
// the entries of all streamed levels numbered contiguously.
#include "tiles/TilePyramid.h"

#include <gtest/gtest.h>

#include <stdexcept>

namespace {

TEST(TilePyramidLayout, LevelSizesRoundUpAndNeverReachZero)
{
    const tiles::TilePyramidLayout layout(1000, 300, 64, 3);
    EXPECT_EQ(layout.levelColumns(0), 1000u);
    EXPECT_EQ(layout.levelRows(0), 300u);
    EXPECT_EQ(layout.levelColumns(1), 500u);
    EXPECT_EQ(layout.levelRows(1), 150u);
    EXPECT_EQ(layout.levelColumns(3), 125u);
    EXPECT_EQ(layout.levelRows(3), 38u);     // 37.5 rounded up
    EXPECT_EQ(layout.levelColumns(4), 63u);  // 62.5
    EXPECT_EQ(layout.levelColumns(10), 1u);
    EXPECT_EQ(layout.levelRows(40), 1u);
    EXPECT_EQ(layout.storedSize(), 65u);
}

TEST(TilePyramidLayout, TilesCoverEachLevel)
{
    const tiles::TilePyramidLayout layout(1000, 300, 64, 3);
    EXPECT_EQ(layout.tilesAcross(0), 16u);  // 1000 / 64 = 15.6
    EXPECT_EQ(layout.tilesDown(0), 5u);     // 300 / 64 = 4.7
    EXPECT_EQ(layout.tilesAcross(1), 8u);   // 500
    EXPECT_EQ(layout.tilesDown(1), 3u);     // 150
    EXPECT_EQ(layout.tilesAcross(2), 4u);   // 250
    EXPECT_EQ(layout.tilesDown(2), 2u);     // 75
    EXPECT_EQ(layout.entryCount(), 16u * 5u + 8u * 3u + 4u * 2u);
    EXPECT_EQ(layout.firstEntry(0), 0u);
    EXPECT_EQ(layout.firstEntry(1), 80u);
    EXPECT_EQ(layout.firstEntry(2), 104u);
}

TEST(TilePyramidLayout, ASharesSamplesAreClippedToItsLevel)
{
    const tiles::TilePyramidLayout layout(1000, 300, 64, 3);
    EXPECT_EQ(layout.shareSamples({0, 0, 0}), 64u * 64u);
    EXPECT_EQ(layout.shareSamples({0, 15, 0}), 40u * 64u);  // columns 960 .. 999
    EXPECT_EQ(layout.shareSamples({0, 15, 4}), 40u * 44u);  // rows 256 .. 299
    EXPECT_EQ(layout.shareSamples({2, 3, 1}), 58u * 11u);   // level 2: 250 x 75
    // Every level's shares add up to its samples.
    for (std::uint32_t level = 0; level < layout.levelCount(); ++level) {
        std::uint64_t total = 0;
        for (std::uint32_t row = 0; row < layout.tilesDown(level); ++row) {
            for (std::uint32_t column = 0; column < layout.tilesAcross(level); ++column) {
                total += layout.shareSamples({level, column, row});
            }
        }
        EXPECT_EQ(total, std::uint64_t{layout.levelColumns(level)} * layout.levelRows(level)) << "level " << level;
    }
}

TEST(TilePyramidLayout, EntriesAreContiguousAndRoundTrip)
{
    const tiles::TilePyramidLayout layout(1234, 567, 32, 5);
    std::uint32_t expected = 0;
    for (std::uint32_t level = 0; level < layout.levelCount(); ++level) {
        EXPECT_EQ(layout.firstEntry(level), expected);
        for (std::uint32_t row = 0; row < layout.tilesDown(level); ++row) {
            for (std::uint32_t column = 0; column < layout.tilesAcross(level); ++column) {
                const tiles::TileKey key{level, column, row};
                ASSERT_TRUE(layout.contains(key));
                ASSERT_EQ(layout.entryOf(key), expected);
                ASSERT_EQ(layout.keyOfEntry(expected), key);
                ++expected;
            }
        }
    }
    EXPECT_EQ(layout.entryCount(), expected);
}

TEST(TilePyramidLayout, ContainsOnlyTheStreamedTiles)
{
    const tiles::TilePyramidLayout layout(1000, 300, 64, 3);
    EXPECT_TRUE(layout.contains({2, 3, 1}));
    EXPECT_FALSE(layout.contains({3, 0, 0}));
    EXPECT_FALSE(layout.contains({0, 16, 0}));
    EXPECT_FALSE(layout.contains({0, 0, 5}));
    EXPECT_FALSE(layout.contains({1, 8, 2}));
}

TEST(TilePyramidLayout, InvalidArgumentsThrow)
{
    EXPECT_THROW(tiles::TilePyramidLayout(0, 10, 64, 1), std::invalid_argument);
    EXPECT_THROW(tiles::TilePyramidLayout(10, 0, 64, 1), std::invalid_argument);
    EXPECT_THROW(tiles::TilePyramidLayout(10, 10, 48, 1), std::invalid_argument);
    EXPECT_THROW(tiles::TilePyramidLayout(10, 10, 4, 1), std::invalid_argument);
    EXPECT_THROW(tiles::TilePyramidLayout(10, 10, 8192, 1), std::invalid_argument);
    EXPECT_THROW(tiles::TilePyramidLayout(10, 10, 64, 0), std::invalid_argument);
    EXPECT_THROW(tiles::TilePyramidLayout(10, 10, 64, tiles::TilePyramidLayout::kMaxLevels + 1), std::invalid_argument);
    EXPECT_THROW(tiles::TilePyramidLayout(4000000000u, 4000000000u, 8, 1), std::invalid_argument);
    EXPECT_NO_THROW(tiles::TilePyramidLayout(1, 1, 8, tiles::TilePyramidLayout::kMaxLevels));
    EXPECT_NO_THROW(tiles::TilePyramidLayout(10, 10, 4096, 1));
}

}  // namespace
