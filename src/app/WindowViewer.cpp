#include "app/WindowViewer.h"

#include "app/FlyCamera.h"
#include "app/GlfwWindow.h"
#include "app/ImGuiOverlay.h"
#include "app/OverlayPanel.h"
#include "app/RunStatistics.h"
#include "app/Screenshot.h"
#include "app/ViewerSetup.h"
#include "app/WindowFrameSlot.h"
#include "app/WindowInput.h"
#include "atmosphere/TonemapPass.h"
#include "terrain/TerrainRenderer.h"
#include "vk/Device.h"
#include "vk/Error.h"
#include "vk/Image.h"
#include "vk/Instance.h"
#include "vk/ShaderCompiler.h"
#include "vk/Surface.h"
#include "vk/Swapchain.h"

#include <GLFW/glfw3.h>

#include <chrono>
#include <ctime>
#include <iostream>
#include <memory>

namespace app {

namespace {

constexpr float kLookDegreesPerPixel = 0.15f;
constexpr double kMaxFrameSeconds = 0.1;

gpu::InstanceOptions windowInstanceOptions(const ViewerOptions& options, const GlfwLibrary& glfw) {
    gpu::InstanceOptions instanceOptions;
    instanceOptions.validation = options.validate;
    instanceOptions.extraExtensions = glfw.requiredInstanceExtensions();
    return instanceOptions;
}

// A swapchain with images: waits while the window is minimised.
std::unique_ptr<gpu::Swapchain> makeSwapchain(const gpu::Device& device, const gpu::Surface& surface,
                                              const GlfwWindow& window, bool vsync) {
    gpu::SwapchainOptions swapchainOptions;
    swapchainOptions.vsync = vsync;
    auto swapchain =
        std::make_unique<gpu::Swapchain>(device, surface.handle(), window.framebufferExtent(), swapchainOptions);
    while (!swapchain->isUsable() && !window.closeRequested()) {
        glfwWaitEvents();
        swapchain->rebuild(window.framebufferExtent());
    }
    if (!swapchain->isUsable()) {
        throw WindowError("the window was closed before it could be shown");
    }
    return swapchain;
}

// `device` after the checks that must pass before the renderer is built.
gpu::Device& checkedViewerDevice(gpu::Device& device, const terrain::Heightmap& heightmap) {
    checkViewerDeviceFeatures(device);
    checkHeightmapFitsDevice(heightmap, device);
    return device;
}

std::string windowTitle(const terrain::Heightmap& heightmap) {
    return "cbt-terrain - " + std::filesystem::path(heightmap.sourcePath).filename().string();
}

class WindowViewer {
public:
    WindowViewer(const ViewerOptions& options, terrain::TerrainSource terrain, std::vector<CameraPose> path)
        : options_(options),
          heightmap_(std::move(terrain.heightmap)),
          dem_(std::move(terrain.dem)),
          path_(std::move(path)),
          window_(glfw_, options.size, windowTitle(heightmap_)),
          instance_(windowInstanceOptions(options, glfw_)),
          surface_(window_.createSurface(instance_.handle())),
          device_(openViewerDevice(instance_, options, surface_.handle(), {VK_KHR_SWAPCHAIN_EXTENSION_NAME})),
          swapchain_(makeSwapchain(device_, surface_, window_, options.vsync)),
          depthFormat_(chooseDepthFormat(device_)),
          renderer_(checkedViewerDevice(device_, heightmap_), compiler_, heightmap_,
                    initialTerrainSettings(options, heightmap_, dem_), atmosphere::kHdrColorFormat, depthFormat_,
                    kFramesInFlight),
          display_(device_, compiler_, swapchain_->format(), kFramesInFlight),
          pool_(device_),
          input_(window_.handle(), InputCapture{&ImGuiOverlay::wantsTextInput, &ImGuiOverlay::wantsMouse}),
          overlay_(window_.handle(), instance_, device_, *swapchain_) {
        for (uint32_t i = 0; i < kFramesInFlight; ++i) {
            slots_.push_back(std::make_unique<WindowFrameSlot>(device_, pool_));
        }
        rebuildTargets();
        model_.settings = renderer_.settings();
        model_.requestedMaxDepth = model_.settings.maxDepth;
        const glm::vec3 size = renderer_.worldMax() - renderer_.worldMin();
        model_.maxCameraSpeed = std::max(size.x, size.z) * 2.0f;
        model_.cameraSpeed = std::max(size.x, size.z) / 20.0f;
        startPose_ = options.camera.value_or(framingPose(renderer_.worldMin(), renderer_.worldMax(),
                                                          projection_.verticalFovDegrees, aspect()));
        camera_.setPose(startPose_);
    }

