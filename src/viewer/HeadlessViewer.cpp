#include "viewer/HeadlessViewer.h"

#include "scene/FrameSlot.h"
#include "scene/SceneRenderer.h"
#include "tiles/gpu/HeightStream.h"
#include "viewer/ProcessMemory.h"
#include "viewer/Screenshot.h"
#include "viewer/ViewerSetup.h"
#include "vk/Device.h"
#include "vk/Instance.h"
#include "vk/ProgramFiles.h"
#include "vk/ShaderLibrary.h"

#include <iostream>
#include <memory>

namespace viewer {

namespace {

// A headless frame waits for the tiles the frames before asked for, within
// --io-timeout. When they do not come by then (a source that stopped
// answering), the run says so once and goes on without waiting: the frames
// show the coarser level where tiles are missing.
class TileWaits {
public:
    TileWaits(ModeScene& scene, const ViewerMode& mode) : scene_(scene), mode_(mode) {}

    void beforeFrame()
    {
        tiles::gpu::HeightStream* stream = scene_.heightStream();
        if (stream != nullptr && !gaveUp_ && !stream->waitForReads(ioTimeout(mode_.options()))) {
            gaveUp_ = true;
            std::cerr << "cbt-terrain: warning: "
                      << timedOutMessage(mode_.sourceName(), mode_.options(), "waiting for its tiles")
                      << "; the frames show the coarser level where tiles are missing\n";
        }
        printStreamWarnings(stream, std::cerr);
    }
    [[nodiscard]] bool gaveUp() const { return gaveUp_; }

private:
    ModeScene& scene_;
    const ViewerMode& mode_;
    bool gaveUp_ = false;
};

// Everything that lives on the device: when this returns, every Vulkan
// object of the run is destroyed, so the validation layer has reported any
// leak (at vkDestroyDevice) before the caller counts its messages.
void renderHeadless(const vk::Instance& instance, const ViewerOptions& requested, std::ostream& out,
                    std::chrono::steady_clock::time_point started)
{
    vk::Device device = openViewerDevice(instance, requested, VK_NULL_HANDLE, {});
    const std::unique_ptr<ViewerMode> loaded =
        loadViewerModeWithin(requested, device.limits(), out, [] { return true; });
    ViewerMode& mode = *loaded;
    const ViewerOptions& options = mode.options();
    VkExtent2D extent{options.size.width, options.size.height};
    vk::ShaderLibrary shaders = vk::locateProgramFiles().shaderLibrary();
    const std::unique_ptr<ModeScene> scene =
        mode.openScene(device, shaders, ModeOutput{scene::kHeadlessColorFormat, kHeadlessUploadsPerFrame, extent}, out);
    const DeviceIdleGuard idleBeforeDestruction(device);

    RunStatistics statistics;
    // Read while the device and the scene were set up; every frame sees it.
    scene->takeBackgroundReads(statistics, 0, true);
    TileWaits tileWaits(*scene, mode);
    const std::uint32_t frameCount = headlessFrameCount(options, scene->pathFrames());
    std::uint32_t lastSlot = 0;
    for (std::uint32_t frame = 0; frame < frameCount; ++frame) {
        const auto start = std::chrono::steady_clock::now();
        scene->followPath(frame);
        if (const std::optional<CameraPathRenderSize> size = scene->pathRenderSize(frame)) {
            extent = VkExtent2D{size->width, size->height};
        }
        lastSlot = frame % kFramesInFlight;
        tileWaits.beforeFrame();
        // recordAndSubmitFrame waits for the slot again, at once.
        const double waitedMs = waitForFrameSlot(scene->slot(lastSlot));
        const scene::FrameStatistics completed = scene::recordAndSubmitFrame(device, *scene, lastSlot, extent);
        if (frame == 0) {
            // Start-up: from the command to the first frame done.
            scene->slot(lastSlot).inFlight.wait();
            statistics.setFirstFrameSeconds(
                std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count());
        }
        if (frame >= kFramesInFlight) {
            statistics.addFrameStatistics(completed);  // frame - kFramesInFlight
        }
        const std::chrono::duration<double, std::milli> elapsed = std::chrono::steady_clock::now() - start;
        statistics.addFrameTime(elapsed.count());
        statistics.addFrameCpuTime(elapsed.count() - waitedMs);
        if (const std::optional<std::uint64_t> resident = residentMemoryBytes()) {
            statistics.addResidentMemory(static_cast<double>(*resident) / (1024.0 * 1024.0));
        }
    }
    std::uint32_t rendered = frameCount;
    renderUntilTilesSettle(scene->heightStream(), frameCount, [&](std::uint32_t frame) {
        if (tileWaits.gaveUp()) {
            return false;
        }
        lastSlot = frame % kFramesInFlight;
        tileWaits.beforeFrame();
        scene::recordAndSubmitFrame(device, *scene, lastSlot, extent);
        rendered = frame + 1;
        return true;
    });
    device.waitIdle();
    scene->completeStatistics(statistics);
    if (const tiles::gpu::HeightStream* stream = scene->heightStream()) {
        statistics.setStreamStatistics(stream->statistics());
    }
    if (options.screenshotPath) {
        writeColorTargetPng(device, *scene->slot(lastSlot).targets, *options.screenshotPath);
    }

    // The results of the last frames in flight are read when their slots are
    // recorded again: one more frame per slot, after the screenshot.
    for (std::uint32_t index = 1; index <= kFramesInFlight; ++index, ++rendered) {
        const scene::FrameStatistics completed =
            scene::recordAndSubmitFrame(device, *scene, (lastSlot + index) % kFramesInFlight, extent);
        if (rendered >= kFramesInFlight) {
            statistics.addFrameStatistics(completed);
        }
    }
    device.waitIdle();

    const RunDescription description = scene->describeRun(device, extent, frameCount);
    if (options.statsPath) {
        statistics.setPeakResidentMemory(peakResidentMemoryBytes());
        writeTextFile(*options.statsPath, statistics.toJson(description));
    }
    out << "cbt-terrain: rendered " << frameCount << " frames of " << extent.width << "x" << extent.height << " on "
        << description.deviceName << scene->describeView(statistics);
    if (const auto& stream = statistics.stream()) {
        out << ", " << stream->residentTiles << " tiles resident (" << stream->tilesRead << " read)";
    }
    if (const auto frameTimes = statistics.frameTimes().summary()) {
        out << ", median frame " << frameTimes->median << " ms";
    }
    out << "\n";
}

}  // namespace

int runHeadless(const ViewerOptions& options, std::chrono::steady_clock::time_point started, std::ostream& out)
{
    vk::InstanceOptions instanceOptions;
    instanceOptions.validation = options.validate;
    const vk::Instance instance(instanceOptions);
    renderHeadless(instance, options, out, started);
    return reportValidationMessages(instance);
}

}  // namespace viewer
