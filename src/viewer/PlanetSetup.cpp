#include "viewer/PlanetSetup.h"

#include "bisector/BisectorKey.h"
#include "dem/DemImagery.h"
#include "dem/DemStreaming.h"
#include "dem/GeoidModel.h"
#include "planet/CubeSphere.h"
#include "planet/GlobalElevation.h"
#include "planet/gpu/GlobeCriterion.h"
#include "viewer/ElevationOverlays.h"
#include "viewer/GeodeticSun.h"
#include "viewer/GlobeFlight.h"
#include "viewer/PointQuery.h"
#include "viewer/VectorLayers.h"
#include "viewer/ViewerSetup.h"
#include "vk/Device.h"
#include "vk/Error.h"

#include <glm/geometric.hpp>

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <iomanip>
#include <iostream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace viewer {
namespace {

constexpr double kDegrees = 3.14159265358979323846 / 180.0;
constexpr std::uint32_t kMinCubeIntervals = 64;
constexpr std::uint32_t kCubeRoots = 24;
// Bisector slots of the globe's pool by default, where the device holds
// them: a converged view at 1920 x 1080 100 m over the Alps holds about 3.3
// million (1.6 per pixel).
constexpr std::uint32_t kDefaultGlobeCapacity = 1u << 22;

// Bytes of the cube grid, and of its min/max pyramid, at `intervals`.
std::uint64_t gridBytes(std::uint64_t intervals)
{
    return 6u * (intervals + 1u) * (intervals + 1u) * sizeof(float);
}

std::uint64_t pyramidBytes(std::uint64_t intervals)
{
    std::uint64_t bytes = 0;
    for (std::uint64_t side = intervals; side >= 1u; side /= 2u) {
        bytes += 6u * side * side * 2u * sizeof(float);
    }
    return bytes;
}

// Reads a DEM that streams: its coarse level in memory on the cube, the
// finer ones for the tile reader, down to what `overlays` (--elevation)
// resolve. False when the cube in memory holds it all (nothing to stream).
bool loadStreamedPlanet(PlanetInputs& inputs, const planet::CubeGeoid& seaLevel,
                        std::vector<planet::OverlaidElevation>& overlays, VkDeviceSize maxRange, std::ostream& out)
{
    const std::filesystem::path& path = inputs.demPath;
    std::shared_ptr<const dem::StreamedDem> source;
    try {
        // A file without overviews averages every sample for its coarse
        // level: said first, as it may take minutes (GEBCO's 3.7 billion
        // samples).
        dem::StreamedDemOptions streamedOptions;
        streamedOptions.landOnlySea = dem::LandOnlySea{};
        source = std::make_shared<const dem::StreamedDem>(
            openViewerStreamedDemWithItsBase(inputs.options, path, streamedOptions, "planet", out));
    } catch (const heightmap::HeightmapError& error) {
        throw planet::GlobalElevationError(error.what());
    }
    const planet::GlobalElevation base(source->base, path);
    const std::uint32_t wanted = planet::CubeElevation::intervalsFor(base);
    const std::uint32_t intervals = cubeIntervalsWithin(wanted, maxRange);
    std::uint32_t finest = planet::finestCubeIntervalsFor(base.columnsPerTurn() << source->layout.levelCount());
    for (const planet::OverlaidElevation& overlay : overlays) {
        finest = std::max(finest, planet::finestCubeIntervalsFor(overlay));
    }
    const std::optional<planet::CubeTilePyramid> pyramid = planet::cubePyramidFor(intervals, finest);
    if (!pyramid) {
        return false;
    }
    inputs.elevation = std::make_unique<planet::CubeElevation>(base, intervals, seaLevel);
    inputs.streamed = planet::streamedGlobalElevation(path, source, base, *pyramid, seaLevel, std::move(overlays));
    const dem::DemMetadata& metadata = source->base.metadata;
    out << "cbt-terrain: planet: " << path.string() << ", " << metadata.fileColumns << "x" << metadata.fileRows
        << " samples, streamed: a cube of 6 x " << intervals << "^2 cells in memory (read at 1/" << metadata.reduction
        << "), " << pyramid->levelCount() << " level" << (pyramid->levelCount() > 1 ? "s" : "") << " down to 6 x "
        << pyramid->finestIntervals() << "^2 in tiles of " << pyramid->tileSize() << ", detail below "
        << std::lround(2.0 / pyramid->finestIntervals() * 5.0e6) << " m where the finest tiles are resident\n";
    out << poleCapsNotice(path, inputs.streamed->poleCaps, inputs.streamed->rowSpacingDegrees);
    out << seaNotice(path, metadata.seaCount, source->base.heightmap.samples.size());
    return true;
}

}  // namespace

