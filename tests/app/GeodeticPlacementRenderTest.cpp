// --time lights a georeferenced map as the sun stands at that instant, and
// --camera-geo places one camera at one place whatever the file: a DEM in
// UTM zone 33N and a crop of it, rendered from the same WGS 84 pose, give the
// same frame once both meshes have converged, while the crop's world
// coordinates differ from the whole map's by kilometres; a keyframed
// --camera-geo-path ends where its last keyframe stands, and --time
// START/END ends with the sun of END. The frames shade
// normals: the materials' noise lies in world metres, which differ between
// the two files. Headless frames with the validation layer on.
#include "ChildProcess.h"
#include "DemTestFiles.h"
#include "ViewerTestFiles.h"

#include <gdal.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <sstream>
#include <string>
#include <vector>

namespace app_test {
namespace {

constexpr int kColumns = 200;
constexpr int kRows = 160;
constexpr double kSpacing = 50.0;  // metres
constexpr double kWest = 495000.0;
constexpr double kNorth = 5000000.0;
// The crop: columns [50, 170) and rows [30, 130) of the whole map.
constexpr int kCropColumn = 50;
constexpr int kCropRow = 30;
constexpr int kCropColumns = 120;
constexpr int kCropRows = 100;
constexpr int kUtm33North = 32633;

// Smooth waves crossing at angles over rolling ground: every patch of the
// frame has its own shading, so a camera off by a few cells shows another
// picture, and no crease makes the frame hang on where the mesh's vertices fall.
double heightAt(int column, int row)
{
    const double x = column * kSpacing;
    const double z = row * kSpacing;
    return 400.0 + 120.0 * std::sin(x / 300.0 + 0.8 * std::sin(z / 260.0)) + 90.0 * std::cos(z / 240.0 - x / 700.0) +
           70.0 * std::sin(x / 610.0) * std::cos(z / 830.0);
}

void writeUtmDem(const std::filesystem::path& path, int firstColumn, int firstRow, int columns, int rows)
{
    std::vector<double> heights;
    heights.reserve(static_cast<std::size_t>(columns * rows));
    for (int row = firstRow; row < firstRow + rows; ++row) {
        for (int column = firstColumn; column < firstColumn + columns; ++column) {
            heights.push_back(heightAt(column, row));
        }
    }
    dem_test::writeBandsGeoTiff(path, static_cast<std::uint32_t>(columns), static_cast<std::uint32_t>(rows),
                                GDT_Float32, {heights},
                                std::array<double, 6>{kWest + firstColumn * kSpacing, kSpacing, 0.0,
                                                      kNorth - firstRow * kSpacing, 0.0, -kSpacing},
                                kUtm33North);
}

// "LAT,LON" of a point of UTM zone 33N, to 10 decimals.
std::string latitudeLongitudeOf(double easting, double northing)
{
    const auto [longitude, latitude] = dem_test::wgs84LongitudeLatitudeOf(easting, northing, kUtm33North);
    std::ostringstream text;
    text.precision(10);
    text << std::fixed << latitude << "," << longitude;
    return text.str();
}

class GeodeticPlacementRenderTest : public ::testing::Test {
protected:
    GeodeticPlacementRenderTest() : scratch_("camera-geo")
    {
        writeUtmDem(scratch_.file("whole.tif"), 0, 0, kColumns, kRows);
        writeUtmDem(scratch_.file("crop.tif"), kCropColumn, kCropRow, kCropColumns, kCropRows);
    }

    DecodedImage render(const std::string& dem, const std::string& name, std::vector<std::string> camera) const
    {
        const std::filesystem::path frame = scratch_.file(name + ".png");
        std::vector<std::string> arguments{CBT_TERRAIN_BINARY, scratch_.file(dem).string(),
                                           "--headless",       "--validate",
                                           "--msaa",           "1",
                                           "--shadows",        "off",
                                           "--detail",         "off",
                                           "--size",           "160x90",
                                           "--frames",         "40",
                                           "--screenshot",     frame.string()};
        arguments.insert(arguments.end(), camera.begin(), camera.end());
        return runForScreenshot(arguments, frame).value_or(DecodedImage{});
    }

