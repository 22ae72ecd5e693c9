// dem::prepareCloudOptimizedGeoTiff: the file it writes is a Cloud-Optimized
// GeoTIFF (GDAL says LAYOUT=COG) with overviews down to one tile, whose
// full-resolution samples, georeferencing and no-data value are the input's,
// bit for bit, also as loadDem reads them; a VRT mosaic prepares like the
// whole file. Every refusal is one line naming the file, and writes nothing.
#include "DemSourceFiles.h"
#include "DemTestFiles.h"

#include "dem/DemGdal.h"
#include "dem/DemLoader.h"
#include "dem/DemPrepare.h"

#include <gdal_priv.h>
#include <ogr_spatialref.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <set>

namespace {

using dem::prepareCloudOptimizedGeoTiff;
using dem_test::RasterSpec;
using dem_test::ScratchDirectory;
using heightmap::HeightmapError;
using heightmap::HeightmapLimits;

constexpr int kUtm33North = 32633;
constexpr double kNoData = -32768.0;

// 1500 x 1100 16-bit heights in UTM zone 33N, with no-data holes.
RasterSpec largeDemSpec()
{
    RasterSpec spec = dem_test::rasterOf(1500, 1100, GDT_Int16, dem_test::reliefHeights(1500, 1100));
    for (double& height : spec.values)
        height = std::round(height);
    spec.geoTransform = std::array<double, 6>{376000.0, 20.0, 0.0, 4651000.0, 0.0, -20.0};
    spec.epsg = kUtm33North;
    spec.noData = kNoData;
    for (std::size_t hole = 17; hole < spec.values.size(); hole += 99991)
        spec.values[hole] = kNoData;
    spec.creationOptions = {"COMPRESS=DEFLATE"};
    return spec;
}

dem::GdalDatasetHandle openRaster(const std::filesystem::path& path)
{
    GDALAllRegister();
    dem::GdalDatasetHandle dataset(GDALDataset::FromHandle(
        GDALOpenEx(path.c_str(), GDAL_OF_RASTER | GDAL_OF_READONLY, nullptr, nullptr, nullptr)));
    EXPECT_TRUE(dataset) << "GDAL can not open " << path;
    return dataset;
}

std::set<std::filesystem::path> filesIn(const std::filesystem::path& folder)
{
    std::set<std::filesystem::path> files;
    for (const auto& entry : std::filesystem::directory_iterator(folder))
        files.insert(entry.path().filename());
    return files;
}

class DemPrepare : public ::testing::Test {
protected:
    DemPrepare()
    {
        std::filesystem::create_directories(inputFolder());
        std::filesystem::create_directories(outputFolder());
    }

    std::filesystem::path inputFolder() const { return scratch_.file("in"); }
    std::filesystem::path outputFolder() const { return scratch_.file("out"); }

    // Expects a one-line refusal that starts with `start` and holds `problem`.
    static void expectRefusal(const std::filesystem::path& input, const std::filesystem::path& output,
                              const std::string& start, const std::string& problem)
    {
        try {
            (void)prepareCloudOptimizedGeoTiff(input, output, nullptr);
            ADD_FAILURE() << "prepared " << input << " into " << output << "; expected: " << problem;
        } catch (const HeightmapError& error) {
            const std::string message = error.what();
            EXPECT_EQ(message.rfind(start, 0), 0u) << message;
            EXPECT_NE(message.find(problem), std::string::npos) << message;
            EXPECT_EQ(message.find('\n'), std::string::npos) << message;
        }
    }

