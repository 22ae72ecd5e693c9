#include "app/WindowViewer.h"

#include "app/ViewerMain.h"

#include "app/GlfwWindow.h"
#include "app/ImGuiOverlay.h"
#include "app/MeasurePanel.h"
#include "app/ModePanel.h"
#include "app/WindowFrameRecord.h"
#include "app/WindowInput.h"
#include "app/WindowSwapchain.h"
#include "scene/RenderTargets.h"
#include "viewer/ProcessMemory.h"
#include "viewer/Screenshot.h"
#include "viewer/ViewerSetup.h"
#include "vk/Commands.h"
#include "vk/Device.h"
#include "vk/Error.h"
#include "vk/Instance.h"
#include "vk/ProgramFiles.h"
#include "vk/ShaderLibrary.h"
#include "vk/Surface.h"
#include "vk/Swapchain.h"

#include <GLFW/glfw3.h>

#include <filesystem>
#include <iostream>
#include <memory>
#include <optional>
#include <string>

namespace app {

namespace {

// Tiles of a streamed model copied to the GPU per frame at most (a window
// frame never waits for them).
constexpr std::uint32_t kWindowUploadsPerFrame = 16;

vk::InstanceOptions windowInstanceOptions(const viewer::ViewerOptions& options, const GlfwLibrary& glfw)
{
    vk::InstanceOptions instanceOptions;
    instanceOptions.validation = options.validate;
    instanceOptions.extraExtensions = glfw.requiredInstanceExtensions();
    return instanceOptions;
}

std::string windowTitle(const viewer::ViewerMode& mode)
{
    return "cbt-terrain - " + std::filesystem::path(mode.sourceName()).filename().string();
}

// The window was closed while the data was read: the run ends at once.
struct ClosedWhileLoading {};

// The mode's data, read while the window keeps answering its events (it can
// be closed, or Esc pressed, meanwhile: ClosedWhileLoading), within --io-timeout.
std::unique_ptr<viewer::ViewerMode> loadWhileTheWindowAnswers(const viewer::ViewerOptions& requested,
                                                              const vk::Device& device, const GlfwWindow& window,
                                                              std::ostream& out)
{
    // Sticky: a press and its release between two polls still reads as
    // pressed once.
    glfwSetInputMode(window.handle(), GLFW_STICKY_KEYS, GLFW_TRUE);
    std::unique_ptr<viewer::ViewerMode> mode = viewer::loadViewerModeWithin(requested, device.limits(), out, [&window] {
        glfwPollEvents();
        return !window.closeRequested() && glfwGetKey(window.handle(), GLFW_KEY_ESCAPE) != GLFW_PRESS;
    });
    glfwSetInputMode(window.handle(), GLFW_STICKY_KEYS, GLFW_FALSE);
    if (!mode) {
        throw ClosedWhileLoading{};
    }
    return mode;
}

// The one window loop, over either mode: input, the mode's camera and
// overlay, a frame of its scene copied to the swapchain, the overlay drawn
// over it, screenshots, and the --stats report at the end.
class WindowViewer {
public:
    // The window opens before the data is read: its title names the data
    // once it is.
    WindowViewer(const viewer::ViewerOptions& requested, std::chrono::steady_clock::time_point started,
                 std::ostream& out)
        : window_(glfw_, requested.size, "cbt-terrain"),
          instance_(windowInstanceOptions(requested, glfw_)),
          surface_(window_.createSurface(instance_.handle())),
          device_(openViewerDevice(instance_, requested, surface_.handle(), {VK_KHR_SWAPCHAIN_EXTENSION_NAME})),
          mode_(loadWhileTheWindowAnswers(requested, device_, window_, out)),
          options_(mode_->options()),
          presentation_(device_, surface_, window_, options_.vsync),
          scene_(mode_->openScene(
              device_, shaders_,
              viewer::ModeOutput{presentation_.swapchain().format(), kWindowUploadsPerFrame, presentation_.extent()},
              out)),
          input_(window_.handle(), InputCapture{&ImGuiOverlay::wantsTextInput, &ImGuiOverlay::wantsMouse}),
          overlay_(window_.handle(), instance_, device_, presentation_.swapchain()),
          panel_(makeModePanel(*scene_)),
          record_(started)
    {
        window_.setTitle(windowTitle(*mode_));
    }

