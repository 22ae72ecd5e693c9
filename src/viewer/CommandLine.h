// The command line of cbt-terrain: every flag, its parser and --help.
#pragma once

#include "atmosphere/SunPosition.h"
#include "display/Tonemapping.h"
#include "geodesy/SolarEphemeris.h"
#include "scene/SceneRenderer.h"
#include "terrain/TerrainSettings.h"
#include "vectordata/VectorStyle.h"
#include "viewer/CameraPose.h"
#include "viewer/GeodeticCamera.h"
#include "viewer/TrackFollowing.h"

#include <array>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace viewer {

// A bad flag or value; what() is one line that names the flag.
class CommandLineError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// Pixel size of a render target (window or offscreen image).
struct PixelSize {
    uint32_t width = 0;
    uint32_t height = 0;
};

inline constexpr uint32_t kMaxTargetDimension = 16384;
inline constexpr uint32_t kHeadlessDefaultFrames = 60;
inline constexpr uint32_t kDefaultMsaaSamples = 4;
// --io-timeout's largest value: a day.
inline constexpr double kMaxIoTimeoutSeconds = 86400.0;

enum class StreamMode { Auto, On, Off };

struct ViewerOptions {
    // Empty: the default asset (see defaultHeightmapPath).
    std::optional<std::filesystem::path> heightmapPath;
    // Empty: a DEM's ground extent / height range when it has them (see
    // dem::DemMetadata), else terrain::TerrainSettings' defaults.
    std::optional<float> extentMetres;
    std::optional<float> heightScaleMetres;
    // --snow-line: metres above sea level; empty: by the DEM's latitude.
    std::optional<float> snowLineMetres;
    bool shadows = true;        // --shadows on|off
    bool surfaceDetail = true;  // --detail on|off
    // --msaa 1|2|4|8: samples per pixel; empty: kDefaultMsaaSamples where
    // the device supports it, else 1 (see viewer::sceneSamplesFor).
    std::optional<std::uint32_t> msaaSamples;
    // --raster graphics|compute: how the terrain's pixels are found
    // (scene::RasterPath); empty: scene::defaultRasterPath of the device.
    std::optional<scene::RasterPath> raster;
    // --stream auto|on|off: stream a DEM's tiles (tiles::gpu::TileStream):
    // when it is larger than the device holds in one texture (auto), always,
    // or never (a larger one is then read reduced).
    StreamMode stream = StreamMode::Auto;
    // --gpu-budget / --cpu-budget MiB: the streamed tiles' memory.
    double gpuBudgetMiB = 1024.0;
    double cpuBudgetMiB = 512.0;
    // --io-timeout SECONDS: the longest wait for data (see
    // ViewerSetup's ioTimeout and dem::setRemoteReadLimits).
    double ioTimeoutSeconds = 120.0;
    // --texels-per-pixel: samples of a streamed DEM's shown level one pixel
    // may span before the terrain shows a coarser level.
    float texelsPerPixel = 1.0f;
    // --imagery: a georeferenced raster draped over the DEM (dem::loadImagery).
    // --imagery, repeatable: layers stacked in order, the last on top.
    std::vector<std::filesystem::path> imageryPaths;
    // --elevation, repeatable: finer elevation models laid over the globe's
    // global one, in order (planet::OverlaidElevation).
    std::vector<std::filesystem::path> elevationPaths;
    // --imagery none: the materials, also on the globe (which otherwise
    // drapes the maps of defaultEarthImageryFolder()).
    bool imageryOff = false;
    // --imagery-bands R,G,B (GDAL's numbers, from 1); empty: 1,2,3.
    std::optional<std::array<int, 3>> imageryBands;
    // --sea-level: metres; empty: a DEM's sea connected to its border.
    std::optional<float> seaLevelMetres;
    // Empty: terrain::defaultMaxDepthFor(heightmap).
    std::optional<int> maxDepth;
    terrain::TerrainBackend backend = terrain::TerrainBackend::Heap;  // --cbt heap|pool
    std::optional<std::uint32_t> poolCapacity;                        // --pool-size (pool only)
    std::optional<float> targetEdgePixels;  // empty: the terrain's default, or the globe's with --planet
    // --flatness: metres of height standard deviation under which a region
    // is left unsplit (0: never).
    float flatnessMetres = terrain::TerrainSettings{}.flatnessThreshold;
    int uniformSubdivision = terrain::TerrainSettings{}.uniformSubdivision;
    std::string deviceSelector;  // empty: the best device
    bool validate = false;
    bool vsync = true;
    bool headless = false;
    PixelSize size{1280, 720};
    // Headless: how many frames to render (default kHeadlessDefaultFrames, or
    // the number of poses of --camera-path). Window: quit after this many.
    std::optional<uint32_t> frames;
    std::optional<CameraPose> camera;
    // --camera-geo; the viewer turns it into `camera` once the DEM is loaded
    // (see withGeodeticCamera).
    std::optional<geodesy::GeodeticPose> cameraGeo;
    std::optional<std::filesystem::path> cameraPathFile;
    // --camera-geo-path: a path in WGS 84 terms on a georeferenced DEM,
    // placed on it as --camera-geo is.
    std::optional<std::filesystem::path> cameraGeoPathFile;
    // --follow: a camera path along the track of a vector file (a path or
    // any name GDAL opens), flown as viewer/TrackFollowing.h says, at
    // --follow-height above the ground and at --follow-speed (else the
    // track's times, else kDefaultFollowSpeed).
    // --contours: contour lines every this many metres; 0: none.
    float contourIntervalMetres = 0.0f;
    std::optional<std::string> followTrack;
    // --vector, repeatable: the user's vector layers draped on the ground,
    // each a source OGR opens with an optional style
    // (vectordata::parseVectorLayerSpec), in the order given.
    std::vector<vectordata::VectorLayerSpec> vectorLayers;
    // --vector-label: the field that names the layers' points.
    std::optional<std::string> vectorLabelField;
    // --query LAT,LON (repeatable): answered without rendering
    // (viewer/PointQuery.h).
    std::vector<dem::GeodeticPoint> queries;
    double followHeightMetres = kDefaultFollowHeightMetres;
    std::optional<double> followSpeed;
    // --fps: frames a second of a keyframed camera path (and of --video).
    double framesPerSecond = kDefaultPathFramesPerSecond;
    // --video: the headless frames as a video file, or PNGs in a folder
    // (viewer/VideoOutput.h), at --video-quality.
    std::optional<std::filesystem::path> videoPath;
    int videoQuality = 20;
    std::optional<std::filesystem::path> screenshotPath;
    std::optional<std::filesystem::path> statsPath;
    bool wireframe = false;
    terrain::ShadingMode shading = terrain::ShadingMode::Lit;
    atmosphere::SunPosition sun;  // --sun
    bool sunGiven = false;        // --sun was on the command line
    // --time: the sun of this UTC instant over a georeferenced DEM; the
    // viewer turns it into `sun` once the DEM is loaded (withGeodeticPlacement).
    std::optional<geodesy::UtcInstant> time;
    // --time START/END: the sun moves from `time` to this instant over the
    // camera path's frames.
    std::optional<geodesy::UtcInstant> timeEnd;
    display::DisplaySettings display;  // --exposure, --tonemap
    // --planet: the whole Earth on the bisector pool, from a global DEM (the
    // positional argument; default: defaultGlobalDemPath()). --camera-geo
    // heights are then above the WGS 84 ellipsoid, --camera-path lines are
    // "LAT LON HEIGHT HEADING PITCH [WxH]", --sun is relative to the local
    // horizon under the first frame's camera.
    bool planet = false;
    bool showHelp = false;
    // The flags on the command line, in order ("--size", ...).
    std::vector<std::string> givenFlags;
};

