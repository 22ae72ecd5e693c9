#include "viewer/ViewerSetup.h"

#include "dem/DemDataset.h"
#include "dem/DemStreaming.h"
#include "scene/RenderTargets.h"
#include "surface/SnowLine.h"
#include "terrain/HeightStatistics.h"
#include "terrain/TerrainUniforms.h"
#include "viewer/GeodeticFrame.h"
#include "viewer/GeodeticSun.h"
#include "viewer/VectorLayers.h"
#include "vk/Device.h"
#include "vk/Error.h"
#include "vk/Instance.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <iomanip>
#include <iostream>
#include <sstream>

#include <filesystem>
#include <stdexcept>
#include <string>

namespace viewer {

namespace {

constexpr double kMebibyte = 1024.0 * 1024.0;

}  // namespace

std::size_t cpuBudgetBytes(const ViewerOptions& options)
{
    return static_cast<std::size_t>(options.cpuBudgetMiB * kMebibyte);
}

std::size_t gpuBudgetBytes(const ViewerOptions& options)
{
    return static_cast<std::size_t>(options.gpuBudgetMiB * kMebibyte);
}

tiles::gpu::TileStreamSource budgetedStreamSource(const ViewerOptions& options, const tiles::TilePyramidLayout& layout,
                                                  tiles::TileReaderFactory readerFactory, std::uint32_t uploadsPerFrame,
                                                  std::uint32_t sharedBy, tiles::gpu::TileTexels texels)
{
    const std::size_t cpuBytes = cpuBudgetBytes(options);
    const std::size_t streams = std::max<std::uint32_t>(sharedBy, 1);
    tiles::gpu::TileStreamSource source{layout, std::move(readerFactory)};
    source.gpuBudgetBytes = gpuBudgetBytes(options) / streams;
    source.cpuBudgetBytes = (cpuBytes - cpuBytes / 4) / streams;
    source.uploadsPerFrame = uploadsPerFrame;
    source.texels = texels;
    return source;
}

std::uint32_t streamsSharingTheBudgets(bool heightsStream, const dem::Imagery* imagery)
{
    return (heightsStream ? 1u : 0u) + (imagery != nullptr && imagery->streaming ? 1u : 0u);
}

tiles::gpu::TileStreamSource imageryStreamSource(const ViewerOptions& options, const dem::ImageryStreaming& streaming,
                                                 std::uint32_t uploadsPerFrame, std::uint32_t sharedBy)
{
    return budgetedStreamSource(options, streaming.layout, streaming.readerFactory, uploadsPerFrame, sharedBy,
                                tiles::gpu::TileTexels::Colours);
}

dem::StreamedDem openViewerStreamedDem(const ViewerOptions& options, const std::filesystem::path& path,
                                       heightmap::HeightmapLimits baseLimits, dem::StreamedDemOptions streamed)
{
    // Reading the coarse level goes through GDAL's block cache too: within
    // its quarter of the CPU budget, as the tiles' reads are later (GDAL's
    // own default is a twentieth of the machine's memory).
    dem::setGdalCacheBytes(cpuBudgetBytes(options) / 4);
    // The coarse level of a model without overviews averages all its samples
    // once: allowed here (the tiles spare every later frame).
    baseLimits.maxSamplesReadWithoutOverviews = kMaxSamplesReadForStreamedBase;
    streamed.tileSize = kStreamedTileSize;
    return dem::openStreamedDem(path, baseLimits, streamed);
}

dem::StreamedDem openViewerStreamedDemWithItsBase(const ViewerOptions& options, const std::filesystem::path& path,
                                                  dem::StreamedDemOptions streamed, std::string_view who,
                                                  std::ostream& out)
{
    streamed.baseTiming = dem::StreamedBaseTiming::LaterWhenCostly;
    dem::StreamedDem opened = openViewerStreamedDem(options, path, heightmap::HeightmapLimits{}, streamed);
    if (opened.pendingBase) {
        if (opened.pendingBase->averagesEverySample) {
            out << "cbt-terrain: " << who << ": " << path.string()
                << " has no overviews: averaging all its samples for the coarse level (cbt-terrain prepare writes a "
                   "copy with overviews)\n"
                << std::flush;
        }
        dem::StreamedBaseReader reader(*opened.pendingBase);
        reader.waitUntilDone();
        dem::placeStreamedBase(opened, reader.take());
    }
    return opened;
}

bool streamsTiles(const ViewerOptions& options, const std::filesystem::path& path,
                  const heightmap::HeightmapLimits& limits)
{
    if (options.stream == StreamMode::Off || dem::terrainFileKindOf(path) != dem::TerrainFileKind::Dem) {
        return false;
    }
    if (options.stream == StreamMode::On) {
        return true;
    }
    const dem::GdalDatasetHandle dataset = dem::openElevationDataset(path);
    const auto columns = static_cast<std::uint64_t>(std::max(dataset->GetRasterXSize(), 0));
    const auto rows = static_cast<std::uint64_t>(std::max(dataset->GetRasterYSize(), 0));
    return columns > limits.maxDimension || rows > limits.maxDimension || columns * rows > limits.maxTexels;
}

dem::TerrainSource loadViewerTerrain(const ViewerOptions& options, const VkPhysicalDeviceLimits& deviceLimits,
                                     dem::StreamedBaseTiming baseTiming)
{
    const std::filesystem::path path = options.heightmapPath.value_or(defaultHeightmapPath());
    const heightmap::HeightmapLimits limits = viewerHeightmapLimits(deviceLimits);
    if (!streamsTiles(options, path, limits)) {
        return dem::loadTerrainSource(path, limits);
    }
    heightmap::HeightmapLimits baseLimits = limits;
    baseLimits.maxDimension = std::min(limits.maxDimension, kStreamedBaseMaxDimension);
    baseLimits.maxTexels =
        std::min<std::uint64_t>(limits.maxTexels, std::uint64_t{kStreamedBaseMaxDimension} * kStreamedBaseMaxDimension);
    dem::StreamedDemOptions streamedOptions;
    streamedOptions.baseTiming = baseTiming;
    auto streamed =
        std::make_shared<dem::StreamedDem>(openViewerStreamedDem(options, path, baseLimits, streamedOptions));
    dem::TerrainSource source{streamed->base.heightmap, streamed->base.metadata, nullptr};
    source.streamed = std::move(streamed);
    return source;
}

void printTerrainWarnings(const dem::TerrainSource& terrain, std::ostream& err)
{
    if (!terrain.dem) {
        return;
    }
    for (const std::string& warning : terrain.dem->warnings) {
        err << "cbt-terrain: warning: elevation model '" << terrain.heightmap.sourcePath << "': " << warning << "\n";
    }
}

void printStreamWarnings(tiles::gpu::TileStream* stream, std::ostream& err)
{
    if (stream != nullptr) {
        for (const std::string& warning : stream->takeWarnings()) {
            err << "cbt-terrain: warning: " << warning << "\n";
        }
    }
}

std::chrono::milliseconds ioTimeout(const ViewerOptions& options)
{
    return std::chrono::milliseconds(static_cast<std::int64_t>(std::ceil(options.ioTimeoutSeconds * 1000.0)));
}

std::string timedOutMessage(const std::string& sourceName, const ViewerOptions& options, std::string_view what)
{
    return sourceTimedOutMessage("elevation model '" + sourceName + "'", options, what);
}

std::string sourceTimedOutMessage(std::string_view source, const ViewerOptions& options, std::string_view what)
{
    std::ostringstream message;
    message << source << " timed out: " << what << " took more than " << options.ioTimeoutSeconds
            << " s (--io-timeout)";
    return message.str();
}

double waitForFrameSlot(scene::FrameSlot& slot)
{
    const auto start = std::chrono::steady_clock::now();
    slot.inFlight.wait();
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

void renderUntilTilesSettle(std::initializer_list<const tiles::gpu::TileStream*> streams, std::uint32_t firstIndex,
                            const std::function<bool(std::uint32_t index)>& renderFrame)
{
    if (std::all_of(streams.begin(), streams.end(), [](const tiles::gpu::TileStream* stream) { return !stream; })) {
        return;
    }
    const auto allSettled = [&] {
        return std::all_of(streams.begin(), streams.end(),
                           [](const tiles::gpu::TileStream* stream) { return !stream || stream->settled(); });
    };
    for (std::uint32_t index = firstIndex, settled = 0; index < firstIndex + kMaxStreamSettlingFrames && settled < 2;
         ++index) {
        settled = allSettled() ? settled + 1 : 0;
        if (!renderFrame(index)) {
            return;
        }
    }
}

heightmap::HeightmapLimits viewerHeightmapLimits(const VkPhysicalDeviceLimits& device)
{
    heightmap::HeightmapLimits limits;
    limits.maxDimension = device.maxImageDimension2D;
    limits.maxTexels =
        std::min<std::uint64_t>(limits.maxTexels, terrain::maxStatisticsTexelsFor(device.maxStorageBufferRange));
    return limits;
}

dem::ImageryOptions viewerImageryOptions(const ViewerOptions& options)
{
    dem::ImageryOptions imageryOptions;
    imageryOptions.bands = options.imageryBands.value_or(imageryOptions.bands);
    switch (options.stream) {
        case StreamMode::Auto: imageryOptions.stream = dem::ImageryStreamMode::Auto; break;
        case StreamMode::On: imageryOptions.stream = dem::ImageryStreamMode::On; break;
        case StreamMode::Off: imageryOptions.stream = dem::ImageryStreamMode::Off; break;
    }
    return imageryOptions;
}

std::optional<dem::Imagery> loadViewerImagery(const ViewerOptions& options, const dem::TerrainSource& terrain)
{
    if (options.imageryPaths.empty()) {
        return std::nullopt;
    }
    // Layers stack into one texture: only a layer alone streams.
    dem::ImageryOptions imageryOptions = viewerImageryOptions(options);
    if (options.imageryPaths.size() > 1) {
        imageryOptions.stream = dem::ImageryStreamMode::Off;
    }
    std::vector<dem::Imagery> layers;
    for (const std::filesystem::path& path : options.imageryPaths) {
        layers.push_back(dem::loadImagery(path, terrain, imageryOptions));
    }
    return dem::stackedImagery(std::move(layers));
}

std::string describeImagery(const dem::Imagery& imagery)
{
    std::ostringstream grid;
    if (const std::optional<dem::GeographicBounds>& bounds = imagery.geographic) {
        grid << std::fixed << std::setprecision(3) << " texels of WGS 84 degrees over " << bounds->west << ".."
             << bounds->east << " E, " << bounds->south << ".." << bounds->north << " N";
    } else {
        grid << " texels on the elevation model's grid";
    }
    if (imagery.streaming) {
        const tiles::TilePyramidLayout& layout = imagery.streaming->layout;
        grid << ", streamed in " << layout.levelCount() << " finer levels of tiles down to " << layout.columns() << "x"
             << layout.rows();
    }
    return "imagery '" + imagery.sourcePath + "': " + std::to_string(imagery.width) + "x" +
           std::to_string(imagery.height) + grid.str() + (imagery.stretched ? ", bands stretched 2-98 %" : "");
}

terrain::ImageryPixels imageryPixelsOf(const dem::Imagery& imagery)
{
    return terrain::ImageryPixels{imagery.width, imagery.height, imagery.rgba};
}

terrain::ImageryPixels imageryPixelsOf(const std::optional<dem::Imagery>& imagery)
{
    if (!imagery) {
        return {};
    }
    return imageryPixelsOf(*imagery);
}

std::string describeTerrainSource(const dem::TerrainSource& source)
{
    if (!source.dem) {
        return "";
    }
    const dem::DemMetadata& dem = *source.dem;
    std::ostringstream line;
    line << std::fixed << std::setprecision(1) << "elevation model '" << source.heightmap.sourcePath << "' ("
         << dem.driverName << "): ";
    if (dem.streamedLevels > 0) {
        line << dem.fileColumns << "x" << dem.fileRows << " samples streamed in tiles of " << kStreamedTileSize << "x"
             << kStreamedTileSize << " over " << dem.streamedLevels << " levels onto ";
        if (source.streamed && source.streamed->pendingBase) {
            line << "a coarse level read in the background, ";
        }
    } else if (dem.reduction > 1) {
        line << dem.fileColumns << "x" << dem.fileRows << " samples read at 1/" << dem.reduction << " as ";
    }
    line << source.heightmap.width << "x" << source.heightmap.height << " samples, heights " << dem.minimumHeightMetres
         << " to " << dem.maximumHeightMetres << " m, " << dem.extentSource;
    if (dem.noDataCount > 0) {
        line << ", " << dem.noDataCount << " no-data samples filled";
    }
    return line.str();
}

void checkHeightmapFitsDevice(const heightmap::Heightmap& heightmap, const vk::Device& device)
{
    const uint32_t largest = device.limits().maxImageDimension2D;
    if (heightmap.width > largest || heightmap.height > largest) {
        throw heightmap::HeightmapError("heightmap '" + heightmap.sourcePath + "' is " +
                                        std::to_string(heightmap.width) + "x" + std::to_string(heightmap.height) +
                                        ", larger than the " + std::to_string(largest) + " pixels a 2D image of " +
                                        device.info().name + " can have");
    }
}

void checkOutputFolders(const ViewerOptions& options)
{
    const auto check = [](const std::optional<std::filesystem::path>& file, const char* flag) {
        if (!file) {
            return;
        }
        const std::filesystem::path folder = file->parent_path();
        if (!folder.empty() && !std::filesystem::is_directory(folder)) {
            throw std::runtime_error(std::string(flag) + ": folder '" + folder.string() + "' does not exist");
        }
    };
    check(options.screenshotPath, "--screenshot");
    check(options.statsPath, "--stats");
}

scene::RasterPath rasterPathFor(const ViewerOptions& options, const vk::Device& device)
{
    return options.raster.value_or(scene::defaultRasterPath(device.driverPath()));
}

vk::Device openViewerDevice(const vk::Instance& instance, const ViewerOptions& options, VkSurfaceKHR surface,
                            std::vector<const char*> extraExtensions)
{
    vk::DeviceOptions deviceOptions;
    deviceOptions.selector = options.deviceSelector;
    deviceOptions.surface = surface;
    deviceOptions.extraExtensions = std::move(extraExtensions);
    try {
        return vk::Device(instance, deviceOptions);
    } catch (const vk::Error& error) {
        if (options.deviceSelector.empty()) {
            throw;
        }
        throw vk::Error("--device: " + std::string(error.what()));
    }
}

void checkViewerDeviceFeatures(const vk::Device& device)
{
    if (!device.hasDynamicRendering()) {
        throw vk::Error("Vulkan device " + device.info().name + " lacks dynamic rendering (Vulkan 1.3)");
    }
    // The terrain's draw marks the streamed tiles it asks for from its
    // vertex and fragment shaders.
    if (!device.features().vertexPipelineStoresAndAtomics || !device.features().fragmentStoresAndAtomics) {
        throw vk::Error("Vulkan device " + device.info().name +
                        " lacks stores and atomics in vertex and fragment shaders");
    }
}

VkSampleCountFlagBits sceneSamplesFor(const ViewerOptions& options, const vk::Device& device,
                                      scene::SceneShading shading)
{
    const VkSampleCountFlags supported = scene::sceneSampleCountsFor(device, shading);
    if (!options.msaaSamples) {
        return (supported & kDefaultMsaaSamples) != 0 ? static_cast<VkSampleCountFlagBits>(kDefaultMsaaSamples)
                                                      : VK_SAMPLE_COUNT_1_BIT;
    }
    if ((supported & *options.msaaSamples) == 0) {
        std::vector<std::string> counts;
        for (std::uint32_t samples = 1; samples <= 64; samples *= 2) {
            if ((supported & samples) != 0) {
                counts.push_back(std::to_string(samples));
            }
        }
        std::string listed = counts.front();
        for (std::size_t i = 1; i < counts.size(); ++i) {
            listed += (i + 1 == counts.size() ? " and " : ", ") + counts[i];
        }
        throw vk::Error("--msaa " + std::to_string(*options.msaaSamples) + ": Vulkan device " + device.info().name +
                        " supports " + listed + " samples per pixel");
    }
    return static_cast<VkSampleCountFlagBits>(*options.msaaSamples);
}

std::unique_ptr<GeodeticFrame> geodeticFrameIfGeoreferenced(const heightmap::Heightmap& heightmap,
                                                            const std::optional<dem::DemMetadata>& dem,
                                                            const terrain::TerrainSettings& settings)
{
    if (!dem || !dem->grid) {
        return nullptr;
    }
    try {
        return std::make_unique<GeodeticFrame>(heightmap, dem, settings, "--camera-geo");
    } catch (const GeodeticPlacementError&) {
        return nullptr;
    }
}

std::optional<geodesy::GeodeticPose> geodeticPoseIn(const CameraPose& pose, const GeodeticFrame* frame)
{
    if (frame == nullptr) {
        return std::nullopt;
    }
    try {
        return geodeticPoseOf(pose, *frame);
    } catch (const GeodeticPlacementError&) {
        return std::nullopt;
    }
}

GeodeticPlacement withGeodeticPlacement(const ViewerOptions& options, const dem::TerrainSource& terrain)
{
    GeodeticPlacement placement{options, {}, {}};
    if (!options.cameraGeo && !options.time) {
        return placement;
    }
    const scene::SceneSettings settings = initialSceneSettings(options, terrain.heightmap, terrain.dem);
    if (options.cameraGeo) {
        const CameraPose pose = cameraPoseOfGeodetic(*options.cameraGeo, terrain, settings.terrain);
        placement.options.camera = pose;
        placement.options.cameraGeo.reset();
        std::ostringstream line;
        line << "--camera-geo is --camera " << pose.position.x << "," << pose.position.y << "," << pose.position.z
             << "," << pose.yawDegrees << "," << pose.pitchDegrees;
        placement.descriptions.push_back(line.str());
        const glm::vec2 extent =
            terrain::terrainWorldExtent(terrain.heightmap.width, terrain.heightmap.height, settings.terrain);
        if (std::optional<std::string> warning = farFromTheMapWarning(pose, extent)) {
            placement.warnings.push_back("--camera-geo: " + *warning);
        }
    }
    if (options.time) {
        const atmosphere::SunPosition sun = sunAtInstant(*options.time, terrain, settings.terrain);
        placement.options.sun = sun;
        placement.options.time.reset();
        std::ostringstream line;
        line << std::fixed << std::setprecision(2) << "--time is --sun " << sun.azimuthDegrees << ","
             << sun.elevationDegrees;
        placement.descriptions.push_back(line.str());
    }
    return placement;
}

std::optional<std::string> farFromTheMapWarning(const CameraPose& pose, glm::vec2 extentMetres)
{
    const double side = std::max(extentMetres.x, extentMetres.y);
    const double dx = std::max(std::abs(static_cast<double>(pose.position.x)) - 0.5 * extentMetres.x, 0.0);
    const double dz = std::max(std::abs(static_cast<double>(pose.position.z)) - 0.5 * extentMetres.y, 0.0);
    const double distance = std::hypot(dx, dz);
    if (!(distance > kFarFromTheMapSides * side)) {
        return std::nullopt;
    }
    std::ostringstream line;
    line << std::fixed << std::setprecision(1) << "the camera is " << distance / 1000.0
         << " km from the map's nearest edge, " << std::setprecision(0) << distance / side << " times the map's size ("
         << std::setprecision(1) << side / 1000.0 << " km): little or nothing of the map is in view";
    return line.str();
}

ViewerInputs loadViewerInputs(const ViewerOptions& requested, const VkPhysicalDeviceLimits& limits, std::ostream& out,
                              std::ostream& err, dem::StreamedBaseTiming baseTiming)
{
    checkOutputFolders(requested);
    dem::TerrainSource terrain = loadViewerTerrain(requested, limits, baseTiming);
    if (const std::string description = describeTerrainSource(terrain); !description.empty()) {
        out << "cbt-terrain: " << description << "\n";
    }
    printTerrainWarnings(terrain, err);
    GeodeticPlacement placement = withGeodeticPlacement(requested, terrain);
    for (const std::string& description : placement.descriptions) {
        out << "cbt-terrain: " << description << "\n";
    }
    for (const std::string& warning : placement.warnings) {
        err << "cbt-terrain: warning: " << warning << "\n";
    }
    ViewerInputs inputs{std::move(placement.options), std::move(terrain), std::nullopt, {}, {}, {}};
    inputs.imagery = loadViewerImagery(inputs.options, inputs.terrain);
    if (inputs.imagery) {
        out << "cbt-terrain: " << describeImagery(*inputs.imagery) << "\n";
    }
    inputs.path = loadViewerCameraPathFrames(inputs.options, inputs.terrain, out);
    inputs.vectors = drapeFlatVectorLayers(inputs.options, inputs.terrain, out, err);
    if (requested.time && requested.timeEnd) {
        const scene::SceneSettings settings =
            initialSceneSettings(inputs.options, inputs.terrain.heightmap, inputs.terrain.dem);
        inputs.pathSuns =
            sunsOverPath(*requested.time, *requested.timeEnd, inputs.path.size(), inputs.terrain, settings.terrain);
        const atmosphere::SunPosition& last = inputs.pathSuns.back();
        std::ostringstream line;
        line << std::fixed << std::setprecision(2) << "--time moves the sun to --sun " << last.azimuthDegrees << ","
             << last.elevationDegrees << " over the path's " << inputs.pathSuns.size() << " frames";
        out << "cbt-terrain: " << line.str() << "\n";
    }
    return inputs;
}

std::optional<tiles::gpu::TileStreamSource> heightStreamSourceOf(const ViewerOptions& options,
                                                                 const dem::TerrainSource& terrain,
                                                                 std::uint32_t uploadsPerFrame,
                                                                 const dem::Imagery* imagery)
{
    if (!terrain.streamed) {
        return std::nullopt;
    }
    dem::setGdalCacheBytes(cpuBudgetBytes(options) / 4);
    std::shared_ptr<const dem::StreamedDem> streamed = terrain.streamed;
    const std::filesystem::path path = streamed->base.heightmap.sourcePath;
    tiles::gpu::TileStreamSource source = budgetedStreamSource(
        options, streamed->layout, [path, streamed] { return dem::makeDemTileReader(path, *streamed); },
        uploadsPerFrame, streamsSharingTheBudgets(true, imagery));
    source.texelsPerPixel = options.texelsPerPixel;
    return source;
}

std::optional<tiles::gpu::TileStreamSource> flatImageryStreamSourceOf(const ViewerOptions& options,
                                                                      const dem::TerrainSource& terrain,
                                                                      const std::optional<dem::Imagery>& imagery,
                                                                      std::uint32_t uploadsPerFrame)
{
    if (!imagery || !imagery->streaming) {
        return std::nullopt;
    }
    return imageryStreamSource(options, *imagery->streaming, uploadsPerFrame,
                               streamsSharingTheBudgets(terrain.streamed != nullptr, &*imagery));
}

std::optional<double> drawnSeaLevelMetres(const terrain::TerrainSettings& settings)
{
    if (settings.seaLevelMetres) {
        return static_cast<double>(*settings.seaLevelMetres);
    }
    return settings.seaLevelKnown ? std::optional(0.0) : std::nullopt;
}

TrackFollowSettings trackFollowSettingsOf(const ViewerOptions& options)
{
    TrackFollowSettings settings;
    settings.heightMetres = options.followHeightMetres;
    settings.speed = options.followSpeed;
    settings.framesPerSecond = options.framesPerSecond;
    settings.verticalFovDegrees = static_cast<double>(ProjectionSettings{}.verticalFovDegrees);
    return settings;
}

std::vector<CameraPathFrame> loadViewerCameraPathFrames(const ViewerOptions& options, const dem::TerrainSource& terrain,
                                                        std::ostream& out)
{
    if (options.followTrack) {
        const scene::SceneSettings settings = initialSceneSettings(options, terrain.heightmap, terrain.dem);
        const GeodeticFrame frame(terrain, settings.terrain, "--follow");
        // The camera stays above the sea where the terrain draws water.
        const std::optional<double> sea = drawnSeaLevelMetres(settings.terrain);
        FollowedGround ground;
        ground.height = [&frame, sea](double latitude, double longitude) {
            const double elevation = frame.elevationAt(latitude, longitude);
            return sea ? std::max(elevation, *sea) : elevation;
        };
        ground.covers = [&frame](double latitude, double longitude) { return frame.covers(latitude, longitude); };
        ground.name = terrain.heightmap.sourcePath;
        std::vector<CameraPathFrame> frames;
        for (const geodesy::GeodeticPose& pose :
             flyTrackFile(*options.followTrack, ground, trackFollowSettingsOf(options), out)) {
            frames.push_back({cameraPoseInFrame(pose, frame, "--follow"), std::nullopt});
        }
        return frames;
    }
    if (options.cameraGeoPathFile) {
        const scene::SceneSettings settings = initialSceneSettings(options, terrain.heightmap, terrain.dem);
        const GeodeticFrame frame(terrain, settings.terrain, "--camera-geo-path");
        std::vector<CameraPathFrame> frames;
        for (const GeodeticPathFrame& geodetic :
             loadGeodeticCameraPathFrames(*options.cameraGeoPathFile, options.framesPerSecond)) {
            frames.push_back({cameraPoseInFrame(geodetic.pose, frame, "--camera-geo-path"), geodetic.renderSize});
        }
        return frames;
    }
    if (!options.cameraPathFile) {
        return {};
    }
    return loadCameraPathFrames(*options.cameraPathFile, options.framesPerSecond);
}

scene::SceneSettings initialSceneSettings(const ViewerOptions& options, const heightmap::Heightmap& heightmap,
                                          const std::optional<dem::DemMetadata>& dem)
{
    terrain::TerrainSettings terrain;
    if (dem && dem->extent) {
        // The DEM's ground proportions, at its own size or scaled to --extent
        // (and to the overlay's extent later).
        terrain.extentMetres = options.extentMetres.value_or(static_cast<float>(dem->extent->xMetres));
        terrain.depthPerWidth = static_cast<float>(dem->extent->zMetres / dem->extent->xMetres);
    }
    if (dem) {
        // Real heights, or heights exaggerated to --height-scale: either way
        // sea level stays at y = 0.
        const double range = dem->heightRangeMetres();
        const double scale = options.heightScaleMetres.value_or(static_cast<float>(range));
        terrain.heightScaleMetres = static_cast<float>(scale);
        terrain.heightOffsetMetres =
            static_cast<float>(range > 0.0 ? dem->minimumHeightMetres * scale / range : dem->minimumHeightMetres);
        if (range > 0.0 && scale > 0.0) {
            terrain.elevationPerWorldHeight = static_cast<float>(range / scale);
        }
        terrain.seaLevelKnown = true;
        terrain.snowLineMetres = surface::permanentSnowLineMetres(
            dem->centreLatitudeDegrees.value_or(terrain::kDefaultMaterialLatitudeDegrees));
    }
    terrain.snowLineMetres = options.snowLineMetres.value_or(terrain.snowLineMetres);
    terrain.shadows = options.shadows;
    terrain.contourIntervalMetres = options.contourIntervalMetres;
    terrain.surfaceDetail = options.surfaceDetail;
    terrain.showImagery = !options.imageryPaths.empty();
    terrain.seaLevelMetres = options.seaLevelMetres;
    terrain.backend = options.backend;
    terrain.maxDepth = options.maxDepth.value_or(terrain::defaultMaxDepthFor(heightmap));
    if (dem && dem->streamedLevels > 0 && !options.maxDepth) {
        // Deep enough for the streamed level 0; the heap within what every
        // device holds (D = 28 is 128 MiB), the pool as deep as that needs.
        const int levelZeroDepth = terrain::defaultMaxDepthForSamples(std::uint64_t{dem->fileColumns} * dem->fileRows);
        terrain.maxDepth = options.backend == terrain::TerrainBackend::Heap
                               ? std::min(levelZeroDepth, kMaxDefaultStreamedDepth)
                               : levelZeroDepth;
    }
    terrain.poolCapacity = options.poolCapacity.value_or(terrain.poolCapacity);
    terrain.targetEdgePixels = options.targetEdgePixels.value_or(terrain.targetEdgePixels);
    terrain.flatnessThreshold = options.flatnessMetres;
    terrain.uniformSubdivision = options.uniformSubdivision;
    terrain.wireframe = options.wireframe;
    terrain.shading = options.shading;
    terrain.extentMetres = options.extentMetres.value_or(terrain.extentMetres);
    terrain.heightScaleMetres = options.heightScaleMetres.value_or(terrain.heightScaleMetres);

    scene::SceneSettings settings;
    settings.terrain = terrain;
    settings.sun = options.sun;
    settings.display = options.display;
    return settings;
}

uint32_t headlessFrameCount(const ViewerOptions& options, size_t cameraPathPoses)
{
    if (options.frames) {
        return *options.frames;
    }
    if (cameraPathPoses > 0) {
        return static_cast<uint32_t>(cameraPathPoses);
    }
    return kHeadlessDefaultFrames;
}

int reportValidationMessages(const vk::Instance& instance)
{
    const std::vector<std::string> messages = instance.validationMessages();
    if (messages.empty()) {
        return 0;
    }
    std::cerr << "cbt-terrain: the Vulkan validation layer reported " << messages.size()
              << (messages.size() == 1 ? " message" : " messages") << " (printed above)\n";
    return 1;
}

RunDescription describeRun(const ViewerOptions& options, const heightmap::Heightmap& heightmap,
                           const std::optional<dem::DemMetadata>& dem, const scene::SceneSettings& sceneSettings,
                           const CameraPose& camera, const vk::Device& device, VkExtent2D size, uint32_t frames)
{
    const terrain::TerrainSettings& settings = sceneSettings.terrain;
    RunDescription description;
    description.deviceName = device.info().name;
    description.heightmapPath = heightmap.sourcePath;
    description.width = size.width;
    description.height = size.height;
    description.frames = frames;
    description.maxDepth = settings.maxDepth;
    description.uniformSubdivision = settings.uniformSubdivision;
    description.targetEdgePixels = settings.targetEdgePixels;
    description.shading = std::string(shadingModeName(settings.shading));
    description.wireframe = options.wireframe;
    description.extentMetres = settings.extentMetres;
    description.depthMetres =
        settings.extentMetres * (settings.depthPerWidth > 0.0f ? settings.depthPerWidth
                                                               : static_cast<float>(heightmap.height) /
                                                                     static_cast<float>(std::max(heightmap.width, 1u)));
    description.heightScaleMetres = settings.heightScaleMetres;
    description.heightOffsetMetres = settings.heightOffsetMetres;
    description.backend = std::string(backendName(settings.backend));
    description.raster = std::string(scene::rasterPathName(rasterPathFor(options, device)));
    description.cameraGeo = geodeticPoseIn(camera, geodeticFrameIfGeoreferenced(heightmap, dem, settings).get());
    if (dem) {
        description.dem = RunDescription::DemSize{dem->fileColumns, dem->fileRows, dem->reduction};
    }
    return description;
}

}  // namespace viewer
