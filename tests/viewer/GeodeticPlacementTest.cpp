// --camera-geo and --time: parsing, the pose's place and heading and the
// sun's direction on a DEM in UTM zone 33N, checked against the meridian arc,
// the meridian convergence and the solar ephemeris rather than against PROJ.
#include "geodesy/SolarEphemeris.h"
#include "text/TextParsing.h"
#include "viewer/FlyCamera.h"
#include "viewer/GeodeticCamera.h"
#include "viewer/GeodeticFrame.h"
#include "viewer/GeodeticSun.h"
#include "viewer/ViewerSetup.h"

#include "geodesy/Wgs84.h"

#include <gtest/gtest.h>
#include <glm/geometric.hpp>
#include "DemTestFiles.h"

#include <cmath>
#include <string>

namespace viewer {
namespace {

constexpr double kPi = 3.14159265358979323846;
constexpr double kCellMetres = 10.0;

// A columns x rows DEM of 10 m cells whose sample (centreColumn, centreRow)
// sits on UTM 33N's central meridian (15 E) at latitude 45 N.
struct UtmTerrain {
    dem::TerrainSource source;
    terrain::TerrainSettings settings;
};

UtmTerrain utmTerrain(std::uint32_t columns, std::uint32_t rows, double centreColumn, double centreRow)
{
    UtmTerrain terrain;
    terrain.source.heightmap.width = columns;
    terrain.source.heightmap.height = rows;
    terrain.source.heightmap.samples.assign(static_cast<size_t>(columns) * rows, 0);
    terrain.source.heightmap.sourcePath = "utm.tif";
    dem::DemGrid grid;
    const double west = 500000.0 - (centreColumn + 0.5) * kCellMetres;
    const double north = 0.9996 * geodesy::meridianArcMetres(45.0) + (centreRow + 0.5) * kCellMetres;
    grid.geoTransform = {west, kCellMetres, 0.0, north, 0.0, -kCellMetres};
    grid.crsWkt = dem_test::wktOfEpsg(32633);
    grid.columns = columns;
    grid.rows = rows;
    dem::DemMetadata metadata;
    metadata.grid = grid;
    terrain.source.dem = metadata;
    terrain.settings.extentMetres = static_cast<float>((columns - 1) * kCellMetres);
    terrain.settings.depthPerWidth = static_cast<float>(rows - 1) / static_cast<float>(columns - 1);
    return terrain;
}

// Yaw difference folded into (-180, 180].
double yawDifference(double a, double b)
{
    double difference = std::fmod(a - b, 360.0);
    if (difference > 180.0) {
        difference -= 360.0;
    } else if (difference <= -180.0) {
        difference += 360.0;
    }
    return difference;
}

TEST(GeodeticCamera, ParsesFiveNumbers)
{
    const geodesy::GeodeticPose pose = parseGeodeticCameraPose("46.5, 8.25,3000,90,-90");
    EXPECT_DOUBLE_EQ(pose.latitudeDegrees, 46.5);
    EXPECT_DOUBLE_EQ(pose.longitudeDegrees, 8.25);
    EXPECT_DOUBLE_EQ(pose.heightMetres, 3000.0);
    EXPECT_DOUBLE_EQ(pose.headingDegrees, 90.0);
    EXPECT_DOUBLE_EQ(pose.pitchDegrees, -90.0);
    EXPECT_THROW(parseGeodeticCameraPose("46.5 8.25 3000 90"), text::ParseError);
    EXPECT_THROW(parseGeodeticCameraPose("-90.5,0,0,0,0"), text::ParseError);
    EXPECT_THROW(parseGeodeticCameraPose("0,361,0,0,0"), text::ParseError);
}

TEST(GeodeticCamera, OnTheCentralMeridianHeadingIsYawAndThePointIsItsSample)
{
    const UtmTerrain terrain = utmTerrain(2001, 1001, 1000.0, 500.0);
    for (const double heading : {0.0, 90.0, 200.0}) {
        const CameraPose pose = cameraPoseOfGeodetic(geodesy::GeodeticPose{45.0, 15.0, 1234.0, heading, -90.0},
                                                     terrain.source, terrain.settings);
        // Sample (1000, 500) is the middle of the map: the world's origin.
        EXPECT_NEAR(pose.position.x, 0.0, 1e-3);
        EXPECT_NEAR(pose.position.z, 0.0, 1e-3);
        EXPECT_FLOAT_EQ(pose.position.y, 1234.0f);
        EXPECT_NEAR(yawDifference(pose.yawDegrees, heading), 0.0, 1e-4);
        EXPECT_FLOAT_EQ(pose.pitchDegrees, -90.0f);
    }
    // Half a degree of latitude north is the meridian arc north: -Z.
    const CameraPose north =
        cameraPoseOfGeodetic(geodesy::GeodeticPose{45.01, 15.0, 0.0, 0.0, 0.0}, terrain.source, terrain.settings);
    EXPECT_NEAR(north.position.x, 0.0, 1e-3);
    EXPECT_NEAR(north.position.z, -0.9996 * (geodesy::meridianArcMetres(45.01) - geodesy::meridianArcMetres(45.0)),
                1e-2);
}

TEST(GeodeticCamera, HeadingIsFromTrueNorthNotGridNorth)
{
    // Off the central meridian grid north and true north part by the
    // meridian convergence, tan(gamma) = tan(lon - 15) sin(lat) (to first
    // order in the ellipsoid's flattening): east of the meridian true north
    // turns west of grid north, a negative yaw.
    const UtmTerrain terrain = utmTerrain(4001, 3001, 2000.0, 1500.0);
    for (const double longitude : {14.9, 15.1}) {
        const CameraPose pose = cameraPoseOfGeodetic(geodesy::GeodeticPose{45.0, longitude, 100.0, 0.0, 0.0},
                                                     terrain.source, terrain.settings);
        const double convergence =
            std::atan(std::tan((longitude - 15.0) * kPi / 180.0) * std::sin(45.0 * kPi / 180.0)) * 180.0 / kPi;
        EXPECT_NEAR(yawDifference(pose.yawDegrees, -convergence), 0.0, 1e-3) << longitude;
        EXPECT_GT(std::abs(convergence), 0.05);
    }
}

TEST(GeodeticCamera, OnePoseIsOnePlaceInAMapAndInACropOfIt)
{
    // The crop starts 300 columns and 200 rows into the whole map.
    const UtmTerrain whole = utmTerrain(2001, 1001, 1000.0, 500.0);
    const UtmTerrain crop = utmTerrain(1001, 601, 1000.0 - 300.0, 500.0 - 200.0);
    const geodesy::GeodeticPose geodetic{45.003, 15.02, 800.0, 30.0, -20.0};
    const CameraPose inWhole = cameraPoseOfGeodetic(geodetic, whole.source, whole.settings);
    const CameraPose inCrop = cameraPoseOfGeodetic(geodetic, crop.source, crop.settings);
    // World origins: sample (1000, 500) of the whole map and sample
    // (500, 300) of the crop, i.e. (800, 500) of the whole.
    EXPECT_NEAR(inWhole.position.x - inCrop.position.x, (800.0 - 1000.0) * kCellMetres, 1e-3);
    EXPECT_NEAR(inWhole.position.z - inCrop.position.z, (500.0 - 500.0) * kCellMetres, 1e-3);
    EXPECT_FLOAT_EQ(inWhole.position.y, inCrop.position.y);
    EXPECT_NEAR(yawDifference(inWhole.yawDegrees, inCrop.yawDegrees), 0.0, 1e-4);
}

TEST(GeodeticCamera, HeightFollowsTheTerrainsVerticalScale)
{
    UtmTerrain terrain = utmTerrain(201, 201, 100.0, 100.0);
    terrain.settings.elevationPerWorldHeight = 0.5f;  // heights drawn twice as tall
    const CameraPose pose =
        cameraPoseOfGeodetic(geodesy::GeodeticPose{45.0, 15.0, 1500.0, 0.0, 0.0}, terrain.source, terrain.settings);
    EXPECT_FLOAT_EQ(pose.position.y, 3000.0f);
}

TEST(GeodeticCamera, NeedsAGeoreferencedTerrain)
{
    UtmTerrain terrain = utmTerrain(201, 201, 100.0, 100.0);
    terrain.source.dem.reset();
    try {
        (void)cameraPoseOfGeodetic(geodesy::GeodeticPose{45.0, 15.0, 0.0, 0.0, 0.0}, terrain.source, terrain.settings);
        FAIL() << "a PNG heightmap took a geodetic pose";
    } catch (const GeodeticPlacementError& error) {
        EXPECT_EQ(std::string(error.what()),
                  "--camera-geo: utm.tif has no georeferencing to place the camera with (a PNG heightmap)");
    }
}

TEST(GeodeticCamera, StraightDownKeepsTheHeadingOnScreen)
{
    // Pitch -90 looks along -Y, and the top of the screen points along the
    // heading: yaw 90 puts +X at the top.
    FlyCamera camera(CameraPose{glm::vec3(0.0f, 100.0f, 0.0f), 90.0f, -90.0f});
    const glm::mat4 view = camera.viewMatrix();
    const glm::vec3 screenUp(view[0][1], view[1][1], view[2][1]);
    const glm::vec3 screenBack(view[0][2], view[1][2], view[2][2]);
    EXPECT_NEAR(screenUp.x, 1.0f, 1e-6f);
    EXPECT_NEAR(screenBack.y, 1.0f, 1e-6f);
    EXPECT_NEAR(glm::length(screenUp), 1.0f, 1e-6f);
}

TEST(GeodeticSun, ParsesUtcInstants)
{
    const geodesy::UtcInstant instant = parseUtcInstant("2024-06-20T11:30Z");
    EXPECT_EQ(instant.year, 2024);
    EXPECT_EQ(instant.month, 6);
    EXPECT_EQ(instant.day, 20);
    EXPECT_EQ(instant.hour, 11);
    EXPECT_EQ(instant.minute, 30);
    for (const char* bad : {"2024-06-20T11:30", "2024-06-20 11:30Z", "2024-6-20T11:30Z", "2024-06-20T11:3xZ",
                            "2024-02-30T11:30Z", "2024-06-20T24:00Z", "1899-12-31T23:59Z", ""}) {
        EXPECT_THROW(parseUtcInstant(bad), text::ParseError) << bad;
    }
}

TEST(GeodeticSun, TheSunOverTheMapsCentreInTheWorldsAzimuth)
{
    // On UTM's central meridian true north is -Z: the world's azimuth is the
    // ephemeris' own.
    const UtmTerrain onMeridian = utmTerrain(2001, 1001, 1000.0, 500.0);
    const geodesy::UtcInstant morning{2024, 6, 20, 5, 0};
    const geodesy::HorizontalDirection seen = geodesy::sunSeenFrom(45.0, 15.0, geodesy::subsolarPoint(morning));
    const atmosphere::SunPosition sun = sunAtInstant(morning, onMeridian.source, onMeridian.settings);
    EXPECT_NEAR(sun.azimuthDegrees, seen.azimuthDegrees, 1e-3);
    EXPECT_NEAR(sun.elevationDegrees, seen.elevationDegrees, 1e-3);
    EXPECT_GT(sun.elevationDegrees, 10.0);
    EXPECT_LT(sun.azimuthDegrees, 90.0);  // a June morning: north of east

    // A map centred 0.1 degrees east of the meridian: the same sun, turned by
    // the meridian convergence there.
    UtmTerrain east = utmTerrain(4001, 3001, 2000.0, 1500.0);
    const CameraPose probe =
        cameraPoseOfGeodetic(geodesy::GeodeticPose{45.0, 15.1, 0.0, 0.0, 0.0}, east.source, east.settings);
    const double northYaw = probe.yawDegrees > 180.0 ? probe.yawDegrees - 360.0 : probe.yawDegrees;
    east.source.dem->grid->geoTransform[0] += probe.position.x;  // move the map's centre under the probe
    const geodesy::HorizontalDirection seenEast = geodesy::sunSeenFrom(45.0, 15.1, geodesy::subsolarPoint(morning));
    const atmosphere::SunPosition sunEast = sunAtInstant(morning, east.source, east.settings);
    EXPECT_NEAR(sunEast.azimuthDegrees, seenEast.azimuthDegrees + northYaw, 2e-3);
    EXPECT_NEAR(sunEast.elevationDegrees, seenEast.elevationDegrees, 2e-3);
    EXPECT_LT(northYaw, -0.05);
}

TEST(GeodeticSun, NeedsAGeoreferencedTerrain)
{
    UtmTerrain terrain = utmTerrain(201, 201, 100.0, 100.0);
    terrain.source.dem.reset();
    try {
        (void)sunAtInstant(geodesy::UtcInstant{2024, 6, 20, 12, 0}, terrain.source, terrain.settings);
        FAIL() << "a PNG heightmap took a time of day";
    } catch (const GeodeticPlacementError& error) {
        EXPECT_EQ(std::string(error.what()),
                  "--time: utm.tif has no georeferencing to place the sun with (a PNG heightmap)");
    }
}

// A camera placed thousands of kilometres off a 20 km map is warned about;
// one over it, or a few map sizes away, is not.
TEST(GeodeticCamera, ACameraFarOffTheMapIsWarnedAbout)
{
    const glm::vec2 map(20000.0f, 10000.0f);
    EXPECT_FALSE(farFromTheMapWarning(CameraPose{glm::vec3(0.0f, 3000.0f, 0.0f), 0.0f, -30.0f}, map));
    EXPECT_FALSE(farFromTheMapWarning(CameraPose{glm::vec3(90000.0f, 3000.0f, 0.0f), 0.0f, -30.0f}, map));
    const std::optional<std::string> far =
        farFromTheMapWarning(CameraPose{glm::vec3(10000.0f, 3000.0f, 16.0e6f), 0.0f, -30.0f}, map);
    ASSERT_TRUE(far);
    EXPECT_NE(far->find("15995.0 km from the map's nearest edge"), std::string::npos) << *far;
}

}  // namespace
}  // namespace viewer