    ~WindowViewer() {
        try {
            device_.waitIdle();
        } catch (const gpu::Error& error) {  // a lost device: the members are destroyed anyway
            std::cerr << "cbt-terrain: " << error.what() << "\n";
        }
    }
    WindowViewer(const WindowViewer&) = delete;
    WindowViewer& operator=(const WindowViewer&) = delete;

    int run(std::ostream& out);

private:
    [[nodiscard]] float aspect() const {
        const VkExtent2D extent = swapchain_->extent();
        return static_cast<float>(extent.width) / static_cast<float>(std::max(extent.height, 1u));
    }
    bool ensureSwapchain();
    void rebuildTargets();
    bool takeActionsUntilScreenshot();
    void updateCamera(float seconds);
    void applyOverlayRequests(const OverlayRequests& requests);
    void applySettings(const terrain::TerrainSettings& settings);
    void reloadShaders();
    bool renderFrame(bool screenshot, std::ostream& out);
    void saveScreenshot(const RenderTargets& targets, const std::filesystem::path& path, std::ostream& out);

    const ViewerOptions& options_;
    terrain::Heightmap heightmap_;
    std::optional<terrain::DemMetadata> dem_;
    std::vector<CameraPose> path_;
    GlfwLibrary glfw_;
    GlfwWindow window_;
    gpu::Instance instance_;
    gpu::Surface surface_;
    gpu::Device device_;
    gpu::ShaderCompiler compiler_;
    std::unique_ptr<gpu::Swapchain> swapchain_;
    VkFormat depthFormat_;
    terrain::TerrainRenderer renderer_;
    atmosphere::TonemapPass display_;
    gpu::CommandPool pool_;
    std::vector<std::unique_ptr<WindowFrameSlot>> slots_;
    WindowInput input_;
    ImGuiOverlay overlay_;

