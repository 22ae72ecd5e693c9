// Streamed elevation models: every sample of every tile equals the sample
// loadDem gives at the tile's reduction with the streaming range (north-up,
// south-up and east-to-west files, Int16 with scale and offset), the tile
// statistics are those of its share, and openStreamedDem picks the base.
#include "DemTestFiles.h"

#include "dem/DemLoader.h"
#include "dem/DemStreaming.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

namespace {

constexpr std::uint32_t kColumns = 300;
constexpr std::uint32_t kRows = 200;
constexpr std::uint32_t kTileSize = 64;

// Smooth hills plus a deterministic noise of +-20 m.
double heightAt(std::uint32_t column, std::uint32_t row)
{
    std::uint32_t hash = column * 73856093u ^ row * 19349663u;
    hash = (hash ^ (hash >> 13)) * 1274126177u;
    const double noise = static_cast<double>(hash % 4001) / 100.0 - 20.0;
    return 500.0 + 300.0 * std::sin(column * 0.05) * std::cos(row * 0.07) + noise;
}

std::vector<double> heightsOf(std::uint32_t columns, std::uint32_t rows)
{
    std::vector<double> heights;
    for (std::uint32_t row = 0; row < rows; ++row) {
        for (std::uint32_t column = 0; column < columns; ++column) {
            heights.push_back(heightAt(column, row));
        }
    }
    return heights;
}

dem_test::RasterSpec hillsSpec(const std::array<double, 6>& geoTransform, std::uint32_t columns = kColumns,
                               std::uint32_t rows = kRows)
{
    dem_test::RasterSpec spec = dem_test::rasterOf(columns, rows, GDT_Float32, heightsOf(columns, rows));
    spec.geoTransform = geoTransform;
    spec.epsg = 32633;
    spec.creationOptions = {"TILED=YES", "BLOCKXSIZE=64", "BLOCKYSIZE=64"};
    return spec;
}

constexpr std::array<double, 6> kNorthUp{500000.0, 30.0, 0.0, 5000000.0, 0.0, -30.0};

// Base limits that leave levels 0 .. 3 to stream (the base at 1/16).
heightmap::HeightmapLimits limitsOfFourLevels()
{
    heightmap::HeightmapLimits limits;
    limits.maxTexels = 300;
    return limits;
}

dem::DemTerrain referenceLevel(const std::filesystem::path& path, const dem::StreamedDem& dem, std::uint32_t level)
{
    dem::DemLoadOverrides overrides;
    overrides.heightRange =
        dem::HeightRange{dem.base.metadata.minimumHeightMetres, dem.base.metadata.maximumHeightMetres};
    overrides.reduction = std::uint32_t{1} << level;
    return dem::loadDem(path, heightmap::HeightmapLimits{}, overrides);
}

// Compares every tile of levels 0 .. levelsToCompare - 1 with loadDem.
void expectTilesEqualTheLoader(const std::filesystem::path& path, std::uint32_t levelsToCompare)
{
    const dem::StreamedDem dem = dem::openStreamedDem(path, limitsOfFourLevels(), kTileSize);
    ASSERT_EQ(dem.layout.levelCount(), 4u);
    const std::unique_ptr<tiles::TileReader> reader = dem::makeDemTileReader(path, dem);
    const std::uint32_t stored = dem.layout.storedSize();
    for (std::uint32_t level = 0; level < levelsToCompare; ++level) {
        const dem::DemTerrain reference = referenceLevel(path, dem, level);
        const heightmap::Heightmap& expected = reference.heightmap;
        ASSERT_EQ(expected.width, dem.layout.levelColumns(level));
        ASSERT_EQ(expected.height, dem.layout.levelRows(level));
        for (std::uint32_t row = 0; row < dem.layout.tilesDown(level); ++row) {
            for (std::uint32_t column = 0; column < dem.layout.tilesAcross(level); ++column) {
                const tiles::Tile tile = reader->read({level, column, row});
                ASSERT_EQ(tile.key, (tiles::TileKey{level, column, row}));
                ASSERT_EQ(tile.samples.size(), std::size_t{stored} * stored);
                EXPECT_EQ(tile.filledSamples, 0u);
                std::uint32_t mismatches = 0;
                std::string first;
                for (std::uint32_t j = 0; j < stored; ++j) {
                    for (std::uint32_t i = 0; i < stored; ++i) {
                        const std::uint32_t x = std::min(column * kTileSize + i, expected.width - 1);
                        const std::uint32_t y = std::min(row * kTileSize + j, expected.height - 1);
                        const std::uint16_t got = tile.samples[std::size_t{j} * stored + i];
                        if (got != expected.sample(x, y) && mismatches++ == 0) {
                            first = "sample (" + std::to_string(x) + ", " + std::to_string(y) +
                                    "): " + std::to_string(got) + " != " + std::to_string(expected.sample(x, y));
                        }
                    }
                }
                EXPECT_EQ(mismatches, 0u)
                    << "level " << level << " tile (" << column << ", " << row << "), first at " << first;
            }
        }
    }
    EXPECT_TRUE(reader->takeWarnings().empty());
}

TEST(DemStreaming, TilesEqualTheLoaderNorthUp)
{
    const dem_test::ScratchDirectory scratch;
    const auto path = scratch.file("north-up.tif");
    dem_test::writeRaster(path, hillsSpec(kNorthUp));
    expectTilesEqualTheLoader(path, 4);
}

TEST(DemStreaming, TilesEqualTheLoaderForOddSizes)
{
    // 301 x 203, east to west: no reduction divides the size.
    const dem_test::ScratchDirectory scratch;
    const auto path = scratch.file("odd.tif");
    dem_test::writeRaster(path, hillsSpec({509030.0, -30.0, 0.0, 5000000.0, 0.0, -30.0}, 301, 203));
    expectTilesEqualTheLoader(path, 4);
}

TEST(DemStreaming, TilesEqualTheLoaderSouthUp)
{
    const dem_test::ScratchDirectory scratch;
    const auto path = scratch.file("south-up.tif");
    dem_test::writeRaster(path, hillsSpec({500000.0, 30.0, 0.0, 4994000.0, 0.0, 30.0}));
    expectTilesEqualTheLoader(path, 4);
}

TEST(DemStreaming, TilesEqualTheLoaderSouthUpEastToWest)
{
    const dem_test::ScratchDirectory scratch;
    const auto path = scratch.file("flipped.tif");
    dem_test::writeRaster(path, hillsSpec({509000.0, -30.0, 0.0, 4994000.0, 0.0, 30.0}));
    expectTilesEqualTheLoader(path, 4);
}

TEST(DemStreaming, TilesEqualTheLoaderForScaledInt16)
{
    const dem_test::ScratchDirectory scratch;
    const auto path = scratch.file("int16.tif");
    dem_test::RasterSpec spec = hillsSpec(kNorthUp);
    spec.type = GDT_Int16;
    for (double& value : spec.values) {
        value = std::round((value - 100.0) / 0.5);  // stored = (metres - offset) / scale
    }
    spec.scale = 0.5;
    spec.offset = 100.0;
    spec.unit = "ft";
    dem_test::writeRaster(path, spec);
    expectTilesEqualTheLoader(path, 4);
}

TEST(DemStreaming, TheStatisticsAreThoseOfTheShare)
{
    const dem_test::ScratchDirectory scratch;
    const auto path = scratch.file("statistics.tif");
    dem_test::writeRaster(path, hillsSpec(kNorthUp));
    const dem::StreamedDem dem = dem::openStreamedDem(path, limitsOfFourLevels(), kTileSize);
    const std::unique_ptr<tiles::TileReader> reader = dem::makeDemTileReader(path, dem);
    const dem::DemTerrain reference = referenceLevel(path, dem, 1);  // 150 x 100
    // An inner tile and the corner tile, whose share is clipped to 22 x 36.
    for (const tiles::TileKey key : {tiles::TileKey{1, 1, 0}, tiles::TileKey{1, 2, 1}}) {
        const tiles::Tile tile = reader->read(key);
        std::uint16_t lowest = std::numeric_limits<std::uint16_t>::max();
        std::uint16_t highest = 0;
        double sum = 0.0;
        double sumOfSquares = 0.0;
        double count = 0.0;
        for (std::uint32_t y = key.row * kTileSize; y < std::min((key.row + 1) * kTileSize, 100u); ++y) {
            for (std::uint32_t x = key.column * kTileSize; x < std::min((key.column + 1) * kTileSize, 150u); ++x) {
                const std::uint16_t sample = reference.heightmap.sample(x, y);
                lowest = std::min(lowest, sample);
                highest = std::max(highest, sample);
                sum += sample / 65535.0;
                sumOfSquares += (sample / 65535.0) * (sample / 65535.0);
                count += 1.0;
            }
        }
        EXPECT_EQ(tile.lowest, lowest);
        EXPECT_EQ(tile.highest, highest);
        EXPECT_NEAR(tile.meanHeight, sum / count, 1e-6);
        EXPECT_NEAR(tile.meanSquaredHeight, sumOfSquares / count, 1e-6);
    }
}

TEST(DemStreaming, OpenPicksABaseOfAtLeastHalfTheSize)
{
    const dem_test::ScratchDirectory scratch;
    const auto path = scratch.file("open.tif");
    const dem_test::RasterSpec spec = hillsSpec(kNorthUp);
    dem_test::writeRaster(path, spec);

    const dem::StreamedDem fits = dem::openStreamedDem(path, heightmap::HeightmapLimits{}, kTileSize);
    EXPECT_EQ(fits.layout.levelCount(), 1u);  // the file would fit: the base is still 1/2
    EXPECT_EQ(fits.base.metadata.reduction, 2u);
    EXPECT_EQ(fits.layout.columns(), kColumns);
    EXPECT_EQ(fits.layout.rows(), kRows);
    EXPECT_EQ(fits.layout.tileSize(), kTileSize);

    heightmap::HeightmapLimits limits;
    limits.maxTexels = 4000;  // 75 x 50 at 1/4
    const dem::StreamedDem dem = dem::openStreamedDem(path, limits, kTileSize);
    EXPECT_EQ(dem.layout.levelCount(), 2u);
    EXPECT_EQ(dem.base.metadata.reduction, 4u);
    EXPECT_EQ(dem.base.metadata.streamedLevels, 2u);
    EXPECT_EQ(dem.base.heightmap.width, 75u);
    EXPECT_EQ(dem.base.heightmap.height, 50u);
    // The exact range of the file's samples (single precision, as stored).
    double lowest = std::numeric_limits<double>::infinity();
    double highest = -lowest;
    for (const double value : spec.values) {
        lowest = std::min(lowest, static_cast<double>(static_cast<float>(value)));
        highest = std::max(highest, static_cast<double>(static_cast<float>(value)));
    }
    EXPECT_EQ(dem.base.metadata.minimumHeightMetres, lowest);
    EXPECT_EQ(dem.base.metadata.maximumHeightMetres, highest);
    // The base is loadDem's at that reduction with the streaming range.
    dem::DemLoadOverrides overrides;
    overrides.heightRange = dem::HeightRange{lowest, highest};
    overrides.reduction = 4;
    const dem::DemTerrain expected = dem::loadDem(path, limits, overrides);
    EXPECT_EQ(dem.base.heightmap.samples, expected.heightmap.samples);
    EXPECT_EQ(dem.base.metadata.minimumHeightMetres, expected.metadata.minimumHeightMetres);
    EXPECT_EQ(dem.base.metadata.maximumHeightMetres, expected.metadata.maximumHeightMetres);

    EXPECT_THROW(dem::openStreamedDem(path, limits, 48), std::invalid_argument);
    EXPECT_THROW(dem::openStreamedDem(scratch.file("missing.tif"), limits, kTileSize), heightmap::HeightmapError);
}

TEST(DemStreaming, LoadDemRefusesAReductionFinerThanTheLimits)
{
    const dem_test::ScratchDirectory scratch;
    const auto path = scratch.file("forced.tif");
    dem_test::writeRaster(path, hillsSpec(kNorthUp));
    heightmap::HeightmapLimits limits;
    limits.maxTexels = 4000;
    dem::DemLoadOverrides overrides;
    overrides.reduction = 2;
    EXPECT_THROW(dem::loadDem(path, limits, overrides), heightmap::HeightmapError);
    overrides.reduction = 3;
    EXPECT_THROW(dem::loadDem(path, limits, overrides), std::invalid_argument);
    overrides.reduction = 8;
    EXPECT_EQ(dem::loadDem(path, limits, overrides).heightmap.width, 38u);
    overrides.heightRange = dem::HeightRange{600.0, 500.0};
    EXPECT_THROW(dem::loadDem(path, limits, overrides), std::invalid_argument);
    // A forced range clamps the samples outside it.
    overrides.heightRange = dem::HeightRange{400.0, 600.0};
    const dem::DemTerrain clamped = dem::loadDem(path, limits, overrides);
    EXPECT_EQ(clamped.metadata.minimumHeightMetres, 400.0);
    EXPECT_EQ(clamped.metadata.maximumHeightMetres, 600.0);
    EXPECT_EQ(*std::min_element(clamped.heightmap.samples.begin(), clamped.heightmap.samples.end()), 0);
    EXPECT_EQ(*std::max_element(clamped.heightmap.samples.begin(), clamped.heightmap.samples.end()), 65535);
}

}  // namespace
