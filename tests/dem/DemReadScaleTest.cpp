// Rasters larger than the heightmap limits: read at the finest power-of-two
// reduction that fits, as block averages over the same ground, served from
// the file's overviews when it has them.
#include "DemTestFiles.h"

#include "dem/DemLoader.h"
#include "dem/DemReadScale.h"

#include <gdal_priv.h>
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

namespace {

using dem_test::ScratchDirectory;
using heightmap::HeightmapLimits;

TEST(DemReadScale, PicksTheFinestPowerOfTwoThatFits)
{
    const HeightmapLimits limits{};  // 16384 a side, 2^28 samples
    const std::optional<dem::ReadScale> fits = dem::readScaleFor(16384, 100, limits);
    ASSERT_TRUE(fits);
    EXPECT_EQ(fits->reduction, 1u);
    EXPECT_EQ(fits->columns, 16384u);

    const std::optional<dem::ReadScale> wide = dem::readScaleFor(20000, 10000, limits);
    ASSERT_TRUE(wide);
    EXPECT_EQ(wide->reduction, 2u);
    EXPECT_EQ(wide->columns, 10000u);
    EXPECT_EQ(wide->rows, 5000u);

    // 20000 x 20000 halves to 10000^2 = 1e8 samples, within 2^28; odd sizes
    // round up so that every file sample lies under a heightmap sample.
    const std::optional<dem::ReadScale> odd = dem::readScaleFor(40001, 20001, limits);
    ASSERT_TRUE(odd);
    EXPECT_EQ(odd->reduction, 4u);
    EXPECT_EQ(odd->columns, 10001u);
    EXPECT_EQ(odd->rows, 5001u);

    // The texel budget alone can force a reduction too.
    const std::optional<dem::ReadScale> budget = dem::readScaleFor(120, 96, HeightmapLimits{10000, 4096});
    ASSERT_TRUE(budget);
    EXPECT_EQ(budget->reduction, 2u);
}

TEST(DemReadScale, ReducedGeoTransformSpansTheSameGround)
{
    const dem::ReadScale scale{301, 203, 151, 102, 2};
    const std::array<double, 6> t = scale.reducedGeoTransform({1000.0, 10.0, 0.0, 5000.0, 0.0, -10.0});
    EXPECT_DOUBLE_EQ(t[0] + 151 * t[1], 1000.0 + 301 * 10.0);
    EXPECT_DOUBLE_EQ(t[3] + 102 * t[5], 5000.0 - 203 * 10.0);
}

// A linear ramp in metres: any block average is the value at the block's
// centre, so the reduced samples are known in closed form.
double rampAt(double column, double row)
{
    return 100.0 + 2.0 * column + 5.0 * row;
}

// A GeoTIFF of the ramp in UTM zone 33N, 30 m samples.
void writeRampGeoTiff(const std::filesystem::path& path, std::uint32_t columns, std::uint32_t rows)
{
    std::vector<double> heights;
    for (std::uint32_t row = 0; row < rows; ++row) {
        for (std::uint32_t column = 0; column < columns; ++column) {
            heights.push_back(rampAt(column, row));
        }
    }
    dem_test::writeBandsGeoTiff(path, columns, rows, GDT_Float32, {heights},
                                std::array<double, 6>{500000.0, 30.0, 0.0, 5000000.0, 0.0, -30.0}, 32633);
}

TEST(DemReadScale, ALargeRasterIsReadAsBlockAverages)
{
    const ScratchDirectory scratch;
    const auto path = scratch.file("ramp.tif");
    constexpr std::uint32_t kColumns = 301;
    constexpr std::uint32_t kRows = 203;
    writeRampGeoTiff(path, kColumns, kRows);
    const dem::DemTerrain whole = dem::loadDem(path, HeightmapLimits{});
    const dem::DemTerrain reduced = dem::loadDem(path, HeightmapLimits{std::uint64_t{1} << 20, 200});

    EXPECT_EQ(reduced.metadata.reduction, 2u);
    EXPECT_EQ(reduced.metadata.fileColumns, kColumns);
    EXPECT_EQ(reduced.metadata.fileRows, kRows);
    ASSERT_EQ(reduced.heightmap.width, 151u);
    ASSERT_EQ(reduced.heightmap.height, 102u);
    // The same ground, on a grid of larger samples.
    ASSERT_TRUE(whole.metadata.extent && reduced.metadata.extent);
    EXPECT_DOUBLE_EQ(reduced.metadata.extent->xMetres, whole.metadata.extent->xMetres);
    EXPECT_DOUBLE_EQ(reduced.metadata.extent->zMetres, whole.metadata.extent->zMetres);
    ASSERT_TRUE(reduced.metadata.grid);
    EXPECT_EQ(reduced.metadata.grid->columns, 151u);
    EXPECT_NEAR(reduced.metadata.grid->geoTransform[1], 30.0 * 301.0 / 151.0, 1e-9);

    // Sample (c, r) covers file columns [c, c + 1) * 301 / 151 (likewise
    // rows): away from the last, partial blocks its average is the ramp at
    // the block's centre.
    double worst = 0.0;
    for (std::uint32_t row = 0; row + 1 < reduced.heightmap.height; ++row) {
        for (std::uint32_t column = 0; column + 1 < reduced.heightmap.width; ++column) {
            const double centreColumn = (column + 0.5) * 301.0 / 151.0 - 0.5;
            const double centreRow = (row + 0.5) * 203.0 / 102.0 - 0.5;
            const double height = reduced.metadata.heightOfSample(reduced.heightmap.sample(column, row));
            worst = std::max(worst, std::abs(height - rampAt(centreColumn, centreRow)));
        }
    }
    // Half a file sample of the steeper slope (5 m per row), at most.
    EXPECT_LT(worst, 2.5);
}

TEST(DemReadScale, BlockAveragesSkipNoData)
{
    const ScratchDirectory scratch;
    const auto path = scratch.file("holes.tif");
    constexpr std::uint32_t kSize = 64;
    constexpr double kNoData = -9999.0;
    std::vector<double> heights;
    for (std::uint32_t row = 0; row < kSize; ++row) {
        for (std::uint32_t column = 0; column < kSize; ++column) {
            heights.push_back(rampAt(column, row));
        }
    }
    const auto at = [&](std::uint32_t column, std::uint32_t row) -> double& { return heights[row * kSize + column]; };
    at(10, 10) = at(11, 10) = at(10, 11) = at(11, 11) = kNoData;  // a whole block: filled
    at(20, 20) = kNoData;                                         // one of four: left out of the average
    dem_test::RasterSpec spec = dem_test::rasterOf(kSize, kSize, GDT_Float32, heights);
    spec.noData = kNoData;
    spec.geoTransform = std::array<double, 6>{500000.0, 30.0, 0.0, 5000000.0, 0.0, -30.0};
    spec.epsg = 32633;
    dem_test::writeRaster(path, spec);

    const dem::DemTerrain reduced = dem::loadDem(path, HeightmapLimits{std::uint64_t{1} << 20, 32});
    ASSERT_EQ(reduced.metadata.reduction, 2u);
    EXPECT_EQ(reduced.metadata.noDataCount, 1u);
    const double partial = (rampAt(21, 20) + rampAt(20, 21) + rampAt(21, 21)) / 3.0;
    EXPECT_NEAR(reduced.metadata.heightOfSample(reduced.heightmap.sample(10, 10)), partial, 0.05);
    // The filled block lies between its neighbours.
    const double filled = reduced.metadata.heightOfSample(reduced.heightmap.sample(5, 5));
    EXPECT_GT(filled, rampAt(8.5, 8.5));
    EXPECT_LT(filled, rampAt(12.5, 12.5));
}

TEST(DemReadScale, OverviewsServeTheReducedRead)
{
    const ScratchDirectory scratch;
    const auto path = scratch.file("overviews.tif");
    constexpr std::uint32_t kSize = 256;
    writeRampGeoTiff(path, kSize, kSize);
    {
        GDALDataset* dataset = GDALDataset::Open(path.c_str(), GDAL_OF_RASTER | GDAL_OF_UPDATE);
        ASSERT_NE(dataset, nullptr);
        int levels[] = {2, 4};
        ASSERT_EQ(dataset->BuildOverviews("AVERAGE", 2, levels, 0, nullptr, nullptr, nullptr, nullptr), CE_None);
        GDALClose(dataset);
    }
    GDALDataset* dataset = GDALDataset::Open(path.c_str(), GDAL_OF_RASTER | GDAL_OF_READONLY);
    ASSERT_NE(dataset, nullptr);
    GDALRasterBand& band = *dataset->GetRasterBand(1);
    const dem::ReadScale half{kSize, kSize, 128, 128, 2};
    const dem::ReadScale quarter{kSize, kSize, 64, 64, 4};
    const dem::ReadScale eighth{kSize, kSize, 32, 32, 8};
    EXPECT_EQ(dem::samplesReadFor(band, half), 128u * 128u);
    EXPECT_EQ(dem::samplesReadFor(band, quarter), 64u * 64u);
    EXPECT_EQ(dem::samplesReadFor(band, eighth), 64u * 64u);  // the coarsest overview still fine enough
    GDALClose(dataset);

    const dem::DemTerrain reduced = dem::loadDem(path, HeightmapLimits{std::uint64_t{1} << 20, 64});
    EXPECT_EQ(reduced.metadata.reduction, 4u);
    EXPECT_NEAR(reduced.metadata.heightOfSample(reduced.heightmap.sample(10, 20)), rampAt(10 * 4 + 1.5, 20 * 4 + 1.5),
                0.1);
}

}  // namespace
