// dem::markLandOnlySea: the no-data of a model without bathymetry that meets
// its coast becomes sea, halfway between the land's samples and the sea's
// at the coast and down a shelf beyond; voids on land and models with
// bathymetry are left to the usual fill.
#include "DemTestFiles.h"

#include "dem/DemLandOnlySea.h"
#include "dem/DemLoader.h"
#include "dem/DemStreaming.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

using dem::LandOnlySea;
using dem::markLandOnlySea;

struct Grid {
    std::uint32_t width;
    std::uint32_t height;
    std::vector<float> heights;
    std::vector<std::uint8_t> valid;

    Grid(std::uint32_t w, std::uint32_t h, float land)
        : width(w),
          height(h),
          heights(std::size_t{w} * h, land),
          valid(std::size_t{w} * h, 1)
    {
    }
    std::size_t index(std::uint32_t x, std::uint32_t y) const { return std::size_t{y} * width + x; }
    float& at(std::uint32_t x, std::uint32_t y) { return heights[index(x, y)]; }
    void noData(std::uint32_t x, std::uint32_t y)
    {
        heights[index(x, y)] = -99999.0f;  // garbage the sea must overwrite
        valid[index(x, y)] = 0;
    }
    dem::LandOnlySeaResult mark(double metresPerSample, const LandOnlySea& sea = {})
    {
        return markLandOnlySea(heights, valid, width, height, metresPerSample, sea);
    }
    // Bilinear between the samples around (x, y).
    double bilinear(double x, double y) const
    {
        const auto x0 = static_cast<std::uint32_t>(x);
        const auto y0 = static_cast<std::uint32_t>(y);
        const double fx = x - x0;
        const double fy = y - y0;
        const auto h = [&](std::uint32_t cx, std::uint32_t cy) {
            return static_cast<double>(heights[index(std::min(cx, width - 1), std::min(cy, height - 1))]);
        };
        const double top = h(x0, y0) * (1.0 - fx) + h(x0 + 1, y0) * fx;
        const double bottom = h(x0, y0 + 1) * (1.0 - fx) + h(x0 + 1, y0 + 1) * fx;
        return top * (1.0 - fy) + bottom * fy;
    }
};

// Land of 8 m west of column 15, no-data east of it, samples 1 km apart:
// the first sea column lies as deep as the land is high, then the sea goes
// down the shelf (5 m per km), never shallower than the column before, to
// the sea's depth.
TEST(LandOnlySea, TheSeaMeetsTheCoastHalfwayAndDeepensDownItsShelf)
{
    Grid grid(400, 6, 8.0f);
    for (std::uint32_t y = 0; y < grid.height; ++y) {
        for (std::uint32_t x = 15; x < grid.width; ++x) {
            grid.noData(x, y);
        }
    }
    const LandOnlySea sea;
    const dem::LandOnlySeaResult result = grid.mark(1000.0, sea);
    EXPECT_TRUE(result.landOnly);
    EXPECT_EQ(result.seaSamples, std::uint64_t{385} * grid.height);
    for (std::uint32_t y = 0; y < grid.height; ++y) {
        EXPECT_FLOAT_EQ(grid.at(15, y), -8.0f);
        EXPECT_NEAR(grid.bilinear(14.5, y), 0.0, 1.0e-5);
        for (std::uint32_t x = 16; x < grid.width; ++x) {
            const double ring = x - 14;
            const double shelf = sea.shelfSlope * 1000.0 * (ring - 0.5);
            EXPECT_FLOAT_EQ(grid.at(x, y), static_cast<float>(-std::min(std::max(shelf, 8.0), sea.depthMetres)))
                << x << ", " << y;
        }
        EXPECT_FLOAT_EQ(grid.at(grid.width - 1, y), static_cast<float>(-sea.depthMetres));
        for (std::uint32_t x = 0; x < grid.width; ++x) {
            EXPECT_NE(grid.valid[grid.index(x, y)], 0);
        }
    }
}

