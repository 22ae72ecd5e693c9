#include "viewer/CommandLine.h"

#include "viewer/CommandLineFlags.h"

#include "planet/gpu/GlobeTerrain.h"
#include "text/TextParsing.h"
#include "vectordata/Drape.h"
#include "viewer/VideoOutput.h"
#include "vk/ProgramFiles.h"

#include <algorithm>
#include <cstdlib>
#include <sstream>
#include <string>
#include <vector>

namespace viewer {

namespace {

// The most finer elevation models the globe lays over its global one.
constexpr std::size_t kMostElevationModels = 8;

constexpr const char* kDefaultHeightmapFileName = "terrain-4096.png";

const FlagSpec* findFlag(const std::vector<FlagSpec>& flags, std::string_view name)
{
    for (const FlagSpec& flag : flags) {
        if (flag.name == name || (name == "-h" && flag.name == "--help")) {
            return &flag;
        }
    }
    return nullptr;
}

// Planet mode draws the globe on the pool with its own camera and sun: the
// flat terrain's flags mean nothing there.
void checkPlanetCombinations(const ViewerOptions& options)
{
    const std::vector<std::string>& allowed = planetFlagNames();
    for (const std::string& flag : options.givenFlags) {
        if (std::find(allowed.begin(), allowed.end(), flag) == allowed.end()) {
            throw CommandLineError(flag + ": not available with --planet" +
                                   (flag == "--camera" ? " (use --camera-geo LAT,LON,HEIGHT,HEADING,PITCH)" : ""));
        }
    }
    if (options.time && options.sunGiven) {
        throw CommandLineError("--time: cannot be combined with --sun");
    }
    if (options.cameraGeo && options.cameraPathFile) {
        throw CommandLineError("--camera-path: cannot be combined with --camera-geo");
    }
    if (!options.elevationPaths.empty() && options.stream == StreamMode::Off) {
        throw CommandLineError("--elevation: its models stream over the globe; cannot be combined with --stream off");
    }
    if (options.elevationPaths.size() > kMostElevationModels) {
        throw CommandLineError("--elevation: at most " + std::to_string(kMostElevationModels) + " models, got " +
                               std::to_string(options.elevationPaths.size()));
    }
    // The Earth's colours lie under them.
    constexpr std::size_t kMostLayers = planet::gpu::kMaxGlobeImageryLayers - 1;
    if (options.imageryPaths.size() > kMostLayers) {
        throw CommandLineError("--imagery: the globe stacks at most " + std::to_string(kMostLayers) +
                               " layers over the Earth's colours, got " + std::to_string(options.imageryPaths.size()));
    }
    if (options.raster == scene::RasterPath::Graphics) {
        throw CommandLineError("--raster graphics: the globe is rasterized in compute only");
    }
    if (options.maxDepth && *options.maxDepth < terrain::kMinPoolDepth) {
        throw CommandLineError("--depth: the globe's depth is " + std::to_string(terrain::kMinPoolDepth) + ".." +
                               std::to_string(terrain::kMaxPoolDepth) + ", got " + std::to_string(*options.maxDepth));
    }
}

// Whether `flag` was on the command line.
bool given(const ViewerOptions& options, std::string_view flag)
{
    return std::find(options.givenFlags.begin(), options.givenFlags.end(), flag) != options.givenFlags.end();
}

// --follow makes the camera path: nothing else may place the camera.
void checkFollowCombinations(const ViewerOptions& options)
{
    if (!options.followTrack) {
        for (const std::string_view flag : {"--follow-height", "--follow-speed"}) {
            if (given(options, flag)) {
                throw CommandLineError(std::string(flag) + ": needs --follow");
            }
        }
        return;
    }
    if (options.camera || options.cameraGeo || options.cameraPathFile || options.cameraGeoPathFile) {
        throw CommandLineError(
            "--follow: cannot be combined with --camera, --camera-geo, --camera-path or "
            "--camera-geo-path");
    }
}

void checkCombinations(const ViewerOptions& options)
{
    if (options.videoPath && !options.headless) {
        throw CommandLineError("--video: needs --headless (the frames are rendered off screen at --fps)");
    }
    if (options.videoPath) {
        if (const std::optional<std::string> problem =
                videoOutputProblem(*options.videoPath, options.size.width, options.size.height)) {
            throw CommandLineError("--video: " + *problem);
        }
    }
    if (options.timeEnd && !options.cameraPathFile && !options.cameraGeoPathFile && !options.followTrack) {
        throw CommandLineError(
            "--time: START/END moves the sun over a camera path's frames: give --camera-path, --camera-geo-path or "
            "--follow");
    }
    checkFollowCombinations(options);
    if (!options.queries.empty()) {
        for (const char* output : {"--screenshot", "--video", "--stats"}) {
            if (given(options, output)) {
                throw CommandLineError(std::string("--query: answers without rendering: cannot be combined with ") +
                                       output);
            }
        }
    }
    if (options.imageryBands && options.imageryPaths.empty()) {
        throw CommandLineError("--imagery-bands: needs --imagery");
    }
    if (options.vectorLayers.size() > vectordata::kMaxDrapedLayers) {
        throw CommandLineError("--vector: at most " + std::to_string(vectordata::kMaxDrapedLayers) + " layers");
    }
    if (options.vectorLabelField && options.vectorLayers.empty()) {
        throw CommandLineError("--vector-label: needs --vector");
    }
    if (options.planet) {
        checkPlanetCombinations(options);
        return;
    }
    if (!options.elevationPaths.empty()) {
        throw CommandLineError("--elevation: lays finer models over the globe's; use it with --planet");
    }
    if (options.camera && options.cameraPathFile) {
        throw CommandLineError("--camera-path: cannot be combined with --camera");
    }
    if (options.time && options.sunGiven) {
        throw CommandLineError("--time: cannot be combined with --sun");
    }
    if (options.cameraGeo && options.camera) {
        throw CommandLineError("--camera-geo: cannot be combined with --camera");
    }
    if (options.cameraGeo && options.cameraPathFile) {
        throw CommandLineError("--camera-path: cannot be combined with --camera-geo");
    }
    if (options.cameraGeoPathFile && (options.camera || options.cameraGeo || options.cameraPathFile)) {
        throw CommandLineError("--camera-geo-path: cannot be combined with --camera, --camera-geo or --camera-path");
    }
    if (options.imageryBands && options.imageryPaths.empty()) {
        throw CommandLineError("--imagery-bands: needs --imagery");
    }
    const bool pool = options.backend == terrain::TerrainBackend::Pool;
    if (options.poolCapacity && !pool) {
        throw CommandLineError("--pool-size: needs --cbt pool");
    }
    if (options.maxDepth && !pool && *options.maxDepth > 30) {
        throw CommandLineError("--depth: " + std::to_string(*options.maxDepth) +
                               " is deeper than the heap allows (1..30); use --cbt pool for up to " +
                               std::to_string(terrain::kMaxPoolDepth));
    }
    if (options.maxDepth && pool && *options.maxDepth < terrain::kMinPoolDepth) {
        throw CommandLineError("--depth: the pool's depth is " + std::to_string(terrain::kMinPoolDepth) + ".." +
                               std::to_string(terrain::kMaxPoolDepth) + ", got " + std::to_string(*options.maxDepth));
    }
}

}  // namespace

std::filesystem::path defaultGlobalDemPath()
{
    return std::filesystem::path(CBT_DEFAULT_GLOBAL_DEM);
}

std::filesystem::path defaultEarthImageryFolder()
{
    const char* folder = std::getenv("CBT_EARTH_IMAGERY_DIR");
    return std::filesystem::path(folder != nullptr && *folder != '\0' ? folder : CBT_DEFAULT_EARTH_IMAGERY_DIR);
}

const std::vector<std::string>& planetFlagNames()
{
    static const std::vector<std::string> names{
        "--planet",        "--depth",        "--pool-size",     "--target-pixels", "--device",    "--validate",
        "--msaa",          "--vsync",        "--headless",      "--size",          "--frames",    "--camera-geo",
        "--camera-path",   "--screenshot",   "--stats",         "--sun",           "--time",      "--exposure",
        "--tonemap",       "--stream",       "--gpu-budget",    "--cpu-budget",    "--wireframe", "--imagery",
        "--imagery-bands", "--shadows",      "--raster",        "--io-timeout",    "--fps",       "--video",
        "--video-quality", "--follow",       "--follow-height", "--follow-speed",  "--query",     "--contours",
        "--vector",        "--vector-label", "--elevation",     "--help"};
    return names;
}

std::string_view backendName(terrain::TerrainBackend backend)
{
    return backend == terrain::TerrainBackend::Pool ? "pool" : "heap";
}

std::string_view shadingModeName(terrain::ShadingMode mode)
{
    switch (mode) {
        case terrain::ShadingMode::Lit: return "lit";
        case terrain::ShadingMode::Normals: return "normals";
        case terrain::ShadingMode::Depth: return "depth";
    }
    return "lit";
}

ViewerOptions parseCommandLine(std::span<const std::string_view> arguments)
{
    const std::vector<FlagSpec> flags = viewerFlagSpecs();
    ViewerOptions options;
    for (size_t index = 0; index < arguments.size(); ++index) {
        const std::string_view argument = arguments[index];
        if (argument.size() < 2 || argument.front() != '-') {
            if (options.heightmapPath) {
                throw CommandLineError("unexpected argument " + text::quoted(argument) +
                                       ": only one heightmap can be given");
            }
            if (argument.empty()) {
                throw CommandLineError("the heightmap file name is empty");
            }
            options.heightmapPath = std::filesystem::path(std::string(argument));
            continue;
        }
        const size_t equals = argument.find('=');
        const std::string_view name = argument.substr(0, equals);
        const FlagSpec* flag = findFlag(flags, name);
        if (flag == nullptr) {
            throw CommandLineError("unknown flag " + text::quoted(name) + " (see --help)");
        }
        std::string_view value;
        if (flag->valueName.empty()) {
            if (equals != std::string_view::npos) {
                throw CommandLineError(flag->name + ": takes no value");
            }
        } else if (equals != std::string_view::npos) {
            value = argument.substr(equals + 1);
        } else if (index + 1 < arguments.size() && !arguments[index + 1].starts_with("--")) {
            value = arguments[++index];
        } else {
            throw CommandLineError(flag->name + ": missing value " + flag->valueName);
        }
        options.givenFlags.push_back(flag->name);
        try {
            flag->apply(options, value);
        } catch (const text::ParseError& error) {
            throw CommandLineError(flag->name + ": " + error.what());
        }
    }
    checkCombinations(options);
    return options;
}

std::string commandLineHelp()
{
    std::ostringstream text;
    text << "usage: cbt-terrain [HEIGHTMAP] [flags]\n"
         << "       cbt-terrain prepare IN OUT.tif    (see cbt-terrain prepare --help)\n"
         << "\n"
         << "Renders a heightmap with a GPU concurrent binary tree and longest edge bisection.\n"
         << "HEIGHTMAP is an 8- or 16-bit greyscale PNG, or an elevation model GDAL reads (GeoTIFF,\n"
         << "SRTM .hgt, NetCDF, a VRT mosaic, ...) under any name GDAL opens (/vsicurl/https://...,\n"
         << "/vsizip/...), whose georeferencing and heights in metres set the extent, the height\n"
         << "scale and sea level (y = 0) unless given (default: " << defaultHeightmapPath().string() << ").\n"
         << "\n"
         << "prepare writes an elevation model as a Cloud-Optimized GeoTIFF with overviews.\n"
         << "\n"
         << "flags (--flag VALUE or --flag=VALUE):\n";
    for (const FlagSpec& flag : viewerFlagSpecs()) {
        std::string left = "  " + flag.name;
        if (!flag.valueName.empty()) {
            left += " " + flag.valueName;
        }
        text << left;
        const size_t column = 32;
        text << (left.size() < column ? std::string(column - left.size(), ' ')
                                      : std::string("\n") + std::string(column, ' '));
        text << flag.help;
        if (!flag.defaultText.empty()) {
            text << " (default: " << flag.defaultText << ")";
        }
        text << "\n";
    }
    text << "\n"
         << "headless example:\n"
         << "  cbt-terrain --headless --size 640x360 --frames 60 --camera 0,2500,6000,0,-20 \\\n"
         << "              --screenshot out.png --stats out.json\n"
         << "\n"
         << "window keys: right mouse button + move: look; W A S D: move; Q / E: down / up; wheel: speed;\n"
         << "  Shift: faster; Home: reset camera; F: wireframe; Space: freeze subdivision; F1: overlay;\n"
         << "  F12: screenshot (without the overlay) into the working directory; R: reload shaders; Esc: quit;\n"
         << "  [ / ]: lower / raise the sun; K: add the camera's pose to a keyframed path; P: fly it;\n"
         << "  Ctrl+S: write it as a --camera-path file into the working directory\n";
    return text.str();
}

std::vector<std::string> commandLineFlagNames()
{
    std::vector<std::string> names;
    for (const FlagSpec& flag : viewerFlagSpecs()) {
        names.push_back(flag.name);
    }
    return names;
}

std::filesystem::path defaultHeightmapPath()
{
    return vk::locateProgramFiles().assetDirectory / kDefaultHeightmapFileName;
}

}  // namespace viewer