    ~WindowViewer()
    {
        try {
            device_.waitIdle();
        } catch (const vk::Error& error) {  // a lost device: the members are destroyed anyway
            std::cerr << "cbt-terrain: " << error.what() << "\n";
        }
    }
    WindowViewer(const WindowViewer&) = delete;
    WindowViewer& operator=(const WindowViewer&) = delete;

    int run(std::ostream& out);

private:
    bool runActions();
    void followPathRenderSize();
    void updateCamera(double seconds);
    bool renderFrame(bool screenshot, std::ostream& out);
    void writeStatistics();

    GlfwLibrary glfw_;
    GlfwWindow window_;
    vk::Instance instance_;
    vk::Surface surface_;
    vk::Device device_;
    std::unique_ptr<viewer::ViewerMode> mode_;
    const viewer::ViewerOptions& options_;  // the mode's
    vk::ShaderLibrary shaders_ = vk::locateProgramFiles().shaderLibrary();
    WindowSwapchain presentation_;
    std::unique_ptr<viewer::ModeScene> scene_;
    WindowInput input_;
    ImGuiOverlay overlay_;
    std::unique_ptr<ModePanel> panel_;
    std::optional<viewer::CameraPathRenderSize> pathRenderSize_;  // the last size the camera path asked for
    WindowFrameRecord record_;
    std::uint32_t lastSlot_ = 0;
    std::uint32_t titleLeafCount_ = 0;  // shown in the window title
    bool overlayVisible_ = true;
    std::optional<std::string> picked_;  // the last click's place, for the overlay
    bool pickMeasures_ = false;          // that click held Shift: a point of the measured path
    MeasurePanel measure_;
    bool quit_ = false;
};

// Carries out the queued actions in order, removing them, until one is
// Screenshot (true: save the next frame; later actions wait in the queue)
// or Quit, or the queue is empty.
bool WindowViewer::runActions()
{
    std::deque<viewer::ViewerAction>& actions = input_.actions();
    while (!actions.empty() && !quit_) {
        const viewer::ViewerAction action = actions.front();
        actions.pop_front();
        switch (action) {
            case viewer::ViewerAction::Screenshot: return true;
            case viewer::ViewerAction::Quit: quit_ = true; break;
            case viewer::ViewerAction::ToggleOverlay: overlayVisible_ = !overlayVisible_; break;
            default: scene_->runAction(action); break;
        }
    }
    return false;
}

// A camera path frame with a size column resizes the window (and so the
// swapchain and the render targets) from that frame on, as a headless run
// resizes its targets.
void WindowViewer::followPathRenderSize()
{
    const std::optional<viewer::CameraPathRenderSize> size = scene_->pathRenderSize(record_.recordedFrames());
    if (!size ||
        (pathRenderSize_ && pathRenderSize_->width == size->width && pathRenderSize_->height == size->height)) {
        return;
    }
    pathRenderSize_ = size;
    const VkExtent2D got = presentation_.resizeWindow(VkExtent2D{size->width, size->height});
    if (got.width != size->width || got.height != size->height) {
        std::cerr << "cbt-terrain: --camera-path: the window system gave the window " << got.width << "x" << got.height
                  << " pixels, not the path's " << size->width << "x" << size->height << "\n";
    }
}

void WindowViewer::updateCamera(double seconds)
{
    if (const std::optional<WindowInput::Click> click = input_.takeClick()) {
        scene_->requestPick(
            VkOffset2D{static_cast<std::int32_t>(click->pixel.x), static_cast<std::int32_t>(click->pixel.y)});
        pickMeasures_ = click->shift;
    }
    if (!scene_->followPath(record_.recordedFrames()) && !scene_->playRecording(seconds)) {
        scene_->steer(viewer::CameraSteering{input_.takeLookMotion(), input_.takeWheelSteps(), input_.movementKeys()},
                      seconds);
    }
}

bool WindowViewer::renderFrame(bool screenshot, std::ostream& out)
{
    const auto slotIndex = static_cast<std::uint32_t>(record_.recordedFrames() % viewer::kFramesInFlight);
    scene::FrameSlot& slot = scene_->slot(slotIndex);
    const std::optional<std::uint32_t> acquired = acquireWindowImage(presentation_, slot);
    if (!acquired) {
        return false;
    }
    const std::uint32_t imageIndex = *acquired;
    vk::Swapchain& swapchain = presentation_.swapchain();

    overlay_.beginFrame();
    if (overlayVisible_) {
        OverlayFacts facts;
        facts.frameMilliseconds = record_.smoothedFrameMilliseconds();
        facts.statistics = record_.statistics().latest();
        facts.deviceName = device_.info().name;
        facts.width = swapchain.extent().width;
        facts.height = swapchain.extent().height;
        facts.picked = picked_;
        panel_->draw(std::move(facts), record_.history());
        measure_.draw(*scene_);
    }
    overlay_.endFrame();

    slot.inFlight.reset();
    vk::beginCommandBuffer(slot.commands);
    scene_->recordFrame(slotIndex, swapchain.extent());
    const scene::FrameStatistics completed = scene_->statistics();
    const scene::RenderTargets& targets = *slot.targets;
    scene::recordCopyToImage(device_, slot.commands, targets, swapchain.image(imageIndex));
    overlay_.recordDraw(slot.commands, imageIndex, overlayVisible_);
    vk::endCommandBuffer(slot.commands);
    submitWindowFrame(device_, slot, swapchain, imageIndex);

    record_.noteCompleted(completed);
    if (const std::optional<viewer::PickedPlace> place = scene_->takePickedPlace()) {
        picked_ = viewer::describePickedPlace(*place);
        out << "cbt-terrain: clicked " << place->pixel.x << "," << place->pixel.y << ": " << *picked_ << "\n";
        if (pickMeasures_) {
            measure_.addPoint(*place, *scene_, out);
        }
    }
    viewer::printStreamWarnings(scene_->heightStream(), std::cerr);
    viewer::printStreamWarnings(scene_->imageryStream(), std::cerr);
    if (record_.recordedFrames() >= viewer::kFramesInFlight && completed.leafCount != titleLeafCount_) {
        titleLeafCount_ = completed.leafCount;
        window_.setTitle(windowTitle(*mode_) + " - " + std::to_string(titleLeafCount_) + " leaves");
    }
    lastSlot_ = slotIndex;
    if (screenshot) {
        try {
            viewer::writeScreenshot(device_, targets, viewer::unusedScreenshotPathNow(std::filesystem::current_path()),
                                    out);
        } catch (const std::runtime_error& error) {  // e.g. a read-only working directory: keep running
            scene_->reportError(error.what());
        }
    }
    presentWindowImage(presentation_, imageIndex);
    return true;
}

void WindowViewer::writeStatistics()
{
    viewer::RunStatistics& statistics = record_.statistics();
    if (const tiles::gpu::TileStream* stream = scene_->heightStream()) {
        statistics.setStreamStatistics(stream->statistics());
    }
    if (const tiles::gpu::TileStream* stream = scene_->imageryStream()) {
        statistics.setImageryStreamStatistics(stream->statistics());
    }
    statistics.setPeakResidentMemory(viewer::peakResidentMemoryBytes());
    viewer::writeTextFile(*options_.statsPath,
                          statistics.toJson(scene_->describeRun(device_, presentation_.extent(),
                                                                static_cast<std::uint32_t>(record_.recordedFrames()))));
}

int WindowViewer::run(std::ostream& out)
{
    bool screenshotPending = false;
    while (!quit_) {
        glfwPollEvents();
        if (window_.closeRequested()) {
            break;
        }
        followPathRenderSize();
        if (!keepSwapchainUsable(presentation_, input_, overlay_)) {
            glfwWaitEvents();
            continue;
        }
        if (!screenshotPending) {
            screenshotPending = runActions();
        }
        if (quit_) {
            break;
        }
        updateCamera(record_.tick());
        scene_->takeBackgroundReads(record_.statistics(), record_.recordedFrames(), false);
        if (!renderFrame(screenshotPending, out)) {
            continue;
        }
        screenshotPending = false;
        record_.noteRecorded([&] { scene_->slot(lastSlot_).inFlight.wait(); });
        if (options_.frames && record_.recordedFrames() >= *options_.frames) {
            break;
        }
    }
    device_.waitIdle();
    if (record_.recordedFrames() > 0 && options_.screenshotPath) {
        viewer::writeScreenshot(device_, *scene_->slot(lastSlot_).targets, *options_.screenshotPath, out);
    }
    if (options_.statsPath) {
        writeStatistics();
    }
    return viewer::reportValidationMessages(instance_);
}

}  // namespace

int runWindow(const viewer::ViewerOptions& options, std::chrono::steady_clock::time_point started, std::ostream& out)
{
    try {
        WindowViewer viewer(options, started, out);
        return viewer.run(out);
    } catch (const ClosedWhileLoading&) {
        return kExitSuccess;
    }
}

}  // namespace app