std::uint32_t cubeIntervalsWithin(std::uint32_t wanted, VkDeviceSize maxStorageBufferRange)
{
    std::uint32_t intervals = std::max(wanted, kMinCubeIntervals);
    while (intervals > kMinCubeIntervals &&
           (gridBytes(intervals) > maxStorageBufferRange || pyramidBytes(intervals) > maxStorageBufferRange)) {
        intervals /= 2u;
    }
    return intervals;
}

namespace {

// The Earth's maps of Debian's xplanet-images: its colours by day, under
// --imagery's layers, and its lights by night, each a whole-Earth plate
// carree without georeferencing. Without them, one notice.
void loadEarthMaps(PlanetInputs& inputs, std::ostream& out)
{
    const std::filesystem::path folder = defaultEarthImageryFolder();
    const std::filesystem::path day = folder / "earth.jpg";
    const std::filesystem::path night = folder / "night.jpg";
    for (const std::filesystem::path& map : {day, night}) {
        if (!std::filesystem::exists(map)) {
            std::cerr << "cbt-terrain: notice: " << map.string()
                      << " is missing (the Debian package xplanet-images, scripts/setup-debian.sh): the globe shows "
                      << (inputs.imagery.empty() ? "its materials and no night lights"
                                                 : "its materials beyond the imagery and no night lights")
                      << "\n";
            return;
        }
    }
    dem::ImageryOptions options;
    options.wholeEarthWhenUngeoreferenced = true;
    inputs.imagery.insert(inputs.imagery.begin(), dem::loadGeographicImagery(day, options));
    out << "cbt-terrain: " << describeImagery(inputs.imagery.front()) << "\n";
    inputs.nightLights = dem::loadGeographicImagery(night, options);
    out << "cbt-terrain: night lights: " << night.string() << ", " << inputs.nightLights->width << "x"
        << inputs.nightLights->height << " texels over the whole Earth\n";
}

// The global DEM read whole (reduced beyond what memory holds) onto the
// cube grid.
void loadPlanetInMemory(PlanetInputs& inputs, const planet::CubeGeoid& seaLevel,
                        const heightmap::HeightmapLimits& limits, VkDeviceSize maxRange, std::ostream& out)
{
    // Heights are read reduced beyond the samples a heightmap may have in
    // memory (heightmap::HeightmapLimits); the cube grid then holds what one
    // buffer binding of the device does.
    const planet::GlobalElevation global(inputs.demPath, limits);
    const std::uint32_t wanted = planet::CubeElevation::intervalsFor(global);
    const std::uint32_t intervals = cubeIntervalsWithin(wanted, maxRange);
    inputs.elevation = std::make_unique<planet::CubeElevation>(global, intervals, seaLevel);
    const dem::DemTerrain& terrain = global.terrain();
    out << "cbt-terrain: planet: " << inputs.demPath.string() << ", " << terrain.metadata.fileColumns << "x"
        << terrain.metadata.fileRows << " samples";
    if (terrain.metadata.reduction > 1) {
        out << " (read at 1/" << terrain.metadata.reduction << ")";
    }
    out << ", on a cube of 6 x " << intervals << "^2 cells";
    if (intervals < wanted) {
        out << " (the device's storage buffers hold no more than " << intervals << "^2; the DEM has " << wanted
            << "^2)";
    }
    out << ", detail below " << std::lround(2.0 / intervals * 5.0e6) << " m\n";
    out << poleCapsNotice(inputs.demPath, global.poleCaps(), global.rowSpacingDegrees());
    out << seaNotice(inputs.demPath, terrain.metadata.seaCount, terrain.heightmap.samples.size());
}

// The layer that streams its tiles: the globe streams one, the last given
// that would (dem::ImageryStreaming); the others keep their texture.
void keepOneStreamedLayer(std::vector<dem::Imagery>& layers, std::ostream& out)
{
    bool kept = false;
    for (auto layer = layers.rbegin(); layer != layers.rend(); ++layer) {
        if (layer->streaming && std::exchange(kept, true)) {
            layer->streaming.reset();
            out << "cbt-terrain: imagery '" << layer->sourcePath << "': drawn from its " << layer->width << "x"
                << layer->height << " texture: the globe streams one imagery layer, the last that needs it\n";
        }
    }
}

const dem::Imagery* streamedImageryOf(const PlanetInputs& inputs)
{
    for (const dem::Imagery& imagery : inputs.imagery) {
        if (imagery.streaming) {
            return &imagery;
        }
    }
    return nullptr;
}

}  // namespace

