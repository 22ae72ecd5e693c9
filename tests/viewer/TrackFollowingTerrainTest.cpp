// --follow on a flat terrain (viewer/ViewerSetup.h, loadViewerCameraPathFrames):
// a GPX track over a DEM in UTM zone 33N, flown as the viewer flies it.
// The camera stays above the DEM's ground at every frame, and the point it
// follows shows in the lower third of the frame, in its middle, through
// the flat camera's own view matrix. A track off the map and a terrain
// without georeferencing give one line.
#include "geodesy/Wgs84.h"
#include "viewer/FlyCamera.h"
#include "viewer/GeodeticCamera.h"
#include "viewer/GeodeticFrame.h"
#include "viewer/TrackFollowing.h"
#include "viewer/ViewerSetup.h"

#include <gtest/gtest.h>
#include <unistd.h>
#include <glm/trigonometric.hpp>
#include "DemTestFiles.h"

#include <cmath>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <sstream>
#include <string>

namespace viewer {
namespace {

constexpr std::uint32_t kColumns = 400;
constexpr std::uint32_t kRows = 300;
constexpr double kCellMetres = 30.0;
constexpr double kWest = 480000.0;
constexpr double kNorth = 5100000.0;
constexpr double kLowestMetres = 200.0;
constexpr double kHighestMetres = 1800.0;
constexpr double kAspect = 16.0 / 9.0;

// Ridges and valleys between kLowestMetres and kHighestMetres.
double groundAt(double column, double row)
{
    const double wave =
        0.5 + 0.3 * std::sin(column / 23.0 + 0.7 * std::sin(row / 31.0)) + 0.2 * std::cos(row / 17.0 - column / 41.0);
    return kLowestMetres + (kHighestMetres - kLowestMetres) * std::clamp(wave, 0.0, 1.0);
}

dem::TerrainSource utmTerrain()
{
    dem::TerrainSource terrain;
    heightmap::Heightmap& heightmap = terrain.heightmap;
    heightmap.width = kColumns;
    heightmap.height = kRows;
    heightmap.sourcePath = "utm.tif";
    for (std::uint32_t row = 0; row < kRows; ++row) {
        for (std::uint32_t column = 0; column < kColumns; ++column) {
            const double share = (groundAt(column, row) - kLowestMetres) / (kHighestMetres - kLowestMetres);
            heightmap.samples.push_back(static_cast<std::uint16_t>(std::lround(share * 65535.0)));
        }
    }
    dem::DemMetadata metadata;
    metadata.minimumHeightMetres = kLowestMetres;
    metadata.maximumHeightMetres = kHighestMetres;
    metadata.extent = dem::GroundExtent{(kColumns - 1) * kCellMetres, (kRows - 1) * kCellMetres};
    metadata.centreLatitudeDegrees = 46.0;
    dem::DemGrid grid;
    grid.geoTransform = {kWest - 0.5 * kCellMetres, kCellMetres, 0.0, kNorth + 0.5 * kCellMetres, 0.0, -kCellMetres};
    grid.crsWkt = dem_test::wktOfEpsg(32633);
    grid.columns = kColumns;
    grid.rows = kRows;
    metadata.grid = grid;
    terrain.dem = metadata;
    return terrain;
}

class TrackFollowingTerrainTest : public ::testing::Test {
protected:
    TrackFollowingTerrainTest()
        : folder_(std::filesystem::temp_directory_path() /
                  ("cbt-terrain-follow-" + std::to_string(::getpid()) + "-" +
                   ::testing::UnitTest::GetInstance()->current_test_info()->name()))
    {
        std::filesystem::create_directories(folder_);
    }
    ~TrackFollowingTerrainTest() override { std::filesystem::remove_all(folder_); }

    // A GPX track through the UTM points (column, row of the DEM).
    [[nodiscard]] std::string gpxThrough(const std::vector<std::pair<double, double>>& samples) const
    {
        std::ostringstream gpx;
        gpx << std::setprecision(12)
            << "<?xml version=\"1.0\"?>\n<gpx version=\"1.1\" creator=\"test\" "
               "xmlns=\"http://www.topografix.com/GPX/1/1\"><trk><trkseg>\n";
        for (const auto& [column, row] : samples) {
            const auto [longitude, latitude] =
                dem_test::wgs84LongitudeLatitudeOf(kWest + column * kCellMetres, kNorth - row * kCellMetres, 32633);
            gpx << "<trkpt lat=\"" << latitude << "\" lon=\"" << longitude << "\"/>\n";
        }
        gpx << "</trkseg></trk></gpx>\n";
        const std::filesystem::path path = folder_ / "track.gpx";
        std::ofstream(path) << gpx.str();
        return path.string();
    }