// One land sample in a sea of no-data: an island half a sample wide each
// way, where filling the sea straight to its depth would leave a speck.
TEST(LandOnlySea, AOneSampleIslandStaysAnIsland)
{
    Grid grid(9, 9, 6.0f);
    for (std::uint32_t y = 0; y < 9; ++y) {
        for (std::uint32_t x = 0; x < 9; ++x) {
            if (x != 4 || y != 4) {
                grid.noData(x, y);
            }
        }
    }
    grid.mark(0.0);
    EXPECT_FLOAT_EQ(grid.at(4, 4), 6.0f);
    for (const auto& [x, y] : {std::pair{3.75, 4.0}, {4.25, 4.0}, {4.0, 3.75}, {4.0, 4.25}, {4.2, 4.2}}) {
        EXPECT_GT(grid.bilinear(x, y), 0.0) << x << ", " << y;
    }
    for (const auto& [x, y] : {std::pair{3.25, 4.0}, {4.75, 4.0}, {4.0, 3.25}, {4.0, 4.75}, {4.5, 4.5}}) {
        EXPECT_LT(grid.bilinear(x, y), 0.0) << x << ", " << y;
    }
    // Without a spacing, no shelf: deep from the second ring on.
    EXPECT_FLOAT_EQ(grid.at(0, 0), -1000.0f);
    EXPECT_FLOAT_EQ(grid.at(2, 4), -1000.0f);
}

// A coast along the diagonal x + y = 11.5: sea level crosses every cell
// side on it halfway, so the coast is straight rather than the teeth the
// land's samples alone would give.
TEST(LandOnlySea, ADiagonalCoastStaysStraight)
{
    Grid grid(16, 16, 4.0f);
    for (std::uint32_t y = 0; y < 16; ++y) {
        for (std::uint32_t x = 0; x < 16; ++x) {
            if (x + y >= 12) {
                grid.noData(x, y);
            }
        }
    }
    grid.mark(0.0);
    for (std::uint32_t y = 1; y < 11; ++y) {
        const double x = 11.5 - y;
        EXPECT_NEAR(grid.bilinear(x, y), 0.0, 1.0e-4) << x << ", " << y;
        EXPECT_NEAR(grid.bilinear(x - 0.5, y + 0.5), 0.0, 1.0e-4) << x << ", " << y;
    }
}

// A range of 2,500 m, 60 samples a side, its coast at `coastMetres` two
// samples in from each side, no-data beyond and in a void of 4 x 3 samples
// in its mountains.
constexpr std::uint32_t kRangeSide = 60;
constexpr std::uint64_t kRangeSea = kRangeSide * kRangeSide - (kRangeSide - 4) * (kRangeSide - 4);

bool inRangeVoid(std::uint32_t x, std::uint32_t y)
{
    return x >= 12 && x < 16 && y >= 12 && y < 15;
}

Grid rangeWithAVoid(float coastMetres)
{
    Grid grid(kRangeSide, kRangeSide, 2500.0f);
    for (std::uint32_t y = 0; y < kRangeSide; ++y) {
        for (std::uint32_t x = 0; x < kRangeSide; ++x) {
            if (x < 2 || y < 2 || x > kRangeSide - 3 || y > kRangeSide - 3 || inRangeVoid(x, y)) {
                grid.noData(x, y);
            } else if (x == 2 || y == 2 || x == kRangeSide - 3 || y == kRangeSide - 3) {
                grid.at(x, y) = coastMetres;
            }
        }
    }
    return grid;
}

// A void in the mountains (its rim far above the coast, and a small share
// of the grid) stays no-data for the fill from its rim; only the sea around
// the range is placed.
TEST(LandOnlySea, AVoidInTheMountainsIsLeftToTheFill)
{
    Grid grid = rangeWithAVoid(3.0f);
    const dem::LandOnlySeaResult result = grid.mark(500.0);
    EXPECT_TRUE(result.landOnly);
    EXPECT_EQ(result.seaSamples, kRangeSea);
    for (std::uint32_t y = 0; y < kRangeSide; ++y) {
        for (std::uint32_t x = 0; x < kRangeSide; ++x) {
            EXPECT_EQ(grid.valid[grid.index(x, y)], inRangeVoid(x, y) ? 0 : 1) << x << ", " << y;
        }
    }
    EXPECT_FLOAT_EQ(grid.at(1, 10), -3.0f);
    EXPECT_LT(grid.at(0, 0), 0.0f);
}