planet::CubeGeoid globeSeaLevel(std::ostream& out)
{
    const std::filesystem::path path = defaultGeoidPath();
    try {
        const planet::CubeGeoid geoid{std::make_shared<const dem::GeoidModel>(path)};
        out << "cbt-terrain: planet: sea level is the geoid of " << path.string() << "\n";
        return geoid;
    } catch (const dem::GeoidError& error) {
        std::cerr << "cbt-terrain: notice: " << error.what()
                  << " (the Debian package proj-data, scripts/setup-debian.sh): sea level is the ellipsoid\n";
    }
    return planet::CubeGeoid();
}

PlanetInputs loadPlanetInputs(const ViewerOptions& options, VkDeviceSize maxRange, std::ostream& out)
{
    checkOutputFolders(options);
    PlanetInputs inputs;
    inputs.options = options;
    inputs.demPath = options.heightmapPath.value_or(defaultGlobalDemPath());
    if (!options.heightmapPath && !std::filesystem::exists(inputs.demPath)) {
        throw std::runtime_error("--planet: the default global DEM " + inputs.demPath.string() +
                                 " is missing: install the Debian package ferret-datasets (scripts/setup-debian.sh) "
                                 "or name a global DEM");
    }
    if (options.cameraPathFile) {
        inputs.path = loadGeodeticCameraPathFrames(*options.cameraPathFile, options.framesPerSecond);
    }
    for (const std::filesystem::path& path : options.imageryPaths) {
        inputs.imagery.push_back(dem::loadGeographicImagery(path, viewerImageryOptions(options)));
        out << "cbt-terrain: " << describeImagery(inputs.imagery.back()) << "\n";
    }
    keepOneStreamedLayer(inputs.imagery, out);
    if (!options.imageryOff) {
        loadEarthMaps(inputs, out);
    }
    const heightmap::HeightmapLimits limits;
    const planet::CubeGeoid seaLevel = globeSeaLevel(out);
    // Finer models laid over the global one stream with it.
    std::vector<planet::OverlaidElevation> overlays = openElevationOverlays(options, seaLevel, out);
    const bool laidOver = !overlays.empty();
    if (!(streamsTiles(options, inputs.demPath, limits) || laidOver) ||
        !loadStreamedPlanet(inputs, seaLevel, overlays, maxRange, out)) {
        loadPlanetInMemory(inputs, seaLevel, limits, maxRange, out);
        if (laidOver) {
            std::cerr << "cbt-terrain: warning: --elevation: no model is finer than the globe's cube grid of "
                      << inputs.elevation->intervals() << " intervals a face side: left out\n";
        }
    }
    if (options.followTrack) {
        FollowedGround ground;
        ground.height = [&elevation = *inputs.elevation](double latitude, double longitude) {
            return globeFlightFloor(groundUnder(elevation, {latitude, longitude, 0.0, 0.0, 0.0}));
        };
        ground.name = inputs.demPath.string();
        for (const geodesy::GeodeticPose& pose :
             flyTrackFile(*options.followTrack, ground, trackFollowSettingsOf(options), out)) {
            inputs.path.push_back({pose, std::nullopt});
        }
    }
    if (!options.vectorLayers.empty()) {
        inputs.vectors = drapeVectorLayers(options, globeDrapeGround(*inputs.elevation), out, std::cerr);
    }
    if (options.time && options.timeEnd) {
        for (const double days : pathInstantDays(*options.time, *options.timeEnd, inputs.path.size())) {
            inputs.pathSuns.push_back(planet::sunDirectionOf(geodesy::subsolarPointAt(days)));
        }
    }
    return inputs;
}

