// A tiled GeoTIFF with one corrupt tile loads with one warning: the tile's
// samples come from the file's overview when it has one, from their
// neighbours when it has none, and every other sample is read as it is.
#include "DemTestFiles.h"

#include "dem/DemLoader.h"

#include <gdal_priv.h>
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

namespace {

constexpr std::uint32_t kSize = 64;
constexpr std::uint32_t kTile = 16;

double rampAt(std::uint32_t column, std::uint32_t row)
{
    return dem_test::kCorruptTileRampBase + dem_test::kCorruptTileRampPerColumn * column +
           dem_test::kCorruptTileRampPerRow * row;
}

bool inCorruptTile(std::uint32_t column, std::uint32_t row)
{
    return column >= kTile && column < 2 * kTile && row >= 2 * kTile && row < 3 * kTile;
}

// The largest difference from the ramp inside and outside the corrupt tile.
std::pair<double, double> errorsOf(const dem::DemTerrain& terrain)
{
    double inside = 0.0;
    double outside = 0.0;
    for (std::uint32_t row = 0; row < kSize; ++row) {
        for (std::uint32_t column = 0; column < kSize; ++column) {
            const double error =
                std::abs(terrain.metadata.heightOfSample(terrain.heightmap.sample(column, row)) - rampAt(column, row));
            (inCorruptTile(column, row) ? inside : outside) =
                std::max(inCorruptTile(column, row) ? inside : outside, error);
        }
    }
    return {inside, outside};
}

TEST(DemBlockRecovery, ACorruptTileIsFilledFromTheOverview)
{
    const dem_test::ScratchDirectory scratch;
    const auto path = scratch.file("overview.tif");
    dem_test::writeRampWithACorruptTile(path, true);
    const dem::DemTerrain terrain = dem::loadDem(path, heightmap::HeightmapLimits{});
    ASSERT_EQ(terrain.metadata.warnings.size(), 1u);
    const std::string& warning = terrain.metadata.warnings.front();
    EXPECT_NE(warning.find("256 samples of damaged blocks could not be read (the first at rows 32 to 47, columns 16 "
                           "to 31"),
              std::string::npos)
        << warning;
    EXPECT_NE(warning.find("256 were filled from the overviews, 0 from their neighbours"), std::string::npos)
        << warning;
    const auto [inside, outside] = errorsOf(terrain);
    EXPECT_LT(outside, 0.01);  // 16-bit quantisation of a 415 m range
    EXPECT_LT(inside, 6.0);    // an overview twice as coarse, interpolated
}

TEST(DemBlockRecovery, WithoutOverviewsTheNeighboursFillTheTile)
{
    const dem_test::ScratchDirectory scratch;
    const auto path = scratch.file("plain.tif");
    dem_test::writeRampWithACorruptTile(path, false);
    const dem::DemTerrain terrain = dem::loadDem(path, heightmap::HeightmapLimits{});
    ASSERT_EQ(terrain.metadata.warnings.size(), 1u);
    EXPECT_NE(terrain.metadata.warnings.front().find("0 were filled from the overviews, 256 from their neighbours"),
              std::string::npos)
        << terrain.metadata.warnings.front();
    EXPECT_EQ(terrain.metadata.noDataCount, 256u);
    const auto [inside, outside] = errorsOf(terrain);
    EXPECT_LT(outside, 0.01);
    EXPECT_LT(inside, 5.0 * kTile);  // within the ramp's rise over the tile
}

TEST(DemBlockRecovery, AnIntactFileHasNoWarning)
{
    const dem_test::ScratchDirectory scratch;
    const auto path = scratch.file("intact.tif");
    dem_test::RasterSpec spec = dem_test::rasterOf(kSize, kSize, GDT_Float32, std::vector<double>(kSize * kSize, 5.0));
    spec.creationOptions = {"TILED=YES", "BLOCKXSIZE=16", "BLOCKYSIZE=16", "COMPRESS=DEFLATE"};
    dem_test::writeRaster(path, spec);
    EXPECT_TRUE(dem::loadDem(path, heightmap::HeightmapLimits{}).metadata.warnings.empty());
}

}  // namespace
