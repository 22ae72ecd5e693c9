#include "app/HeadlessViewer.h"

#include "app/BackgroundCoarseLevel.h"
#include "app/FlyCamera.h"
#include "app/ProcessMemory.h"
#include "app/Screenshot.h"
#include "app/ViewerSetup.h"
#include "scene/SceneRenderer.h"
#include "terrain/Terrain.h"
#include "terrain/TerrainLeaves.h"
#include "vk/Device.h"
#include "vk/Image.h"
#include "vk/Instance.h"
#include "vk/ProgramFiles.h"
#include "vk/ShaderLibrary.h"

#include <algorithm>
#include <chrono>
#include <iostream>
#include <memory>
#include <vector>

namespace app {

namespace {

// A headless frame waits for the tiles the frames before asked for.
void waitForTiles(scene::SceneRenderer& scene, const std::string& sourcePath)
{
    waitForStreamedTiles(scene.heightStream(), sourcePath);
}

// What the streamed tiles hold straight below `position` (world metres).
std::optional<RunStatistics::GroundProbe> groundBelow(const tiles::gpu::HeightStream& stream,
                                                      const dem::TerrainSource& terrain,
                                                      const terrain::TerrainSettings& settings, glm::vec3 position)
{
    const tiles::TilePyramidLayout& layout = stream.layout();
    const glm::vec2 extent = terrain::terrainWorldExtent(layout.columns(), layout.rows(), settings);
    const double column = (position.x / extent.x + 0.5) * (layout.columns() - 1.0);
    const double row = (position.z / extent.y + 0.5) * (layout.rows() - 1.0);
    const std::optional<tiles::gpu::HeightStream::ProbedHeight> probed = stream.probe(column, row);
    if (!probed || !terrain.dem) {
        return std::nullopt;
    }
    const dem::DemMetadata& dem = *terrain.dem;
    return RunStatistics::GroundProbe{probed->level,
                                      dem.minimumHeightMetres + dem.heightRangeMetres() * probed->normalised};
}

// Everything that lives on the device: when this returns, every Vulkan
// object of the run is destroyed, so the validation layer has reported any
// leak (at vkDestroyDevice) before the caller counts its messages.
void renderHeadless(const vk::Instance& instance, const ViewerOptions& options, const dem::TerrainSource& terrain,
                    const std::optional<dem::Imagery>& imagery, const std::vector<CameraPathFrame>& path,
                    std::ostream& out, std::chrono::steady_clock::time_point started,
                    std::unique_ptr<BackgroundCoarseLevel> coarseLevel)
{
    const heightmap::Heightmap& heightmap = terrain.heightmap;
    const uint32_t frameCount = headlessFrameCount(options, path.size());
    vk::Device device = openViewerDevice(instance, options, VK_NULL_HANDLE, {});
    checkViewerDeviceFeatures(device);
    checkHeightmapFitsDevice(heightmap, device);

    const vk::ShaderLibrary shaders = vk::locateProgramFiles().shaderLibrary();
    const scene::SceneSettings settings = initialSceneSettings(options, heightmap, terrain.dem);
    scene::SceneOutput output{scene::kHeadlessColorFormat, kDepthConvention, kFramesInFlight};
    output.samples = sceneSamplesFor(options, device);
    output.raster = rasterPathFor(options, device);
    scene::SceneRenderer scene(device, shaders, heightmap, settings, output, imageryPixelsOf(imagery),
                               heightStreamSourceOf(options, terrain, kHeadlessUploadsPerFrame));
    const DeviceIdleGuard idleBeforeDestruction(device);

    VkExtent2D extent{options.size.width, options.size.height};
    const ProjectionSettings projection{60.0f, kDepthConvention};
    const glm::vec3 worldMin = scene.worldMin();
    const glm::vec3 worldMax = scene.worldMax();
    const float aspect = static_cast<float>(extent.width) / static_cast<float>(extent.height);
    FlyCamera camera(
        options.camera.value_or(defaultViewPose(worldMin, worldMax, projection.verticalFovDegrees, aspect)));

    RunStatistics statistics;
    if (coarseLevel) {
        // Read while the device and the scene were set up; every frame sees it.
        coarseLevel->waitUntilDone();
        std::optional<dem::DemMetadata> dem = terrain.dem;
        statistics.setCoarseLevelRead(coarseLevel->takeInto(scene, dem, 0, std::cerr));
        coarseLevel.reset();
    }
    uint32_t lastSlot = 0;
    for (uint32_t frame = 0; frame < frameCount; ++frame) {
        const auto start = std::chrono::steady_clock::now();
        if (!path.empty()) {
            const CameraPathFrame& step = path[frame % path.size()];
            camera.setPose(step.pose);
            if (step.renderSize) {
                extent = VkExtent2D{step.renderSize->width, step.renderSize->height};
            }
        }
        lastSlot = frame % kFramesInFlight;
        const camera::FrameView view = makeFrameView(camera, extent, projection, worldMin, worldMax);
        waitForTiles(scene, heightmap.sourcePath);
        // recordAndSubmitFrame waits for the slot again, at once.
        const double waitedMs = waitForFrameSlot(scene.slot(lastSlot));
        const scene::FrameStatistics completed = scene::recordAndSubmitFrame(device, scene, lastSlot, view);
        printStreamWarnings(scene, std::cerr);
        if (frame == 0) {
            // Start-up: from the command to the first frame done.
            scene.slot(lastSlot).inFlight.wait();
            statistics.setFirstFrameSeconds(
                std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count());
        }
        if (frame >= kFramesInFlight) {
            statistics.addFrameStatistics(completed);  // frame - kFramesInFlight
        }
        const std::chrono::duration<double, std::milli> elapsed = std::chrono::steady_clock::now() - start;
        statistics.addFrameTime(elapsed.count());
        statistics.addFrameCpuTime(elapsed.count() - waitedMs);
        if (const std::optional<uint64_t> resident = residentMemoryBytes()) {
            statistics.addResidentMemory(static_cast<double>(*resident) / (1024.0 * 1024.0));
        }
    }
    renderUntilTilesSettle(scene.heightStream(), frameCount, [&](std::uint32_t frame) {
        lastSlot = frame % kFramesInFlight;
        waitForTiles(scene, heightmap.sourcePath);
        scene::recordAndSubmitFrame(device, scene, lastSlot,
                                    makeFrameView(camera, extent, projection, worldMin, worldMax));
        printStreamWarnings(scene, std::cerr);
    });
    device.waitIdle();
    if (options.statsPath && settings.terrain.backend == terrain::TerrainBackend::Pool) {
        // Only --stats reports it: reading the pool back costs its keys.
        statistics.setDeepestPoolLevel(terrain::deepestPoolLevel(scene.terrain()));
    }
    if (const tiles::gpu::HeightStream* stream = scene.heightStream()) {
        statistics.setStreamStatistics(stream->statistics());
        if (const std::optional<RunStatistics::GroundProbe> ground =
                groundBelow(*stream, terrain, settings.terrain, camera.pose().position)) {
            statistics.setGroundBelowCamera(*ground);
        }
    }

    if (options.screenshotPath) {
        writeColorTargetPng(device, *scene.slot(lastSlot).targets, *options.screenshotPath);
    }

    // The results of the last frames in flight are read when their slots are
    // recorded again: record one more frame per slot (after the screenshot).
    for (uint32_t frame = frameCount; frame < frameCount + kFramesInFlight; ++frame) {
        const uint32_t slotIndex = frame % kFramesInFlight;
        const camera::FrameView view = makeFrameView(camera, extent, projection, worldMin, worldMax);
        const scene::FrameStatistics completed = scene::recordAndSubmitFrame(device, scene, slotIndex, view);
        if (frame >= kFramesInFlight) {
            statistics.addFrameStatistics(completed);
        }
    }
    device.waitIdle();

    const RunDescription description =
        describeRun(options, heightmap, terrain.dem, settings, camera.pose(), device, extent, frameCount);
    if (options.statsPath) {
        statistics.setPeakResidentMemory(peakResidentMemoryBytes());
        writeTextFile(*options.statsPath, statistics.toJson(description));
    }
    out << "cbt-terrain: rendered " << frameCount << " frames of " << extent.width << "x" << extent.height << " on "
        << description.deviceName << ", D = " << settings.terrain.maxDepth;
    if (const auto& latest = statistics.latest()) {
        out << ", " << latest->leafCount << " leaves";
    }
    if (const auto& stream = statistics.stream()) {
        out << ", " << stream->residentTiles << " tiles resident (" << stream->tilesRead << " read)";
    }
    if (const auto frameTimes = statistics.frameTimes().summary()) {
        out << ", median frame " << frameTimes->median << " ms";
    }
    out << "\n";
}

}  // namespace

int runHeadless(const ViewerOptions& requested, std::ostream& out)
{
    const auto started = std::chrono::steady_clock::now();
    // A coarse level that takes long to read is read while the device and
    // the scene are set up.
    const ViewerInputs inputs = loadViewerInputs(requested, out, std::cerr, dem::StreamedBaseTiming::LaterWhenCostly);
    std::unique_ptr<BackgroundCoarseLevel> coarseLevel = BackgroundCoarseLevel::startFor(inputs.terrain);
    vk::InstanceOptions instanceOptions;
    instanceOptions.validation = inputs.options.validate;
    const vk::Instance instance(instanceOptions);
    renderHeadless(instance, inputs.options, inputs.terrain, inputs.imagery, inputs.path, out, started,
                   std::move(coarseLevel));
    return reportValidationMessages(instance);
}

}  // namespace app
