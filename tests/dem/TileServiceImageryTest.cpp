// Imagery from a tile service named by a URL template (dem/TileTemplate.h),
// served by a local HTTP server from PNG tiles of the Web Mercator levels
// around it (0 to 15 over a small map, 0 to 4 over the Earth), each level
// one colour: draped over a small DEM and over the whole Earth for the
// globe, the imagery comes from the level whose pixels match its texels
// (GDAL's overviews), in a handful of requests, never from the missing finer
// levels; where the server has no tile the imagery is transparent, streamed
// tiles too, with one warning; a template with a placeholder GDAL can not
// fill is refused in one line.
#include "DemSourceFiles.h"
#include "DemTestFiles.h"
#include "RangeHttpServer.h"

#include "dem/DemImagery.h"
#include "dem/DemLoader.h"
#include "dem/TileTemplate.h"
#include "heightmap/Heightmap.h"

#include <gdal_priv.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <memory>
#include <set>
#include <string>
#include <vector>

namespace dem_test {
namespace {

constexpr int kDeepestServedLevel = 15;
constexpr double kPi = 3.14159265358979323846;

// The colour of every tile of a level.
std::array<std::uint8_t, 3> levelColour(int level)
{
    return {static_cast<std::uint8_t>(10 + 15 * level), static_cast<std::uint8_t>(250 - 15 * level), 90};
}

// The level whose colour `rgb` is, or -1.
int levelOf(const std::uint8_t* rgb)
{
    for (int level = 0; level <= kDeepestServedLevel; ++level) {
        const std::array<std::uint8_t, 3> colour = levelColour(level);
        if (std::abs(rgb[0] - colour[0]) <= 2 && std::abs(rgb[1] - colour[1]) <= 2 &&
            std::abs(rgb[2] - colour[2]) <= 2) {
            return level;
        }
    }
    return -1;
}

// Web Mercator tile column and row (row 0 north) of a point at `level`.
std::array<int, 2> tileOf(double longitude, double latitude, int level)
{
    const double tiles = std::ldexp(1.0, level);
    const double y = std::log(std::tan(kPi / 4.0 + latitude * kPi / 360.0));
    return {static_cast<int>(std::floor((longitude + 180.0) / 360.0 * tiles)),
            static_cast<int>(std::floor((1.0 - y / kPi) / 2.0 * tiles))};
}

void writeTile(const std::filesystem::path& path, const std::array<std::uint8_t, 3>& colour)
{
    GDALDriver* memory = GetGDALDriverManager()->GetDriverByName("MEM");
    GDALDriver* png = GetGDALDriverManager()->GetDriverByName("PNG");
    ASSERT_NE(memory, nullptr);
    ASSERT_NE(png, nullptr);
    GDALDataset* tile = memory->Create("", 256, 256, 4, GDT_Byte, nullptr);
    ASSERT_NE(tile, nullptr);
    for (int band = 0; band < 4; ++band) {
        ASSERT_EQ(tile->GetRasterBand(band + 1)->Fill(band < 3 ? colour[static_cast<std::size_t>(band)] : 255.0),
                  CE_None);
    }
    GDALDataset* written = png->CreateCopy(path.c_str(), tile, FALSE, nullptr, nullptr, nullptr);
    ASSERT_NE(written, nullptr);
    GDALClose(written);
    GDALClose(tile);
}

// The tiles of levels 0..`deepest` over the ground from (west, south) to
// (east, north), named tile-Z-X-Y.png with Y counted from the north.
void writeTiles(const ScratchDirectory& scratch, double west, double south, double east, double north, int deepest)
{
    GDALAllRegister();
    for (int level = 0; level <= deepest; ++level) {
        const std::array<int, 2> first = tileOf(west, north, level);
        const std::array<int, 2> last = tileOf(east, south, level);
        for (int x = first[0]; x <= last[0]; ++x) {
            for (int y = first[1]; y <= last[1]; ++y) {
                writeTile(scratch.file("tile-" + std::to_string(level) + "-" + std::to_string(x) + "-" +
                                       std::to_string(y) + ".png"),
                          levelColour(level));
            }
        }
    }
}

// A 64 x 64 DEM of 100 m samples in UTM 33N near 13.5 E, 42 N.
dem::TerrainSource smallDem(const ScratchDirectory& scratch)
{
    const std::filesystem::path path = scratch.file("dem.tif");
    writeBandsGeoTiff(path, 64, 64, GDT_Float32, {std::vector<double>(64 * 64, 500.0)},
                      std::array<double, 6>{376000.0, 100.0, 0.0, 4651000.0, 0.0, -100.0}, 32633);
    return dem::loadTerrainSource(path, heightmap::HeightmapLimits{});
}

// The levels the texels came from, and whether every texel is opaque.
std::set<int> levelsOf(const dem::Imagery& imagery, bool& opaque)
{
    std::set<int> levels;
    opaque = true;
    for (std::size_t i = 0; i < imagery.rgba.size(); i += 4) {
        levels.insert(levelOf(&imagery.rgba[i]));
        opaque = opaque && imagery.rgba[i + 3] == 255;
    }
    return levels;
}

TEST(TileServiceImagery, ADemTakesTheLevelItsTexelsNeedInAFewRequests)
{
    const ScratchDirectory scratch;
    const dem::TerrainSource terrain = smallDem(scratch);
    // The map lies within 13.50..13.58 E, 41.94..42.00 N.
    writeTiles(scratch, 13.45, 41.90, 13.65, 42.05, kDeepestServedLevel);
    const ScopedLocalHttpEnvironment environment;
    RangeHttpServer server(scratch.file(""));
    dem::ImageryOptions options;
    // 25 m texels over the 6.4 km map: the coarsest level at least as fine
    // is 13 (14.2 m at 42 N).
    options.maxTexels = 256;
    const std::string url = "http://127.0.0.1:" + std::to_string(server.port()) + "/tile-{z}-{x}-{y}.png";
    ASSERT_TRUE(dem::isTileTemplate(url));
    const dem::Imagery imagery = dem::loadImagery(url, terrain, options);
    EXPECT_EQ(imagery.width, 256u);
    bool opaque = false;
    const std::set<int> levels = levelsOf(imagery, opaque);
    EXPECT_TRUE(opaque);
    ASSERT_EQ(levels.size(), 1u);
    EXPECT_EQ(*levels.begin(), 13);
    EXPECT_LT(server.requestCount(), 40u);
}

TEST(TileServiceImagery, WhereTheServerHasNoTileTheImageryIsTransparent)
{
    // Tiles west of 13.53 E only, over a map from 13.50 to 13.58 E.
    const ScratchDirectory scratch;
    const dem::TerrainSource terrain = smallDem(scratch);
    writeTiles(scratch, 13.45, 41.90, 13.53, 42.05, kDeepestServedLevel);
    const ScopedLocalHttpEnvironment environment;
    RangeHttpServer server(scratch.file(""));
    dem::ImageryOptions options;
    options.maxTexels = 256;
    const dem::Imagery imagery = dem::loadImagery(
        "http://127.0.0.1:" + std::to_string(server.port()) + "/tile-{z}-{x}-{y}.png", terrain, options);
    const std::size_t row = imagery.height / 2;
    const auto alphaAt = [&](std::size_t column) { return imagery.rgba[(row * imagery.width + column) * 4 + 3]; };
    EXPECT_EQ(alphaAt(2), 255);
    EXPECT_EQ(levelOf(&imagery.rgba[(row * imagery.width + 2) * 4]), 13);
    EXPECT_EQ(alphaAt(imagery.width - 3), 0);
}

TEST(TileServiceImagery, TheWholeEarthTakesACoarseLevel)
{
    const ScratchDirectory scratch;
    // Levels 0 to 4 (341 tiles) over the whole Earth.
    writeTiles(scratch, -180.0, -85.06, 179.999, 85.06, 4);
    const ScopedLocalHttpEnvironment environment;
    RangeHttpServer server(scratch.file(""));
    dem::ImageryOptions options;
    options.maxTexels = 512;
    const dem::Imagery imagery = dem::loadGeographicImagery(
        "http://127.0.0.1:" + std::to_string(server.port()) + "/tile-{z}-{x}-{y}.png", options);
    ASSERT_TRUE(imagery.geographic.has_value());
    EXPECT_NEAR(imagery.geographic->west, -180.0, 1.0e-6);
    EXPECT_NEAR(imagery.geographic->east, 180.0, 1.0e-6);
    bool opaque = false;
    const std::set<int> levels = levelsOf(imagery, opaque);
    ASSERT_EQ(levels.size(), 1u);
    EXPECT_GE(*levels.begin(), 0);
    EXPECT_LE(*levels.begin(), 2);
    EXPECT_LT(server.requestCount(), 40u);
}

TEST(TileServiceImagery, AStreamedTileTheServerDoesNotHaveIsTransparentWithOneWarning)
{
    // Levels 0 to 14 (7 m pixels at 42 N) only; the service names 19.
    const ScratchDirectory scratch;
    const dem::TerrainSource terrain = smallDem(scratch);
    writeTiles(scratch, 13.45, 41.90, 13.65, 42.05, 14);
    const ScopedLocalHttpEnvironment environment;
    RangeHttpServer server(scratch.file(""));
    dem::ImageryOptions options;
    options.maxTexels = 256;
    options.stream = dem::ImageryStreamMode::Auto;
    const dem::Imagery imagery = dem::loadImagery(
        "http://127.0.0.1:" + std::to_string(server.port()) + "/tile-{z}-{x}-{y}.png", terrain, options);
    // The service's own resolution is far finer than a texture of 256.
    ASSERT_TRUE(imagery.streaming.has_value());
    const tiles::TilePyramidLayout& layout = imagery.streaming->layout;
    EXPECT_GE(layout.levelCount(), 6u);
    bool opaque = false;
    const std::set<int> textureLevels = levelsOf(imagery, opaque);
    ASSERT_EQ(textureLevels.size(), 1u);
    EXPECT_GE(*textureLevels.begin(), 11);

    // The finest level's tiles are not served (404): transparent, for the
    // shaders to take the coarser level there.
    const std::size_t requestsBefore = server.requestCount();
    const std::unique_ptr<tiles::TileReader> reader = imagery.streaming->readerFactory();
    const tiles::Tile tile = reader->read(tiles::TileKey{0, layout.tilesAcross(0) / 2, layout.tilesDown(0) / 2});
    EXPECT_GT(server.requestCount(), requestsBefore);
    ASSERT_EQ(tile.colours.size(), std::size_t{layout.storedSize()} * layout.storedSize() * 4);
    EXPECT_TRUE(std::all_of(tile.colours.begin(), tile.colours.end(), [](std::uint8_t value) { return value == 0; }));
    // One warning says so, the first time only.
    const std::vector<std::string> warnings = reader->takeWarnings();
    ASSERT_EQ(warnings.size(), 1u);
    EXPECT_NE(warnings.front().find("the tile service has no tile for part of a tile of level 0"), std::string::npos)
        << warnings.front();
    EXPECT_NE(warnings.front().find("the coarser level stands in"), std::string::npos) << warnings.front();
    static_cast<void>(reader->read(tiles::TileKey{0, layout.tilesAcross(0) / 2 + 1, layout.tilesDown(0) / 2}));
    EXPECT_TRUE(reader->takeWarnings().empty());
    // Level by level, each read by a reader of its own: a tile warns exactly
    // when it has transparent texels; the coarse levels are served whole.
    int served = 0;
    for (std::uint32_t level = 0; level < layout.levelCount(); ++level) {
        const std::unique_ptr<tiles::TileReader> own = imagery.streaming->readerFactory();
        const tiles::Tile middle =
            own->read(tiles::TileKey{level, layout.tilesAcross(level) / 2, layout.tilesDown(level) / 2});
        bool transparent = false;
        for (std::size_t at = 3; at < middle.colours.size(); at += 4) {
            transparent = transparent || middle.colours[at] == 0;
        }
        EXPECT_EQ(own->takeWarnings().size(), transparent ? 1u : 0u) << "level " << level;
        served += transparent ? 0 : 1;
    }
    EXPECT_GT(served, 0);
}

TEST(TileServiceImagery, APlaceholderGdalCanNotFillGivesOneLine)
{
    const ScratchDirectory scratch;
    const std::string url = "https://{s}.tiles.example/{z}/{x}/{y}.png";
    try {
        (void)dem::loadImagery(url, smallDem(scratch), {});
        ADD_FAILURE() << "the template was read";
    } catch (const heightmap::HeightmapError& error) {
        EXPECT_EQ(
            std::string(error.what()),
            "imagery '" + url +
                "' is a tile template with the placeholder {s}, which GDAL's tile service does not fill here: use "
                "{z}, {x} and {y} (rows from the north)");
    }
    const std::string fromSouth = "https://tiles.example/{z}/{x}/{-y}.png";
    try {
        (void)dem::loadImagery(fromSouth, smallDem(scratch), {});
        ADD_FAILURE() << "the template was read";
    } catch (const heightmap::HeightmapError& error) {
        EXPECT_NE(std::string(error.what()).find("the placeholder {-y}"), std::string::npos) << error.what();
    }
    EXPECT_FALSE(dem::isTileTemplate("https://host/tiles/{z}/{x}.png"));
    EXPECT_FALSE(dem::isTileTemplate("tiles/{z}/{x}/{y}.png"));
}

}  // namespace
}  // namespace dem_test
