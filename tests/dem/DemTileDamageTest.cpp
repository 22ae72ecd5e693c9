// Tiles of streamed elevation models where the file has holes: no-data
// samples and the samples of a block GDAL can not read are filled from the
// base heightmap (bilinear, at the same ground position), counted, and a
// damaged block gives one warning line instead of an exception; the tiles
// also come through a tiles::TileLoader thread.
#include "DemTestFiles.h"

#include "dem/DemLoader.h"
#include "dem/DemStreaming.h"
#include "tiles/TileLoader.h"

#include <gtest/gtest.h>

#include <gdal_priv.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <fstream>
#include <string>
#include <vector>

namespace {

constexpr std::uint32_t kRampSize = 128;

double rampAt(std::uint32_t column, std::uint32_t row)
{
    return 100.0 + 2.0 * column + 5.0 * row;
}

// A kRampSize^2 ramp in deflated blocks of 16 x 16 whose block (1, 2)
// (columns 16..31, rows 32..47) holds bytes no inflater accepts. (The 64 x 64
// one of DemTestFiles.h is too small: loadDem refuses it at 1/2, where the
// damage costs more than a quarter of the samples, and the base of a streamed
// elevation model is read at 1/2 or less.)
void writeRampWithACorruptBlock(const std::filesystem::path& path)
{
    std::vector<double> heights;
    for (std::uint32_t row = 0; row < kRampSize; ++row) {
        for (std::uint32_t column = 0; column < kRampSize; ++column) {
            heights.push_back(rampAt(column, row));
        }
    }
    dem_test::RasterSpec spec = dem_test::rasterOf(kRampSize, kRampSize, GDT_Float32, heights);
    spec.creationOptions = {"TILED=YES", "BLOCKXSIZE=16", "BLOCKYSIZE=16", "COMPRESS=DEFLATE"};
    dem_test::writeRaster(path, spec);
    dem_test::corruptGeoTiffBlock(path, 1, 2);
}

// The base's quantised height under sample (column, row) of `level`,
// bilinear with clamp to edge, as the tile reader fills.
double baseHeightUnder(const dem::StreamedDem& dem, std::uint32_t level, std::uint32_t column, std::uint32_t row)
{
    const heightmap::Heightmap& base = dem.base.heightmap;
    const double step = std::pow(2.0, static_cast<double>(level) - dem.layout.levelCount());
    const double x = std::clamp((column + 0.5) * step - 0.5, 0.0, base.width - 1.0);
    const double y = std::clamp((row + 0.5) * step - 0.5, 0.0, base.height - 1.0);
    const auto x0 = static_cast<std::uint32_t>(x);
    const auto y0 = static_cast<std::uint32_t>(y);
    const std::uint32_t x1 = std::min(x0 + 1, base.width - 1);
    const std::uint32_t y1 = std::min(y0 + 1, base.height - 1);
    const double fx = x - x0;
    const double fy = y - y0;
    const double top = base.sample(x0, y0) * (1.0 - fx) + base.sample(x1, y0) * fx;
    const double bottom = base.sample(x0, y1) * (1.0 - fx) + base.sample(x1, y1) * fx;
    return top * (1.0 - fy) + bottom * fy;
}

std::uint16_t sampleOf(const tiles::Tile& tile, const dem::StreamedDem& dem, std::uint32_t column, std::uint32_t row)
{
    const std::uint32_t stored = dem.layout.storedSize();
    const std::uint32_t tileSize = dem.layout.tileSize();
    return tile.samples[std::size_t{row - tile.key.row * tileSize} * stored + (column - tile.key.column * tileSize)];
}

TEST(DemTileDamage, ANoDataHoleIsFilledFromTheBase)
{
    const dem_test::ScratchDirectory scratch;
    const auto path = scratch.file("hole.tif");
    constexpr std::uint32_t kColumns = 200;
    constexpr std::uint32_t kRows = 120;
    std::vector<double> heights;
    for (std::uint32_t row = 0; row < kRows; ++row) {
        for (std::uint32_t column = 0; column < kColumns; ++column) {
            const bool inHole = column >= 100 && column < 110 && row >= 50 && row < 60;
            heights.push_back(inHole ? -9999.0 : 200.0 + 3.0 * column + 2.0 * row);
        }
    }
    dem_test::RasterSpec spec = dem_test::rasterOf(kColumns, kRows, GDT_Float32, heights);
    spec.noData = -9999.0;
    dem_test::writeRaster(path, spec);
    heightmap::HeightmapLimits limits;
    limits.maxTexels = 2000;  // 50 x 30 at 1/4
    const dem::StreamedDem dem = dem::openStreamedDem(path, limits, 64);
    ASSERT_EQ(dem.layout.levelCount(), 2u);
    const std::unique_ptr<tiles::TileReader> reader = dem::makeDemTileReader(path, dem);

    // Tile (1, 0) of level 0 (columns 64..128, rows 0..64) holds the hole.
    const tiles::Tile tile = reader->read({0, 1, 0});
    EXPECT_EQ(tile.filledSamples, 100u);
    EXPECT_TRUE(reader->takeWarnings().empty());  // no-data is no damage
    for (const auto& [column, row] : {std::pair{100u, 50u}, std::pair{105u, 55u}, std::pair{109u, 59u}}) {
        EXPECT_NEAR(sampleOf(tile, dem, column, row), baseHeightUnder(dem, 0, column, row), 0.5)
            << column << ", " << row;
    }
    // On a ramp the fill lands near the ramp (the base's blocks at the rim of
    // the hole average their valid samples only, off their centres).
    const double metres = dem.base.metadata.heightOfSample(sampleOf(tile, dem, 105, 55));
    EXPECT_NEAR(metres, 200.0 + 3.0 * 105 + 2.0 * 55, 10.0);
    // Every other sample is the loader's.
    dem::DemLoadOverrides overrides;
    overrides.heightRange =
        dem::HeightRange{dem.base.metadata.minimumHeightMetres, dem.base.metadata.maximumHeightMetres};
    overrides.reduction = 1;
    const dem::DemTerrain reference = dem::loadDem(path, heightmap::HeightmapLimits{}, overrides);
    EXPECT_EQ(sampleOf(tile, dem, 99, 55), reference.heightmap.sample(99, 55));
    EXPECT_EQ(sampleOf(tile, dem, 110, 59), reference.heightmap.sample(110, 59));
    EXPECT_EQ(sampleOf(tile, dem, 64, 0), reference.heightmap.sample(64, 0));
    // At 1/2 the hole is 5 x 5 samples of no-data only.
    EXPECT_EQ(reader->read({1, 0, 0}).filledSamples, 25u);
    EXPECT_EQ(reader->read({0, 0, 0}).filledSamples, 0u);
}

TEST(DemTileDamage, ACorruptBlockIsFilledWithAWarning)
{
    const dem_test::ScratchDirectory scratch;
    const auto path = scratch.file("corrupt.tif");
    writeRampWithACorruptBlock(path);
    heightmap::HeightmapLimits limits;
    limits.maxTexels = 1024;  // 32 x 32 at 1/4
    const dem::StreamedDem dem = dem::openStreamedDem(path, limits, 16);
    ASSERT_EQ(dem.layout.levelCount(), 2u);
    const std::unique_ptr<tiles::TileReader> reader = dem::makeDemTileReader(path, dem);

    tiles::Tile tile;
    ASSERT_NO_THROW(tile = reader->read({0, 1, 2}));
    EXPECT_EQ(tile.filledSamples, 256u);
    const std::vector<std::string> warnings = reader->takeWarnings();
    ASSERT_EQ(warnings.size(), 1u);
    EXPECT_EQ(
        warnings.front().rfind(path.string() + ": tile at 1/1 rows 32 to 47, columns 16 to 31 can not be read (", 0),
        0u)
        << warnings.front();
    EXPECT_NE(warnings.front().find("); filled from the coarser level"), std::string::npos) << warnings.front();
    for (std::uint32_t row = 32; row <= 48; ++row) {
        for (std::uint32_t column = 16; column <= 32; ++column) {
            const double ramp = rampAt(column, row);
            const double metres = dem.base.metadata.heightOfSample(sampleOf(tile, dem, column, row));
            const bool damaged = column < 32 && row < 48;
            EXPECT_NEAR(metres, ramp, damaged ? 5.0 * 16 : 0.01) << column << ", " << row;
            if (damaged) {
                EXPECT_NEAR(sampleOf(tile, dem, column, row), baseHeightUnder(dem, 0, column, row), 0.5);
            }
        }
    }
    // The tile on the left reaches the damaged block with its apron only;
    // unreadable tiles are warned of once.
    EXPECT_EQ(reader->read({0, 0, 2}).filledSamples, 16u);
    EXPECT_TRUE(reader->takeWarnings().empty());
    EXPECT_EQ(reader->read({0, 3, 3}).filledSamples, 0u);
    EXPECT_TRUE(reader->takeWarnings().empty());
    // At 1/2 the block is samples 8..15 x 16..23 of tile (0, 1); a fresh
    // reader warns of it.
    const tiles::Tile reduced = reader->read({1, 0, 1});
    EXPECT_GE(reduced.filledSamples, 64u);
    EXPECT_TRUE(reader->takeWarnings().empty());
    const std::unique_ptr<tiles::TileReader> second = dem::makeDemTileReader(path, dem);
    EXPECT_EQ(second->read({1, 0, 1}).filledSamples, reduced.filledSamples);
    const std::vector<std::string> reducedWarnings = second->takeWarnings();
    ASSERT_EQ(reducedWarnings.size(), 1u);
    EXPECT_NE(reducedWarnings.front().find(": tile at 1/2 rows 32 to 47, columns "), std::string::npos)
        << reducedWarnings.front();
}

// The tiles around a damaged block share its first row and column (their
// stored edge): whichever is read first, the one warning names the damaged
// block's own rows and columns.
TEST(DemTileDamage, TheWarningNamesTheDamagedBlockWhicheverTileMeetsItFirst)
{
    const dem_test::ScratchDirectory scratch;
    const auto path = scratch.file("corrupt.tif");
    writeRampWithACorruptBlock(path);
    heightmap::HeightmapLimits limits;
    limits.maxTexels = 1024;
    const dem::StreamedDem dem = dem::openStreamedDem(path, limits, 16);
    const std::unique_ptr<tiles::TileReader> reader = dem::makeDemTileReader(path, dem);
    std::vector<std::string> warnings;
    for (const tiles::TileKey key : {tiles::TileKey{0, 0, 1}, tiles::TileKey{0, 1, 1}, tiles::TileKey{0, 0, 2},
                                     tiles::TileKey{0, 1, 2}, tiles::TileKey{0, 2, 2}}) {
        ASSERT_NO_THROW(static_cast<void>(reader->read(key)));
        for (std::string& warning : reader->takeWarnings()) {
            warnings.push_back(std::move(warning));
        }
    }
    ASSERT_EQ(warnings.size(), 1u);
    EXPECT_NE(warnings.front().find("rows 32 to 47, columns 16 to 31 can not be read"), std::string::npos)
        << warnings.front();
}

TEST(DemTileDamage, TilesComeThroughTheLoaderThread)
{
    const dem_test::ScratchDirectory scratch;
    const auto path = scratch.file("loaded.tif");
    writeRampWithACorruptBlock(path);
    const dem::StreamedDem dem = dem::openStreamedDem(path, heightmap::HeightmapLimits{}, 32);
    tiles::TileLoader loader([&path, &dem] { return dem::makeDemTileReader(path, dem); });
    std::vector<tiles::TileKey> keys;
    for (std::uint32_t row = 0; row < dem.layout.tilesDown(0); ++row) {
        for (std::uint32_t column = 0; column < dem.layout.tilesAcross(0); ++column) {
            keys.push_back({0, column, row});
        }
    }
    loader.request(keys);
    ASSERT_TRUE(loader.waitUntilIdle(std::chrono::seconds(20)));
    EXPECT_FALSE(loader.failure()) << loader.failure().value_or("");
    EXPECT_EQ(loader.takeCompleted().size(), 16u);
    const tiles::LoaderStatistics statistics = loader.statistics();
    EXPECT_EQ(statistics.tilesRead, 16u);
    // Tile (0, 1) holds the damaged block, the apron of tile (0, 0) its top row.
    EXPECT_EQ(statistics.filledTiles, 2u);
    EXPECT_EQ(statistics.bytesRead, 16u * 33u * 33u * 2u);
    // One warning for both: unreadable tiles are warned of once.
    EXPECT_EQ(loader.takeWarnings().size(), 1u);
}

TEST(DemTileDamage, AMissingFileFailsTheLoader)
{
    const dem_test::ScratchDirectory scratch;
    const auto path = scratch.file("gone.tif");
    dem_test::writeRaster(path, dem_test::rasterOf(40, 30, GDT_Float32, std::vector<double>(40 * 30, 7.0)));
    const dem::StreamedDem dem = dem::openStreamedDem(path, heightmap::HeightmapLimits{}, 16);
    std::filesystem::remove(path);
    tiles::TileLoader loader([&path, &dem] { return dem::makeDemTileReader(path, dem); });
    loader.request({{0, 0, 0}});
    ASSERT_TRUE(loader.waitUntilIdle(std::chrono::seconds(20)));
    ASSERT_TRUE(loader.failure());
    EXPECT_NE(loader.failure()->find("does not exist"), std::string::npos) << *loader.failure();
}

}  // namespace
