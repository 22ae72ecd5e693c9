// dem::loadDem on real relief: the ETOPO5 cuts the build makes (GeoTIFF
// Int16 and Float32, NetCDF, SRTM .hgt) and the ETOPO60 NetCDF grid as the
// ferret-datasets package ships it.
#include "DemTestFiles.h"

#include "dem/DemLoader.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numbers>

namespace {

using dem::DemTerrain;
using dem::loadDem;
using dem_test::fixture;
using heightmap::HeightmapLimits;

constexpr double kEarthRadiusMetres = 6371000.0;
constexpr double kDegree = std::numbers::pi / 180.0;

// A place of the cut and what ETOPO5 says it is.
struct Place {
    const char* name;
    double longitude;
    double latitude;
    bool isSea;
};

constexpr Place kItalianPlaces[] = {
    {"Tyrrhenian Sea", 12.5, 40.0, true},     {"Ionian Sea", 17.5, 36.0, true},
    {"Ligurian Sea", 8.5, 42.5, true},        {"Gennargentu, Sardinia", 9.3, 40.0, false},
    {"Apennines, Molise", 14.5, 41.5, false},
};

constexpr Place kNaplesPlaces[] = {
    {"Gulf of Naples", 14.2, 40.7, true},
    {"off the Cilento coast", 14.1, 40.1, true},
    {"Irpinia", 14.9, 40.9, false},
};

// The loaded height (metres) of the heightmap texel that holds a point,
// using the file's own geotransform (north row first, as the loader keeps it).
double loadedHeightAt(const DemTerrain& dem, const std::filesystem::path& path, double longitude, double latitude)
{
    const std::array<double, 6> t = dem_test::readGeoTransform(path);
    const auto column = static_cast<std::uint32_t>(std::floor((longitude - t[0]) / t[1]));
    const auto row = static_cast<std::uint32_t>(std::floor((latitude - t[3]) / t[5]));
    return dem.metadata.heightOfSample(dem.heightmap.sample(column, row));
}

// Half a 16-bit step of the height range, plus float rounding.
double quantisationTolerance(const DemTerrain& dem)
{
    return dem.metadata.heightRangeMetres() / 65535.0 * 0.5 + 0.01;
}

void expectPlacesMatchTheSource(const DemTerrain& dem, const std::filesystem::path& path, std::span<const Place> places)
{
    const std::filesystem::path source = dem_test::etopoGrid("etopo5.cdf");
    for (const Place& place : places) {
        const double expected = dem_test::valueAt(source, place.longitude, place.latitude);
        const double loaded = loadedHeightAt(dem, path, place.longitude, place.latitude);
        EXPECT_NEAR(loaded, expected, quantisationTolerance(dem)) << place.name << " in " << path;
        if (place.isSea) {
            EXPECT_LT(loaded, -300.0) << place.name << " is sea";
        } else {
            EXPECT_GT(loaded, 300.0) << place.name << " is land";
        }
    }
}

TEST(DemFixture, Int16GeoTiffOfItalyHasSeaFloorAndMountains)
{
    CBT_SKIP_WITHOUT_ETOPO_FIXTURES();
    const auto path = fixture("etopo5-italy-int16.tif");
    const DemTerrain dem = loadDem(path, HeightmapLimits{});
    EXPECT_EQ(dem.metadata.driverName, "GTiff");
    EXPECT_EQ(dem.heightmap.width, 120u);
    EXPECT_EQ(dem.heightmap.height, 96u);
    EXPECT_EQ(dem.heightmap.bitDepth, 16);
    EXPECT_EQ(dem.heightmap.sourcePath, path.string());
    EXPECT_EQ(dem.metadata.noDataCount, 0u);
    // The Tyrrhenian abyssal plain and the highest summits of the window.
    EXPECT_LT(dem.metadata.minimumHeightMetres, -3500.0);
    EXPECT_GT(dem.metadata.maximumHeightMetres, 1500.0);
    EXPECT_LT(dem.metadata.maximumHeightMetres, 3400.0);  // Etna, the highest point, is 3357 m
    const auto [lowest, highest] = std::minmax_element(dem.heightmap.samples.begin(), dem.heightmap.samples.end());
    EXPECT_EQ(*lowest, 0);
    EXPECT_EQ(*highest, 65535);
    expectPlacesMatchTheSource(dem, path, kItalianPlaces);
}

TEST(DemFixture, ExtentOfTheItalianCutIsItsSizeInKilometres)
{
    CBT_SKIP_WITHOUT_ETOPO_FIXTURES();
    const auto path = fixture("etopo5-italy-int16.tif");
    const DemTerrain dem = loadDem(path, HeightmapLimits{});
    ASSERT_TRUE(dem.metadata.extent.has_value()) << dem.metadata.extentSource;
    // 120 x 5' of longitude at the centre latitude, 96 x 5' of latitude.
    const std::array<double, 6> t = dem_test::readGeoTransform(path);
    const double centreLatitude = t[3] + t[5] * 48.0;
    const double expectedX = 120.0 * t[1] * kDegree * kEarthRadiusMetres * std::cos(centreLatitude * kDegree);
    const double expectedZ = 96.0 * -t[5] * kDegree * kEarthRadiusMetres;
    EXPECT_NEAR(dem.metadata.extent->xMetres, expectedX, expectedX * 0.01);
    EXPECT_NEAR(dem.metadata.extent->zMetres, expectedZ, expectedZ * 0.01);
    EXPECT_GT(dem.metadata.extent->xMetres, 850e3);
    EXPECT_LT(dem.metadata.extent->xMetres, 880e3);
    EXPECT_NE(dem.metadata.extentSource.find("geographic"), std::string::npos) << dem.metadata.extentSource;
}

TEST(DemFixture, Float32GeoTiffMatchesTheInt16Cut)
{
    CBT_SKIP_WITHOUT_ETOPO_FIXTURES();
    const DemTerrain integers = loadDem(fixture("etopo5-italy-int16.tif"), HeightmapLimits{});
    const auto path = fixture("etopo5-italy-float32.tif");
    const DemTerrain floats = loadDem(path, HeightmapLimits{});
    EXPECT_DOUBLE_EQ(floats.metadata.minimumHeightMetres, integers.metadata.minimumHeightMetres);
    EXPECT_DOUBLE_EQ(floats.metadata.maximumHeightMetres, integers.metadata.maximumHeightMetres);
    EXPECT_EQ(floats.heightmap.samples, integers.heightmap.samples);
    expectPlacesMatchTheSource(floats, path, kItalianPlaces);
}

TEST(DemFixture, NetCdfCutMatchesTheGeoTiff)
{
    CBT_SKIP_WITHOUT_ETOPO_FIXTURES();
    const DemTerrain geoTiff = loadDem(fixture("etopo5-italy-float32.tif"), HeightmapLimits{});
    const auto path = fixture("etopo5-italy.nc");
    const DemTerrain netCdf = loadDem(path, HeightmapLimits{});
    EXPECT_EQ(netCdf.metadata.driverName, "netCDF");
    EXPECT_EQ(netCdf.heightmap.width, geoTiff.heightmap.width);
    EXPECT_EQ(netCdf.heightmap.height, geoTiff.heightmap.height);
    EXPECT_EQ(netCdf.heightmap.samples, geoTiff.heightmap.samples);
    ASSERT_TRUE(netCdf.metadata.extent.has_value()) << netCdf.metadata.extentSource;
    EXPECT_NEAR(netCdf.metadata.extent->xMetres, geoTiff.metadata.extent->xMetres, 1.0);
    EXPECT_NEAR(netCdf.metadata.extent->zMetres, geoTiff.metadata.extent->zMetres, 1.0);
    expectPlacesMatchTheSource(netCdf, path, kItalianPlaces);
}

TEST(DemFixture, SrtmHgtTileOfNaplesLoadsWithItsOneDegreeExtent)
{
    CBT_SKIP_WITHOUT_ETOPO_FIXTURES();
    const auto path = fixture("N40E014.hgt");
    const DemTerrain dem = loadDem(path, HeightmapLimits{});
    EXPECT_EQ(dem.metadata.driverName, "SRTMHGT");
    EXPECT_EQ(dem.heightmap.width, 1201u);
    EXPECT_EQ(dem.heightmap.height, 1201u);
    EXPECT_LT(dem.metadata.minimumHeightMetres, -1000.0);
    EXPECT_GT(dem.metadata.maximumHeightMetres, 500.0);
    ASSERT_TRUE(dem.metadata.extent.has_value()) << dem.metadata.extentSource;
    // 1201 samples of 3" = 1 degree and one sample, centred on latitude 40.5.
    const double degrees = 1201.0 / 1200.0;
    const double expectedX = degrees * kDegree * kEarthRadiusMetres * std::cos(40.5 * kDegree);
    const double expectedZ = degrees * kDegree * kEarthRadiusMetres;
    EXPECT_NEAR(dem.metadata.extent->xMetres, expectedX, expectedX * 0.01);
    EXPECT_NEAR(dem.metadata.extent->zMetres, expectedZ, expectedZ * 0.01);
    expectPlacesMatchTheSource(dem, path, kNaplesPlaces);
}

TEST(DemFixture, PackagedEtopo60NetCdfLoadsAsTheWholeEarth)
{
    CBT_SKIP_WITHOUT_ETOPO_FIXTURES();
    // The grid as shipped: no CRS, but CF degrees_east/degrees_north axes.
    const auto path = dem_test::etopoGrid("etopo60.cdf");
    if (!std::filesystem::exists(path)) {
        GTEST_SKIP() << path << " is missing (Debian package ferret-datasets)";
    }
    const DemTerrain dem = loadDem(path, HeightmapLimits{});
    EXPECT_EQ(dem.heightmap.width, 360u);
    EXPECT_EQ(dem.heightmap.height, 180u);
    EXPECT_LT(dem.metadata.minimumHeightMetres, -6000.0);
    EXPECT_GT(dem.metadata.maximumHeightMetres, 4000.0);
    ASSERT_TRUE(dem.metadata.extent.has_value()) << dem.metadata.extentSource;
    // 360 degrees at the equator: the equatorial circumference of WGS 84;
    // pole to pole within 1 % of the meridian's 20004 km (the loader scales
    // latitude by the radius of curvature at the centre latitude).
    EXPECT_NEAR(dem.metadata.extent->xMetres, 40075017.0, 1000.0);
    EXPECT_NEAR(dem.metadata.extent->zMetres, 20003931.0, 20003931.0 * 0.01);
    EXPECT_NE(dem.metadata.extentSource.find("WGS 84 assumed"), std::string::npos) << dem.metadata.extentSource;
}

}  // namespace
