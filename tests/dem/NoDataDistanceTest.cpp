// The distances to no-data that a model laid over another blends by
// (dem/NoDataDistance.h): 5-7 chamfer units, 0 on no-data, capped at the
// reach, the same for a sample in every window that extends the reach
// beyond it; the reach at each level; a streamed model's tiles and base
// (read at once or later) carry them as computed over the whole level.
#include "DemTestFiles.h"

#include "dem/DemLoader.h"
#include "dem/DemStreaming.h"
#include "dem/NoDataDistance.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <vector>

namespace dem_test {
namespace {

TEST(NoDataDistance, ChamferUnitsFromTheNearestHoleCappedAtTheReach)
{
    constexpr std::uint32_t kSide = 21;
    std::vector<std::uint8_t> isData(kSide * kSide, 1);
    isData[10 * kSide + 10] = 0;  // one hole in the middle
    const std::vector<std::uint8_t> units = dem::noDataDistances(isData, kSide, kSide, 6);
    const auto at = [&](std::uint32_t column, std::uint32_t row) { return units[row * kSide + column]; };
    EXPECT_EQ(at(10, 10), 0);
    EXPECT_EQ(at(11, 10), 5);
    EXPECT_EQ(at(10, 7), 15);
    EXPECT_EQ(at(11, 11), 7);
    EXPECT_EQ(at(13, 12), 2 * 7 + 5);  // two diagonal steps and one straight
    EXPECT_EQ(at(10, 16), 30);         // six samples: the reach
    EXPECT_EQ(at(10, 18), 30);         // beyond it: capped
    EXPECT_EQ(at(0, 0), 30);
    // Within 8 % of 5 times the Euclidean distance.
    for (std::uint32_t row = 0; row < kSide; ++row) {
        for (std::uint32_t column = 0; column < kSide; ++column) {
            const double euclidean = std::hypot(column - 10.0, row - 10.0);
            if (euclidean > 0.0 && euclidean < 5.5) {
                EXPECT_NEAR(at(column, row) / 5.0, euclidean, 0.08 * euclidean) << column << ", " << row;
            }
        }
    }
}

TEST(NoDataDistance, ASampleHasOneDistanceInEveryWindowReachingPastIt)
{
    // Holes scattered over 64 x 64 samples; the distances of the 16 x 16
    // samples at (24, 24), computed over the whole grid and over a window
    // of them and the reach around them, agree.
    constexpr std::uint32_t kSide = 64;
    constexpr std::uint32_t kReach = 8;
    std::vector<std::uint8_t> isData(kSide * kSide, 1);
    std::uint32_t state = 12345;
    for (std::uint8_t& flag : isData) {
        state = state * 1664525u + 1013904223u;
        flag = (state >> 24) < 6 ? 0 : 1;
    }
    const std::vector<std::uint8_t> whole = dem::noDataDistances(isData, kSide, kSide, kReach);
    constexpr std::uint32_t kFirst = 24 - kReach;
    constexpr std::uint32_t kWindow = 16 + 2 * kReach;
    std::vector<std::uint8_t> part;
    for (std::uint32_t row = 0; row < kWindow; ++row) {
        for (std::uint32_t column = 0; column < kWindow; ++column) {
            part.push_back(isData[(kFirst + row) * kSide + kFirst + column]);
        }
    }
    const std::vector<std::uint8_t> window = dem::noDataDistances(part, kWindow, kWindow, kReach);
    int holes = 0;
    for (std::uint32_t row = kReach; row < kReach + 16; ++row) {
        for (std::uint32_t column = kReach; column < kReach + 16; ++column) {
            EXPECT_EQ(window[row * kWindow + column], whole[(kFirst + row) * kSide + kFirst + column])
                << column << ", " << row;
            holes += window[row * kWindow + column] == 0 ? 1 : 0;
        }
    }
    EXPECT_GT(holes, 0);
}

TEST(NoDataDistance, TheReachHalvesALevelDownToTwoSamples)
{
    EXPECT_EQ(dem::noDataDistanceReach(32, 0), 32u);
    EXPECT_EQ(dem::noDataDistanceReach(32, 1), 16u);
    EXPECT_EQ(dem::noDataDistanceReach(32, 4), 2u);
    EXPECT_EQ(dem::noDataDistanceReach(32, 9), 2u);
    EXPECT_EQ(dem::noDataDistanceReach(20, 3), 3u);  // 2.5, rounded up
    EXPECT_EQ(dem::noDataDistanceReach(32, 40), 2u);
}

TEST(NoDataDistance, AStreamedModelsTilesCarryTheDistancesOfTheirWholeLevel)
{
    // 200 x 150 samples with a round hole and a no-data strip at the east.
    constexpr std::uint32_t kColumns = 200;
    constexpr std::uint32_t kRows = 150;
    constexpr double kNoData = -9999.0;
    std::vector<double> heights;
    std::vector<std::uint8_t> isData;
    for (std::uint32_t row = 0; row < kRows; ++row) {
        for (std::uint32_t column = 0; column < kColumns; ++column) {
            const bool hole = std::hypot(column - 60.0, row - 70.0) < 20.0 || column >= 170;
            heights.push_back(hole ? kNoData : 100.0 + column);
            isData.push_back(hole ? 0 : 1);
        }
    }
    const ScratchDirectory scratch;
    const std::filesystem::path path = scratch.file("holes.tif");
    RasterSpec spec = rasterOf(kColumns, kRows, GDT_Float32, heights);
    spec.noData = kNoData;
    spec.geoTransform = std::array<double, 6>{500000.0, 30.0, 0.0, 5000000.0, 0.0, -30.0};
    spec.epsg = 32633;
    writeRaster(path, spec);

    heightmap::HeightmapLimits baseLimits;
    baseLimits.maxDimension = 64;
    dem::StreamedDemOptions options;
    options.tileSize = 64;
    options.noDataDistanceReach = 32;
    const dem::StreamedDem streamed = dem::openStreamedDem(path, baseLimits, options);
    ASSERT_EQ(streamed.noDataDistanceReach, 32u);
    const tiles::TilePyramidLayout& layout = streamed.layout;
    ASSERT_GE(layout.levelCount(), 2u);

    const std::vector<std::uint8_t> level0 = dem::noDataDistances(isData, kColumns, kRows, 32);
    const std::unique_ptr<tiles::TileReader> reader = dem::makeDemTileReader(path, streamed);
    const std::uint32_t stored = layout.storedSize();
    int compared = 0;
    for (std::uint32_t tileRow = 0; tileRow < layout.tilesDown(0); ++tileRow) {
        for (std::uint32_t tileColumn = 0; tileColumn < layout.tilesAcross(0); ++tileColumn) {
            const tiles::Tile tile = reader->read(tiles::TileKey{0, tileColumn, tileRow});
            ASSERT_EQ(tile.distanceToNoData.size(), tile.samples.size());
            for (std::uint32_t j = 0; j < stored; ++j) {
                const std::uint32_t row = std::min(tileRow * layout.tileSize() + j, kRows - 1);
                for (std::uint32_t i = 0; i < stored; ++i) {
                    const std::uint32_t column = std::min(tileColumn * layout.tileSize() + i, kColumns - 1);
                    ASSERT_EQ(tile.distanceToNoData[j * stored + i], level0[row * kColumns + column])
                        << "tile " << tileColumn << ", " << tileRow << " sample " << column << ", " << row;
                    ++compared;
                }
            }
        }
    }
    EXPECT_GT(compared, 30000);

    // The base's, from its own samples' no-data at its reach.
    dem::DemLoadOverrides overrides;
    overrides.reduction = std::uint32_t{1} << layout.levelCount();
    overrides.keepDataMask = true;
    const dem::DemTerrain base = dem::loadDem(path, baseLimits, overrides);
    ASSERT_EQ(base.dataMask.size(), streamed.base.heightmap.samples.size());
    EXPECT_EQ(streamed.baseDistanceToNoData,
              dem::noDataDistances(base.dataMask, base.heightmap.width, base.heightmap.height,
                                   dem::noDataDistanceReach(32, layout.levelCount())));
    EXPECT_NE(std::count(base.dataMask.begin(), base.dataMask.end(), 0), 0);

    // A base read later (as a large model's without overviews is) gets the
    // same once it is in place.
    dem::StreamedDemOptions later = options;
    later.baseTiming = dem::StreamedBaseTiming::LaterWhenCostly;
    later.backgroundBaseAboveSamples = 1;
    dem::StreamedDem pending = dem::openStreamedDem(path, baseLimits, later);
    ASSERT_TRUE(pending.pendingBase.has_value());
    dem::StreamedBaseReader read(*pending.pendingBase);
    read.waitUntilDone();
    dem::placeStreamedBase(pending, read.take());
    EXPECT_FALSE(pending.pendingBase.has_value());
    EXPECT_EQ(pending.baseDistanceToNoData, streamed.baseDistanceToNoData);
    EXPECT_EQ(*pending.fillSamples->get(), pending.base.heightmap.samples);
    EXPECT_THROW(dem::placeStreamedBase(pending, base), std::logic_error);
}

TEST(NoDataDistance, BadArgumentsAreRefused)
{
    const std::vector<std::uint8_t> isData(12, 1);
    EXPECT_THROW(static_cast<void>(dem::noDataDistances(isData, 4, 4, 4)), std::invalid_argument);
    EXPECT_THROW(static_cast<void>(dem::noDataDistances(isData, 4, 3, dem::kMaxNoDataDistanceReach + 1)),
                 std::invalid_argument);
    EXPECT_EQ(dem::noDataDistances(isData, 4, 3, 2), std::vector<std::uint8_t>(12, 10));
}

}  // namespace
}  // namespace dem_test
