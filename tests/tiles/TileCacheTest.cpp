// The tile cache: least recently used tiles go first once over budget, a
// find() counts as a use, the tile just inserted always stays, a budget
// raised for a while holds more and lowered again evicts the oldest, and the
// tiles with filled samples can be dropped all at once.
#include "tiles/TileCache.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <vector>

namespace {

// A tile of `samples` samples (2 bytes each) whose first sample is `marker`.
tiles::Tile tileOf(std::uint32_t column, std::size_t samples, std::uint16_t marker = 0)
{
    tiles::Tile tile;
    tile.key = tiles::TileKey{0, column, 0};
    tile.samples.assign(samples, 0);
    tile.samples[0] = marker;
    return tile;
}

TEST(TileCache, HoldsTilesWithinTheBudget)
{
    tiles::TileCache cache(300);
    cache.insert(tileOf(0, 50));
    cache.insert(tileOf(1, 50));
    cache.insert(tileOf(2, 50));
    EXPECT_EQ(cache.size(), 3u);
    EXPECT_EQ(cache.bytes(), 300u);
    EXPECT_EQ(cache.evictions(), 0u);
    EXPECT_EQ(cache.budgetBytes(), 300u);
    cache.insert(tileOf(3, 50));
    EXPECT_EQ(cache.size(), 3u);
    EXPECT_EQ(cache.bytes(), 300u);
    EXPECT_EQ(cache.evictions(), 1u);
    EXPECT_FALSE(cache.contains({0, 0, 0}));  // the oldest
    EXPECT_TRUE(cache.contains({0, 3, 0}));
}

TEST(TileCache, ALoweredBudgetEvictsTheLeastRecentlyUsedTiles)
{
    tiles::TileCache cache(200);
    cache.setBudgetBytes(400);
    for (std::uint32_t column = 0; column < 4; ++column) {
        cache.insert(tileOf(column, 50));
    }
    EXPECT_EQ(cache.size(), 4u);
    EXPECT_EQ(cache.evictions(), 0u);
    ASSERT_NE(cache.find({0, 0, 0}), nullptr);  // tile 0 now the most recent
    cache.setBudgetBytes(200);
    EXPECT_EQ(cache.budgetBytes(), 200u);
    EXPECT_EQ(cache.bytes(), 200u);
    EXPECT_EQ(cache.evictions(), 2u);
    EXPECT_TRUE(cache.contains({0, 0, 0}));
    EXPECT_TRUE(cache.contains({0, 3, 0}));
    EXPECT_FALSE(cache.contains({0, 1, 0}));
    EXPECT_FALSE(cache.contains({0, 2, 0}));
}

TEST(TileCache, FindMarksATileUsedAndContainsDoesNot)
{
    tiles::TileCache cache(300);
    cache.insert(tileOf(0, 50, 10));
    cache.insert(tileOf(1, 50, 11));
    cache.insert(tileOf(2, 50, 12));
    const tiles::Tile* found = cache.find({0, 0, 0});
    ASSERT_NE(found, nullptr);
    EXPECT_EQ(found->samples[0], 10);
    EXPECT_TRUE(cache.contains({0, 1, 0}));  // no touch: tile 1 stays the oldest
    cache.insert(tileOf(3, 50));
    EXPECT_TRUE(cache.contains({0, 0, 0}));
    EXPECT_FALSE(cache.contains({0, 1, 0}));
    cache.insert(tileOf(4, 50));
    EXPECT_FALSE(cache.contains({0, 2, 0}));
    EXPECT_TRUE(cache.contains({0, 0, 0}));
    EXPECT_EQ(cache.evictions(), 2u);
    EXPECT_EQ(cache.find({0, 9, 0}), nullptr);
}

TEST(TileCache, InsertingAnEqualKeyReplacesTheTile)
{
    tiles::TileCache cache(1000);
    cache.insert(tileOf(0, 50, 1));
    cache.insert(tileOf(1, 50, 2));
    cache.insert(tileOf(0, 100, 3));
    EXPECT_EQ(cache.size(), 2u);
    EXPECT_EQ(cache.bytes(), 300u);
    EXPECT_EQ(cache.evictions(), 0u);
    EXPECT_EQ(cache.find({0, 0, 0})->samples[0], 3);
}

TEST(TileCache, TheTileJustInsertedSurvivesOverBudget)
{
    tiles::TileCache cache(100);
    cache.insert(tileOf(0, 20));
    cache.insert(tileOf(1, 20));
    cache.insert(tileOf(2, 500));  // 1000 bytes alone
    EXPECT_EQ(cache.size(), 1u);
    EXPECT_TRUE(cache.contains({0, 2, 0}));
    EXPECT_EQ(cache.bytes(), 1000u);
    EXPECT_EQ(cache.evictions(), 2u);
    cache.insert(tileOf(3, 10));
    EXPECT_EQ(cache.size(), 1u);
    EXPECT_TRUE(cache.contains({0, 3, 0}));
    EXPECT_EQ(cache.bytes(), 20u);
}

TEST(TileCache, EraseFilledDropsTheTilesWithFilledSamplesOnly)
{
    tiles::TileCache cache(1000);
    for (std::uint32_t column = 0; column < 5; ++column) {
        tiles::Tile tile = tileOf(column, 10);
        tile.filledSamples = column % 2;
        cache.insert(std::move(tile));
    }
    std::vector<tiles::TileKey> erased = cache.eraseFilled();
    std::sort(erased.begin(), erased.end());
    EXPECT_EQ(erased, (std::vector<tiles::TileKey>{{0, 1, 0}, {0, 3, 0}}));
    EXPECT_EQ(cache.size(), 3u);
    EXPECT_EQ(cache.bytes(), 60u);
    EXPECT_TRUE(cache.contains({0, 0, 0}));
    EXPECT_FALSE(cache.contains({0, 1, 0}));
    EXPECT_TRUE(cache.contains({0, 4, 0}));
    EXPECT_EQ(cache.evictions(), 0u);
    EXPECT_TRUE(cache.eraseFilled().empty());
}

}  // namespace