std::string poleCapsNotice(const std::filesystem::path& path, const planet::PoleCaps& caps, double rowSpacingDegrees)
{
    std::vector<std::string> ends;
    const auto describe = [&](double rowDegrees, double metres, const char* hemisphere) {
        std::ostringstream end;
        end << std::fixed << std::setprecision(2) << std::abs(rowDegrees) << hemisphere
            << " (beyond: " << std::lround(metres) << " m)";
        ends.push_back(end.str());
    };
    if (planet::stopsShortOfPole(caps, rowSpacingDegrees, true)) {
        describe(caps.northmostRowDegrees, caps.northMetres, " N");
    }
    if (planet::stopsShortOfPole(caps, rowSpacingDegrees, false)) {
        describe(caps.southmostRowDegrees, caps.southMetres, " S");
    }
    if (ends.empty()) {
        return "";
    }
    std::string notice =
        "cbt-terrain: planet: " + path.string() + " stops short of the poles: its rows end at " + ends.front();
    if (ends.size() > 1) {
        notice += " and " + ends.back();
    }
    return notice + "; each cap beyond takes its last row's mean height\n";
}

std::string seaNotice(const std::filesystem::path& path, std::uint64_t seaSamples, std::uint64_t samples)
{
    if (seaSamples == 0 || samples == 0) {
        return "";
    }
    std::ostringstream notice;
    notice << "cbt-terrain: planet: " << path.string()
           << " has no bathymetry: its no-data and 0 m that meet the coasts (" << std::fixed << std::setprecision(1)
           << 100.0 * static_cast<double>(seaSamples) / static_cast<double>(samples)
           << "% of the samples) are drawn as sea, down to " << std::lround(dem::LandOnlySea{}.depthMetres) << " m\n";
    return notice.str();
}

std::optional<planet::gpu::GlobeStreaming> globeStreamingOf(const PlanetInputs& inputs, std::uint32_t uploadsPerFrame)
{
    if (!inputs.streamed) {
        return std::nullopt;
    }
    const planet::StreamedGlobalElevation& model = *inputs.streamed;
    return planet::gpu::GlobeStreaming{
        budgetedStreamSource(
            inputs.options, model.pyramid.layout(), [model] { return planet::makeCubeTileReader(model); },
            uploadsPerFrame, streamsSharingTheBudgets(true, streamedImageryOf(inputs))),
        planet::gpu::GlobeStreamLevels{model.pyramid, model.range}};
}

std::optional<terrain::ImageryPixels> globeNightLightsOf(const PlanetInputs& inputs)
{
    if (!inputs.nightLights) {
        return std::nullopt;
    }
    return imageryPixelsOf(inputs.nightLights);
}

