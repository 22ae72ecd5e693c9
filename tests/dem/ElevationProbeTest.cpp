// One point of an elevation model read at the file's resolution
// (src/dem/ElevationProbe.h): on planes whose height, slope and aspect are
// known in closed form, in UTM on its central meridian (grid north is true
// north there, and a grid metre 1/0.9996 of a ground metre) and in
// geographic degrees, stored north-up and south-up; a no-data sample beside
// the point, a point off the model, a model without georeferencing and a
// model whose CRS gives ellipsoidal heights.
#include "DemTestFiles.h"
#include "dem/ElevationProbe.h"
#include "geodesy/Angles.h"
#include "geodesy/Wgs84.h"
#include "heightmap/Heightmap.h"

#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

namespace dem {
namespace {

constexpr int kUtm33North = 32633;
constexpr double kUtmScale = 0.9996;

// Degrees clockwise from north of the downhill direction of a plane rising
// `east` and `north` metres per metre.
double downhillAspect(double east, double north)
{
    const double aspect = geodesy::degrees(std::atan2(-east, -north));
    return aspect < 0.0 ? aspect + 360.0 : aspect;
}

TEST(ElevationProbe, AProjectedPlaneGivesItsHeightSlopeAndAspect)
{
    // 100 x 80 samples of 20 m whose grid spans easting 499,000..501,000 on
    // the central meridian (15 E) and northing from 5,000,000 north:
    // h = 1000 + 0.3 (E - 500,000) + 0.1 (N - 5,000,000).
    const dem_test::ScratchDirectory scratch;
    constexpr double kCell = 20.0;
    constexpr double kWest = 499000.0;
    constexpr double kSouth = 5000000.0;
    const auto planeAt = [](double easting, double northing) {
        return 1000.0 + 0.3 * (easting - 500000.0) + 0.1 * (northing - kSouth);
    };
    std::vector<double> heights;
    for (int row = 0; row < 80; ++row) {
        for (int column = 0; column < 100; ++column) {
            heights.push_back(planeAt(kWest + (column + 0.5) * kCell, kSouth + (79 - row + 0.5) * kCell));
        }
    }
    const std::filesystem::path path = scratch.file("plane.tif");
    dem_test::writeBandsGeoTiff(path, 100, 80, GDT_Float64, {heights},
                                std::array<double, 6>{kWest, kCell, 0.0, kSouth + 80 * kCell, 0.0, -kCell},
                                kUtm33North);
    const ElevationProbe probe(path);
    EXPECT_FALSE(probe.heightsAreEllipsoidal());
    const double easting = 500000.0 + 123.4;
    const double northing = kSouth + 567.8;
    const auto [longitude, latitude] = dem_test::wgs84LongitudeLatitudeOf(easting, northing, kUtm33North);
    const PointElevation point = probe.at(latitude, longitude);
    ASSERT_TRUE(point.onModel);
    ASSERT_TRUE(point.heightMetres && point.slopeDegrees && point.aspectDegrees);
    EXPECT_NEAR(*point.heightMetres, planeAt(easting, northing), 1.0e-3);
    // A ground metre is 0.9996 grid metres here.
    EXPECT_NEAR(*point.slopeDegrees, geodesy::degrees(std::atan(kUtmScale * std::hypot(0.3, 0.1))), 0.01);
    EXPECT_NEAR(*point.aspectDegrees, downhillAspect(0.3, 0.1), 0.02);

    const auto [farLongitude, farLatitude] = dem_test::wgs84LongitudeLatitudeOf(503000.0, northing, kUtm33North);
    const PointElevation off = probe.at(farLatitude, farLongitude);
    EXPECT_FALSE(off.onModel);
    EXPECT_FALSE(off.heightMetres);
}

// h = 500 + 1000 (lon - 10) + 2000 (lat - 45) over 0.01-degree cells,
// written north-up or south-up.
std::filesystem::path writeGeographicPlane(const dem_test::ScratchDirectory& scratch, const std::string& name,
                                           bool southUp, std::optional<std::size_t> noDataSample = std::nullopt)
{
    constexpr int kSide = 60;
    constexpr double kStep = 0.01;
    std::vector<double> heights;
    for (int row = 0; row < kSide; ++row) {
        const int fromNorth = southUp ? kSide - 1 - row : row;
        for (int column = 0; column < kSide; ++column) {
            const double longitude = 10.0 + (column + 0.5) * kStep;
            const double latitude = 45.6 - (fromNorth + 0.5) * kStep;
            heights.push_back(500.0 + 1000.0 * (longitude - 10.0) + 2000.0 * (latitude - 45.0));
        }
    }
    dem_test::RasterSpec spec = dem_test::rasterOf(kSide, kSide, GDT_Float64, heights);
    if (noDataSample) {
        spec.noData = -9999.0;
        spec.values[*noDataSample] = -9999.0;
    }
    spec.geoTransform = southUp ? std::array<double, 6>{10.0, kStep, 0.0, 45.0, 0.0, kStep}
                                : std::array<double, 6>{10.0, kStep, 0.0, 45.6, 0.0, -kStep};
    spec.epsg = 4326;
    const std::filesystem::path path = scratch.file(name);
    dem_test::writeRaster(path, spec);
    return path;
}

TEST(ElevationProbe, AGeographicPlaneReadsTheSameNorthUpAndSouthUp)
{
    const dem_test::ScratchDirectory scratch;
    const double latitude = 45.2345;
    const double longitude = 10.3456;
    const double radiansPerDegree = geodesy::radians(1.0);
    const double east =
        1000.0 / (radiansPerDegree * geodesy::primeVerticalRadius(latitude) * std::cos(geodesy::radians(latitude)));
    const double north = 2000.0 / (radiansPerDegree * geodesy::meridionalRadius(latitude));
    for (const bool southUp : {false, true}) {
        const ElevationProbe probe(writeGeographicPlane(scratch, southUp ? "south.tif" : "north.tif", southUp));
        const PointElevation point = probe.at(latitude, longitude);
        ASSERT_TRUE(point.heightMetres && point.slopeDegrees && point.aspectDegrees) << southUp;
        EXPECT_NEAR(*point.heightMetres, 500.0 + 1000.0 * 0.3456 + 2000.0 * 0.2345, 1.0e-6) << southUp;
        EXPECT_NEAR(*point.slopeDegrees, geodesy::degrees(std::atan(std::hypot(east, north))), 1.0e-3) << southUp;
        EXPECT_NEAR(*point.aspectDegrees, downhillAspect(east, north), 1.0e-3) << southUp;
    }
}

TEST(ElevationProbe, NoDataBesideThePointLeavesItsHeightUnknown)
{
    const dem_test::ScratchDirectory scratch;
    // The point (45.2345, 10.3456) lies between columns 34 and 35 and rows
    // 36 and 37 (from the north); the sample (34, 36) is no-data.
    const ElevationProbe probe(writeGeographicPlane(scratch, "hole.tif", false, std::size_t{36 * 60 + 34}));
    const PointElevation hole = probe.at(45.2345, 10.3456);
    EXPECT_TRUE(hole.onModel);
    EXPECT_FALSE(hole.heightMetres);
    const PointElevation beside = probe.at(45.1, 10.1);
    EXPECT_TRUE(beside.heightMetres);
}

TEST(ElevationProbe, AModelWithoutGeoreferencingIsRefusedAndEllipsoidalHeightsAreKnown)
{
    const dem_test::ScratchDirectory scratch;
    const std::filesystem::path plain = scratch.file("plain.tif");
    dem_test::writeRaster(plain, dem_test::rasterOf(4, 4, GDT_Float32, std::vector<double>(16, 10.0)));
    try {
        const ElevationProbe probe(plain);
        ADD_FAILURE() << "a model without georeferencing was probed";
    } catch (const heightmap::HeightmapError& error) {
        EXPECT_EQ(std::string(error.what()), "elevation model '" + plain.string() +
                                                 "' has no georeferencing to place a latitude and longitude on");
    }
    const std::filesystem::path ellipsoidal = scratch.file("ellipsoidal.tif");
    dem_test::RasterSpec spec = dem_test::rasterOf(4, 4, GDT_Float32, std::vector<double>(16, 10.0));
    spec.geoTransform = std::array<double, 6>{10.0, 0.01, 0.0, 45.0, 0.0, -0.01};
    spec.epsg = 4979;
    dem_test::writeRaster(ellipsoidal, spec);
    EXPECT_TRUE(ElevationProbe(ellipsoidal).heightsAreEllipsoidal());
}

}  // namespace
}  // namespace dem
