// The command line: defaults, every flag's value, and the one-line error of
// every bad flag (it must name the flag).
#include "CommandLineParsing.h"

#include "viewer/CommandLine.h"

#include <gtest/gtest.h>

#include <array>
#include <filesystem>
#include <string>
#include <vector>

namespace viewer {
namespace {

using test::errorOf;
using test::parse;

TEST(CommandLine, DefaultsMatchTheTerrainSettings)
{
    const ViewerOptions options = parse({});
    const terrain::TerrainSettings defaults;
    EXPECT_FALSE(options.heightmapPath);
    EXPECT_FALSE(options.extentMetres) << "a DEM's georeferencing or the renderer's default decides";
    EXPECT_FALSE(options.heightScaleMetres);
    EXPECT_FALSE(options.snowLineMetres);
    EXPECT_FALSE(options.msaaSamples) << "the device decides: 4 samples where it can";
    EXPECT_FALSE(options.raster) << "the device decides: compute on a GPU, graphics on a CPU driver";
    EXPECT_TRUE(options.surfaceDetail);
    EXPECT_FALSE(options.targetEdgePixels);
    EXPECT_EQ(options.uniformSubdivision, 0);
    EXPECT_FALSE(options.maxDepth);
    EXPECT_FALSE(options.headless);
    EXPECT_FALSE(options.validate);
    EXPECT_TRUE(options.vsync);
    EXPECT_EQ(options.size.width, 1280u);
    EXPECT_EQ(options.size.height, 720u);
    EXPECT_EQ(options.shading, terrain::ShadingMode::Lit);
    EXPECT_FALSE(options.showHelp);
    EXPECT_EQ(options.ioTimeoutSeconds, 120.0);
}

TEST(CommandLine, ParsesEveryFlag)
{
    const ViewerOptions options = parse({"map.png",
                                         "--extent",
                                         "5000",
                                         "--height-scale=800",
                                         "--snow-line",
                                         "-250",
                                         "--depth",
                                         "18",
                                         "--target-pixels",
                                         "4.5",
                                         "--flatness",
                                         "2.5",
                                         "--subdivision",
                                         "4",
                                         "--device",
                                         "llvmpipe",
                                         "--validate",
                                         "--vsync",
                                         "off",
                                         "--msaa",
                                         "8",
                                         "--raster",
                                         "compute",
                                         "--detail",
                                         "off",
                                         "--headless",
                                         "--size",
                                         "320x180",
                                         "--frames",
                                         "42",
                                         "--camera",
                                         "1,2,3,45,-30",
                                         "--screenshot",
                                         "out.png",
                                         "--stats",
                                         "out.json",
                                         "--wireframe",
                                         "--shading",
                                         "normals",
                                         "--sun",
                                         "90,10",
                                         "--io-timeout",
                                         "7.5"});
    EXPECT_EQ(options.heightmapPath->string(), "map.png");
    EXPECT_EQ(options.extentMetres, 5000.0f);
    EXPECT_EQ(options.heightScaleMetres, 800.0f);
    EXPECT_EQ(options.snowLineMetres, -250.0f);
    EXPECT_EQ(options.maxDepth, 18);
    EXPECT_EQ(options.targetEdgePixels, 4.5f);
    EXPECT_FLOAT_EQ(options.flatnessMetres, 2.5f);
    EXPECT_EQ(options.uniformSubdivision, 4);
    EXPECT_EQ(options.deviceSelector, "llvmpipe");
    EXPECT_TRUE(options.validate);
    EXPECT_FALSE(options.vsync);
    EXPECT_EQ(options.msaaSamples, 8u);
    EXPECT_EQ(options.raster, scene::RasterPath::Compute);
    EXPECT_FALSE(options.surfaceDetail);
    EXPECT_TRUE(options.headless);
    EXPECT_EQ(options.size.width, 320u);
    EXPECT_EQ(options.size.height, 180u);
    EXPECT_EQ(options.frames, 42u);
    ASSERT_TRUE(options.camera);
    EXPECT_FLOAT_EQ(options.camera->position.x, 1.0f);
    EXPECT_FLOAT_EQ(options.camera->position.y, 2.0f);
    EXPECT_FLOAT_EQ(options.camera->position.z, 3.0f);
    EXPECT_FLOAT_EQ(options.camera->yawDegrees, 45.0f);
    EXPECT_FLOAT_EQ(options.camera->pitchDegrees, -30.0f);
    EXPECT_EQ(options.screenshotPath->string(), "out.png");
    EXPECT_EQ(options.ioTimeoutSeconds, 7.5);
    EXPECT_EQ(options.statsPath->string(), "out.json");
    EXPECT_TRUE(options.wireframe);
    EXPECT_EQ(options.shading, terrain::ShadingMode::Normals);
    EXPECT_FLOAT_EQ(options.sun.azimuthDegrees, 90.0f);
    EXPECT_FLOAT_EQ(options.sun.elevationDegrees, 10.0f);
}

TEST(CommandLine, CameraPathAndShadingDepthAndHelp)
{
    const ViewerOptions options = parse({"--camera-path", "poses.txt", "--shading=depth", "-h"});
    EXPECT_EQ(options.cameraPathFile->string(), "poses.txt");
    EXPECT_EQ(options.shading, terrain::ShadingMode::Depth);
    EXPECT_TRUE(options.showHelp);
    EXPECT_TRUE(parse({"--help"}).showHelp);
    EXPECT_TRUE(parse({"--vsync", "on"}).vsync);
    EXPECT_EQ(parse({}).framesPerSecond, kDefaultPathFramesPerSecond);
    const ViewerOptions geodetic = parse({"--camera-geo-path", "geo.txt", "--fps", "24"});
    EXPECT_EQ(geodetic.cameraGeoPathFile->string(), "geo.txt");
    EXPECT_EQ(geodetic.framesPerSecond, 24.0);
    const ViewerOptions sunset = parse({"--camera-path", "p.txt", "--time", "2024-06-20T18:00Z/2024-06-20T21:30Z"});
    ASSERT_TRUE(sunset.time && sunset.timeEnd);
    EXPECT_EQ(sunset.time->hour, 18);
    EXPECT_EQ(sunset.timeEnd->hour, 21);
    EXPECT_EQ(sunset.timeEnd->minute, 30);
    EXPECT_FALSE(parse({"--time", "2024-06-20T18:00Z"}).timeEnd);
    const ViewerOptions follow = parse({"--follow", "hike.gpx", "--follow-height", "80", "--follow-speed", "12.5"});
    EXPECT_EQ(*follow.followTrack, "hike.gpx");
    EXPECT_EQ(follow.followHeightMetres, 80.0);
    EXPECT_EQ(follow.followSpeed, 12.5);
    const ViewerOptions defaults =
        parse({"--planet", "--follow", "/vsicurl/http://host/t.gpx", "--time", "2024-06-20T18:00Z/2024-06-20T21:30Z"});
    EXPECT_EQ(*defaults.followTrack, "/vsicurl/http://host/t.gpx");
    EXPECT_EQ(defaults.followHeightMetres, kDefaultFollowHeightMetres);
    EXPECT_FALSE(defaults.followSpeed);
    const ViewerOptions queries = parse({"--query", "46.5,7.9", "--query", "-33.9 18.4"});
    ASSERT_EQ(queries.queries.size(), 2u);
    EXPECT_EQ(queries.queries[0].latitudeDegrees, 46.5);
    EXPECT_EQ(queries.queries[1].longitudeDegrees, 18.4);
    EXPECT_EQ(parse({"--planet", "--query", "0,0"}).queries.size(), 1u);
    EXPECT_EQ(parse({"--contours", "50"}).contourIntervalMetres, 50.0f);
    EXPECT_EQ(parse({"--planet", "--contours", "250"}).contourIntervalMetres, 250.0f);
    EXPECT_EQ(parse({}).contourIntervalMetres, 0.0f);
    const ViewerOptions vectors =
        parse({"--vector", "roads.shp", "--vector", "hike.gpx:color=#00ff00,width=2", "--vector-label", "ref"});
    ASSERT_EQ(vectors.vectorLayers.size(), 2u);
    EXPECT_EQ(vectors.vectorLayers[0].source, "roads.shp");
    EXPECT_EQ(vectors.vectorLayers[1].source, "hike.gpx");
    EXPECT_EQ(vectors.vectorLayers[1].rgba, 0x00ff00ffu);
    EXPECT_EQ(vectors.vectorLayers[1].widthPixels, 2.0f);
    EXPECT_EQ(*vectors.vectorLabelField, "ref");
    EXPECT_EQ(parse({"--planet", "--vector", "borders.geojson"}).vectorLayers.size(), 1u);
}

TEST(CommandLine, NegativeNumbersAreValuesNotFlags)
{
    const ViewerOptions options = parse({"--camera", "-100,50,-20,-90,-10", "--sun", "-45,5"});
    EXPECT_FLOAT_EQ(options.camera->position.x, -100.0f);
    EXPECT_FLOAT_EQ(options.camera->yawDegrees, -90.0f);
    EXPECT_FLOAT_EQ(options.sun.azimuthDegrees, -45.0f);
}

struct BadFlagCase {
    std::vector<std::string_view> arguments;
    std::string expectedStart;  // the message must start with this (it names the flag)
};

TEST(CommandLine, EveryBadFlagGivesAOneLineErrorNamingIt)
{
    const std::vector<BadFlagCase> cases = {
        {{"--bogus"}, "unknown flag '--bogus'"},
        {{"--extent"}, "--extent: missing value METRES"},
        {{"--extent", "0"}, "--extent: expected a number in (0"},
        {{"--extent", "abc"}, "--extent: expected a number"},
        {{"--extent", "nan"}, "--extent: expected a number"},
        {{"--height-scale", "-1"}, "--height-scale: expected a number in [0"},
        {{"--snow-line", "inf"}, "--snow-line: expected a number"},
        {{"--snow-line", "2e6"}, "--snow-line: expected a number in [-1e+06, 1e+06], got '2e6'"},
        {{"--depth", "0"}, "--depth: expected an integer in 1..60, got '0'"},
        {{"--depth", "61"}, "--depth: expected an integer in 1..60, got '61'"},
        {{"--depth", "31"}, "--depth: 31 is deeper than the heap allows (1..30); use --cbt pool"},
        {{"--cbt", "pool", "--depth", "2"}, "--depth: the pool's depth is 3..60, got 2"},
        {{"--cbt", "tree"}, "--cbt: expected heap or pool, got 'tree'"},
        {{"--cbt", "pool", "--pool-size", "1000"}, "--pool-size: expected a power of two, got '1000'"},
        {{"--cbt", "pool", "--pool-size", "128"}, "--pool-size: expected an integer in 256..67108864, got '128'"},
        {{"--pool-size", "65536"}, "--pool-size: needs --cbt pool"},
        {{"--depth", "2.5"}, "--depth: expected an integer"},
        {{"--target-pixels", "0"}, "--target-pixels: expected a number in (0"},
        // Above 0 in double, 0 in the renderer's single precision.
        {{"--extent", "1e-300"},
         "--extent: expected a number in (0, 1e+07], got '1e-300', which single precision rounds to 0"},
        {{"--target-pixels", "1e-300"}, "--target-pixels: expected a number in (0, 10000], got '1e-300', which single"},
        {{"--flatness", "-1"}, "--flatness: expected a number in [0, 1e+06], got '-1'"},
        {{"--io-timeout", "0.5"}, "--io-timeout: expected a number in [1, 86400], got '0.5'"},
        {{"--io-timeout", "1e9"}, "--io-timeout: expected a number in [1, 86400], got '1e9'"},
        {{"--subdivision", "7"}, "--subdivision: expected an integer in 0..6, got '7'"},
        {{"--subdivision", "3"}, "--subdivision: expected 0, 2, 4 or 6, got '3'"},
        {{"--msaa", "3"}, "--msaa: expected 1, 2, 4 or 8, got '3'"},
        {{"--raster", "vertex"}, "--raster: expected graphics or compute, got 'vertex'"},
        {{"--planet", "--raster", "graphics"}, "--raster graphics: the globe is rasterized in compute only"},
        {{"--detail", "yes"}, "--detail: expected on or off, got 'yes'"},
        {{"--msaa", "16"}, "--msaa: expected an integer in 1..8, got '16'"},
        {{"--msaa", "0"}, "--msaa: expected an integer in 1..8, got '0'"},
        {{"--device", ""}, "--device: expected a device index or name"},
        {{"--vsync", "maybe"}, "--vsync: expected on or off, got 'maybe'"},
        {{"--size", "320"}, "--size: expected WIDTHxHEIGHT"},
        {{"--size", "0x10"}, "--size: expected WIDTHxHEIGHT with both in 1..16384"},
        {{"--size", "-640x480"}, "--size: expected WIDTHxHEIGHT with both in 1..16384"},
        {{"--size", "640x-480"}, "--size: expected WIDTHxHEIGHT with both in 1..16384"},
        {{"--size", "20000x10"}, "--size: expected WIDTHxHEIGHT with both in 1..16384"},
        {{"--frames", "0"}, "--frames: expected an integer in 1..10000000, got '0'"},
        {{"--frames", "ten"}, "--frames: expected an integer"},
        {{"--camera", "1,2,3"}, "--camera: expected 5 numbers X Y Z YAW PITCH, found 3"},
        {{"--camera", "1,2,x,4,5"}, "--camera: Z is not a finite number: 'x'"},
        {{"--camera", "1,2,3,4,95"}, "--camera: PITCH must be within [-89, 89] degrees"},
        {{"--camera", "1,2e9,3,4,5"}, "--camera: Y must be within [-1e+08, 1e+08] metres"},
        {{"--camera-path", ""}, "--camera-path: expected a file name"},
        {{"--screenshot"}, "--screenshot: missing value OUT.png"},
        {{"--screenshot", "--stats", "x.json"}, "--screenshot: missing value OUT.png"},
        {{"--stats", ""}, "--stats: expected a file name"},
        {{"--shading", "flat"}, "--shading: expected lit, normals or depth, got 'flat'"},
        {{"--sun", "10"}, "--sun: expected AZIMUTH,ELEVATION"},
        {{"--sun", "10,95"}, "--sun: expected a number in [-90, 90], got '95'"},
        {{"--wireframe=yes"}, "--wireframe: takes no value"},
        {{"--camera", "0,0,0,0,0", "--camera-path", "p.txt"}, "--camera-path: cannot be combined with --camera"},
        {{"--time", "2024-06-20T11:30"},
         "--time: expected a UTC date and time YYYY-MM-DDTHH:MMZ such as 2024-06-20T11:30Z, got '2024-06-20T11:30'"},
        {{"--time", "2024-06-20T11:30Z", "--sun", "10,20"}, "--time: cannot be combined with --sun"},
        {{"--camera-geo", "46.5,8"}, "--camera-geo: expected 5 numbers LAT,LON,HEIGHT,HEADING,PITCH, found 2"},
        {{"--camera-geo", "91,8,3000,0,-30"}, "--camera-geo: LAT must be within [-90, 90] degrees, got '91'"},
        {{"--camera-geo", "46,8,3000,0,-91"}, "--camera-geo: PITCH must be within [-90, 90] degrees, got '-91'"},
        {{"--camera-geo", "46,east,3000,0,0"}, "--camera-geo: LON is not a finite number: 'east'"},
        {{"--camera-geo", "46,8,3000,0,0", "--camera", "0,0,0,0,0"}, "--camera-geo: cannot be combined with --camera"},
        {{"--camera-geo", "46,8,3000,0,0", "--camera-path", "p.txt"},
         "--camera-path: cannot be combined with --camera-geo"},
        {{"--camera-geo-path", "g.txt", "--camera-path", "p.txt"},
         "--camera-geo-path: cannot be combined with --camera, --camera-geo or --camera-path"},
        {{"--fps", "0"}, "--fps: expected a number in (0, 1000], got '0'"},
        {{"--follow", "t.gpx", "--camera-path", "p.txt"},
         "--follow: cannot be combined with --camera, --camera-geo, --camera-path or --camera-geo-path"},
        {{"--follow", "t.gpx", "--camera-geo", "46,8,3000,0,0"}, "--follow: cannot be combined with --camera,"},
        {{"--planet", "--follow", "t.gpx", "--camera-geo", "46,8,3000,0,0"}, "--follow: cannot be combined"},
        {{"--follow-height", "100"}, "--follow-height: needs --follow"},
        {{"--follow-speed", "10"}, "--follow-speed: needs --follow"},
        {{"--follow", "t.gpx", "--follow-height", "0"}, "--follow-height: expected a number in (0, 1e+06], got '0'"},
        {{"--follow", "t.gpx", "--follow-speed", "-3"}, "--follow-speed: expected a number in (0, 100000], got '-3'"},
        {{"--follow", ""}, "--follow: expected a file name"},
        {{"--contours", "0"}, "--contours: expected a number in (0, 100000], got '0'"},
        {{"--vector-label", "name"}, "--vector-label: needs --vector"},
        {{"--vector", ""}, "--vector: expected a file name"},
        {{"--vector", "a.gpx:color=red"}, "--vector: a.gpx:color=red: color must be #RRGGBB or #RRGGBBAA, not 'red'"},
        {{"--vector", "a.gpx:width=0"}, "--vector: a.gpx:width=0: width must be a number of pixels in (0, 64]"},
        {{"--planet", "--imagery", "a.tif", "--imagery", "b.tif", "--imagery", "c.tif", "--imagery", "d.tif",
          "--imagery", "e.tif"},
         "--imagery: the globe stacks at most 4 layers over the Earth's colours, got 5"},
        {{"--query", "46.5"}, "--query: expected 2 numbers LAT,LON, found 1"},
        {{"--query", "46.5,400"}, "--query: LON must be a number within [-360, 360] degrees, got '400'"},
        {{"--query", "north,7"}, "--query: LAT must be a number within [-90, 90] degrees, got 'north'"},
        {{"--query", "46,7", "--screenshot", "a.png"},
         "--query: answers without rendering: cannot be combined with --screenshot"},
        {{"--planet", "--query", "46,7", "--video", "a.mp4", "--headless"},
         "--query: answers without rendering: cannot be combined with --video"},
        {{"--video", "out.mp4"}, "--video: needs --headless"},
        {{"--headless", "--video", "out.avi"}, "--video: out.avi: a video is .mp4 (H.264)"},
        {{"--headless", "--size", "641x360", "--video", "out.mp4"},
         "--video: out.mp4: the video's frames need an even"},
        {{"--video-quality", "52"}, "--video-quality: expected an integer in 0..51, got '52'"},
        {{"--time", "2024-06-20T18:00Z/2024-06-20T21:30Z"}, "--time: START/END moves the sun over a camera path"},
        {{"--time", "2024-06-20T18:00Z/tomorrow"}, "--time: expected a UTC date and time"},
        {{"--fps", "1001"}, "--fps: expected a number in (0, 1000]"},
        {{"--planet", "--camera-geo-path", "g.txt"}, "--camera-geo-path: not available with --planet"},
        {{"a.png", "b.png"}, "unexpected argument 'b.png'"},
        {{"--imagery", ""}, "--imagery: expected a file name"},
        {{"--imagery", "i.tif", "--imagery-bands", "3,2"}, "--imagery-bands: expected three positive band numbers"},
        {{"--imagery", "i.tif", "--imagery-bands", "3,2,1,4"}, "--imagery-bands: expected three positive"},
        {{"--imagery", "i.tif", "--imagery-bands", "0,1,2"}, "--imagery-bands: expected three positive"},
        {{"--imagery", "i.tif", "--imagery-bands", "-1,1,2"}, "--imagery-bands: expected three positive"},
        {{"--imagery", "i.tif", "--imagery-bands", "a,b,c"}, "--imagery-bands: expected three positive"},
        {{"--imagery", "i.tif", "--imagery-bands", "1.5,2,3"}, "--imagery-bands: expected three positive"},
        {{"--imagery-bands", "3,2,1"}, "--imagery-bands: needs --imagery"},
    };
    for (const BadFlagCase& badCase : cases) {
        const std::string message = errorOf(badCase.arguments);
        EXPECT_EQ(message.rfind(badCase.expectedStart, 0), 0u)
            << "arguments starting " << badCase.arguments.front() << " gave \"" << message << "\"";
        EXPECT_EQ(message.find('\n'), std::string::npos) << message;
    }
}

TEST(CommandLine, ImageryTakesAFileAndItsBands)
{
    const ViewerOptions none = parse({});
    EXPECT_TRUE(none.imageryPaths.empty());
    EXPECT_FALSE(none.imageryBands);
    const ViewerOptions imagery = parse({"dem.tif", "--imagery", "landsat.tif", "--imagery-bands", "3,2,1"});
    EXPECT_EQ(imagery.imageryPaths, std::vector<std::filesystem::path>{"landsat.tif"});
    ASSERT_TRUE(imagery.imageryBands);
    EXPECT_EQ(*imagery.imageryBands, (std::array<int, 3>{3, 2, 1}));
    EXPECT_EQ(*parse({"--imagery=a.tif", "--imagery-bands=4,5,7"}).imageryBands, (std::array<int, 3>{4, 5, 7}));
    EXPECT_FALSE(parse({"--imagery", "a.tif"}).imageryBands) << "the reader's default, 1,2,3";
    // Repeated: layers in order, the last on top; none drops those before it.
    const ViewerOptions stacked =
        parse({"--imagery", "global.tif", "--imagery", "https://tiles.example/{z}/{x}/{y}.png", "--imagery", "o.tif"});
    EXPECT_EQ(stacked.imageryPaths,
              (std::vector<std::filesystem::path>{"global.tif", "https://tiles.example/{z}/{x}/{y}.png", "o.tif"}));
    EXPECT_TRUE(parse({"--imagery", "a.tif", "--imagery", "none"}).imageryPaths.empty());
}

TEST(CommandLine, ThePoolBackendTakesItsSizeAndDepthsBeyondThirty)
{
    const ViewerOptions heap = parse({"--depth", "30"});
    EXPECT_EQ(heap.backend, terrain::TerrainBackend::Heap);
    EXPECT_FALSE(heap.poolCapacity);
    const ViewerOptions pool = parse({"--cbt", "pool", "--depth", "60", "--pool-size", "65536"});
    EXPECT_EQ(pool.backend, terrain::TerrainBackend::Pool);
    EXPECT_EQ(pool.maxDepth, 60);
    EXPECT_EQ(pool.poolCapacity, 65536u);
    EXPECT_EQ(parse({"--cbt=pool"}).backend, terrain::TerrainBackend::Pool);
}

TEST(CommandLine, HelpShowsEveryFlagWithItsDefault)
{
    const std::string help = commandLineHelp();
    const std::vector<std::string> flags = commandLineFlagNames();
    ASSERT_GE(flags.size(), 19u);
    for (const std::string& flag : flags) {
        const size_t position = help.find("  " + flag + " ");
        ASSERT_NE(position, std::string::npos) << flag;
        if (flag != "--help") {
            // A long flag puts its text on the next line: look up to the next flag.
            const size_t entryEnd = help.find("\n  -", position + 1);
            EXPECT_NE(help.substr(position, entryEnd - position).find("(default: "), std::string::npos) << flag;
        }
    }
    EXPECT_NE(help.find("(default: a DEM's georeferenced width, else 20000)"), std::string::npos);
    EXPECT_NE(help.find("(default: 7; 10 with --planet)"), std::string::npos);
    EXPECT_NE(help.find("(default: 1280x720)"), std::string::npos);
    EXPECT_NE(help.find(defaultHeightmapPath().string()), std::string::npos);
}

// A program of the build tree reads the source tree's assets/ (the marker
// file next to it says where; an installed one reads its prefix's, see
// tests/vk/ShaderLibraryTest.cpp and the install test).
TEST(CommandLine, DefaultHeightmapIsTheShippedAsset)
{
    EXPECT_EQ(defaultHeightmapPath().parent_path(), std::filesystem::path(CBT_ASSET_DIR));
    EXPECT_EQ(defaultHeightmapPath().extension().string(), ".png");
    EXPECT_TRUE(std::filesystem::is_regular_file(defaultHeightmapPath())) << defaultHeightmapPath();
}

}  // namespace
}  // namespace viewer