std::vector<scene::GlobeImageryPixels> globeImageryOf(const PlanetInputs& inputs, std::uint32_t uploadsPerFrame)
{
    std::vector<scene::GlobeImageryPixels> layers;
    const std::uint32_t streams = streamsSharingTheBudgets(inputs.streamed.has_value(), streamedImageryOf(inputs));
    for (const dem::Imagery& imagery : inputs.imagery) {
        if (imagery.geographic) {
            layers.push_back({imageryPixelsOf(imagery), *imagery.geographic, std::nullopt});
            if (imagery.streaming) {
                layers.back().tiles = imageryStreamSource(inputs.options, *imagery.streaming, uploadsPerFrame, streams);
            }
        }
    }
    return layers;
}

planet::GeodeticPose homeGlobePose()
{
    return planet::GeodeticPose{20.0, 10.0, 1.2e7, 0.0, -90.0};
}

planet::GeodeticPose startGlobePose(const PlanetInputs& inputs)
{
    if (inputs.options.cameraGeo) {
        return *inputs.options.cameraGeo;
    }
    if (!inputs.path.empty()) {
        return inputs.path.front().pose;
    }
    return homeGlobePose();
}

glm::dvec3 planetSunDirection(const ViewerOptions& options, const planet::GeodeticPose& firstPose)
{
    if (options.time) {
        return planet::sunDirectionAt(*options.time);
    }
    if (options.sunGiven) {
        const planet::LocalFrame local = planet::localFrameAt(firstPose.latitudeDegrees, firstPose.longitudeDegrees);
        const double azimuth = static_cast<double>(options.sun.azimuthDegrees) * kDegrees;
        const double elevation = static_cast<double>(options.sun.elevationDegrees) * kDegrees;
        return glm::normalize(std::cos(elevation) * (std::sin(azimuth) * local.east + std::cos(azimuth) * local.north) +
                              std::sin(elevation) * local.up);
    }
    return planet::sunDirectionAt(planet::kDefaultSunInstant);
}

std::string describePlanetSun(const ViewerOptions& options)
{
    std::ostringstream text;
    if (options.sunGiven) {
        text << "the sun at azimuth " << options.sun.azimuthDegrees << ", elevation " << options.sun.elevationDegrees
             << " degrees over the first frame's camera";
        return text.str();
    }
    const geodesy::UtcInstant instant = options.time.value_or(planet::kDefaultSunInstant);
    text << "the sun of " << instant.year << "-" << std::setfill('0') << std::setw(2) << instant.month << "-"
         << std::setw(2) << instant.day << "T" << std::setw(2) << instant.hour << ":" << std::setw(2) << instant.minute
         << "Z" << (options.time ? "" : " (the default instant; --time or --sun to change it)");
    return text.str();
}

int maxGlobeDepth()
{
    return bisector::KeyLayout(kCubeRoots, 0).maxDepth();
}

scene::GlobeSceneSettings globeSceneSettings(const ViewerOptions& options, const vk::Device& device)
{
    scene::GlobeSceneSettings settings;
    const VkDeviceSize range = device.limits().maxStorageBufferRange;
    const auto deviceSlots = static_cast<std::uint32_t>(
        std::min<VkDeviceSize>(range / planet::gpu::GlobeCriterion::kLargestBytesPerSlot, VkDeviceSize{1} << 31));
    const std::uint32_t most = std::bit_floor(deviceSlots);
    if (options.poolCapacity && *options.poolCapacity > most) {
        throw std::runtime_error("--pool-size: " + std::to_string(*options.poolCapacity) +
                                 " slots do not fit the device's storage buffers (at most " + std::to_string(most) +
                                 " for the globe)");
    }
    settings.globe.capacity = options.poolCapacity.value_or(std::min(kDefaultGlobeCapacity, most));
    const int depth = options.maxDepth.value_or(maxGlobeDepth());
    if (depth > maxGlobeDepth()) {
        throw std::runtime_error("--depth: the globe's pool holds up to depth " + std::to_string(maxGlobeDepth()) +
                                 ", got " + std::to_string(depth));
    }
    settings.globe.maxDepth = depth;
    if (options.targetEdgePixels) {
        settings.globe.targetEdgePixels = static_cast<double>(*options.targetEdgePixels);
    }
    settings.globe.wireframe = options.wireframe;
    settings.globe.shadows = options.shadows;
    settings.globe.contourIntervalMetres = options.contourIntervalMetres;
    settings.display = options.display;
    return settings;
}

