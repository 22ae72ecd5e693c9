// dem::loadDem on rasters the tests write: no-data holes (punched into
// the real ETOPO5 cut, NaN no-data, alpha masks), sample types, units,
// scale and offset, orientation and the extent of each kind of CRS.
#include "DemTestFiles.h"

#include "dem/DemLoader.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>

namespace {

using dem::DemTerrain;
using dem::loadDem;
using dem_test::rasterOf;
using dem_test::RasterSpec;
using dem_test::ScratchDirectory;
using heightmap::HeightmapLimits;

double tolerance(const DemTerrain& dem)
{
    return dem.metadata.heightRangeMetres() / 65535.0 * 0.5 + 1e-3;
}

double loadedMetres(const DemTerrain& dem, std::uint32_t column, std::uint32_t row)
{
    return dem.metadata.heightOfSample(dem.heightmap.sample(column, row));
}

// A hole: the samples of a rectangle of the grid.
struct Hole {
    std::uint32_t column;
    std::uint32_t row;
    std::uint32_t width;
    std::uint32_t height;

    bool holds(std::uint32_t x, std::uint32_t y) const
    {
        return x >= column && x < column + width && y >= row && y < row + height;
    }
};

TEST(DemNoData, HolesPunchedIntoTheEtopoCutAreFilledWithinTheirRimRange)
{
    CBT_SKIP_WITHOUT_ETOPO_FIXTURES();
    const ScratchDirectory scratch;
    const auto source = dem_test::fixture("etopo5-italy-int16.tif");
    const std::vector<double> original = dem_test::readBand(source);
    constexpr std::uint32_t kWidth = 120;
    constexpr std::uint32_t kHeight = 96;
    ASSERT_EQ(original.size(), std::size_t{kWidth} * kHeight);
    // A block across the Sardinian coast, a corner, two single samples.
    const std::vector<Hole> holes{{3, 30, 14, 10}, {0, 0, 4, 6}, {60, 50, 1, 1}, {119, 95, 1, 1}};
    RasterSpec spec = rasterOf(kWidth, kHeight, GDT_Int16, original);
    spec.noData = -32768.0;
    spec.geoTransform = dem_test::readGeoTransform(source);
    spec.epsg = 4326;
    std::uint64_t punched = 0;
    for (std::uint32_t y = 0; y < kHeight; ++y) {
        for (std::uint32_t x = 0; x < kWidth; ++x) {
            if (std::any_of(holes.begin(), holes.end(), [&](const Hole& hole) { return hole.holds(x, y); })) {
                spec.values[std::size_t{y} * kWidth + x] = -32768.0;
                ++punched;
            }
        }
    }
    const auto path = scratch.file("holes.tif");
    dem_test::writeRaster(path, spec);
    const DemTerrain dem = loadDem(path, HeightmapLimits{});
    EXPECT_EQ(dem.metadata.noDataCount, punched);
    EXPECT_GT(dem.metadata.minimumHeightMetres, -32768.0 + 1000.0) << "no-data drawn as a spike";

    for (const Hole& hole : holes) {
        // The valid samples around the hole bound every value filled in it.
        double rimLow = std::numeric_limits<double>::max();
        double rimHigh = std::numeric_limits<double>::lowest();
        for (std::uint32_t y = hole.row == 0 ? 0 : hole.row - 1; y <= std::min(hole.row + hole.height, kHeight - 1);
             ++y) {
            for (std::uint32_t x = hole.column == 0 ? 0 : hole.column - 1;
                 x <= std::min(hole.column + hole.width, kWidth - 1); ++x) {
                if (hole.holds(x, y))
                    continue;
                rimLow = std::min(rimLow, original[std::size_t{y} * kWidth + x]);
                rimHigh = std::max(rimHigh, original[std::size_t{y} * kWidth + x]);
            }
        }
        for (std::uint32_t y = hole.row; y < hole.row + hole.height; ++y) {
            for (std::uint32_t x = hole.column; x < hole.column + hole.width; ++x) {
                const double filled = loadedMetres(dem, x, y);
                EXPECT_GE(filled, rimLow - tolerance(dem)) << "hole sample " << x << ", " << y;
                EXPECT_LE(filled, rimHigh + tolerance(dem)) << "hole sample " << x << ", " << y;
            }
        }
    }
    // A single interior hole takes the mean of its 8 neighbours.
    double neighbourSum = 0.0;
    for (std::uint32_t y = 49; y <= 51; ++y) {
        for (std::uint32_t x = 59; x <= 61; ++x) {
            if (x != 60 || y != 50)
                neighbourSum += original[std::size_t{y} * kWidth + x];
        }
    }
    EXPECT_NEAR(loadedMetres(dem, 60, 50), neighbourSum / 8.0, tolerance(dem));
    // Samples outside the holes are untouched.
    EXPECT_NEAR(loadedMetres(dem, 30, 70), original[70 * kWidth + 30], tolerance(dem));
    EXPECT_NEAR(loadedMetres(dem, 100, 10), original[10 * kWidth + 100], tolerance(dem));
}

TEST(DemNoData, NanNoDataValueMarksHolesInAFloatGrid)
{
    const ScratchDirectory scratch;
    const double nan = std::numeric_limits<double>::quiet_NaN();
    RasterSpec spec = rasterOf(4, 3, GDT_Float32, {10, 20, 30, 40, 10, nan, nan, 40, 10, 20, 30, 40});
    spec.noData = nan;
    const auto path = scratch.file("nan-nodata.tif");
    dem_test::writeRaster(path, spec);
    const DemTerrain dem = loadDem(path, HeightmapLimits{});
    EXPECT_EQ(dem.metadata.noDataCount, 2u);
    EXPECT_DOUBLE_EQ(dem.metadata.minimumHeightMetres, 10.0);
    EXPECT_DOUBLE_EQ(dem.metadata.maximumHeightMetres, 40.0);
    EXPECT_GT(loadedMetres(dem, 1, 1), 10.0);
    EXPECT_LT(loadedMetres(dem, 2, 1), 40.0);
}

TEST(DemNoData, FloatNoDataMatchesSamplesRoundedToFloat)
{
    // ETOPO declares -1e34 but stores the Float32 nearest to it.
    const ScratchDirectory scratch;
    const double fill = static_cast<double>(static_cast<float>(-1e34));
    RasterSpec spec = rasterOf(3, 2, GDT_Float32, {-5, fill, -7, -5, -6, fill});
    spec.noData = -1e34;
    const auto path = scratch.file("float-fill.tif");
    dem_test::writeRaster(path, spec);
    const DemTerrain dem = loadDem(path, HeightmapLimits{});
    EXPECT_EQ(dem.metadata.noDataCount, 2u);
    EXPECT_DOUBLE_EQ(dem.metadata.minimumHeightMetres, -7.0);
    EXPECT_DOUBLE_EQ(dem.metadata.maximumHeightMetres, -5.0);
}

TEST(DemNoData, AlphaBandZeroMarksHoles)
{
    const ScratchDirectory scratch;
    RasterSpec spec = rasterOf(3, 3, GDT_Int16, {1, 2, 3, 4, 5000, 6, 7, 8, 9});
    spec.alpha = {255, 255, 255, 255, 0, 255, 255, 255, 255};
    const auto path = scratch.file("alpha.tif");
    dem_test::writeRaster(path, spec);
    const DemTerrain dem = loadDem(path, HeightmapLimits{});
    EXPECT_EQ(dem.metadata.noDataCount, 1u);
    EXPECT_DOUBLE_EQ(dem.metadata.maximumHeightMetres, 9.0) << "the masked 5000 is not drawn";
    EXPECT_NEAR(loadedMetres(dem, 1, 1), 5.0, tolerance(dem));  // mean of 1..9 without the centre
}

TEST(DemSamples, EveryIntegerAndFloatTypeLoadsItsValues)
{
    const ScratchDirectory scratch;
    const std::vector<std::pair<GDALDataType, std::vector<double>>> cases{
        {GDT_Byte, {0, 17, 200, 255}},
        {GDT_UInt16, {0, 1000, 40000, 65535}},
        {GDT_Int16, {-11000, -1, 0, 8848}},
        {GDT_UInt32, {0, 5, 70000, 900000}},
        {GDT_Int32, {-400000, -3, 7, 400000}},
        {GDT_Float32, {-10.5, 0.25, 3.75, 8848.5}},
        {GDT_Float64, {-10994.25, -0.5, 0.5, 8848.86}},
    };
    for (const auto& [type, values] : cases) {
        const auto path = scratch.file(std::string(GDALGetDataTypeName(type)) + ".tif");
        dem_test::writeRaster(path, rasterOf(2, 2, type, values));
        const DemTerrain dem = loadDem(path, HeightmapLimits{});
        EXPECT_DOUBLE_EQ(dem.metadata.minimumHeightMetres, values.front()) << GDALGetDataTypeName(type);
        EXPECT_NEAR(dem.metadata.maximumHeightMetres, values.back(), 1e-3) << GDALGetDataTypeName(type);
        EXPECT_EQ(dem.heightmap.samples.front(), 0) << GDALGetDataTypeName(type);
        EXPECT_EQ(dem.heightmap.samples.back(), 65535) << GDALGetDataTypeName(type);
        EXPECT_NEAR(loadedMetres(dem, 1, 0), values[1], tolerance(dem)) << GDALGetDataTypeName(type);
    }
}

TEST(DemSamples, UnitScaleAndOffsetGiveMetres)
{
    const ScratchDirectory scratch;
    RasterSpec spec = rasterOf(2, 1, GDT_Int16, {0, 1000});
    spec.unit = "ft";
    spec.scale = 0.5;
    spec.offset = -100.0;
    const auto path = scratch.file("feet.tif");
    dem_test::writeRaster(path, spec);
    const DemTerrain dem = loadDem(path, HeightmapLimits{});
    EXPECT_NEAR(dem.metadata.minimumHeightMetres, -100.0 * 0.3048, 1e-4);
    EXPECT_NEAR(dem.metadata.maximumHeightMetres, 400.0 * 0.3048, 1e-4);
}

TEST(DemSamples, AFlatRasterLoadsAsZeroRange)
{
    const ScratchDirectory scratch;
    const auto path = scratch.file("flat.tif");
    dem_test::writeRaster(path, rasterOf(3, 3, GDT_Int16, std::vector<double>(9, -42.0)));
    const DemTerrain dem = loadDem(path, HeightmapLimits{});
    EXPECT_DOUBLE_EQ(dem.metadata.minimumHeightMetres, -42.0);
    EXPECT_DOUBLE_EQ(dem.metadata.heightRangeMetres(), 0.0);
    EXPECT_TRUE(std::all_of(dem.heightmap.samples.begin(), dem.heightmap.samples.end(),
                            [](std::uint16_t sample) { return sample == 0; }));
}

TEST(DemOrientation, SouthUpAndEastToWestGridsAreFlippedToNorthWest)
{
    const ScratchDirectory scratch;
    // Stored south row first and east column first: file (0, 0) is the
    // south-east corner.
    RasterSpec spec = rasterOf(3, 2, GDT_Int16, {1, 2, 3, 4, 5, 6});
    spec.geoTransform = std::array<double, 6>{10.0, -0.5, 0.0, 40.0, 0.0, 0.5};
    spec.epsg = 4326;
    const auto path = scratch.file("south-up.tif");
    dem_test::writeRaster(path, spec);
    const DemTerrain dem = loadDem(path, HeightmapLimits{});
    EXPECT_NEAR(loadedMetres(dem, 0, 0), 6.0, tolerance(dem));  // north-west: file's last sample
    EXPECT_NEAR(loadedMetres(dem, 2, 1), 1.0, tolerance(dem));  // south-east: file's first sample
    EXPECT_NEAR(loadedMetres(dem, 2, 0), 4.0, tolerance(dem));
}

TEST(DemExtent, ProjectedMetresGiveThePixelSizeTimesTheCount)
{
    const ScratchDirectory scratch;
    RasterSpec spec = rasterOf(40, 25, GDT_Float32, std::vector<double>(1000, 3.0));
    spec.values[7] = 900.0;
    spec.geoTransform = std::array<double, 6>{500000.0, 30.0, 0.0, 4500000.0, 0.0, -30.0};
    spec.epsg = 32633;  // WGS 84 / UTM zone 33N
    const auto path = scratch.file("utm.tif");
    dem_test::writeRaster(path, spec);
    const DemTerrain dem = loadDem(path, HeightmapLimits{});
    ASSERT_TRUE(dem.metadata.extent.has_value()) << dem.metadata.extentSource;
    EXPECT_DOUBLE_EQ(dem.metadata.extent->xMetres, 1200.0);
    EXPECT_DOUBLE_EQ(dem.metadata.extent->zMetres, 750.0);
    EXPECT_NE(dem.metadata.extentSource.find("UTM zone 33N"), std::string::npos) << dem.metadata.extentSource;
}

// A UTM grid whose pixels are degree-sized numbers (0.0008 "metres": a map
// 3 cm wide under 3 km of relief), and one of a micrometre a pixel, keep
// their heights but not their georeferencing, with a warning that says so.
TEST(DemExtent, GroundFarSmallerThanItsReliefIsIgnoredWithAWarning)
{
    const ScratchDirectory scratch;
    for (const double pixel : {0.0008, 1.0e-6}) {
        RasterSpec spec = rasterOf(40, 25, GDT_Float32, std::vector<double>(1000, 200.0));
        spec.values[7] = 3200.0;
        spec.geoTransform = std::array<double, 6>{500000.0, pixel, 0.0, 4500000.0, 0.0, -pixel};
        spec.epsg = 32632;
        const auto path = scratch.file("degrees-in-utm.tif");
        dem_test::writeRaster(path, spec);
        const DemTerrain dem = loadDem(path, HeightmapLimits{});
        EXPECT_FALSE(dem.metadata.extent.has_value()) << pixel;
        EXPECT_NE(dem.metadata.extentSource.find("georeferencing ignored"), std::string::npos)
            << dem.metadata.extentSource;
        ASSERT_EQ(dem.metadata.warnings.size(), 1u) << pixel;
        EXPECT_NE(dem.metadata.warnings[0].find("3000 m of relief"), std::string::npos) << dem.metadata.warnings[0];
        EXPECT_DOUBLE_EQ(dem.metadata.heightRangeMetres(), 3000.0);
    }
}

// The materials' snow line follows the latitude of the grid's centre.
TEST(DemExtent, TheCentreLatitudeOfAGeographicGridIsItsMiddleRow)
{
    const ScratchDirectory scratch;
    RasterSpec spec = rasterOf(3, 2, GDT_Int16, {1, 2, 3, 4, 5, 6});
    spec.geoTransform = std::array<double, 6>{10.0, 0.5, 0.0, 40.0, 0.0, -0.5};
    spec.epsg = 4326;
    const auto path = scratch.file("geographic.tif");
    dem_test::writeRaster(path, spec);
    const DemTerrain dem = loadDem(path, HeightmapLimits{});
    ASSERT_TRUE(dem.metadata.centreLatitudeDegrees.has_value()) << dem.metadata.extentSource;
    EXPECT_DOUBLE_EQ(*dem.metadata.centreLatitudeDegrees, 39.5);
}

TEST(DemExtent, TheCentreLatitudeOfAProjectedGridIsTransformedToItsDatum)
{
    const ScratchDirectory scratch;
    RasterSpec spec = rasterOf(40, 25, GDT_Float32, std::vector<double>(1000, 3.0));
    // Centred on UTM zone 33N's central meridian (15 E) at northing
    // 5 538 631 m: the meridian arc to 50 N (5 540 847 m) times the scale
    // factor 0.9996.
    spec.geoTransform = std::array<double, 6>{500000.0 - 600.0, 30.0, 0.0, 5538631.0 + 375.0, 0.0, -30.0};
    spec.epsg = 32633;
    const auto path = scratch.file("utm-50n.tif");
    dem_test::writeRaster(path, spec);
    const DemTerrain dem = loadDem(path, HeightmapLimits{});
    ASSERT_TRUE(dem.metadata.centreLatitudeDegrees.has_value()) << dem.metadata.extentSource;
    EXPECT_NEAR(*dem.metadata.centreLatitudeDegrees, 50.0, 0.001);
}

TEST(DemExtent, AGridWithoutGeoreferencingHasNoExtent)
{
    const ScratchDirectory scratch;
    const auto path = scratch.file("plain.tif");
    dem_test::writeRaster(path, rasterOf(2, 2, GDT_Int16, {1, 2, 3, 4}));
    const DemTerrain dem = loadDem(path, HeightmapLimits{});
    EXPECT_FALSE(dem.metadata.extent.has_value());
    EXPECT_FALSE(dem.metadata.centreLatitudeDegrees.has_value());
    EXPECT_EQ(dem.metadata.extentSource, "no georeferencing in the file");
}

// An ASCII grid can not name a CRS without a .prj beside it: one whose grid
// is a whole turn of longitude in degrees within the poles (cell- or
// point-registered, from -180 or from 0) is taken as WGS 84 degrees; the
// same numbers a degree short of the turn, or past a pole, stay without
// georeferencing.
TEST(DemExtent, AGlobalGridInDegreesWithoutACrsIsTakenAsWgs84)
{
    const ScratchDirectory scratch;
    const auto georeferencingOf = [&](const std::string& name, std::uint32_t columns, std::uint32_t rows,
                                      const std::array<double, 6>& geoTransform) {
        RasterSpec spec = rasterOf(columns, rows, GDT_Int16, std::vector<double>(std::size_t{columns} * rows, 7.0));
        spec.geoTransform = geoTransform;
        dem_test::writeRaster(scratch.file(name), spec, "AAIGrid");
        return loadDem(scratch.file(name), HeightmapLimits{}).metadata;
    };
    const dem::DemMetadata cells = georeferencingOf("cells.asc", 36, 18, {-180.0, 10.0, 0.0, 90.0, 0.0, -10.0});
    ASSERT_TRUE(cells.extent.has_value()) << cells.extentSource;
    EXPECT_NE(cells.extentSource.find("WGS 84 assumed"), std::string::npos) << cells.extentSource;
    ASSERT_TRUE(cells.grid.has_value());
    EXPECT_NE(cells.grid->crsWkt.find("WGS"), std::string::npos);
    EXPECT_NEAR(cells.extent->zMetres, 2.0e7, 2.0e5);  // pole to pole
    const dem::DemMetadata points = georeferencingOf("points.asc", 37, 19, {-5.0, 10.0, 0.0, 95.0, 0.0, -10.0});
    EXPECT_TRUE(points.extent.has_value()) << points.extentSource;
    const dem::DemMetadata shortOfATurn = georeferencingOf("short.asc", 35, 18, {-180.0, 10.0, 0.0, 90.0, 0.0, -10.0});
    EXPECT_FALSE(shortOfATurn.extent.has_value()) << shortOfATurn.extentSource;
    const dem::DemMetadata pastPole = georeferencingOf("past.asc", 36, 20, {-180.0, 10.0, 0.0, 100.0, 0.0, -10.0});
    EXPECT_FALSE(pastPole.extent.has_value()) << pastPole.extentSource;
    const dem::DemMetadata metres = georeferencingOf("metres.asc", 36, 18, {400000.0, 10.0, 0.0, 90.0, 0.0, -10.0});
    EXPECT_FALSE(metres.extent.has_value()) << metres.extentSource;
}

// The elevation formats beyond GeoTIFF that GDAL writes: each loads its
// heights and its georeferencing through its own driver.
TEST(DemFormats, DtedImgXyzSurferAndBinaryTerrainLoad)
{
    const ScratchDirectory scratch;
    struct Format {
        const char* driver;
        const char* file;
        GDALDataType type;
        bool namesItsCrs;  // XYZ tables and Surfer's grids hold none
    };
    for (const Format& format :
         {Format{"HFA", "dem.img", GDT_Float32, true}, Format{"XYZ", "dem.xyz", GDT_Float32, false},
          Format{"GSAG", "ascii.grd", GDT_Float32, false}, Format{"GS7BG", "binary.grd", GDT_Float32, false},
          Format{"BT", "dem.bt", GDT_Int16, true}}) {
        RasterSpec spec = rasterOf(4, 3, format.type, {10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120});
        spec.geoTransform = std::array<double, 6>{500000.0, 30.0, 0.0, 5000090.0, 0.0, -30.0};
        spec.epsg = 32633;
        dem_test::writeRaster(scratch.file(format.file), spec, format.driver);
        const DemTerrain dem = loadDem(scratch.file(format.file), HeightmapLimits{});
        EXPECT_EQ(dem.metadata.driverName, format.driver);
        EXPECT_DOUBLE_EQ(dem.metadata.minimumHeightMetres, 10.0) << format.driver;
        EXPECT_DOUBLE_EQ(dem.metadata.maximumHeightMetres, 120.0) << format.driver;
        EXPECT_LT(dem.heightmap.sample(0, 0), dem.heightmap.sample(3, 2)) << format.driver;
        if (format.namesItsCrs) {
            ASSERT_TRUE(dem.metadata.extent.has_value()) << format.driver << ": " << dem.metadata.extentSource;
            EXPECT_NEAR(dem.metadata.extent->xMetres, 120.0, 1.0e-6) << format.driver;
        }
    }
    // A level-0 DTED cell: one degree, 121 x 121 posts, in WGS 84.
    std::vector<double> posts;
    for (std::uint32_t row = 0; row < 121; ++row) {
        for (std::uint32_t column = 0; column < 121; ++column) {
            posts.push_back(1000.0 + column - row);
        }
    }
    RasterSpec dted = rasterOf(121, 121, GDT_Int16, posts);
    dted.geoTransform =
        std::array<double, 6>{7.0 - 1.0 / 240.0, 1.0 / 120.0, 0.0, 47.0 + 1.0 / 240.0, 0.0, -1.0 / 120.0};
    dted.epsg = 4326;
    dem_test::writeRaster(scratch.file("n46.dt0"), dted, "DTED");
    const DemTerrain cell = loadDem(scratch.file("n46.dt0"), HeightmapLimits{});
    EXPECT_EQ(cell.metadata.driverName, "DTED");
    EXPECT_DOUBLE_EQ(cell.metadata.minimumHeightMetres, 880.0);
    EXPECT_DOUBLE_EQ(cell.metadata.maximumHeightMetres, 1120.0);
    ASSERT_TRUE(cell.metadata.centreLatitudeDegrees.has_value()) << cell.metadata.extentSource;
    EXPECT_NEAR(*cell.metadata.centreLatitudeDegrees, 46.5, 1.0e-6);
}

TEST(DemFormats, ArcInfoAsciiGridLoads)
{
    const ScratchDirectory scratch;
    RasterSpec spec = rasterOf(3, 2, GDT_Int32, {-3, 0, 3, 6, 9, 12});
    spec.geoTransform = std::array<double, 6>{0.0, 100.0, 0.0, 200.0, 0.0, -100.0};
    const auto path = scratch.file("grid.asc");
    dem_test::writeRaster(path, spec, "AAIGrid");
    const DemTerrain dem = loadDem(path, HeightmapLimits{});
    EXPECT_EQ(dem.metadata.driverName, "AAIGrid");
    EXPECT_DOUBLE_EQ(dem.metadata.minimumHeightMetres, -3.0);
    EXPECT_DOUBLE_EQ(dem.metadata.maximumHeightMetres, 12.0);
}

}  // namespace