    std::filesystem::path folder_;
};

TEST_F(TrackFollowingTerrainTest, TheCameraStaysAboveTheGroundWithThePointInTheLowerCentreThird)
{
    const dem::TerrainSource terrain = utmTerrain();
    ViewerOptions options;
    options.followTrack = gpxThrough({{60, 250}, {150, 200}, {120, 120}, {250, 80}, {330, 150}, {300, 260}});
    options.followHeightMetres = 80.0;
    options.followSpeed = 120.0;
    options.framesPerSecond = 5.0;
    std::ostringstream out;
    const std::vector<CameraPathFrame> frames = loadViewerCameraPathFrames(options, terrain, out);
    ASSERT_GT(frames.size(), 100u);
    EXPECT_NE(out.str().find("cbt-terrain: --follow: " + *options.followTrack + ", GPX track"), std::string::npos)
        << out.str();

    // The same flight, with the points it follows.
    const scene::SceneSettings settings = initialSceneSettings(options, terrain.heightmap, terrain.dem);
    const GeodeticFrame frame(terrain, settings.terrain, "--follow");
    const SurfaceHeight surface = [&](double latitude, double longitude) {
        return frame.elevationAt(latitude, longitude);
    };
    const FollowedTrack followed =
        followTrack(vectordata::readTrack(*options.followTrack), surface, trackFollowSettingsOf(options));
    ASSERT_EQ(followed.frames.size(), frames.size());

    const double world = static_cast<double>(settings.terrain.elevationPerWorldHeight);
    const double halfHeight = std::tan(glm::radians(60.0) * 0.5);
    for (std::size_t k = 0; k < frames.size(); ++k) {
        const CameraPose& pose = frames[k].pose;
        const CameraPose expected = cameraPoseInFrame(followed.frames[k].camera, frame, "--follow");
        ASSERT_EQ(pose.position, expected.position) << "frame " << k;
        // Above the DEM's ground under the camera by the follow height.
        const double column = pose.position.x / (settings.terrain.extentMetres) * (kColumns - 1) + 0.5 * (kColumns - 1);
        const double depth = settings.terrain.extentMetres * settings.terrain.depthPerWidth;
        const double row = pose.position.z / depth * (kRows - 1) + 0.5 * (kRows - 1);
        EXPECT_GE(pose.position.y * world, groundAt(column, row) + options.followHeightMetres - 2.0) << "frame " << k;

        const FollowedFrame& point = followed.frames[k];
        const glm::dvec2 place = frame.worldOf(point.pointLatitudeDegrees, point.pointLongitudeDegrees);
        const glm::vec4 inView =
            FlyCamera(pose).viewMatrix() * glm::vec4(static_cast<float>(place.x),
                                                     static_cast<float>(point.pointHeightMetres / world),
                                                     static_cast<float>(place.y), 1.0f);
        const double ahead = -inView.z;
        ASSERT_GT(ahead, 0.0) << "frame " << k;
        EXPECT_LE(std::abs(inView.x / ahead / (halfHeight * kAspect)), 1.0 / 3.0) << "frame " << k;
        const double down = -inView.y / ahead / halfHeight;
        EXPECT_GE(down, 1.0 / 3.0) << "frame " << k;
        EXPECT_LE(down, 1.0) << "frame " << k;
    }
}

TEST_F(TrackFollowingTerrainTest, ATrackOffTheMapOrATerrainWithoutGeoreferencingGivesOneLine)
{
    const dem::TerrainSource terrain = utmTerrain();
    ViewerOptions options;
    // 30 to 60 km east of the map.
    options.followTrack = gpxThrough({{1400, 100}, {2400, 100}});
    std::ostringstream out;
    try {
        (void)loadViewerCameraPathFrames(options, terrain, out);
        ADD_FAILURE() << "no error";
    } catch (const TrackFollowError& error) {
        const std::string message = error.what();
        EXPECT_EQ(message.rfind("--follow: " + *options.followTrack + ": no point of the track (latitudes ", 0), 0u)
            << message;
        EXPECT_NE(message.find(") lies on utm.tif"), std::string::npos) << message;
    }

    dem::TerrainSource png = terrain;
    png.dem.reset();
    png.heightmap.sourcePath = "relief.png";
    try {
        (void)loadViewerCameraPathFrames(options, png, out);
        ADD_FAILURE() << "no error";
    } catch (const GeodeticPlacementError& error) {
        EXPECT_STREQ(error.what(),
                     "--follow: relief.png has no georeferencing to place the camera with (a PNG heightmap)");
    }
}

}  // namespace
}  // namespace viewer