    ProjectionSettings projection_{60.0f, kTerrainDepthConvention};
    FlyCamera camera_;
    CameraPose startPose_;
    OverlayModel model_;
    TimingHistory history_;
    RunStatistics statistics_;
    double smoothedFrameMs_ = 0.0;
    bool overlayVisible_ = true;
    bool needsRebuild_ = false;
    bool quit_ = false;
    uint64_t recordedFrames_ = 0;
    uint32_t lastSlot_ = 0;
    uint32_t titleLeafCount_ = 0;  // shown in the window title
};

bool WindowViewer::ensureSwapchain() {
    needsRebuild_ = input_.takeResized() || needsRebuild_;
    if (!needsRebuild_ && swapchain_->isUsable()) {
        return true;
    }
    const VkExtent2D extent = window_.framebufferExtent();
    if (extent.width == 0 || extent.height == 0 || !swapchain_->rebuild(extent)) {
        return false;  // minimised
    }
    needsRebuild_ = false;
    overlay_.onSwapchainRebuilt(*swapchain_);
    rebuildTargets();
    return true;
}

void WindowViewer::rebuildTargets() {
    device_.waitIdle();
    for (const auto& slot : slots_) {
        slot->targets.reset();
        slot->targets.emplace(device_, swapchain_->extent(), swapchain_->format(), depthFormat_);
    }
}

bool WindowViewer::takeActionsUntilScreenshot() {
    std::deque<ViewerAction>& actions = input_.actions();
    while (!actions.empty() && !quit_) {
        const ViewerAction action = actions.front();
        actions.pop_front();
        terrain::TerrainSettings settings = model_.settings;
        switch (action) {
            case ViewerAction::Screenshot: return true;  // of the next frame; later keys wait for it
            case ViewerAction::Quit: quit_ = true; break;
            case ViewerAction::ToggleOverlay: overlayVisible_ = !overlayVisible_; break;
            case ViewerAction::ResetCamera: camera_.setPose(startPose_); break;
            case ViewerAction::ReloadShaders: reloadShaders(); break;
            case ViewerAction::ToggleWireframe:
                settings.wireframe = !settings.wireframe;
                applySettings(settings);
                break;
            case ViewerAction::ToggleFreeze:
                settings.freezeSubdivision = !settings.freezeSubdivision;
                applySettings(settings);
                break;
            case ViewerAction::LowerSun:
            case ViewerAction::RaiseSun:
                settings.sunElevationDegrees =
                    steppedSunElevation(settings.sunElevationDegrees, action == ViewerAction::RaiseSun ? 1 : -1);
                applySettings(settings);
                break;
        }
    }
    return false;
}

void WindowViewer::updateCamera(float seconds) {
    if (!path_.empty()) {
        camera_.setPose(path_[recordedFrames_ % path_.size()]);
        return;
    }
    const glm::dvec2 look = input_.takeLookMotion();
    camera_.turn(static_cast<float>(look.x) * kLookDegreesPerPixel, -static_cast<float>(look.y) * kLookDegreesPerPixel);
    model_.cameraSpeed = speedAfterWheel(model_.cameraSpeed, input_.takeWheelSteps(), 1.0f, model_.maxCameraSpeed);
    camera_.move(input_.movementKeys(), model_.cameraSpeed, seconds);
}

void WindowViewer::applySettings(const terrain::TerrainSettings& settings) {
    try {
        renderer_.applySettings(settings);
        model_.settings = renderer_.settings();
    } catch (const std::exception& error) {  // a depth the device cannot hold, an invalid value
        model_.status = error.what();
        std::cerr << "cbt-terrain: " << error.what() << "\n";
        model_.settings = renderer_.settings();
    }
    model_.requestedMaxDepth = model_.settings.maxDepth;
}

void WindowViewer::reloadShaders() {
    std::optional<std::string> error = renderer_.reloadShaders();
    if (!error) {
        error = display_.reloadShaders();  // the renderer waited for the device to be idle
    }
    model_.status = error ? "shader reload failed: " + *error : "shaders reloaded";
    if (error) {
        std::cerr << "cbt-terrain: " << model_.status << "\n";
    }
}

void WindowViewer::applyOverlayRequests(const OverlayRequests& requests) {
    if (requests.settingsChanged || requests.rebuildDepth) {
        terrain::TerrainSettings settings = model_.settings;
        settings.maxDepth = requests.rebuildDepth ? model_.requestedMaxDepth : renderer_.settings().maxDepth;
        const int requestedDepth = model_.requestedMaxDepth;
        applySettings(settings);
        if (!requests.rebuildDepth) {
            model_.requestedMaxDepth = requestedDepth;  // keep the slider until "rebuild"
        }
    }
    if (requests.reloadShaders) {
        reloadShaders();
    }
    if (requests.resetCamera) {
        camera_.setPose(startPose_);
    }
}

void WindowViewer::saveScreenshot(const RenderTargets& targets, const std::filesystem::path& path,
                                  std::ostream& out) {
    writeColorTargetPng(device_, targets, path);
    out << "cbt-terrain: wrote " << path.string() << "\n" << std::flush;
}

bool WindowViewer::renderFrame(bool screenshot, std::ostream& out) {
    const uint32_t slotIndex = static_cast<uint32_t>(recordedFrames_ % kFramesInFlight);
    WindowFrameSlot& slot = *slots_[slotIndex];
    slot.inFlight.wait();
    uint32_t imageIndex = 0;
    const gpu::SwapchainStatus acquired = swapchain_->acquireNextImage(slot.imageAvailable.handle(), imageIndex);
    if (acquired == gpu::SwapchainStatus::OutOfDate) {
        needsRebuild_ = true;
        return false;
    }
    needsRebuild_ = acquired == gpu::SwapchainStatus::Suboptimal;

    overlay_.beginFrame();
    if (overlayVisible_) {
        OverlayFacts facts;
        facts.frameMilliseconds = smoothedFrameMs_;
        facts.statistics = statistics_.latest();
        facts.deviceName = device_.info().name;
        facts.pose = camera_.pose();
        facts.width = swapchain_->extent().width;
        facts.height = swapchain_->extent().height;
        applyOverlayRequests(drawOverlayPanel(model_, facts, history_));
    }
    overlay_.endFrame();

    const RenderTargets& targets = *slot.targets;
    const terrain::FrameView view =
        makeFrameView(camera_, targets.extent(), projection_, renderer_.worldMin(), renderer_.worldMax());
    slot.inFlight.reset();
    gpu::beginCommandBuffer(slot.commands);
    recordTerrainFrame(device_, slot.commands, renderer_, display_, targets, view, slotIndex,
                       depthClearValue(projection_.depth));
    const terrain::TerrainStatistics completed = renderer_.statistics();
    recordCopyToImage(device_, slot.commands, targets, swapchain_->image(imageIndex));
    overlay_.recordDraw(slot.commands, imageIndex, overlayVisible_);
    gpu::endCommandBuffer(slot.commands);
    submitWindowFrame(device_, slot, *swapchain_, imageIndex);

    if (recordedFrames_ >= kFramesInFlight) {
        statistics_.addTerrainStatistics(completed);
        if (completed.timings) {
            history_.addPasses(*completed.timings);
        }
        if (completed.leafCount != titleLeafCount_) {
            titleLeafCount_ = completed.leafCount;
            window_.setTitle(windowTitle(heightmap_) + " - " + std::to_string(titleLeafCount_) + " leaves");
        }
    }
    ++recordedFrames_;
    lastSlot_ = slotIndex;
    if (screenshot) {
        std::tm localTime{};
        const std::time_t now = std::time(nullptr);
        localtime_r(&now, &localTime);
        try {
            saveScreenshot(targets, unusedScreenshotPath(std::filesystem::current_path(), localTime), out);
        } catch (const std::runtime_error& error) {  // e.g. a read-only working directory: keep running
            model_.status = error.what();
            std::cerr << "cbt-terrain: " << error.what() << "\n";
        }
    }
    if (swapchain_->present(imageIndex) != gpu::SwapchainStatus::Ready) {
        needsRebuild_ = true;
    }
    return true;
}

int WindowViewer::run(std::ostream& out) {
    auto previous = std::chrono::steady_clock::now();
    bool screenshotPending = false;
    while (!quit_) {
        glfwPollEvents();
        if (window_.closeRequested()) {
            break;
        }
        if (!ensureSwapchain()) {
            glfwWaitEvents();
            continue;
        }
        if (!screenshotPending) {
            screenshotPending = takeActionsUntilScreenshot();
        }
        if (quit_) {
            break;
        }
        const auto now = std::chrono::steady_clock::now();
        const double seconds = std::min(std::chrono::duration<double>(now - previous).count(), kMaxFrameSeconds);
        const double milliseconds = std::chrono::duration<double, std::milli>(now - previous).count();
        previous = now;
        updateCamera(static_cast<float>(seconds));
        if (!renderFrame(screenshotPending, out)) {
            continue;
        }
        screenshotPending = false;
        if (recordedFrames_ > 1) {
            statistics_.addFrameTime(milliseconds);
            history_.frame.add(static_cast<float>(milliseconds));
            smoothedFrameMs_ = smoothedFrameMs_ == 0.0 ? milliseconds : 0.9 * smoothedFrameMs_ + 0.1 * milliseconds;
        }
        if (options_.frames && recordedFrames_ >= *options_.frames) {
            break;
        }
    }
    device_.waitIdle();
    if (recordedFrames_ > 0 && options_.screenshotPath) {
        saveScreenshot(*slots_[lastSlot_]->targets, *options_.screenshotPath, out);
    }
    if (options_.statsPath) {
        const RunDescription description =
            describeRun(options_, heightmap_, renderer_.settings(), device_, swapchain_->extent(),
                        static_cast<uint32_t>(recordedFrames_));
        writeTextFile(*options_.statsPath, statistics_.toJson(description));
    }
    return reportValidationMessages(instance_);
}

}  // namespace

int runWindow(const ViewerOptions& options, std::ostream& out) {
    checkOutputFolders(options);
    terrain::TerrainSource terrain = loadViewerTerrain(options);
    if (const std::string description = describeTerrainSource(terrain); !description.empty()) {
        out << "cbt-terrain: " << description << "\n";
    }
    std::vector<CameraPose> path = loadViewerCameraPath(options);
    WindowViewer viewer(options, std::move(terrain), std::move(path));
    return viewer.run(out);
}

}  // namespace app
