// Planet mode's command line, camera and setup (label unit): --planet takes
// the globe's flags and refuses the flat terrain's, geodetic camera paths
// parse with their errors, the window's flight scales its speed with the
// height above the ground and never goes below it nor under the sea's
// surface, the cube grid fits the
// device's storage buffers, --sun is relative to the horizon under the
// camera, and a model that stops short of a pole is said in one line.
#include "CommandLineParsing.h"
#include "dem/GeoidModel.h"
#include "geodesy/Wgs84.h"
#include "planet/CubeElevation.h"
#include "planet/GlobalElevation.h"

#include "planet/GlobeCamera.h"
#include "text/TextParsing.h"
#include "viewer/CameraPose.h"
#include "viewer/CommandLine.h"
#include "viewer/GeodeticCamera.h"
#include "viewer/GlobeFlight.h"
#include "viewer/PlanetSetup.h"
#include "viewer/PointQuery.h"
#include "viewer/VectorLayers.h"

#include <gtest/gtest.h>
#include <glm/geometric.hpp>

#include <filesystem>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

namespace viewer {
namespace {

using test::errorOf;
using test::parse;

TEST(PlanetCommandLine, TakesTheGlobesFlags)
{
    const ViewerOptions options =
        parse({"--planet", "world.tif", "--camera-geo", "46.5,8,6000,90,-10", "--time", "2024-06-21T12:00Z", "--depth",
               "56", "--pool-size", "65536", "--headless", "--wireframe"});
    EXPECT_TRUE(options.planet);
    EXPECT_TRUE(options.wireframe);
    ASSERT_TRUE(options.heightmapPath.has_value());
    EXPECT_EQ(options.heightmapPath->string(), "world.tif");
    ASSERT_TRUE(options.cameraGeo.has_value());
    EXPECT_DOUBLE_EQ(options.cameraGeo->heightMetres, 6000.0);
    EXPECT_EQ(options.maxDepth, 56);
}

TEST(PlanetCommandLine, RefusesTheFlatTerrainsFlags)
{
    EXPECT_EQ(errorOf({"--planet", "--camera", "0,0,0,0,0"}),
              "--camera: not available with --planet (use --camera-geo LAT,LON,HEIGHT,HEADING,PITCH)");
    EXPECT_EQ(errorOf({"--planet", "--cbt", "heap"}), "--cbt: not available with --planet");
    EXPECT_EQ(errorOf({"--planet", "--extent", "1000"}), "--extent: not available with --planet");
    // Imagery drapes the globe too; its bands still need it.
    EXPECT_EQ(errorOf({"--planet", "--imagery", "x.tif", "--imagery-bands", "3,2,1"}), "");
    EXPECT_EQ(errorOf({"--planet", "--imagery-bands", "3,2,1"}), "--imagery-bands: needs --imagery");
    EXPECT_EQ(errorOf({"--planet", "--time", "2024-06-21T12:00Z", "--sun", "90,10"}),
              "--time: cannot be combined with --sun");
    EXPECT_EQ(errorOf({"--planet", "--depth", "2"}), "--depth: the globe's depth is 3..60, got 2");
    // Without --planet the flat rules hold.
    EXPECT_EQ(errorOf({"--depth", "40"}).rfind("--depth: 40 is deeper than the heap allows", 0), 0u);
}

TEST(PlanetSetup, AModelThatStopsShortOfAPoleIsSaidInOneLine)
{
    planet::PoleCaps caps{83.75, -55.75, -1200.4, 1500.6};
    EXPECT_EQ(poleCapsNotice("gmted.tif", caps, 0.5),
              "cbt-terrain: planet: gmted.tif stops short of the poles: its rows end at 83.75 N (beyond: -1200 m) "
              "and 55.75 S (beyond: 1501 m); each cap beyond takes its last row's mean height\n");
    caps.northmostRowDegrees = 89.75;  // one row spacing of the pole: reaches it
    EXPECT_EQ(poleCapsNotice("gmted.tif", caps, 0.5),
              "cbt-terrain: planet: gmted.tif stops short of the poles: its rows end at 55.75 S (beyond: 1501 m); "
              "each cap beyond takes its last row's mean height\n");
    caps.southmostRowDegrees = -90.0;
    EXPECT_EQ(poleCapsNotice("etopo.tif", caps, 0.5), "");
}

TEST(PlanetSetup, TheSeaOfAModelOfTheLandAloneIsSaidInOneLine)
{
    EXPECT_EQ(seaNotice("gtopo30.tif", 652, 1000),
              "cbt-terrain: planet: gtopo30.tif has no bathymetry: its no-data and 0 m that meet the coasts (65.2% "
              "of the samples) are drawn as sea, down to 1000 m\n");
    EXPECT_EQ(seaNotice("etopo.tif", 0, 1000), "");
}

TEST(PlanetSetup, TheGlobesDepthIsBoundedByItsKeys)
{
    // 64-bit keys less the marker and the 24 roots' five bits.
    EXPECT_EQ(maxGlobeDepth(), 58);
}

TEST(GeodeticCameraPath, ParsesPosesSizesAndErrors)
{
    const std::vector<GeodeticPathFrame> frames = parseGeodeticCameraPathFrames(
        "# orbit to the Alps\n0 10 2e7 0 -90\n\n46.5 8 100 45 -10 640x360 # low\n", "flight.txt");
    ASSERT_EQ(frames.size(), 2u);
    EXPECT_DOUBLE_EQ(frames[0].pose.heightMetres, 2.0e7);
    EXPECT_FALSE(frames[0].renderSize.has_value());
    EXPECT_DOUBLE_EQ(frames[1].pose.latitudeDegrees, 46.5);
    EXPECT_DOUBLE_EQ(frames[1].pose.headingDegrees, 45.0);
    ASSERT_TRUE(frames[1].renderSize.has_value());
    EXPECT_EQ(frames[1].renderSize->width, 640u);
    try {
        static_cast<void>(parseGeodeticCameraPathFrames("0 0 100 0 0\n95 0 100 0 0\n", "bad.txt"));
        FAIL() << "a latitude of 95 was taken";
    } catch (const text::ParseError& error) {
        EXPECT_EQ(std::string(error.what()).rfind("bad.txt:2: LAT", 0), 0u) << error.what();
    }
    EXPECT_THROW(static_cast<void>(parseGeodeticCameraPathFrames("0 0 100\n", "short.txt")), text::ParseError);
    EXPECT_THROW(static_cast<void>(parseGeodeticCameraPathFrames("# nothing\n", "empty.txt")), text::ParseError);
}

TEST(GlobeFlight, SpeedScalesWithTheHeightAboveTheGround)
{
    EXPECT_DOUBLE_EQ(globeFlightSpeed(100.0, 1.0), 100.0);
    EXPECT_DOUBLE_EQ(globeFlightSpeed(2.0e7, 1.0), 2.0e7);
    EXPECT_DOUBLE_EQ(globeFlightSpeed(1.0, 2.0), 20.0);  // at least 10 m/s
    GlobeFlight flight(planet::GeodeticPose{46.5, 8.0, 3100.0, 0.0, 0.0});
    MovementKeys forward;
    forward.forward = true;
    // One second north at 100 m above ground 3000 m high: 100 m further.
    flight.move(forward, 1.0, 1.0, GlobeGround{3000.0, 0.0});
    const glm::dvec3 before = planet::globeViewOf({46.5, 8.0, 3100.0, 0.0, 0.0}).positionEcef;
    const glm::dvec3 after = planet::globeViewOf(flight.pose()).positionEcef;
    EXPECT_NEAR(glm::distance(before, after), 100.0, 1.0e-6);
    EXPECT_GT(flight.pose().latitudeDegrees, 46.5);
}

TEST(GlobeFlight, NeverGoesBelowTheGround)
{
    GlobeFlight flight(planet::GeodeticPose{0.0, 0.0, 50.0, 0.0, -90.0});
    MovementKeys down;
    down.down = true;
    for (int i = 0; i < 100; ++i) {
        flight.move(down, 1.0, 0.1, GlobeGround{40.0, 0.0});
    }
    EXPECT_DOUBLE_EQ(flight.pose().heightMetres, 40.0 + kMinimumClearanceMetres);
    flight.turn(0.0, -30.0);
    EXPECT_DOUBLE_EQ(flight.pose().pitchDegrees, -kMaxGlobePitchDegrees);
    flight.turn(400.0, 0.0);
    EXPECT_NEAR(flight.pose().headingDegrees, 40.0, 1.0e-12);
}

TEST(GlobeFlight, OverTheSeaTheWaterIsTheFloor)
{
    // 50 m over the water of a sea 4000 m deep: the speed of 50 m above
    // ground, and no lower than the clearance above the water.
    const GlobeGround seabed{-4000.0, 0.0};
    EXPECT_DOUBLE_EQ(globeFlightFloor(seabed), 0.0);
    EXPECT_DOUBLE_EQ(globeFlightFloor(GlobeGround{1500.0, 0.0}), 1500.0);
    // Sea level is the geoid: the floor stands on it, above the ellipsoid.
    EXPECT_DOUBLE_EQ(globeFlightFloor(GlobeGround{-4000.0, 62.5}), 62.5);
    EXPECT_DOUBLE_EQ(globeFlightFloor(GlobeGround{1500.0, -95.0}), 1405.0);
    GlobeFlight flight(planet::GeodeticPose{20.0, -40.0, 50.0, 0.0, 0.0});
    MovementKeys down;
    down.down = true;
    const glm::dvec3 before = planet::globeViewOf(flight.pose()).positionEcef;
    flight.move(down, 1.0, 0.1, seabed);
    EXPECT_NEAR(glm::distance(before, planet::globeViewOf(flight.pose()).positionEcef), 5.0, 1.0e-6);
    for (int i = 0; i < 100; ++i) {
        flight.move(down, 1.0, 0.1, seabed);
    }
    EXPECT_DOUBLE_EQ(flight.pose().heightMetres, kMinimumClearanceMetres);
    // A camera placed under the water rises to it.
    GlobeFlight under(planet::GeodeticPose{20.0, -40.0, -300.0, 0.0, 0.0});
    under.keepAbove(seabed);
    EXPECT_DOUBLE_EQ(under.pose().heightMetres, kMinimumClearanceMetres);
}

// Sea level on the globe is EGM96's geoid: south of Iceland it stands about
// 65 m above the ellipsoid, and the ground under a camera there, the flight's
// floor and a vector layer's line over the water all stand on it.
TEST(PlanetSetup, OverTheSeaTheFloorAndTheLinesStandOnTheGeoid)
{
    const std::filesystem::path etopo = std::filesystem::path(CBT_ETOPO_DIR) / "etopo5.cdf";
    if (!std::filesystem::exists(etopo) || !std::filesystem::exists(defaultGeoidPath())) {
        GTEST_SKIP() << "ETOPO5 or the EGM96 grid is missing (Debian packages ferret-datasets, proj-data)";
    }
    std::ostringstream out;
    const planet::GlobalElevation global(etopo, heightmap::HeightmapLimits{});
    const planet::CubeElevation elevation(global, 64, globeSeaLevel(out));
    EXPECT_NE(out.str().find("sea level is the geoid of"), std::string::npos) << out.str();
    const dem::GeoidModel geoid(defaultGeoidPath());
    const double undulation = geoid.undulationAt(62.5, -20.0);
    EXPECT_GT(undulation, 55.0);

    const GlobeGround ground = groundUnder(elevation, planet::GeodeticPose{62.5, -20.0, 500.0, 0.0, -10.0});
    EXPECT_LT(ground.heightAboveSeaMetres, 0.0) << "not over the sea";
    EXPECT_NEAR(ground.seaLevelMetres, undulation, 1.0);
    EXPECT_DOUBLE_EQ(globeFlightFloor(ground), ground.seaLevelMetres);

    const std::optional<vectordata::SurfacePoint> onWater = globeDrapeGround(elevation).pointAt(62.5, -20.0);
    ASSERT_TRUE(onWater);
    EXPECT_NEAR(geodesy::ecefToGeodetic(onWater->position).heightMetres, undulation, 1.0);
}

TEST(PlanetSetup, TheCubeGridFitsTheDevicesStorageBuffers)
{
    // lavapipe's 128 MiB: ETOPO5's 1024 fits, ETOPO1's 4096 does not.
    EXPECT_EQ(cubeIntervalsWithin(1024, VkDeviceSize{1} << 27), 1024u);
    EXPECT_EQ(cubeIntervalsWithin(4096, VkDeviceSize{1} << 27), 1024u);
    EXPECT_EQ(cubeIntervalsWithin(4096, VkDeviceSize{1} << 32), 4096u);
    EXPECT_EQ(cubeIntervalsWithin(16, VkDeviceSize{1} << 27), 64u);
}

TEST(PlanetSetup, SunIsRelativeToTheHorizonUnderTheFirstCamera)
{
    ViewerOptions options;
    options.sun.azimuthDegrees = 90.0f;  // due east
    options.sun.elevationDegrees = 30.0f;
    options.sunGiven = true;
    const planet::GeodeticPose pose{46.5, 8.0, 1000.0, 0.0, 0.0};
    const glm::dvec3 sun = planetSunDirection(options, pose);
    const planet::LocalFrame local = planet::localFrameAt(46.5, 8.0);
    EXPECT_NEAR(glm::dot(sun, local.up), 0.5, 1.0e-6);
    EXPECT_NEAR(glm::dot(sun, local.east), std::sqrt(0.75), 1.0e-6);
    EXPECT_NEAR(glm::dot(sun, local.north), 0.0, 1.0e-6);
    // Neither --sun nor --time: the documented default instant.
    const glm::dvec3 fixed = planetSunDirection(ViewerOptions{}, pose);
    EXPECT_NEAR(glm::distance(fixed, planet::sunDirectionAt(planet::kDefaultSunInstant)), 0.0, 1.0e-12);
}

}  // namespace
}  // namespace viewer
