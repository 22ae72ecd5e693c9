// Stacked imagery layers (dem::stackedImagery): each layer over those below
// by its alpha, on the grid of the largest, the smaller ones filtered onto
// it; and two GeoTIFFs warped onto one DEM, a regional layer over a wider
// one, showing the regional colour where it lies and the wider one's
// elsewhere.
#include "DemTestFiles.h"

#include "dem/DemImagery.h"
#include "dem/DemLoader.h"
#include "heightmap/Heightmap.h"

#include <gtest/gtest.h>

#include <array>
#include <vector>

namespace dem_test {
namespace {

dem::Imagery uniform(std::uint32_t width, std::uint32_t height, std::array<std::uint8_t, 4> rgba, const char* name)
{
    dem::Imagery imagery;
    imagery.width = width;
    imagery.height = height;
    imagery.sourcePath = name;
    imagery.rgba.resize(std::size_t{width} * height * 4);
    for (std::size_t i = 0; i < imagery.rgba.size(); ++i) {
        imagery.rgba[i] = rgba[i % 4];
    }
    return imagery;
}

TEST(ImageryStack, EachLayerCoversThoseBelowByItsAlphaOnTheLargestGrid)
{
    dem::Imagery top = uniform(2, 2, {200, 0, 0, 255}, "top.tif");
    // Its east column transparent, its south-west texel half covering.
    top.rgba[1 * 4 + 3] = 0;
    top.rgba[3 * 4 + 3] = 0;
    top.rgba[2 * 4 + 3] = 128;
    const dem::Imagery stack = dem::stackedImagery({uniform(4, 4, {0, 0, 100, 255}, "bottom.tif"), top});
    EXPECT_EQ(stack.width, 4u);
    EXPECT_EQ(stack.height, 4u);
    EXPECT_EQ(stack.sourcePath, "bottom.tif + top.tif");
    const auto texel = [&](std::uint32_t x, std::uint32_t y) { return &stack.rgba[(y * 4 + x) * 4]; };
    // The north-west texel: the top layer's red, opaque.
    EXPECT_EQ(texel(0, 0)[0], 200);
    EXPECT_EQ(texel(0, 0)[2], 0);
    EXPECT_EQ(texel(0, 0)[3], 255);
    // The east edge: the bottom layer's blue.
    EXPECT_EQ(texel(3, 0)[0], 0);
    EXPECT_EQ(texel(3, 0)[2], 100);
    // The south-west corner: half of each.
    EXPECT_NEAR(texel(0, 3)[0], 100, 1);
    EXPECT_NEAR(texel(0, 3)[2], 50, 1);
    EXPECT_EQ(texel(0, 3)[3], 255);
    // Over nothing, a half-covering texel stays half covering.
    const dem::Imagery alone = dem::stackedImagery({uniform(2, 2, {0, 0, 0, 0}, "none.tif"), top});
    EXPECT_NEAR(alone.rgba[2 * 4 + 3], 128, 1);
}

TEST(ImageryStack, ARegionalLayerLiesOverAWiderOneWhereItLies)
{
    const ScratchDirectory scratch;
    // The DEM: 40 x 40 samples of 0.001 degrees from 10.00 E, 46.04 N.
    const std::filesystem::path demPath = scratch.file("dem.tif");
    RasterSpec dem = rasterOf(40, 40, GDT_Float32, std::vector<double>(1600, 300.0));
    dem.geoTransform = std::array<double, 6>{10.0, 0.001, 0.0, 46.04, 0.0, -0.001};
    dem.epsg = 4326;
    writeRaster(demPath, dem);
    const dem::TerrainSource terrain = dem::loadTerrainSource(demPath, heightmap::HeightmapLimits{});
    // The wide layer, green, over 9.9..10.1 E; the regional one, red, over
    // the west half of the map at four times the resolution.
    const auto writeLayer = [&](const char* name, std::uint32_t width, std::uint32_t height, double west, double north,
                                double step, std::array<double, 3> colour) {
        std::vector<std::vector<double>> bands;
        for (const double value : colour) {
            bands.emplace_back(std::size_t{width} * height, value);
        }
        writeBandsGeoTiff(scratch.file(name), width, height, GDT_Byte, bands,
                          std::array<double, 6>{west, step, 0.0, north, 0.0, -step}, 4326);
        return scratch.file(name);
    };
    const std::filesystem::path wide = writeLayer("wide.tif", 200, 200, 9.9, 46.1, 0.001, {40, 160, 40});
    const std::filesystem::path regional = writeLayer("regional.tif", 80, 160, 10.0, 46.04, 0.00025, {220, 30, 30});
    const dem::Imagery stack =
        dem::stackedImagery({dem::loadImagery(wide, terrain, {}), dem::loadImagery(regional, terrain, {})});
    ASSERT_GT(stack.width, 40u) << "the regional layer's finer grid";
    const std::uint32_t row = stack.height / 2;
    const auto texel = [&](std::uint32_t x) { return &stack.rgba[(std::size_t{row} * stack.width + x) * 4]; };
    EXPECT_NEAR(texel(stack.width / 8)[0], 220, 2);
    EXPECT_NEAR(texel(stack.width - 1 - stack.width / 8)[1], 160, 2);
    EXPECT_NEAR(texel(stack.width - 1 - stack.width / 8)[0], 40, 2);
    for (std::size_t i = 3; i < stack.rgba.size(); i += 4) {
        ASSERT_EQ(stack.rgba[i], 255) << "texel " << i / 4;
    }
}

}  // namespace
}  // namespace dem_test