// The same range with cliffs of 40 m for its coast, as a reduced read that
// averages the land behind the coast in gives: the sea around it is still
// sea, as it holds a hundredth of the grid or more; the void is not.
TEST(LandOnlySea, ALargeHoleIsSeaWhateverItsCoast)
{
    Grid grid = rangeWithAVoid(40.0f);
    EXPECT_EQ(grid.mark(500.0).seaSamples, kRangeSea);
    EXPECT_FLOAT_EQ(grid.at(1, 10), -40.0f);
    EXPECT_EQ(grid.valid[grid.index(13, 13)], 0);
}

// The sea written as 0 m (SRTM's tiles) is sea as no-data is, in one hole
// with the no-data beyond it; a patch at 0 m ringed by mountains stays at
// 0 m, as does a lone 0 m sample in the hills.
TEST(LandOnlySea, ASeaWrittenAsZeroIsSeaAndZeroInTheMountainsStays)
{
    Grid grid = rangeWithAVoid(3.0f);
    for (std::uint32_t y = 0; y < kRangeSide; ++y) {
        for (std::uint32_t x = 0; x < 2; ++x) {
            grid.at(x, y) = 0.0f;  // the sea beside the west coast
            grid.valid[grid.index(x, y)] = 1;
        }
    }
    for (std::uint32_t y = 30; y < 33; ++y) {
        for (std::uint32_t x = 30; x < 33; ++x) {
            grid.at(x, y) = 0.0f;  // a pit in the mountains
        }
    }
    EXPECT_EQ(grid.mark(500.0).seaSamples, kRangeSea);
    for (std::uint32_t y = 0; y < kRangeSide; ++y) {
        if (y >= 2 && y < kRangeSide - 2) {
            EXPECT_FLOAT_EQ(grid.at(1, y), -3.0f) << y;  // beside the coast
        }
        EXPECT_LT(grid.at(0, y), 0.0f) << y;
    }
    EXPECT_FLOAT_EQ(grid.at(31, 31), 0.0f);
    EXPECT_EQ(grid.valid[grid.index(31, 31)], 1);

    Grid hills(20, 20, 100.0f);
    hills.at(3, 3) = 0.0f;
    hills.at(3, 4) = 120.0f;
    const std::vector<float> before = hills.heights;
    EXPECT_EQ(hills.mark(100.0).seaSamples, 0u);
    EXPECT_EQ(hills.heights, before);
}

// A model with bathymetry (a tenth or more of its samples below sea level)
// keeps all of its holes for the fill, whatever their rims.
TEST(LandOnlySea, AModelWithBathymetryIsLeftAsItIs)
{
    Grid grid(20, 10, 100.0f);
    for (std::uint32_t y = 0; y < 10; ++y) {
        for (std::uint32_t x = 10; x < 20; ++x) {
            grid.at(x, y) = -50.0f;
        }
    }
    grid.noData(5, 5);
    grid.noData(9, 3);
    grid.at(2, 2) = 0.0f;
    const std::vector<float> before = grid.heights;
    const dem::LandOnlySeaResult result = grid.mark(1000.0);
    EXPECT_FALSE(result.landOnly);
    EXPECT_EQ(result.seaSamples, 0u);
    EXPECT_EQ(grid.heights, before);
    EXPECT_EQ(grid.valid[grid.index(5, 5)], 0);
    EXPECT_EQ(grid.valid[grid.index(9, 3)], 0);
}

TEST(LandOnlySea, RefusesGridsThatDoNotMatchAndSeasThatAreNot)
{
    std::vector<float> heights(12, 1.0f);
    std::vector<std::uint8_t> valid(12, 1);
    EXPECT_THROW(markLandOnlySea(heights, valid, 5, 3, 0.0, {}), std::invalid_argument);
    EXPECT_THROW(markLandOnlySea(heights, valid, 4, 3, -1.0, {}), std::invalid_argument);
    LandOnlySea shallow;
    shallow.depthMetres = 0.5;
    EXPECT_THROW(markLandOnlySea(heights, valid, 4, 3, 1.0, shallow), std::invalid_argument);
    LandOnlySea share;
    share.bathymetryShare = 1.5;
    EXPECT_THROW(markLandOnlySea(heights, valid, 4, 3, 1.0, share), std::invalid_argument);
    EXPECT_NO_THROW(markLandOnlySea(heights, valid, 4, 3, 1.0, {}));
}

