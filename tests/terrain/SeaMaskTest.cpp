// Where the sea is (terrain::seaMaskOf, terrain::seaLevelOf): samples under
// the level that join the map's border through such samples, or every
// sample under an explicit --sea-level.
#include "terrain/SeaMask.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

namespace terrain {
namespace {

// 6 x 5 samples: a sea along the west edge (columns 0-1), a ridge
// (column 2), a closed hollow (columns 3-4, rows 1-3) and a rim around it.
heightmap::Heightmap coastWithAHollow()
{
    heightmap::Heightmap map;
    map.width = 6;
    map.height = 5;
    const std::uint16_t low = 1000;
    const std::uint16_t high = 60000;
    map.samples = {low, low, high, high, high, high,  //
                   low, low, high, low,  low,  high,  //
                   low, low, high, low,  low,  high,  //
                   low, low, high, low,  low,  high,  //
                   low, low, high, high, high, high};
    return map;
}

TEST(SeaMask, TheSeaJoinsTheBorderAndAHollowInlandStaysDry)
{
    const std::vector<std::uint8_t> mask = seaMaskOf(coastWithAHollow(), 0.5, true);
    const std::vector<std::uint8_t> expected = {1, 1, 0, 0, 0, 0,  //
                                                1, 1, 0, 0, 0, 0,  //
                                                1, 1, 0, 0, 0, 0,  //
                                                1, 1, 0, 0, 0, 0,  //
                                                1, 1, 0, 0, 0, 0};
    EXPECT_EQ(mask, expected);
}

TEST(SeaMask, AnExplicitSeaLevelFloodsEverySampleBelowIt)
{
    const std::vector<std::uint8_t> mask = seaMaskOf(coastWithAHollow(), 0.5, false);
    const std::vector<std::uint8_t> expected = {1, 1, 0, 0, 0, 0,  //
                                                1, 1, 0, 1, 1, 0,  //
                                                1, 1, 0, 1, 1, 0,  //
                                                1, 1, 0, 1, 1, 0,  //
                                                1, 1, 0, 0, 0, 0};
    EXPECT_EQ(mask, expected);
}

TEST(SeaMask, TheSettingsSayWhichSea)
{
    TerrainSettings png;
    EXPECT_FALSE(seaLevelOf(png).present);
    TerrainSettings dem;
    dem.seaLevelKnown = true;
    EXPECT_TRUE(seaLevelOf(dem).present);
    EXPECT_TRUE(seaLevelOf(dem).connectedToBorder);
    EXPECT_FLOAT_EQ(seaLevelOf(dem).worldY, 0.0f);
    dem.seaLevelMetres = 100.0f;
    dem.elevationPerWorldHeight = 0.5f;  // heights exaggerated twice
    EXPECT_FALSE(seaLevelOf(dem).connectedToBorder);
    EXPECT_FLOAT_EQ(seaLevelOf(dem).worldY, 200.0f);
}

}  // namespace
}  // namespace terrain