void checkPlanetDevice(const vk::Device& device)
{
    checkViewerDeviceFeatures(device);
    if (!device.hasShaderFloat64()) {
        throw vk::Error("Vulkan device " + device.info().name +
                        " lacks 64-bit floats in shaders (shaderFloat64), which --planet needs for the globe's "
                        "positions");
    }
    if (!device.features().shaderBufferInt64Atomics) {
        throw vk::Error("Vulkan device " + device.info().name +
                        " lacks 64-bit atomics on storage buffers (shaderBufferInt64Atomics), which --planet needs "
                        "for the globe's visibility pass");
    }
}

GlobeGround groundUnder(const planet::CubeElevation& elevation, const planet::GeodeticPose& pose)
{
    const glm::dvec3 cube = planet::cubePointUnder(pose.latitudeDegrees, pose.longitudeDegrees);
    return GlobeGround{elevation.surfaceHeightAt(cube), elevation.geoid().undulationAt(cube)};
}

GlobeGround groundUnder(const PlanetInputs& inputs, tiles::gpu::TileStream* stream, const planet::GeodeticPose& pose)
{
    if (stream == nullptr || !inputs.streamed) {
        return groundUnder(*inputs.elevation, pose);
    }
    const planet::StreamedCubeHeights heights(*inputs.elevation, inputs.streamed->pyramid, inputs.streamed->range,
                                              [stream](std::uint32_t entry) { return stream->residentSamples(entry); });
    const glm::dvec3 cube = planet::cubePointUnder(pose.latitudeDegrees, pose.longitudeDegrees);
    return GlobeGround{heights.surfaceHeightAt(cube), inputs.elevation->geoid().undulationAt(cube)};
}

std::string altitudeText(double metres)
{
    std::array<char, 64> text{};
    if (std::abs(metres) >= 10000.0) {
        std::snprintf(text.data(), text.size(), "%.1f km", metres / 1000.0);
    } else {
        std::snprintf(text.data(), text.size(), "%.0f m", metres);
    }
    return text.data();
}

RunDescription describePlanetRun(const PlanetInputs& inputs, const scene::GlobeSceneRenderer& scene,
                                 const planet::GeodeticPose& camera, const vk::Device& device, VkExtent2D size,
                                 std::uint32_t frames)
{
    const scene::GlobeSceneSettings& settings = scene.settings();
    RunDescription description;
    description.deviceName = device.info().name;
    description.heightmapPath = inputs.demPath.string();
    description.width = size.width;
    description.height = size.height;
    description.frames = frames;
    description.maxDepth = settings.globe.maxDepth;
    description.targetEdgePixels = static_cast<float>(settings.globe.targetEdgePixels);
    description.wireframe = settings.globe.wireframe;
    description.shading = "lit";
    description.backend = "pool";
    description.raster = std::string(scene::rasterPathName(scene::RasterPath::Compute));
    description.cameraGeo = camera;
    RunDescription::Globe globe;
    const GlobeGround ground = groundUnder(inputs, scene.heightStream(), camera);
    globe.groundHeightMetres = ground.heightAboveSeaMetres;
    globe.seaLevelMetres = ground.seaLevelMetres;
    globe.heightAboveSeaMetres = camera.heightMetres - ground.seaLevelMetres;
    globe.altitudeAboveGroundMetres = camera.heightMetres - (ground.heightAboveSeaMetres + ground.seaLevelMetres);
    globe.gridIntervals = inputs.elevation->intervals();
    globe.elevationBytes = scene.globe().elevationBytes();
    description.globe = globe;
    return description;
}

}  // namespace viewer
