// Every bad DEM gives a one-line HeightmapError naming the file and saying
// what is wrong: missing, not a DEM, truncated, corrupt, empty, too large,
// NaN or infinite samples, wrong sample types, colour images, several grids
// in one file, all no-data.
#include "DemTestFiles.h"

#include "dem/DemLoader.h"

#include <gtest/gtest.h>

#include <limits>

namespace {

using dem::loadDem;
using dem_test::rasterOf;
using dem_test::RasterSpec;
using dem_test::ScratchDirectory;
using heightmap::HeightmapError;
using heightmap::HeightmapLimits;

void expectRefusal(const std::filesystem::path& path, const std::string& expectedProblem,
                   const HeightmapLimits& limits = HeightmapLimits{})
{
    try {
        (void)loadDem(path, limits);
        ADD_FAILURE() << "loading " << path << " succeeded; expected: " << expectedProblem;
    } catch (const HeightmapError& error) {
        const std::string message = error.what();
        EXPECT_EQ(message.rfind("elevation model '" + path.string() + "' ", 0), 0u) << message;
        EXPECT_NE(message.find(expectedProblem), std::string::npos) << message;
        EXPECT_EQ(message.find('\n'), std::string::npos) << "not one line: " << message;
    }
}

RasterSpec floatGrid(std::vector<double> values)
{
    return rasterOf(3, 2, GDT_Float32, std::move(values));
}

TEST(DemRejection, MissingFileAndDirectory)
{
    const ScratchDirectory scratch;
    expectRefusal(scratch.file("absent.tif"), "does not exist");
    std::filesystem::create_directory(scratch.file("folder.tif"));
    expectRefusal(scratch.file("folder.tif"), "is a directory");
}

TEST(DemRejection, TextFileIsNotADem)
{
    const ScratchDirectory scratch;
    const auto path = scratch.file("notes.tif");
    const std::string text = "these are not heights\n";
    dem_test::writeBytes(path, std::span(reinterpret_cast<const unsigned char*>(text.data()), text.size()));
    expectRefusal(path, "is not an elevation model GDAL can read");
}

TEST(DemRejection, TruncatedGeoTiff)
{
    CBT_SKIP_WITHOUT_ETOPO_FIXTURES();
    const ScratchDirectory scratch;
    std::vector<unsigned char> bytes = dem_test::readBytes(dem_test::fixture("etopo5-italy-float32.tif"));
    ASSERT_GT(bytes.size(), 40000u);
    bytes.resize(bytes.size() / 2);
    const auto path = scratch.file("half.tif");
    dem_test::writeBytes(path, bytes);
    expectRefusal(path, "is truncated or corrupt");
}

TEST(DemRejection, GeoTiffCutInsideItsHeader)
{
    CBT_SKIP_WITHOUT_ETOPO_FIXTURES();
    const ScratchDirectory scratch;
    std::vector<unsigned char> bytes = dem_test::readBytes(dem_test::fixture("etopo5-italy-int16.tif"));
    bytes.resize(12);
    const auto path = scratch.file("header.tif");
    dem_test::writeBytes(path, bytes);
    expectRefusal(path, "is not an elevation model GDAL can read");
}

TEST(DemRejection, TruncatedNetCdf)
{
    CBT_SKIP_WITHOUT_ETOPO_FIXTURES();
    // The netCDF library reads the missing part of a classic file as zeros;
    // the loader checks the header's variable extents against the file size.
    const ScratchDirectory scratch;
    std::vector<unsigned char> classic = dem_test::readBytes(dem_test::fixture("etopo5-italy.nc"));
    classic.resize(classic.size() * 2 / 3);
    const auto classicPath = scratch.file("classic.nc");
    dem_test::writeBytes(classicPath, classic);
    expectRefusal(classicPath, "is a truncated NetCDF file: variable 'Band1' ends at byte");

    RasterSpec spec = rasterOf(64, 32, GDT_Float64, std::vector<double>(64 * 32, 7.0));
    spec.creationOptions = {"FORMAT=NC2"};  // 64-bit offsets
    const auto offsetsSource = scratch.file("offsets-source.nc");
    dem_test::writeRaster(offsetsSource, spec, "netCDF");
    std::vector<unsigned char> offsets = dem_test::readBytes(offsetsSource);
    ASSERT_EQ(offsets[3], 2) << "not a CDF-2 file";
    EXPECT_DOUBLE_EQ(loadDem(offsetsSource, HeightmapLimits{}).metadata.maximumHeightMetres, 7.0);
    offsets.resize(offsets.size() - 8);
    const auto offsetsPath = scratch.file("offsets.nc");
    dem_test::writeBytes(offsetsPath, offsets);
    expectRefusal(offsetsPath, "is a truncated NetCDF file: variable 'Band1' ends at byte");

    classic.resize(40);
    const auto headerPath = scratch.file("header.nc");
    dem_test::writeBytes(headerPath, classic);
    expectRefusal(headerPath, "is a truncated NetCDF file: it ends inside its header, at byte 40");
}

TEST(DemRejection, CorruptCompressedPixelData)
{
    const ScratchDirectory scratch;
    const auto path = scratch.file("corrupt-deflate.tif");
    dem_test::writeBytes(path, dem_test::tiffWithDeclaredSize(2, 2, 8));
    expectRefusal(path, "is truncated or corrupt: rows 0 to 1 can not be read (GDAL: ");
}

TEST(DemRejection, EmptyAndAbsurdSizesBeforeAnySampleIsRead)
{
    const ScratchDirectory scratch;
    const auto empty = scratch.file("zero.tif");
    dem_test::writeBytes(empty, dem_test::tiffWithDeclaredSize(0, 0));
    try {
        (void)loadDem(empty, HeightmapLimits{});
        ADD_FAILURE() << "0x0 file loaded";
    } catch (const HeightmapError& error) {
        const std::string message = error.what();
        EXPECT_NE(message.find(empty.string()), std::string::npos) << message;
        // libtiff refuses a zero width itself; either refusal is fine.
        EXPECT_TRUE(message.find("is empty") != std::string::npos ||
                    message.find("is not an elevation model GDAL can read") != std::string::npos)
            << message;
    }
    const auto huge = scratch.file("huge.tif");
    dem_test::writeBytes(huge, dem_test::tiffWithDeclaredSize(1000000, 1000000));
    expectRefusal(huge,
                  "is 1000000x1000000 samples without overviews to read it at 1/64 from (more than the "
                  "1073741824 samples read without them); add them (cbt-terrain prepare IN OUT.tif writes a "
                  "copy with overviews)");
}

TEST(DemRejection, NanSampleWithoutNanNoData)
{
    const ScratchDirectory scratch;
    const auto path = scratch.file("nan.tif");
    dem_test::writeRaster(path, floatGrid({1, 2, 3, 4, std::numeric_limits<double>::quiet_NaN(), 6}));
    expectRefusal(path, "has a NaN sample at column 1, row 1");
}

TEST(DemRejection, InfiniteSamples)
{
    const ScratchDirectory scratch;
    const auto positive = scratch.file("plus-infinity.tif");
    dem_test::writeRaster(positive, floatGrid({1, 2, std::numeric_limits<double>::infinity(), 4, 5, 6}));
    expectRefusal(positive, "has an infinite sample at column 2, row 0");
    const auto negative = scratch.file("minus-infinity.tif");
    dem_test::writeRaster(negative, floatGrid({1, 2, 3, -std::numeric_limits<double>::infinity(), 5, 6}));
    expectRefusal(negative, "has an infinite sample at column 0, row 1");
}

TEST(DemRejection, UndeclaredFillValue)
{
    const ScratchDirectory scratch;
    const auto path = scratch.file("fill.tif");
    dem_test::writeRaster(path, floatGrid({1, 2, 3, 4, 5, -1e34}));
    expectRefusal(path, "an undeclared no-data value?");
}

TEST(DemRejection, AllNoData)
{
    const ScratchDirectory scratch;
    RasterSpec spec = floatGrid(std::vector<double>(6, -9999.0));
    spec.noData = -9999.0;
    const auto path = scratch.file("holes-only.tif");
    dem_test::writeRaster(path, spec);
    expectRefusal(path, "has no valid sample: all 6 samples are no-data");
}

TEST(DemRejection, ComplexSamples)
{
    const ScratchDirectory scratch;
    const auto floats = scratch.file("cfloat32.tif");
    dem_test::writeRaster(floats, rasterOf(2, 2, GDT_CFloat32, {1, 2, 3, 4}));
    expectRefusal(floats, "has samples of type CFloat32; an elevation model needs real (not complex) heights");
    const auto integers = scratch.file("cint16.tif");
    dem_test::writeRaster(integers, rasterOf(2, 2, GDT_CInt16, {1, 2, 3, 4}));
    expectRefusal(integers, "has samples of type CInt16");
}

TEST(DemRejection, ColourImages)
{
    const ScratchDirectory scratch;
    RasterSpec rgb = rasterOf(2, 2, GDT_Byte, {10, 20, 30, 40});
    rgb.bandCount = 3;
    rgb.bandInterpretations = {GCI_RedBand, GCI_GreenBand, GCI_BlueBand};
    const auto rgbPath = scratch.file("rgb.tif");
    dem_test::writeRaster(rgbPath, rgb);
    expectRefusal(rgbPath, "has 3 bands (Red, Green, Blue), a colour or multi-band image");

    RasterSpec palette = rasterOf(2, 2, GDT_Byte, {1, 2, 3, 4});
    palette.palette = true;
    const auto palettePath = scratch.file("palette.tif");
    dem_test::writeRaster(palettePath, palette);
    expectRefusal(palettePath, "is a colour image (indexed palette)");

    RasterSpec twoBands = rasterOf(2, 2, GDT_Int16, {1, 2, 3, 4});
    twoBands.bandCount = 2;
    const auto twoBandPath = scratch.file("two-bands.tif");
    dem_test::writeRaster(twoBandPath, twoBands);
    expectRefusal(twoBandPath, "has 2 bands");
}

// A NetCDF of several variables (ferret-datasets' COADS climatology: seven
// grids) names its grids and how to read one; that name opens it (the SST
// grid, twelve months, is then refused as a multi-band image).
TEST(DemRejection, FileOfSeveralGridsNamesThem)
{
    const std::filesystem::path climatology = std::filesystem::path(CBT_ETOPO_DIR) / "coads_climatology.cdf";
    if (!std::filesystem::exists(climatology)) {
        GTEST_SKIP() << climatology << " is missing (Debian package ferret-datasets)";
    }
    expectRefusal(climatology, "holds 7 grids (SST, AIRT, ");
    expectRefusal(climatology, ", ...), not one elevation grid; name the one to read as GDAL does, e.g. 'NETCDF:\"" +
                                   climatology.string() + "\":SST'");
    expectRefusal("NETCDF:\"" + climatology.string() + "\":SST", "has 12 bands");
}

}  // namespace