// Parses the arguments after the program name. Throws CommandLineError.
ViewerOptions parseCommandLine(std::span<const std::string_view> arguments);

// The --help text: usage and every flag with its default.
std::string commandLineHelp();

// The flags parseCommandLine knows ("--extent", ...), in --help order.
std::vector<std::string> commandLineFlagNames();

// The heightmap loaded when none is given: kDefaultHeightmapFileName in the
// program's asset folder (vk::locateProgramFiles: the source tree's assets/
// for a program of the build tree, P/share/cbt-terrain/assets once installed
// in P). Throws vk::Error when the program finds no files of its own.
std::filesystem::path defaultHeightmapPath();

// The global DEM --planet shows when none is given: ETOPO5 from the Debian
// package ferret-datasets (CBT_DEFAULT_GLOBAL_DEM at build time).
std::filesystem::path defaultGlobalDemPath();
// The folder of the Earth's maps the globe drapes by default: earth.jpg (its
// colours) and night.jpg (its lights), Debian's xplanet-images; the
// environment's CBT_EARTH_IMAGERY_DIR, where set, names another.
std::filesystem::path defaultEarthImageryFolder();

// The flags planet mode takes; any other is an error with --planet.
const std::vector<std::string>& planetFlagNames();

// The shading mode's command-line name ("lit", "normals", "depth").
std::string_view shadingModeName(terrain::ShadingMode mode);

// The backend's command-line name ("heap", "pool").
std::string_view backendName(terrain::TerrainBackend backend);

}  // namespace viewer