// A land-only model of 1 km samples: an island that rises from 3 m at its
// coast to 2,000 m, a void in its mountains, and a sea of no-data around it,
// or of 0 m near the coast and no-data beyond (as a mosaic of SRTM's tiles
// gives, its tiles' sea at 0 m and no tile over the open sea).
constexpr std::uint32_t kIslandColumns = 320;
constexpr std::uint32_t kIslandRows = 192;
constexpr double kNoData = -32768.0;

// A void larger than a hundredth of a tile's window: its size alone must
// not make it sea.
bool inTheVoid(std::uint32_t column, std::uint32_t row)
{
    return column >= 145 && column < 165 && row >= 88 && row < 100;
}

enum class IslandSea { NoData, ZeroNearTheCoast };

double islandHeight(std::uint32_t column, std::uint32_t row, IslandSea sea)
{
    const double dx = (static_cast<double>(column) - 160.0) / 110.0;
    const double dy = (static_cast<double>(row) - 96.0) / 70.0;
    // An edge that wanders, so the coast runs every way across the samples.
    const double edge = 1.0 + 0.12 * std::sin(5.0 * std::atan2(dy, dx));
    const double inland = edge - std::sqrt(dx * dx + dy * dy);
    if (inTheVoid(column, row)) {
        return kNoData;
    }
    if (inland < 0.0) {
        return sea == IslandSea::ZeroNearTheCoast && inland > -0.15 ? 0.0 : kNoData;
    }
    return 3.0 + 2000.0 * std::min(inland * 3.0, 1.0);
}

// North-up, or south-up (the file's first row the southernmost): the same
// island once the loader has put north on row 0.
enum class FileRows { NorthFirst, SouthFirst };

std::filesystem::path writeIsland(const dem_test::ScratchDirectory& scratch, IslandSea sea, FileRows rows)
{
    const bool southFirst = rows == FileRows::SouthFirst;
    std::vector<double> values;
    for (std::uint32_t fileRow = 0; fileRow < kIslandRows; ++fileRow) {
        const std::uint32_t row = southFirst ? kIslandRows - 1 - fileRow : fileRow;
        for (std::uint32_t column = 0; column < kIslandColumns; ++column) {
            values.push_back(islandHeight(column, row, sea));
        }
    }
    dem_test::RasterSpec spec = dem_test::rasterOf(kIslandColumns, kIslandRows, GDT_Int16, values);
    spec.noData = kNoData;
    spec.geoTransform =
        southFirst ? std::array<double, 6>{400000.0, 1000.0, 0.0, 5000000.0 - kIslandRows * 1000.0, 0.0, 1000.0}
                   : std::array<double, 6>{400000.0, 1000.0, 0.0, 5000000.0, 0.0, -1000.0};
    spec.epsg = 32633;
    spec.creationOptions = {"TILED=YES", "BLOCKXSIZE=64", "BLOCKYSIZE=64"};
    const std::filesystem::path path = scratch.file("island.tif");
    dem_test::writeRaster(path, spec);
    return path;
}