    ScratchDirectory scratch_;
};

TEST_F(DemPrepare, WritesACloudOptimizedGeoTiffWithOverviewsAndTheSameSamples)
{
    const std::filesystem::path input = inputFolder() / "dem.tif";
    dem_test::writeRaster(input, largeDemSpec());
    const std::filesystem::path output = outputFolder() / "dem-cog.tif";
    std::vector<double> fractions;
    const dem::PreparedElevationModel prepared =
        prepareCloudOptimizedGeoTiff(input, output, [&fractions](double fraction) { fractions.push_back(fraction); });

    EXPECT_EQ(prepared.columns, 1500u);
    EXPECT_EQ(prepared.rows, 1100u);
    EXPECT_GT(prepared.bytes, 0u);
    ASSERT_GT(fractions.size(), 2u) << "no progress reported";
    EXPECT_TRUE(std::is_sorted(fractions.begin(), fractions.end())) << "progress went backwards";
    EXPECT_DOUBLE_EQ(fractions.back(), 1.0);
    EXPECT_EQ(filesIn(inputFolder()), std::set<std::filesystem::path>{"dem.tif"}) << "written beside the input";
    EXPECT_EQ(filesIn(outputFolder()), std::set<std::filesystem::path>{"dem-cog.tif"}) << "temporary files left";

    const dem::GdalDatasetHandle cog = openRaster(output);
    ASSERT_TRUE(cog);
    const char* layout = cog->GetMetadataItem("LAYOUT", "IMAGE_STRUCTURE");
    EXPECT_STREQ(layout != nullptr ? layout : "", "COG");
    const char* compression = cog->GetMetadataItem("COMPRESSION", "IMAGE_STRUCTURE");
    EXPECT_STREQ(compression != nullptr ? compression : "", "DEFLATE");
    GDALRasterBand& band = *cog->GetRasterBand(1);
    int blockColumns = 0;
    int blockRows = 0;
    band.GetBlockSize(&blockColumns, &blockRows);
    EXPECT_EQ(blockColumns, 512);
    EXPECT_EQ(blockRows, 512);
    EXPECT_EQ(band.GetRasterDataType(), GDT_Int16);
    const int overviews = band.GetOverviewCount();
    ASSERT_GE(overviews, 1);
    EXPECT_EQ(prepared.overviewCount, overviews);
    GDALRasterBand& smallest = *band.GetOverview(overviews - 1);
    EXPECT_LE(std::max(smallest.GetXSize(), smallest.GetYSize()), 512);
    EXPECT_EQ(band.GetOverview(0)->GetXSize(), 750);
    EXPECT_EQ(prepared.smallestOverviewColumns, static_cast<std::uint32_t>(smallest.GetXSize()));

    int hasNoData = 0;
    EXPECT_EQ(band.GetNoDataValue(&hasNoData), kNoData);
    EXPECT_NE(hasNoData, 0) << "the no-data value was lost";
    EXPECT_EQ(dem_test::readGeoTransform(output), dem_test::readGeoTransform(input));
    const dem::GdalDatasetHandle original = openRaster(input);
    ASSERT_NE(cog->GetSpatialRef(), nullptr);
    EXPECT_TRUE(cog->GetSpatialRef()->IsSame(original->GetSpatialRef())) << "the CRS changed";
    EXPECT_TRUE(dem_test::readBand(output) == dem_test::readBand(input)) << "the samples changed";

    const dem::DemTerrain expected = dem::loadDem(input, HeightmapLimits{});
    const dem::DemTerrain loaded = dem::loadDem(output, HeightmapLimits{});
    EXPECT_TRUE(loaded.heightmap.samples == expected.heightmap.samples);
    EXPECT_EQ(loaded.metadata.noDataCount, expected.metadata.noDataCount);
    EXPECT_GT(loaded.metadata.noDataCount, 0u);
    EXPECT_EQ(loaded.metadata.minimumHeightMetres, expected.metadata.minimumHeightMetres);
    EXPECT_EQ(loaded.metadata.maximumHeightMetres, expected.metadata.maximumHeightMetres);
    ASSERT_TRUE(loaded.metadata.grid && expected.metadata.grid);
    EXPECT_EQ(loaded.metadata.grid->crsWkt, expected.metadata.grid->crsWkt);
}

TEST_F(DemPrepare, VrtMosaicPreparesLikeTheWholeFileAndReplacesAnOldOutput)
{
    RasterSpec whole = dem_test::rasterOf(300, 200, GDT_Float32, dem_test::reliefHeights(300, 200));
    whole.geoTransform = std::array<double, 6>{376000.0, 30.0, 0.0, 4651000.0, 0.0, -30.0};
    whole.epsg = kUtm33North;
    whole.noData = -9999.0;
    whole.values[12345] = -9999.0;
    dem_test::writeRaster(inputFolder() / "whole.tif", whole);
    const std::filesystem::path vrt = dem_test::writeVrtMosaicOfFourTiles(inputFolder(), "mosaic", whole, 111, 77);
    const std::filesystem::path output = outputFolder() / "mosaic.tif";
    dem_test::writeRaster(output, dem_test::rasterOf(2, 2, GDT_Byte, {1, 2, 3, 4}));
    const auto before = filesIn(inputFolder());
    (void)prepareCloudOptimizedGeoTiff(vrt, output, nullptr);
    EXPECT_EQ(filesIn(inputFolder()), before) << "written beside the input";
    EXPECT_TRUE(dem_test::readBand(output) == dem_test::readBand(inputFolder() / "whole.tif"));
    EXPECT_EQ(dem_test::readGeoTransform(output), *whole.geoTransform);
}

TEST_F(DemPrepare, RefusalsAreOneLineAndWriteNothing)
{
    const std::filesystem::path input = inputFolder() / "dem.tif";
    RasterSpec small = dem_test::rasterOf(3, 2, GDT_Float32, {1, 2, 3, 4, 5, 6});
    small.geoTransform = std::array<double, 6>{0.0, 1.0, 0.0, 0.0, 0.0, -1.0};
    dem_test::writeRaster(input, small);
    const std::vector<unsigned char> inputBytes = dem_test::readBytes(input);
    const std::filesystem::path output = outputFolder() / "out.tif";

    const std::filesystem::path missing = inputFolder() / "absent.tif";
    expectRefusal(missing, output, "elevation model '" + missing.string() + "' ", "does not exist");

    const std::filesystem::path rgb = inputFolder() / "photo.tif";
    RasterSpec colour = dem_test::rasterOf(4, 4, GDT_Byte, std::vector<double>(16, 7.0));
    colour.bandCount = 3;
    colour.bandInterpretations = {GCI_RedBand, GCI_GreenBand, GCI_BlueBand};
    dem_test::writeRaster(rgb, colour);
    expectRefusal(rgb, output, "elevation model '" + rgb.string() + "' ", "has 3 bands (Red, Green, Blue)");

    expectRefusal(input, input, "output '" + input.string() + "' ", "is the input itself");
    const std::filesystem::path sameByAnotherName = inputFolder() / ".." / "in" / "dem.tif";
    expectRefusal(input, sameByAnotherName, "output '" + sameByAnotherName.string() + "' ", "is the input itself");
    EXPECT_EQ(dem_test::readBytes(input), inputBytes) << "the input was changed";

    const std::filesystem::path noFolder = scratch_.file("absent") / "out.tif";
    expectRefusal(input, noFolder, "output '" + noFolder.string() + "' ", "does not exist");
    const std::filesystem::path underAFile = input / "out.tif";
    expectRefusal(input, underAFile, "output '" + underAFile.string() + "' ", "is not a folder");
    expectRefusal(input, outputFolder(), "output '" + outputFolder().string() + "' ", "is a directory");

    EXPECT_TRUE(filesIn(outputFolder()).empty()) << "a refusal wrote something";
    EXPECT_EQ(filesIn(inputFolder()), (std::set<std::filesystem::path>{"dem.tif", "photo.tif"}));
}

}  // namespace
