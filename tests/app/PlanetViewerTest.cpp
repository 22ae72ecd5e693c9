// cbt-terrain --planet, the real binary headless on the Vulkan device
// (label render): the default ETOPO5 globe from Home renders validation
// clean with a disc of the Earth in dark space and reports the camera's
// geodetic pose and the globe's counts in --stats; a geodetic camera path
// ends where its last line says; a model of the land alone shows its
// no-data as sea; a GEBCO-sized model streams its tiles;
// bad input (a raster that is not global, a
// missing file, a flat terrain's flag) gives one line and a non-zero exit.
#include "ChildProcess.h"
#include "DemTestFiles.h"
#include "ViewerTestFiles.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <string>
#include <utility>
#include <vector>

namespace app_test {
namespace {

ProcessResult runViewer(const std::vector<std::string>& arguments)
{
    return runProcess(programWithArguments(CBT_TERRAIN_BINARY, arguments));
}

bool etopoMissing()
{
    return !std::filesystem::exists(CBT_ETOPO5_GRID);
}

// One line on stderr, starting "cbt-terrain: ", that holds `text`.
void expectOneLineError(const ProcessResult& result, const std::string& text)
{
    EXPECT_NE(result.exitCode, 0);
    EXPECT_EQ(result.err.rfind("cbt-terrain: ", 0), 0u) << result.err;
    EXPECT_EQ(std::count(result.err.begin(), result.err.end(), '\n'), 1) << result.err;
    EXPECT_NE(result.err.find(text), std::string::npos) << result.err;
}

// A GEBCO-sized global model: an 86400 x 43200 VRT (no overviews) over a
// 36 x 18 Int16 raster of `values` at 10 degrees a sample, in `folder`.
std::filesystem::path writeGebcoSizedVrt(const ScratchFolder& folder, std::vector<double> values)
{
    const std::filesystem::path small = folder.file("small.tif");
    dem_test::RasterSpec global = dem_test::rasterOf(36, 18, GDT_Int16, std::move(values));
    global.geoTransform = std::array<double, 6>{-180.0, 10.0, 0.0, 90.0, 0.0, -10.0};
    global.epsg = 4326;
    dem_test::writeRaster(small, global);
    const std::filesystem::path gebco = folder.file("gebco-sized.vrt");
    std::ofstream(gebco) << "<VRTDataset rasterXSize=\"86400\" rasterYSize=\"43200\"><SRS>EPSG:4326</SRS>"
                            "<GeoTransform>-180, 0.004166666666666667, 0, 90, 0, -0.004166666666666667</GeoTransform>"
                            "<VRTRasterBand dataType=\"Int16\" band=\"1\"><SimpleSource>"
                            "<SourceFilename relativeToVRT=\"1\">small.tif</SourceFilename><SourceBand>1</SourceBand>"
                            "<SrcRect xOff=\"0\" yOff=\"0\" xSize=\"36\" ySize=\"18\"/>"
                            "<DstRect xOff=\"0\" yOff=\"0\" xSize=\"86400\" ySize=\"43200\"/>"
                            "</SimpleSource></VRTRasterBand></VRTDataset>\n";
    return gebco;
}

TEST(PlanetViewer, TheDefaultGlobeFromHomeIsAWholeEarthInDarkSpace)
{
    if (etopoMissing()) {
        GTEST_SKIP() << CBT_ETOPO5_GRID << " is missing (Debian package ferret-datasets, scripts/setup-debian.sh)";
    }
    const ScratchFolder scratch("planet-viewer");
    const std::filesystem::path stats = scratch.file("planet.json");
    const std::filesystem::path image = scratch.file("planet.png");
    const ProcessResult result =
        runViewer({"--planet", "--headless", "--validate", "--msaa", "1", "--size", "192x108", "--frames", "16",
                   "--stats", stats.string(), "--screenshot", image.string()});
    EXPECT_FALSE(result.timedOut);
    ASSERT_EQ(result.exitCode, 0) << result.err;
    expectNoValidationOrErrors(result.err);
    EXPECT_NE(result.out.find("cbt-terrain: planet: " + std::string(CBT_ETOPO5_GRID) + ", 4320x2161 samples"),
              std::string::npos)
        << result.out;
    EXPECT_NE(result.out.find("the default instant"), std::string::npos) << result.out;

    const nlohmann::json json = nlohmann::json::parse(fileText(stats));
    EXPECT_EQ(json["backend"], "pool");
    // The globe's own default target, coarser than the flat terrain's 7.
    EXPECT_DOUBLE_EQ(json["targetEdgePixels"].get<double>(), 10.0);
    EXPECT_DOUBLE_EQ(json["cameraGeo"]["latitude"].get<double>(), 20.0);
    EXPECT_DOUBLE_EQ(json["cameraGeo"]["height"].get<double>(), 1.2e7);
    EXPECT_GT(json["planet"]["altitudeAboveGround"].get<double>(), 1.19e7);
    EXPECT_GT(json["planet"]["elevationBytes"].get<double>(), 0.0);
    EXPECT_GT(json["leafCount"]["last"].get<double>(), 24.0) << "the cube's roots were never refined";
    EXPECT_GT(json["pool"]["visibleBisectors"].get<double>(), 24.0);
    // The pool's own 76.5 bytes a slot, the exact vertices' 96, the cache's
    // 48, the detail's sums' 24 and the shading's 12 (256.5 in all).
    EXPECT_LE(json["pool"]["bytesPerBisector"].get<double>(), 257.0);
    for (const char* pass : {"classify", "split", "allocate", "bisect", "merge", "reduce", "index", "draw"}) {
        EXPECT_GT(json["gpuTimesMs"][pass]["count"].get<double>(), 0.0) << pass;
    }

    const std::optional<DecodedImage> frame = decodePng(image);
    ASSERT_TRUE(frame.has_value());
    // The corners are space, the centre is the Earth.
    for (const auto& [x, y] : {std::pair{0, 0}, {frame->width - 1, 0}, {0, frame->height - 1}}) {
        const std::uint8_t* p = frame->pixel(x, y);
        EXPECT_LT(p[0] + p[1] + p[2], 10) << x << "," << y;
    }
    const std::uint8_t* centre = frame->pixel(frame->width / 2, frame->height / 2);
    EXPECT_GT(centre[0] + centre[1] + centre[2], 120);
}

TEST(PlanetViewer, TheGlobeTakesTwoAndEightSamplesWhateverTheFramebufferAllows)
{
    if (etopoMissing()) {
        GTEST_SKIP() << CBT_ETOPO5_GRID << " is missing";
    }
    // The globe rasterizes and resolves in compute: --msaa 2 and 8 work where
    // the device's framebuffers take neither (lavapipe takes 1 and 4).
    const ScratchFolder scratch("planet-samples");
    for (const char* samples : {"2", "8"}) {
        const std::filesystem::path image = scratch.file(std::string("samples-") + samples + ".png");
        const ProcessResult result = runViewer({"--planet", "--headless", "--validate", "--msaa", samples, "--size",
                                                "96x54", "--frames", "6", "--screenshot", image.string()});
        ASSERT_EQ(result.exitCode, 0) << samples << " samples: " << result.err;
        expectNoValidationOrErrors(result.err);
        const std::optional<DecodedImage> frame = decodePng(image);
        ASSERT_TRUE(frame.has_value());
        const std::uint8_t* centre = frame->pixel(frame->width / 2, frame->height / 2);
        EXPECT_GT(centre[0] + centre[1] + centre[2], 120) << samples << " samples: the Earth is missing";
    }
}

TEST(PlanetViewer, AGeodeticCameraPathEndsWhereItsLastLineSays)
{
    if (etopoMissing()) {
        GTEST_SKIP() << CBT_ETOPO5_GRID << " is missing";
    }
    const ScratchFolder scratch("planet-path");
    const std::filesystem::path path = scratch.file("flight.txt");
    std::ofstream(path) << "# LAT LON HEIGHT HEADING PITCH\n"
                           "46.5 8.0 2.0e7 0 -90\n"
                           "46.5 8.0 2.0e6 0 -90 160x90\n"
                           "46.5 8.0 20000 30 -20\n";
    const std::filesystem::path stats = scratch.file("flight.json");
    const ProcessResult result = runViewer({"--planet", "--headless", "--validate", "--msaa", "1", "--size", "128x72",
                                            "--camera-path", path.string(), "--stats", stats.string()});
    ASSERT_EQ(result.exitCode, 0) << result.err;
    expectNoValidationOrErrors(result.err);
    const nlohmann::json json = nlohmann::json::parse(fileText(stats));
    EXPECT_EQ(json["frames"], 3);
    EXPECT_EQ(json["width"], 160);
    EXPECT_DOUBLE_EQ(json["cameraGeo"]["height"].get<double>(), 20000.0);
    EXPECT_DOUBLE_EQ(json["cameraGeo"]["heading"].get<double>(), 30.0);
}

// Keyframes on the globe follow the great circle between them at --fps,
// and --time START/END moves the sun over the frames: the view of Europe
// from 6,000 km that the path ends on is lit when the sun moves from dawn
// to noon, and dark when it moves from noon to the next night.
TEST(PlanetViewer, KeyframesAndTimeStartEndFlyTheGlobe)
{
    if (etopoMissing()) {
        GTEST_SKIP() << CBT_ETOPO5_GRID << " is missing";
    }
    const ScratchFolder scratch("planet-keyframes");
    const std::filesystem::path path = scratch.file("keyframes.txt");
    std::ofstream(path) << "# T LAT LON HEIGHT HEADING PITCH\n"
                           "0 46.0 -20.0 6.0e6 0 -90\n"
                           "2 46.0 10.0 6.0e6 0 -90\n"
                           "3 46.0 10.0 6.0e6 0 -90\n";
    const auto flown = [&](const std::string& name, const std::string& time) {
        const std::filesystem::path stats = scratch.file(name + ".json");
        const std::filesystem::path image = scratch.file(name + ".png");
        const ProcessResult result =
            runViewer({"--planet", "--headless", "--validate", "--msaa", "1", "--size", "96x54", "--fps", "4",
                       "--camera-path", path.string(), "--time", time, "--imagery", "none", "--stats", stats.string(),
                       "--screenshot", image.string()});
        EXPECT_EQ(result.exitCode, 0) << result.err;
        expectNoValidationOrErrors(result.err);
        const nlohmann::json json = nlohmann::json::parse(fileText(stats));
        EXPECT_EQ(json["frames"], 13);  // 3 s at 4 frames a second
        EXPECT_DOUBLE_EQ(json["cameraGeo"]["longitude"].get<double>(), 10.0);
        const std::optional<DecodedImage> frame = decodePng(image);
        return frame ? bandStatistics(*frame, 0, frame->height).luminanceMean : -1.0;
    };
    const double lit = flown("lit", "2024-06-21T06:00Z/2024-06-21T11:00Z");
    const double dark = flown("dark", "2024-06-21T11:00Z/2024-06-21T23:30Z");
    EXPECT_GT(lit, 4.0 * dark + 10.0) << "lit " << lit << ", dark " << dark;
}

// --follow on the globe: a GPX track up the Rhone valley, flown at
// 1,000 m/s and 2 frames a second (74.9 km in 74.9 s, 150 frames), ends behind
// its last point looking east-north-east along it, at least the follow
// height above the ground under the camera.
TEST(PlanetViewer, FollowingATrackFliesAboveTheGround)
{
    if (etopoMissing()) {
        GTEST_SKIP() << CBT_ETOPO5_GRID << " is missing";
    }
    const ScratchFolder scratch("planet-follow");
    const std::filesystem::path track = scratch.file("valley.gpx");
    std::ofstream(track) << "<?xml version=\"1.0\"?>\n<gpx version=\"1.1\" creator=\"test\" "
                            "xmlns=\"http://www.topografix.com/GPX/1/1\"><trk><trkseg>\n"
                            "<trkpt lat=\"46.10\" lon=\"7.10\"/><trkpt lat=\"46.20\" lon=\"7.40\"/>\n"
                            "<trkpt lat=\"46.28\" lon=\"7.70\"/><trkpt lat=\"46.35\" lon=\"8.00\"/>\n"
                            "</trkseg></trk></gpx>\n";
    const std::filesystem::path stats = scratch.file("follow.json");
    const ProcessResult result = runViewer({"--planet", "--headless", "--validate", "--msaa", "1", "--size", "96x54",
                                            "--fps", "2", "--follow", track.string(), "--follow-speed", "1000",
                                            "--follow-height", "800", "--imagery", "none", "--stats", stats.string()});
    ASSERT_EQ(result.exitCode, 0) << result.err;
    expectNoValidationOrErrors(result.err);
    EXPECT_NE(result.out.find("cbt-terrain: --follow: " + track.string() + ", GPX track: 74.9 km in 4 points"),
              std::string::npos)
        << result.out;
    const nlohmann::json json = nlohmann::json::parse(fileText(stats));
    EXPECT_EQ(json["frames"], 150);
    const double height = json["cameraGeo"]["height"].get<double>();
    EXPECT_GE(height - json["planet"]["groundHeight"].get<double>(), 800.0 - 1.0e-6);
    // The last leg heads 72 degrees east of north.
    EXPECT_NEAR(json["cameraGeo"]["heading"].get<double>(), 72.0, 2.0);
    EXPECT_LT(json["cameraGeo"]["latitude"].get<double>(), 46.35);
    EXPECT_LT(json["cameraGeo"]["longitude"].get<double>(), 8.0);
}

TEST(PlanetViewer, BadInputGivesOneLine)
{
    const ScratchFolder scratch("planet-errors");
    expectOneLineError(runViewer({"--planet", "--headless", scratch.file("nothing.tif").string()}), "nothing.tif");
    expectOneLineError(runViewer({"--planet", "--headless", "--camera", "0,0,0,0,0"}),
                       "--camera: not available with --planet (use --camera-geo");
    expectOneLineError(runViewer({"--planet", "--headless", "--depth", "62"}), "--depth");
    if (!etopoMissing()) {
        expectOneLineError(runViewer({"--planet", "--headless", "--depth", "59"}),
                           "--depth: the globe's pool holds up to depth 58, got 59");
        expectOneLineError(runViewer({"--planet", "--headless", "--pool-size", "67108864"}),
                           "--pool-size: 67108864 slots do not fit the device's storage buffers");
        // 16 GiB of visibility: more than a device binds in one buffer.
        expectOneLineError(
            runViewer({"--planet", "--headless", "--size", "16384x16384", "--msaa", "8", "--frames", "1"}),
            "the visibility buffer of 16384x16384 pixels at 8 samples takes 16384 MiB, more than the");
    }
    // A georeferenced raster that covers a part of the Earth only.
    const std::filesystem::path regional = scratch.file("regional.tif");
    dem_test::RasterSpec spec = dem_test::rasterOf(36, 18, GDT_Float32, std::vector<double>(36 * 18, 100.0));
    spec.geoTransform = std::array<double, 6>{0.0, 1.0, 0.0, 50.0, 0.0, -1.0};
    spec.epsg = 4326;
    dem_test::writeRaster(regional, spec);
    expectOneLineError(runViewer({"--planet", "--headless", regional.string()}), "regional.tif");
    // A GEBCO-sized global model (86400 x 43200, a VRT over a small raster)
    // without overviews, read whole (--stream off): refused with the limit
    // and the fix.
    const std::filesystem::path gebco = writeGebcoSizedVrt(scratch, std::vector<double>(36 * 18, 100.0));
    expectOneLineError(runViewer({"--planet", "--headless", "--stream", "off", gebco.string()}),
                       "86400x43200 samples without overviews to read it at 1/8 from (more than the 1073741824 "
                       "samples read without them); add them (cbt-terrain prepare IN OUT.tif");
}

// A plane of 20 km in UTM 32N, 100 m a sample, around 46 N, 8 E: laid over
// ETOPO5 with --elevation, the ground straight under a camera over its
// middle is the plane's there, 2,500 m where ETOPO5 has 1,500; a model without
// georeferencing, a missing one and --elevation on the flat terrain are one
// line each.
TEST(PlanetViewer, AFinerModelLaidOverTheGlobeGivesTheGroundItsHeights)
{
    if (etopoMissing()) {
        GTEST_SKIP() << CBT_ETOPO5_GRID << " is missing";
    }
    const ScratchFolder scratch("planet-elevation");
    const std::filesystem::path model = scratch.file("plane-utm32.tif");
    static_cast<void>(dem_test::writeProjectedPlane(model, 32632, 8.0, 46.0, 200, 100.0));

    const auto groundUnderCamera = [&](const std::vector<std::string>& extra, const std::string& name) {
        const std::filesystem::path stats = scratch.file(name + ".json");
        std::vector<std::string> arguments{
            "--planet", "--headless",   "--validate",          "--size",  "96x64",       "--msaa", "1", "--frames",
            "40",       "--camera-geo", "46.0,8.0,6000,0,-90", "--stats", stats.string()};
        arguments.insert(arguments.end(), extra.begin(), extra.end());
        const ProcessResult result = runViewer(arguments);
        EXPECT_EQ(result.exitCode, 0) << result.err;
        expectNoValidationOrErrors(result.err);
        return std::make_pair(nlohmann::json::parse(fileText(stats))["planet"]["groundHeight"].get<double>(),
                              result.out);
    };
    const auto [laid, out] = groundUnderCamera({"--elevation", model.string()}, "laid");
    const auto [bare, bareOut] = groundUnderCamera({}, "bare");
    EXPECT_NE(out.find("cbt-terrain: planet: laid over it: " + model.string() + ", 200x200 samples every 100 m"),
              std::string::npos)
        << out;
    // The plane's middle, within the relief the detail adds below 150 m.
    EXPECT_NEAR(laid, dem_test::ProjectedPlane::heightAt(99.5, 99.5), 25.0);
    EXPECT_GT(laid - bare, 500.0) << "ETOPO5's Alps there (about 1,500 m), not the plane";

    const std::filesystem::path bareModel = scratch.file("no-georeferencing.tif");
    dem_test::writeRaster(bareModel, dem_test::rasterOf(16, 16, GDT_Float32, std::vector<double>(256, 100.0)));
    expectOneLineError(runViewer({"--planet", "--headless", "--elevation", bareModel.string()}),
                       "elevation model '" + bareModel.string() + "': has no georeferencing to place it on the globe");
    expectOneLineError(runViewer({"--planet", "--headless", "--elevation", scratch.file("missing.tif").string()}),
                       "missing.tif");
    expectOneLineError(runViewer({"--headless", "--elevation", model.string()}),
                       "--elevation: lays finer models over the globe's; use it with --planet");
}

// A camera under the ground, 500 m under the Alps or 6,000 km inside the
// Earth, is raised above it with one warning: the frame shows ground and sky,
// not nothing.
TEST(PlanetViewer, ACameraUnderTheGroundStartsAboveItWithAWarning)
{
    if (etopoMissing()) {
        GTEST_SKIP() << "ETOPO5 is missing (Debian package ferret-datasets)";
    }
    const ScratchFolder scratch("planet-under");
    for (const std::string height : {"-500", "-6000000"}) {
        const std::filesystem::path shot = scratch.file("under" + height + ".png");
        const ProcessResult result =
            runViewer({"--planet", "--headless", "--size", "96x64", "--msaa", "1", "--frames", "6", "--camera-geo",
                       "46.0,8.0," + height + ",0,-10", "--screenshot", shot.string()});
        EXPECT_EQ(result.exitCode, 0) << result.err;
        EXPECT_EQ(std::count(result.err.begin(), result.err.end(), '\n'), 1) << result.err;
        EXPECT_NE(result.err.find("warning: the camera at 46.000, 8.000 is"), std::string::npos) << result.err;
        EXPECT_NE(result.err.find("under the surface there"), std::string::npos) << result.err;
        const std::optional<DecodedImage> image = decodePng(shot);
        ASSERT_TRUE(image);
        const std::uint8_t* sky = image->pixel(image->width / 2, 2);
        const std::uint8_t* ground = image->pixel(image->width / 2, image->height - 3);
        EXPECT_GT(sky[0] + sky[1] + sky[2], 200) << "no sky above the raised camera";
        EXPECT_GT(ground[0] + ground[1] + ground[2], 90) << "no ground below the raised camera";
    }
}

// Sea level is EGM96's geoid, about 65 m above the ellipsoid south of
// Iceland: a camera placed 20 m above the ellipsoid over the sea there is
// under the water, rises to 2 m above it, and --stats gives its height above
// sea level beside the one above the ellipsoid.
TEST(PlanetViewer, SeaLevelIsTheGeoidNotTheEllipsoid)
{
    if (etopoMissing() || !std::filesystem::exists(CBT_GEOID_GRID)) {
        GTEST_SKIP() << "ETOPO5 or the EGM96 grid is missing (Debian packages ferret-datasets, proj-data)";
    }
    const ScratchFolder scratch("planet-geoid");
    const std::filesystem::path stats = scratch.file("stats.json");
    const ProcessResult result = runViewer({"--planet", "--headless", "--size", "96x64", "--msaa", "1", "--frames", "4",
                                            "--camera-geo", "62.5,-20.0,20,0,-10", "--stats", stats.string()});
    ASSERT_EQ(result.exitCode, 0) << result.err;
    EXPECT_NE(result.out.find("cbt-terrain: planet: sea level is the geoid of " + std::string(CBT_GEOID_GRID)),
              std::string::npos)
        << result.out;
    EXPECT_NE(result.err.find("warning: the camera at 62.500, -20.000 is"), std::string::npos) << result.err;
    const nlohmann::json json = nlohmann::json::parse(fileText(stats));
    const double seaLevel = json["planet"]["seaLevel"].get<double>();
    const double height = json["cameraGeo"]["height"].get<double>();
    EXPECT_GT(seaLevel, 55.0);
    EXPECT_LT(seaLevel, 75.0);
    EXPECT_LT(json["planet"]["groundHeight"].get<double>(), -200.0) << "not over the sea";
    EXPECT_NEAR(height, seaLevel + 2.0, 0.01) << "the camera did not rise to just above the water";
    EXPECT_NEAR(json["planet"]["heightAboveSea"].get<double>(), height - seaLevel, 1.0e-6);
}

// A model of the land alone (a square continent of 300 m at 2 degrees a
// sample, the rest no-data, as GTOPO30's sea is): seen from orbit, the
// middle of the ocean is water and the middle of the continent is not, and
// the console says the no-data became sea.
TEST(PlanetViewer, AModelOfTheLandAloneShowsItsNoDataAsSea)
{
    const ScratchFolder scratch("planet-land-alone");
    std::vector<double> values;
    for (int row = 0; row < 90; ++row) {
        for (int column = 0; column < 180; ++column) {
            const double latitude = 89.0 - 2.0 * row;
            const double longitude = -179.0 + 2.0 * column;
            values.push_back(std::abs(latitude) < 25.0 && std::abs(longitude) < 25.0 ? 300.0 : -32768.0);
        }
    }
    dem_test::RasterSpec spec = dem_test::rasterOf(180, 90, GDT_Int16, std::move(values));
    spec.noData = -32768.0;
    spec.geoTransform = std::array<double, 6>{-180.0, 2.0, 0.0, 90.0, 0.0, -2.0};
    spec.epsg = 4326;
    const std::filesystem::path land = scratch.file("land.tif");
    dem_test::writeRaster(land, spec);
    const auto centreOf = [&](const std::string& cameraGeo, const std::string& name) {
        const std::filesystem::path image = scratch.file(name);
        const ProcessResult result =
            runViewer({"--planet", "--headless", "--validate", "--msaa", "1", "--size", "96x54", "--frames", "16",
                       "--imagery", "none", "--camera-geo", cameraGeo, "--screenshot", image.string(), land.string()});
        EXPECT_FALSE(result.timedOut);
        EXPECT_EQ(result.exitCode, 0) << result.err;
        expectNoValidationOrErrors(result.err);
        EXPECT_NE(result.out.find("land.tif has no bathymetry: its no-data and 0 m that meet the coasts"),
                  std::string::npos)
            << result.out;
        const std::optional<DecodedImage> frame = decodePng(image);
        EXPECT_TRUE(frame.has_value());
        const std::uint8_t* pixel = frame ? frame->pixel(frame->width / 2, frame->height / 2) : nullptr;
        return pixel != nullptr ? std::array<int, 3>{pixel[0], pixel[1], pixel[2]} : std::array<int, 3>{};
    };
    const std::array<int, 3> ocean = centreOf("0,60,12000000,0,-90", "ocean.png");
    EXPECT_GT(ocean[2], ocean[0] + 20) << "the ocean is not water";
    EXPECT_GT(ocean[2], ocean[1]) << "the ocean is not water";
    const std::array<int, 3> continent = centreOf("0,0,12000000,0,-90", "continent.png");
    EXPECT_GE(std::max(continent[0], continent[1]), continent[2]) << "the continent is water";
}

// A GEBCO-sized global model (86400 x 43200 samples over a VRT, no
// overviews) streams: a coarse level on the cube in memory, the finer ones
// in tiles that a camera 3 km over the Alps asks for and reads.
TEST(PlanetViewer, AGebcoSizedModelStreamsItsTilesUnderALowCamera)
{
    const ScratchFolder scratch("planet-streamed");
    std::vector<double> values;
    for (int i = 0; i < 36 * 18; ++i) {
        values.push_back(static_cast<double>((i * 37) % 23) * 150.0 - 1500.0);
    }
    const std::filesystem::path gebco = writeGebcoSizedVrt(scratch, std::move(values));
    const std::filesystem::path stats = scratch.file("streamed.json");
    const std::filesystem::path image = scratch.file("streamed.png");
    const ProcessResult result = runViewer({"--planet", "--headless", "--validate", "--msaa", "1", "--size", "160x90",
                                            "--frames", "32", "--camera-geo", "46.5,8.0,3000,0,-30", "--stats",
                                            stats.string(), "--screenshot", image.string(), gebco.string()});
    EXPECT_FALSE(result.timedOut);
    ASSERT_EQ(result.exitCode, 0) << result.err;
    expectNoValidationOrErrors(result.err);
    EXPECT_NE(result.out.find("gebco-sized.vrt has no overviews: averaging all its samples for the coarse level"),
              std::string::npos)
        << result.out;
    EXPECT_NE(result.out.find("86400x43200 samples, streamed: a cube of 6 x "), std::string::npos) << result.out;
    EXPECT_NE(result.out.find("down to 6 x 16384^2 in tiles of 256"), std::string::npos) << result.out;
    const nlohmann::json json = nlohmann::json::parse(fileText(stats));
    ASSERT_TRUE(json.contains("stream")) << fileText(stats);
    EXPECT_GT(json["stream"]["tilesRead"].get<double>(), 0.0);
    EXPECT_GT(json["stream"]["residentTiles"].get<double>(), 0.0);
    EXPECT_EQ(json["stream"]["missingTiles"].get<double>(), 0.0) << "the run settles with every tile it asked for";
    const std::optional<DecodedImage> frame = decodePng(image);
    ASSERT_TRUE(frame.has_value());
    const std::uint8_t* sky = frame->pixel(frame->width / 2, 2);
    EXPECT_GT(sky[2], sky[0]) << "a blue sky above the horizon";
    const std::uint8_t* ground = frame->pixel(frame->width / 2, frame->height - 3);
    EXPECT_GT(ground[0] + ground[1] + ground[2], 60) << "lit ground below it";
}

}  // namespace
}  // namespace app_test