// Streamed, the tiles place the sea from the coasts they see: the land
// and the first ring of sea are those of the whole model read at the tile's
// level, the sea near the coast too while it is shallower than the margin
// the tiles read, all of it lies below sea level, the void is filled from
// the base as land, and a sample two tiles share has one value.
void expectTilesPlaceTheSeaAsTheWholeModelDoes(IslandSea islandSea, FileRows rows = FileRows::NorthFirst)
{
    const dem_test::ScratchDirectory scratch;
    const std::filesystem::path path = writeIsland(scratch, islandSea, rows);
    heightmap::HeightmapLimits baseLimits;
    baseLimits.maxTexels = 300;  // the base at 1/16: levels 0 .. 3 stream
    dem::StreamedDemOptions options;
    options.tileSize = 64;
    options.landOnlySea = LandOnlySea{};
    const dem::StreamedDem streamed = dem::openStreamedDem(path, baseLimits, options);
    ASSERT_EQ(streamed.layout.levelCount(), 4u);
    ASSERT_GT(streamed.base.metadata.seaCount, 0u);
    const dem::DemMetadata& metadata = streamed.base.metadata;
    EXPECT_LE(metadata.minimumHeightMetres, -LandOnlySea{}.depthMetres);
    const double quantum = metadata.heightRangeMetres() / 65535.0;
    const std::unique_ptr<tiles::TileReader> reader = dem::makeDemTileReader(path, streamed);
    const std::uint32_t tileSize = streamed.layout.tileSize();
    const std::uint32_t stored = streamed.layout.storedSize();
    for (std::uint32_t level = 0; level < 2; ++level) {
        dem::DemLoadOverrides overrides;
        overrides.heightRange = dem::HeightRange{metadata.minimumHeightMetres, metadata.maximumHeightMetres};
        overrides.reduction = std::uint32_t{1} << level;
        overrides.landOnlySea = LandOnlySea{};
        const dem::DemTerrain whole = dem::loadDem(path, heightmap::HeightmapLimits{}, overrides);
        ASSERT_GT(whole.metadata.seaCount, 0u);
        // The margin's depth at this level (DemTileReader): two base samples.
        const double marginDepth = LandOnlySea{}.shelfSlope * 1000.0 * 32.0;
        std::uint32_t nearCoast = 0;
        for (std::uint32_t tileRow = 0; tileRow < streamed.layout.tilesDown(level); ++tileRow) {
            for (std::uint32_t tileColumn = 0; tileColumn < streamed.layout.tilesAcross(level); ++tileColumn) {
                const tiles::Tile tile = reader->read({level, tileColumn, tileRow});
                const tiles::Tile east = tileColumn + 1 < streamed.layout.tilesAcross(level)
                                             ? reader->read({level, tileColumn + 1, tileRow})
                                             : tiles::Tile{};
                for (std::uint32_t j = 0; j < stored; ++j) {
                    for (std::uint32_t i = 0; i < stored; ++i) {
                        const std::uint32_t x = std::min(tileColumn * tileSize + i, whole.heightmap.width - 1);
                        const std::uint32_t y = std::min(tileRow * tileSize + j, whole.heightmap.height - 1);
                        const std::uint16_t got = tile.samples[std::size_t{j} * stored + i];
                        const double metres = metadata.heightOfSample(got);
                        const double expected = whole.metadata.heightOfSample(whole.heightmap.sample(x, y));
                        const std::string where = "level " + std::to_string(level) + " (" + std::to_string(x) + ", " +
                                                  std::to_string(y) + ")";
                        const bool inVoid = level == 0 && inTheVoid(x, y);
                        if (inVoid) {
                            EXPECT_GT(metres, 100.0) << where;
                        } else if (expected >= 0.0) {
                            EXPECT_NEAR(metres, expected, quantum) << where;
                        } else {
                            EXPECT_LT(metres, 0.0) << where;
                            if (expected > -marginDepth) {
                                ++nearCoast;
                                EXPECT_NEAR(metres, expected, quantum) << where;
                            }
                        }
                        if (i == stored - 1 && !east.samples.empty()) {
                            EXPECT_EQ(got, east.samples[std::size_t{j} * stored]) << where;
                        }
                    }
                }
            }
        }
        EXPECT_GT(nearCoast, 500u) << "level " << level;
    }
}

TEST(LandOnlySea, StreamedTilesPlaceASeaOfNoDataAsTheWholeModelDoes)
{
    expectTilesPlaceTheSeaAsTheWholeModelDoes(IslandSea::NoData);
}

TEST(LandOnlySea, StreamedTilesPlaceASeaOfZeroAsTheWholeModelDoes)
{
    expectTilesPlaceTheSeaAsTheWholeModelDoes(IslandSea::ZeroNearTheCoast);
}

// A south-up file: the margin is read around the tile in the file's rows.
TEST(LandOnlySea, StreamedTilesOfASouthUpFilePlaceTheSeaAsTheWholeModelDoes)
{
    expectTilesPlaceTheSeaAsTheWholeModelDoes(IslandSea::NoData, FileRows::SouthFirst);
}

}  // namespace
