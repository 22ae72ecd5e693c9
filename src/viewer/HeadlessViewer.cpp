#include "viewer/HeadlessViewer.h"

#include "scene/FrameSlot.h"
#include "scene/SceneRenderer.h"
#include "tiles/gpu/TileStream.h"
#include "viewer/InterruptWatch.h"
#include "viewer/ProcessMemory.h"
#include "viewer/Screenshot.h"
#include "viewer/VideoOutput.h"
#include "viewer/ViewerSetup.h"
#include "vk/Device.h"
#include "vk/Instance.h"
#include "vk/ProgramFiles.h"
#include "vk/ShaderLibrary.h"

#include <unistd.h>
#include <cmath>
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
        const auto wait = [&](tiles::gpu::TileStream* stream, const std::string& source) {
            if (stream != nullptr && !gaveUp_ && !stream->waitForReads(ioTimeout(mode_.options()))) {
                gaveUp_ = true;
                std::cerr << "cbt-terrain: warning: "
                          << sourceTimedOutMessage(source, mode_.options(), "waiting for its tiles")
                          << "; the frames show the coarser level where tiles are missing\n";
            }
            printStreamWarnings(stream, std::cerr);
        };
        wait(scene_.heightStream(), "elevation model '" + mode_.sourceName() + "'");
        wait(scene_.imageryStream(), "the streamed imagery");
    }
    [[nodiscard]] bool gaveUp() const { return gaveUp_; }

private:
    ModeScene& scene_;
    const ViewerMode& mode_;
    bool gaveUp_ = false;
};

// --video's frames: each frame read back and queued to the writer, with a
// progress line on a terminal's stderr.
class VideoFrames {
public:
    VideoFrames(const ViewerOptions& options, VkExtent2D extent, std::uint32_t frameCount)
        : writer_(*options.videoPath, extent.width, extent.height, options.framesPerSecond, options.videoQuality),
          path_(*options.videoPath),
          extent_(extent),
          frameCount_(frameCount),
          started_(std::chrono::steady_clock::now()),
          showProgress_(::isatty(STDERR_FILENO) != 0)
    {
    }

    void add(vk::Device& device, const scene::FrameSlot& slot, VkExtent2D extent, std::uint32_t frame)
    {
        if (extent.width != extent_.width || extent.height != extent_.height) {
            throw VideoError(path_.string() + ": the camera path changes the render size at frame " +
                             std::to_string(frame + 1) + "; a video keeps one size");
        }
        writer_.addFrame(readColorTarget(device, *slot.targets));
        if (showProgress_) {
            const double done = static_cast<double>(frame + 1) / static_cast<double>(frameCount_);
            const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - started_).count();
            std::cerr << "\rcbt-terrain: video frame " << frame + 1 << "/" << frameCount_ << " ("
                      << static_cast<int>(done * 100.0) << " %), "
                      << static_cast<int>(std::ceil(elapsed / done - elapsed)) << " s left   " << std::flush;
        }
    }

    // Finishes the file: "wrote N frames to OUT", or for a stopped run the
    // frames it holds.
    void finish(std::ostream& out, bool stopped)
    {
        if (showProgress_) {
            std::cerr << "\n";
        }
        writer_.finish();
        out << "cbt-terrain: " << (stopped ? "stopped: " : "") << "wrote " << writer_.framesWritten()
            << (stopped ? " of " + std::to_string(frameCount_) : std::string()) << " frames to " << path_.string()
            << "\n";
    }

private:
    VideoWriter writer_;
    std::filesystem::path path_;
    VkExtent2D extent_;
    std::uint32_t frameCount_;
    std::chrono::steady_clock::time_point started_;
    bool showProgress_;
};

// Everything that lives on the device: when this returns, every Vulkan
// object of the run is destroyed, so the validation layer has reported any
// leak (at vkDestroyDevice) before the caller counts its messages. True
// when `interrupt` stopped the run early.
bool renderHeadless(const vk::Instance& instance, const ViewerOptions& requested, std::ostream& out,
                    std::chrono::steady_clock::time_point started, const InterruptWatch* interrupt)
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
    std::optional<VideoFrames> video;
    if (options.videoPath) {
        video.emplace(options, extent, frameCount);
    }
    bool stopped = false;
    std::uint32_t lastSlot = 0;
    for (std::uint32_t frame = 0; frame < frameCount; ++frame) {
        if (interrupt != nullptr && interrupt->requested()) {
            stopped = true;
            break;
        }
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
        if (video) {
            // Read back at once: the frame's time includes it.
            video->add(device, scene->slot(lastSlot), extent, frame);
        }
        const std::chrono::duration<double, std::milli> elapsed = std::chrono::steady_clock::now() - start;
        statistics.addFrameTime(elapsed.count());
        statistics.addFrameCpuTime(elapsed.count() - waitedMs);
        if (const std::optional<std::uint64_t> resident = residentMemoryBytes()) {
            statistics.addResidentMemory(static_cast<double>(*resident) / (1024.0 * 1024.0));
        }
    }
    if (video) {
        video->finish(out, stopped);
    }
    if (stopped) {
        device.waitIdle();
        return true;
    }
    std::uint32_t rendered = frameCount;
    renderUntilTilesSettle({scene->heightStream(), scene->imageryStream()}, frameCount, [&](std::uint32_t frame) {
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
    if (const tiles::gpu::TileStream* stream = scene->heightStream()) {
        statistics.setStreamStatistics(stream->statistics());
    }
    if (const tiles::gpu::TileStream* stream = scene->imageryStream()) {
        statistics.setImageryStreamStatistics(stream->statistics());
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
    if (const auto& stream = statistics.imageryStream()) {
        out << ", " << stream->residentTiles << " imagery tiles resident (" << stream->tilesRead << " read)";
    }
    if (const auto frameTimes = statistics.frameTimes().summary()) {
        out << ", median frame " << frameTimes->median << " ms";
    }
    out << "\n";
    return false;
}

}  // namespace

int runHeadless(const ViewerOptions& options, std::chrono::steady_clock::time_point started, std::ostream& out)
{
    // Before any thread starts, so that every thread leaves Ctrl+C to it.
    std::optional<InterruptWatch> interrupt;
    if (options.videoPath) {
        interrupt.emplace();
    }
    vk::InstanceOptions instanceOptions;
    instanceOptions.validation = options.validate;
    const vk::Instance instance(instanceOptions);
    const bool stopped = renderHeadless(instance, options, out, started, interrupt ? &*interrupt : nullptr);
    const int validation = reportValidationMessages(instance);
    return stopped && validation == 0 ? kInterruptedExitCode : validation;
}

}  // namespace viewer
