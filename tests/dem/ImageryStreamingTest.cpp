// Streamed imagery (dem/DemImagery.h: ImageryStreamMode, ImageryStreaming):
// imagery streams when asked to, or when its own resolution needs more than
// one texture; the texture is then the pyramid's coarsest level, and every
// tile of a finer level holds what a texture read at that level's
// resolution holds over the same texels, on a grid of degrees for the globe
// and on an elevation model's grid (in the heightmap's orientation, a
// south-up model's rows flipped) for the flat terrain.
#include "DemTestFiles.h"

#include "dem/DemImagery.h"
#include "dem/DemLoader.h"
#include "heightmap/Heightmap.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdlib>
#include <memory>
#include <vector>

namespace dem_test {
namespace {

constexpr std::uint32_t kImageryTexels = 512;
constexpr int kWgs84 = 4326;
constexpr int kUtm33North = 32633;

// A 512 x 512 raster, its colours changing from texel to texel, so that any
// texel misplaced or filtered otherwise shows: by default of WGS 84 degrees
// over 13.35..13.65 E, 41.85..42.15 N.
std::filesystem::path writeImagery(const ScratchDirectory& scratch,
                                   const std::array<double, 6>& geoTransform = {13.35, 0.3 / kImageryTexels, 0.0, 42.15,
                                                                                0.0, -0.3 / kImageryTexels},
                                   int epsg = kWgs84)
{
    const std::filesystem::path path = scratch.file("imagery-" + std::to_string(epsg) + ".tif");
    writeColourGeoTiff(
        path, kImageryTexels, kImageryTexels,
        [](std::uint32_t x, std::uint32_t y) {
            return std::array<double, 3>{static_cast<double>((x * 7 + y * 3) % 256),
                                         static_cast<double>((x / 4 * 37 + y / 4 * 11) % 256),
                                         static_cast<double>(40 + (x + y) % 160)};
        },
        geoTransform, epsg);
    return path;
}

// 64 x 64 samples of 100 m in UTM 33N around 13.5 E, 42 N; `southUp` stores
// the rows south first.
dem::TerrainSource demAt(const ScratchDirectory& scratch, bool southUp)
{
    constexpr std::uint32_t kSamples = 64;
    const std::filesystem::path path = scratch.file(southUp ? "south-up.tif" : "dem.tif");
    const double span = 100.0 * kSamples;
    writeBandsGeoTiff(path, kSamples, kSamples, GDT_Float32, {std::vector<double>(kSamples * kSamples, 300.0)},
                      southUp ? std::array<double, 6>{376000.0, 100.0, 0.0, 4651000.0 - span, 0.0, 100.0}
                              : std::array<double, 6>{376000.0, 100.0, 0.0, 4651000.0, 0.0, -100.0},
                      kUtm33North);
    return dem::loadTerrainSource(path, heightmap::HeightmapLimits{});
}

dem::ImageryOptions optionsOf(dem::ImageryStreamMode mode, std::uint32_t maxTexels)
{
    dem::ImageryOptions options;
    options.stream = mode;
    options.maxTexels = maxTexels;
    return options;
}

// Every tile of `level` against `texture`, the imagery read whole at that
// level's resolution: the texels inside the level (the apron past its
// edge aside) within one step of 8 bits.
void expectTilesAreTheTexture(const dem::Imagery& streamed, std::uint32_t level, const dem::Imagery& texture)
{
    ASSERT_TRUE(streamed.streaming.has_value());
    const tiles::TilePyramidLayout& layout = streamed.streaming->layout;
    ASSERT_EQ(layout.levelColumns(level), texture.width);
    ASSERT_EQ(layout.levelRows(level), texture.height);
    const std::unique_ptr<tiles::TileReader> reader = streamed.streaming->readerFactory();
    const std::uint32_t side = layout.storedSize();
    int largest = 0;
    std::size_t compared = 0;
    for (std::uint32_t row = 0; row < layout.tilesDown(level); ++row) {
        for (std::uint32_t column = 0; column < layout.tilesAcross(level); ++column) {
            const tiles::Tile tile = reader->read(tiles::TileKey{level, column, row});
            ASSERT_EQ(tile.colours.size(), std::size_t{side} * side * 4);
            EXPECT_TRUE(tile.samples.empty());
            for (std::uint32_t y = 0; y < side; ++y) {
                for (std::uint32_t x = 0; x < side; ++x) {
                    const std::uint32_t u = column * layout.tileSize() + x;
                    const std::uint32_t v = row * layout.tileSize() + y;
                    if (u >= texture.width || v >= texture.height) {
                        continue;
                    }
                    for (std::size_t channel = 0; channel < 4; ++channel) {
                        const int difference =
                            std::abs(int{tile.colours[(std::size_t{y} * side + x) * 4 + channel]} -
                                     int{texture.rgba[(std::size_t{v} * texture.width + u) * 4 + channel]});
                        largest = std::max(largest, difference);
                    }
                    // The apron repeats the next tile's first texels.
                    compared += x < layout.tileSize() && y < layout.tileSize() ? 1u : 0u;
                }
            }
        }
    }
    EXPECT_EQ(compared, std::size_t{texture.width} * texture.height);
    EXPECT_LE(largest, 1) << "level " << level;
    EXPECT_TRUE(reader->takeWarnings().empty());
}

TEST(ImageryStreaming, ImageryStreamsWhenAskedToOrWhenOneTextureCanNotHoldIt)
{
    const ScratchDirectory scratch;
    const std::filesystem::path path = writeImagery(scratch);
    EXPECT_FALSE(dem::loadGeographicImagery(path, optionsOf(dem::ImageryStreamMode::Off, 128)).streaming);
    EXPECT_FALSE(dem::loadGeographicImagery(path, optionsOf(dem::ImageryStreamMode::Auto, 4096)).streaming);

    // Too large for a texture of 128: two levels of tiles below it.
    const dem::Imagery large = dem::loadGeographicImagery(path, optionsOf(dem::ImageryStreamMode::Auto, 128));
    ASSERT_TRUE(large.streaming.has_value());
    EXPECT_EQ(large.width, 128u);
    EXPECT_EQ(large.streaming->layout.levelCount(), 2u);
    EXPECT_EQ(large.streaming->layout.columns(), kImageryTexels);
    EXPECT_EQ(large.streaming->layout.rows(), kImageryTexels);
    EXPECT_EQ(large.streaming->layout.tileSize(), dem::kImageryTileSize);

    // Asked to: the texture a quarter of the imagery's resolution.
    const dem::Imagery asked = dem::loadGeographicImagery(path, optionsOf(dem::ImageryStreamMode::On, 4096));
    ASSERT_TRUE(asked.streaming.has_value());
    EXPECT_EQ(asked.width, kImageryTexels / 4);
    EXPECT_EQ(asked.streaming->layout.levelCount(), 2u);
    ASSERT_TRUE(asked.geographic.has_value());
    const dem::Imagery whole = dem::loadGeographicImagery(path, optionsOf(dem::ImageryStreamMode::Off, 4096));
    EXPECT_NEAR(asked.geographic->west, whole.geographic->west, 1.0e-9);
    EXPECT_NEAR(asked.geographic->east, whole.geographic->east, 1.0e-9);
    EXPECT_NEAR(asked.geographic->north, whole.geographic->north, 1.0e-9);
    EXPECT_NEAR(asked.geographic->south, whole.geographic->south, 1.0e-9);
}

TEST(ImageryStreaming, OnTheGlobeEachLevelsTilesAreTheImageryReadAtThatResolution)
{
    const ScratchDirectory scratch;
    const std::filesystem::path path = writeImagery(scratch);
    const dem::Imagery streamed = dem::loadGeographicImagery(path, optionsOf(dem::ImageryStreamMode::On, 4096));
    expectTilesAreTheTexture(streamed, 0,
                             dem::loadGeographicImagery(path, optionsOf(dem::ImageryStreamMode::Off, 512)));
    expectTilesAreTheTexture(streamed, 1,
                             dem::loadGeographicImagery(path, optionsOf(dem::ImageryStreamMode::Off, 256)));
}

TEST(ImageryStreaming, OnAModelsGridTheTilesLieAsTheHeightmapEvenSouthUp)
{
    const ScratchDirectory scratch;
    // 25 m texels in the model's CRS: four to a sample, so that the texture
    // read whole has the finest level's size.
    const std::filesystem::path path = writeImagery(scratch, {370000.0, 25.0, 0.0, 4655000.0, 0.0, -25.0}, kUtm33North);
    for (const bool southUp : {false, true}) {
        const dem::TerrainSource terrain = demAt(scratch, southUp);
        ASSERT_EQ(terrain.dem->grid->flipRows, southUp);
        const dem::Imagery streamed = dem::loadImagery(path, terrain, optionsOf(dem::ImageryStreamMode::On, 4096));
        ASSERT_TRUE(streamed.streaming.has_value());
        const dem::Imagery whole = dem::loadImagery(path, terrain, optionsOf(dem::ImageryStreamMode::Off, 4096));
        EXPECT_EQ(whole.width, 256u);
        EXPECT_EQ(streamed.width, 64u);
        expectTilesAreTheTexture(streamed, 0, whole);
    }
}

}  // namespace
}  // namespace dem_test