    ScratchFolder scratch_;
};

TEST_F(GeodeticPlacementRenderTest, OnePoseShowsTheSamePlaceInAMapAndInItsCrop)
{
    // 1200 m above the datum (the ground lies at 330..720 m), over column
    // 110 and row 80 of the whole map, looking north-east and down.
    const std::string place = latitudeLongitudeOf(kWest + 110.5 * kSpacing, kNorth - 80.5 * kSpacing);
    const DecodedImage whole =
        render("whole.tif", "whole", {"--camera-geo", place + ",1200,30,-65", "--shading", "normals"});
    const DecodedImage crop =
        render("crop.tif", "crop", {"--camera-geo", place + ",1200,30,-65", "--shading", "normals"});
    ASSERT_GT(whole.width, 0);
    ASSERT_GT(crop.width, 0);
    EXPECT_GT(bandStatistics(whole, 0, whole.height).luminanceDeviation, 8.0) << "a featureless frame";

    const double same = differingPixelFraction(whole, crop, 12);
    EXPECT_LT(same, 0.005);

    // The controls: the crop seen 10 degrees further east, and 150 m
    // further north, are other pictures.
    const DecodedImage turned =
        render("crop.tif", "turned", {"--camera-geo", place + ",1200,40,-65", "--shading", "normals"});
    const std::string north = latitudeLongitudeOf(kWest + 110.5 * kSpacing, kNorth - 77.5 * kSpacing);
    const DecodedImage moved =
        render("crop.tif", "moved", {"--camera-geo", north + ",1200,30,-65", "--shading", "normals"});
    EXPECT_GT(differingPixelFraction(whole, turned, 12), 5.0 * same + 0.05);
    EXPECT_GT(differingPixelFraction(whole, moved, 12), 5.0 * same + 0.05);
}

TEST_F(GeodeticPlacementRenderTest, AGeodeticPathEndsWhereItsLastKeyframeStands)
{
    // Keyframes in WGS 84 terms (--camera-geo-path): from 3 rows south,
    // turned, to the place of the test above, held there for the last 27
    // frames: 3.25 s at 12 frames a second are the 40 frames rendered.
    const std::string place = latitudeLongitudeOf(kWest + 110.5 * kSpacing, kNorth - 80.5 * kSpacing);
    const std::string south = latitudeLongitudeOf(kWest + 110.5 * kSpacing, kNorth - 83.5 * kSpacing);
    const std::filesystem::path path = scratch_.file("geo-path.txt");
    std::string text = "# T LAT LON HEIGHT HEADING PITCH\n0 " + south + " 1400 10 -60\n1 " + place +
                       " 1200 30 -65\n3.25 " + place + " 1200 30 -65\n";
    std::replace(text.begin(), text.end(), ',', ' ');
    writeText(path, text);
    const DecodedImage flown =
        render("crop.tif", "flown", {"--camera-geo-path", path.string(), "--fps", "12", "--shading", "normals"});
    const DecodedImage placed =
        render("crop.tif", "placed", {"--camera-geo", place + ",1200,30,-65", "--shading", "normals"});
    ASSERT_GT(flown.width, 0);
    ASSERT_GT(placed.width, 0);
    EXPECT_LT(differingPixelFraction(flown, placed, 12), 0.01);
}

TEST_F(GeodeticPlacementRenderTest, TimeOfDayLightsTheMapAndTheNightIsDark)
{
    // The map lies at 45.1 N, 14.94 E: on 20 June the sun culminates near
    // 11:00 UTC, 68 degrees up, and at 23:00 UTC stands 21 degrees below the
    // horizon.
    const std::vector<std::string> view{"--camera", "0,2500,4500,0,-35"};
    std::vector<std::string> noonArguments = view;
    noonArguments.insert(noonArguments.end(), {"--time", "2024-06-20T11:00Z"});
    std::vector<std::string> nightArguments = view;
    nightArguments.insert(nightArguments.end(), {"--time", "2024-06-20T23:00Z"});
    const DecodedImage noon = render("whole.tif", "noon", noonArguments);
    const DecodedImage night = render("whole.tif", "night", nightArguments);
    ASSERT_GT(noon.width, 0);
    ASSERT_GT(night.width, 0);
    const BandStatistics day = bandStatistics(noon, 0, noon.height);
    const BandStatistics dark = bandStatistics(night, 0, night.height);
    EXPECT_GT(day.luminanceMean, 60.0);
    EXPECT_LT(day.luminanceMean, 235.0) << "a washed-out day";
    EXPECT_LT(dark.luminanceMean, 3.0);
}

TEST_F(GeodeticPlacementRenderTest, TimeStartEndMovesTheSunOverThePath)
{
    // A still path of 40 frames (3.25 s at 12 a second) over the map: with
    // --time START/END its last frame has the sun of END, so night to noon
    // ends lit as the noon frame is, and noon to night ends dark.
    const std::filesystem::path path = scratch_.file("still.txt");
    writeText(path, "0 0 2500 4500 0 -35\n3.25 0 2500 4500 0 -35\n");
    const std::vector<std::string> still{"--camera-path", path.string(), "--fps", "12"};
    std::vector<std::string> sunrise = still;
    sunrise.insert(sunrise.end(), {"--time", "2024-06-20T23:00Z/2024-06-21T11:00Z"});
    std::vector<std::string> sunset = still;
    sunset.insert(sunset.end(), {"--time", "2024-06-20T11:00Z/2024-06-20T23:00Z"});
    const DecodedImage toDay = render("whole.tif", "to-day", sunrise);
    const DecodedImage toNight = render("whole.tif", "to-night", sunset);
    const DecodedImage noon =
        render("whole.tif", "noon-still", {"--camera", "0,2500,4500,0,-35", "--time", "2024-06-21T11:00Z"});
    ASSERT_GT(toDay.width, 0);
    ASSERT_GT(toNight.width, 0);
    ASSERT_GT(noon.width, 0);
    EXPECT_GT(bandStatistics(toDay, 0, toDay.height).luminanceMean, 60.0);
    EXPECT_LT(bandStatistics(toNight, 0, toNight.height).luminanceMean, 3.0);
    EXPECT_LT(differingPixelFraction(toDay, noon, 12), 0.01) << "the last frame's sun is not END's";
}

TEST_F(GeodeticPlacementRenderTest, StatsGiveTheCameraBackInWgs84Terms)
{
    // --stats reports the last frame's camera as --camera-geo takes it: the
    // pose given comes back, on the whole map and on the crop.
    const std::string place = latitudeLongitudeOf(kWest + 120.5 * kSpacing, kNorth - 70.5 * kSpacing);
    const auto [longitude, latitude] =
        dem_test::wgs84LongitudeLatitudeOf(kWest + 120.5 * kSpacing, kNorth - 70.5 * kSpacing, kUtm33North);
    for (const char* dem : {"whole.tif", "crop.tif"}) {
        const std::filesystem::path stats = scratch_.file(std::string(dem) + ".json");
        ProcessOptions options;
        options.arguments = {
            CBT_TERRAIN_BINARY, scratch_.file(dem).string(), "--headless", "--size",      "64x36", "--frames", "2",
            "--camera-geo",     place + ",1500,250,-30",     "--stats",    stats.string()};
        const ProcessResult result = runProcess(options);
        ASSERT_EQ(result.exitCode, 0) << result.err;
        const std::string json = fileText(stats);
        const auto field = [&](const char* name) { return jsonNumberAt(json, {"cameraGeo", name}).value_or(1e9); };
        EXPECT_NEAR(field("latitude"), latitude, 1e-7) << dem;
        EXPECT_NEAR(field("longitude"), longitude, 1e-7) << dem;
        EXPECT_NEAR(field("height"), 1500.0, 1e-3) << dem;
        EXPECT_NEAR(field("heading"), 250.0, 1e-3) << dem;
        EXPECT_NEAR(field("pitch"), -30.0, 1e-4) << dem;
    }
    // A heightmap without georeferencing has no such camera.
    const std::filesystem::path png = scratch_.file("plain.png");
    writeReliefHeightmap(png, 64);
    const std::filesystem::path stats = scratch_.file("plain.json");
    ProcessOptions options;
    options.arguments = {CBT_TERRAIN_BINARY, png.string(), "--headless", "--size",      "64x36",
                         "--frames",         "2",          "--stats",    stats.string()};
    ASSERT_EQ(runProcess(options).exitCode, 0);
    const std::string json = fileText(stats);
    EXPECT_NE(json.find("\"backend\""), std::string::npos);
    EXPECT_EQ(json.find("cameraGeo"), std::string::npos);
}

// A GPX track through UTM points (column, row of the whole map).
std::string gpxThrough(const std::vector<std::pair<double, double>>& samples)
{
    std::string gpx =
        "<?xml version=\"1.0\"?>\n<gpx version=\"1.1\" creator=\"test\" "
        "xmlns=\"http://www.topografix.com/GPX/1/1\"><trk><name>ridge walk</name><trkseg>\n";
    for (const auto& [column, row] : samples) {
        std::string place = latitudeLongitudeOf(kWest + (column + 0.5) * kSpacing, kNorth - (row + 0.5) * kSpacing);
        const std::size_t comma = place.find(',');
        gpx += "<trkpt lat=\"" + place.substr(0, comma) + "\" lon=\"" + place.substr(comma + 1) + "\"/>\n";
    }
    return gpx + "</trkseg></trk></gpx>\n";
}

TEST_F(GeodeticPlacementRenderTest, FollowingATrackFliesAboveTheGroundAlongIt)
{
    // Over the crop, west to east along row 80, then north-east: at 150 m/s
    // and 8 frames a second the 3.9 km take 26.1 s, 209 frames; the last
    // frame stands behind the track's end, looking along its last leg.
    const std::filesystem::path track = scratch_.file("walk.gpx");
    writeText(track, gpxThrough({{60, 80}, {110, 80}, {130, 60}}));
    const std::filesystem::path frame = scratch_.file("followed.png");
    const std::filesystem::path stats = scratch_.file("followed.json");
    ProcessOptions options;
    options.arguments = {CBT_TERRAIN_BINARY,
                         scratch_.file("crop.tif").string(),
                         "--headless",
                         "--validate",
                         "--msaa",
                         "1",
                         "--size",
                         "160x90",
                         "--follow",
                         track.string(),
                         "--follow-height",
                         "120",
                         "--follow-speed",
                         "150",
                         "--fps",
                         "8",
                         "--screenshot",
                         frame.string(),
                         "--stats",
                         stats.string()};
    const ProcessResult result = runProcess(options);
    ASSERT_EQ(result.exitCode, 0) << result.err;
    expectNoValidationOrErrors(result.err);
    EXPECT_NE(result.out.find("cbt-terrain: --follow: " + track.string() +
                              ", GPX track \"ridge walk\": 3.9 km in 3 "
                              "points, flown in 26.1 s at 150.0 m/s (209 frames), 120.0 m above the ground"),
              std::string::npos)
        << result.out;
    const std::optional<DecodedImage> image = decodePng(frame);
    ASSERT_TRUE(image.has_value());
    const BandStatistics ground = bandStatistics(*image, image->height / 2, image->height);
    EXPECT_GT(ground.luminanceMean, 40.0) << "a dark ground";
    EXPECT_LT(ground.luminanceMean, 235.0) << "a washed-out ground";
    EXPECT_GT(ground.luminanceDeviation, 4.0) << "a featureless ground";
    const std::string json = fileText(stats);
    // The last leg runs north-east on the map: the grid's north is within a
    // degree of true north here.
    EXPECT_NEAR(jsonNumberAt(json, {"cameraGeo", "heading"}).value_or(0.0), 45.0, 3.0);
    // At least the follow height above the track's last point.
    EXPECT_GE(jsonNumberAt(json, {"cameraGeo", "height"}).value_or(0.0), heightAt(130, 60) + 120.0 - 0.5);
    EXPECT_LT(jsonNumberAt(json, {"cameraGeo", "pitch"}).value_or(0.0), 0.0);
}

TEST_F(GeodeticPlacementRenderTest, ATrackOffTheMapGivesOneLine)
{
    const std::filesystem::path track = scratch_.file("elsewhere.gpx");
    writeText(track, gpxThrough({{400, 80}, {500, 80}}));
    ProcessOptions options;
    options.arguments = {CBT_TERRAIN_BINARY, scratch_.file("crop.tif").string(), "--headless", "--follow",
                         track.string()};
    const ProcessResult result = runProcess(options);
    EXPECT_EQ(result.exitCode, 1);
    const std::vector<std::string> lines = linesOf(result.err);
    ASSERT_EQ(lines.size(), 1u) << result.err;
    EXPECT_EQ(lines[0].rfind("cbt-terrain: --follow: " + track.string() + ": no point of the track (latitudes ", 0), 0u)
        << lines[0];
    EXPECT_NE(lines[0].find(") lies on " + scratch_.file("crop.tif").string()), std::string::npos) << lines[0];
}

TEST_F(GeodeticPlacementRenderTest, EveryGeodeticFlagNeedsGeoreferencing)
{
    const std::filesystem::path png = scratch_.file("plain.png");
    writeReliefHeightmap(png, 64);
    const std::filesystem::path path = scratch_.file("geo.txt");
    writeText(path, "0 45 15 1000 0 -30\n1 45.01 15 1000 0 -30\n");
    const std::filesystem::path track = scratch_.file("track.gpx");
    writeText(track, gpxThrough({{60, 80}, {110, 80}}));
    const std::array<std::array<std::string, 3>, 4> cases{{{"--camera-geo", "45,15,1000,0,-30", "camera"},
                                                           {"--camera-geo-path", path.string(), "camera"},
                                                           {"--follow", track.string(), "camera"},
                                                           {"--time", "2024-06-20T11:00Z", "sun"}}};
    for (const auto& [flag, value, placed] : cases) {
        ProcessOptions options;
        options.arguments = {CBT_TERRAIN_BINARY, png.string(), "--headless", "--frames", "1", flag, value};
        const ProcessResult result = runProcess(options);
        EXPECT_EQ(result.exitCode, 1) << flag;
        const std::vector<std::string> lines = linesOf(result.err);
        ASSERT_EQ(lines.size(), 1u) << result.err;
        EXPECT_EQ(lines[0], "cbt-terrain: " + flag + ": " + png.string() + " has no georeferencing to place the " +
                                placed + " with (a PNG heightmap)");
    }
}

}  // namespace
}  // namespace app_test
