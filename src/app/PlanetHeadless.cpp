#include "app/PlanetSetup.h"
#include "app/PlanetViewer.h"
#include "app/ProcessMemory.h"
#include "app/RunStatistics.h"
#include "app/Screenshot.h"
#include "app/ViewerSetup.h"
#include "scene/GlobeSceneRenderer.h"
#include "scene/RenderTargets.h"
#include "vk/Device.h"
#include "vk/Error.h"
#include "vk/Instance.h"
#include "vk/ProgramFiles.h"
#include "vk/ShaderLibrary.h"

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <iostream>

namespace app {
namespace {

// A headless frame waits for the tiles the frames before asked for.
void waitForTiles(scene::GlobeSceneRenderer& scene, const std::filesystem::path& path)
{
    waitForStreamedTiles(scene.heightStream(), path.string());
    printStreamWarnings(scene.heightStream(), std::cerr);
}

// Everything on the device lives in here, so that it is destroyed (and the
// validation layer has reported leaks) before the caller counts messages.
void renderPlanetHeadless(const vk::Instance& instance, const PlanetInputs& inputs, std::ostream& out,
                          std::chrono::steady_clock::time_point started)
{
    const ViewerOptions& options = inputs.options;
    const std::uint32_t frameCount = headlessFrameCount(options, inputs.path.size());
    vk::Device device = openViewerDevice(instance, options, VK_NULL_HANDLE, {});
    checkPlanetDevice(device);
    const vk::ShaderLibrary shaders = vk::locateProgramFiles().shaderLibrary();
    scene::SceneOutput output{scene::kHeadlessColorFormat, kDepthConvention, kFramesInFlight};
    output.samples = sceneSamplesFor(options, device, scene::SceneShading::Deferred);
    scene::GlobeSceneRenderer scene(device, shaders, *inputs.elevation, globeSceneSettings(options, device), output,
                                    globeStreamingOf(inputs, kHeadlessUploadsPerFrame), globeImageryOf(inputs));
    const DeviceIdleGuard idleBeforeDestruction(device);

    scene::GlobeFrameView frame;
    frame.viewport = VkExtent2D{options.size.width, options.size.height};
    planet::GeodeticPose pose = startGlobePose(inputs);
    frame.sunDirection = planetSunDirection(options, pose);
    out << "cbt-terrain: " << describePlanetSun(options) << "\n";

    RunStatistics statistics;
    std::uint32_t lastSlot = 0;
    for (std::uint32_t index = 0; index < frameCount; ++index) {
        const auto start = std::chrono::steady_clock::now();
        if (!inputs.path.empty()) {
            const GeodeticPathFrame& step = inputs.path[index % inputs.path.size()];
            pose = step.pose;
            if (step.renderSize) {
                frame.viewport = VkExtent2D{step.renderSize->width, step.renderSize->height};
            }
        }
        frame.view = planet::globeViewOf(pose);
        lastSlot = index % kFramesInFlight;
        waitForTiles(scene, inputs.demPath);
        // recordAndSubmitFrame waits for the slot again, at once.
        const double waitedMs = waitForFrameSlot(scene.slot(lastSlot));
        const scene::FrameStatistics completed = scene::recordAndSubmitFrame(device, scene, lastSlot, frame);
        if (index == 0) {
            scene.slot(lastSlot).inFlight.wait();
            statistics.setFirstFrameSeconds(
                std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count());
        }
        if (index >= kFramesInFlight) {
            statistics.addFrameStatistics(completed);
        }
        const std::chrono::duration<double, std::milli> elapsed = std::chrono::steady_clock::now() - start;
        statistics.addFrameTime(elapsed.count());
        statistics.addFrameCpuTime(elapsed.count() - waitedMs);
        if (const std::optional<std::uint64_t> resident = residentMemoryBytes()) {
            statistics.addResidentMemory(static_cast<double>(*resident) / (1024.0 * 1024.0));
        }
    }
    renderUntilTilesSettle(scene.heightStream(), frameCount, [&](std::uint32_t index) {
        lastSlot = index % kFramesInFlight;
        waitForTiles(scene, inputs.demPath);
        scene::recordAndSubmitFrame(device, scene, lastSlot, frame);
    });
    device.waitIdle();
    if (const tiles::gpu::HeightStream* stream = scene.heightStream()) {
        statistics.setStreamStatistics(stream->statistics());
    }
    if (options.screenshotPath) {
        writeColorTargetPng(device, *scene.slot(lastSlot).targets, *options.screenshotPath);
    }
    // The results of the last frames in flight are read when their slots are
    // recorded again: one more frame per slot, after the screenshot.
    for (std::uint32_t index = 1; index <= kFramesInFlight; ++index) {
        const scene::FrameStatistics completed =
            scene::recordAndSubmitFrame(device, scene, (lastSlot + index) % kFramesInFlight, frame);
        statistics.addFrameStatistics(completed);
    }
    device.waitIdle();

    const RunDescription description = describePlanetRun(inputs, scene, pose, device, frame.viewport, frameCount);
    if (options.statsPath) {
        statistics.setPeakResidentMemory(peakResidentMemoryBytes());
        writeTextFile(*options.statsPath, statistics.toJson(description));
    }
    out << "cbt-terrain: rendered " << frameCount << " frames of " << frame.viewport.width << "x"
        << frame.viewport.height << " on " << description.deviceName << ", the globe at "
        << altitudeText(pose.heightMetres) << " over " << pose.latitudeDegrees << ", " << pose.longitudeDegrees;
    if (const auto& latest = statistics.latest()) {
        out << ", " << latest->leafCount << " bisectors (" << latest->visibleCount << " drawn)";
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

int runPlanetHeadless(const ViewerOptions& requested, std::ostream& out)
{
    const auto started = std::chrono::steady_clock::now();
    const PlanetInputs inputs = loadPlanetInputs(requested, out);
    vk::InstanceOptions instanceOptions;
    instanceOptions.validation = inputs.options.validate;
    const vk::Instance instance(instanceOptions);
    renderPlanetHeadless(instance, inputs, out, started);
    return reportValidationMessages(instance);
}

}  // namespace app
