#include "app/WindowViewer.h"
#include "app/BackgroundCoarseLevel.h"

#include "app/FlyCamera.h"
#include "app/GeodeticFrame.h"
#include "app/GlfwWindow.h"
#include "app/ImGuiOverlay.h"
#include "app/OverlayPanel.h"
#include "app/ProcessMemory.h"
#include "app/RunStatistics.h"
#include "app/Screenshot.h"
#include "app/ViewerCommands.h"
#include "app/ViewerSetup.h"
#include "app/WindowFrameRecord.h"
#include "app/WindowInput.h"
#include "app/WindowSwapchain.h"
#include "scene/RenderTargets.h"
#include "scene/SceneRenderer.h"
#include "vk/Device.h"
#include "vk/Error.h"
#include "vk/Image.h"
#include "vk/Instance.h"
#include "vk/ProgramFiles.h"
#include "vk/ShaderLibrary.h"
#include "vk/Surface.h"
#include "vk/Swapchain.h"

#include <GLFW/glfw3.h>

#include <algorithm>
#include <chrono>
#include <iostream>
#include <memory>
#include <optional>
#include <vector>

namespace app {

namespace {

constexpr float kLookDegreesPerPixel = 0.15f;

vk::InstanceOptions windowInstanceOptions(const ViewerOptions& options, const GlfwLibrary& glfw)
{
    vk::InstanceOptions instanceOptions;
    instanceOptions.validation = options.validate;
    instanceOptions.extraExtensions = glfw.requiredInstanceExtensions();
    return instanceOptions;
}

// `device` after the checks that must pass before the renderer is built.
vk::Device& checkedViewerDevice(vk::Device& device, const heightmap::Heightmap& heightmap)
{
    checkViewerDeviceFeatures(device);
    checkHeightmapFitsDevice(heightmap, device);
    return device;
}

std::string windowTitle(const heightmap::Heightmap& heightmap)
{
    return "cbt-terrain - " + std::filesystem::path(heightmap.sourcePath).filename().string();
}

// --camera, else the default oblique view over the terrain in a view of `extent`.
CameraPose startPoseFor(const ViewerOptions& options, const scene::SceneRenderer& scene,
                        const ProjectionSettings& projection, VkExtent2D extent)
{
    const float aspect = static_cast<float>(extent.width) / static_cast<float>(std::max(extent.height, 1u));
    return options.camera.value_or(
        defaultViewPose(scene.worldMin(), scene.worldMax(), projection.verticalFovDegrees, aspect));
}

// Tiles of a streamed DEM copied to the GPU per frame at most (a window
// frame never waits for them).
constexpr std::uint32_t kWindowUploadsPerFrame = 16;

scene::SceneOutput windowSceneOutput(VkFormat swapchainFormat, VkSampleCountFlagBits samples, scene::RasterPath raster)
{
    scene::SceneOutput output{swapchainFormat, kDepthConvention, kFramesInFlight};
    output.samples = samples;
    output.raster = raster;
    return output;
}

class WindowViewer {
public:
    WindowViewer(const ViewerOptions& options, dem::TerrainSource terrain, std::optional<dem::Imagery> imagery,
                 std::vector<CameraPathFrame> path, std::chrono::steady_clock::time_point started)
        : options_(options),
          heightmap_(std::move(terrain.heightmap)),
          coarseLevel_(BackgroundCoarseLevel::startFor(terrain)),
          dem_(std::move(terrain.dem)),
          imagery_(std::move(imagery)),
          path_(std::move(path)),
          window_(glfw_, options.size, windowTitle(heightmap_)),
          instance_(windowInstanceOptions(options, glfw_)),
          surface_(window_.createSurface(instance_.handle())),
          device_(openViewerDevice(instance_, options, surface_.handle(), {VK_KHR_SWAPCHAIN_EXTENSION_NAME})),
          presentation_(device_, surface_, window_, options.vsync),
          scene_(checkedViewerDevice(device_, heightmap_), shaders_, heightmap_,
                 initialSceneSettings(options, heightmap_, dem_),
                 windowSceneOutput(presentation_.swapchain().format(), sceneSamplesFor(options, device_),
                                   rasterPathFor(options, device_)),
                 imageryPixelsOf(imagery_), heightStreamSourceOf(options, terrain, kWindowUploadsPerFrame)),
          input_(window_.handle(), InputCapture{&ImGuiOverlay::wantsTextInput, &ImGuiOverlay::wantsMouse}),
          overlay_(window_.handle(), instance_, device_, presentation_.swapchain()),
          camera_(startPoseFor(options, scene_, projection_, presentation_.extent())),
          commands_(shaders_, scene_, camera_, camera_.pose()),
          record_(started)
    {
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
    void followPathRenderSize();
    void updateCamera(float seconds);
    bool renderFrame(bool screenshot, std::ostream& out);
    void takeCoarseLevelWhenRead();

    const ViewerOptions& options_;
    heightmap::Heightmap heightmap_;
    // A streamed DEM's coarse level while it is read (the scene draws a
    // placeholder meanwhile); none once taken, or when it was read at load.
    std::unique_ptr<BackgroundCoarseLevel> coarseLevel_;
    std::optional<dem::DemMetadata> dem_;
    std::optional<dem::Imagery> imagery_;
    std::vector<CameraPathFrame> path_;
    GlfwLibrary glfw_;
    GlfwWindow window_;
    vk::Instance instance_;
    vk::Surface surface_;
    vk::Device device_;
    vk::ShaderLibrary shaders_ = vk::locateProgramFiles().shaderLibrary();
    WindowSwapchain presentation_;
    scene::SceneRenderer scene_;
    WindowInput input_;
    ImGuiOverlay overlay_;

    const ProjectionSettings projection_{60.0f, kDepthConvention};
    FlyCamera camera_;
    ViewerCommands commands_;
    std::optional<CameraPathRenderSize> pathRenderSize_;  // the last size the camera path asked for
    WindowFrameRecord record_;
    uint32_t lastSlot_ = 0;
    uint32_t titleLeafCount_ = 0;  // shown in the window title
    // The overlay's WGS 84 view of the camera (made once: PROJ's transforms
    // take a while to set up); empty on a terrain without georeferencing.
    std::unique_ptr<GeodeticFrame> geodeticFrame_ =
        geodeticFrameIfGeoreferenced(heightmap_, dem_, scene_.settings().terrain);
};

// A camera path frame with a size column resizes the window (and so the
// swapchain and the render targets) from that frame on, as a headless run
// resizes its targets.
void WindowViewer::followPathRenderSize()
{
    if (path_.empty()) {
        return;
    }
    const std::optional<CameraPathRenderSize>& size = path_[record_.recordedFrames() % path_.size()].renderSize;
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

void WindowViewer::updateCamera(float seconds)
{
    if (!path_.empty()) {
        camera_.setPose(path_[record_.recordedFrames() % path_.size()].pose);
        return;
    }
    const glm::dvec2 look = input_.takeLookMotion();
    camera_.turn(static_cast<float>(look.x) * kLookDegreesPerPixel, -static_cast<float>(look.y) * kLookDegreesPerPixel);
    OverlayModel& model = commands_.model();
    model.cameraSpeed = speedAfterWheel(model.cameraSpeed, input_.takeWheelSteps(), 1.0f, model.maxCameraSpeed);
    camera_.move(input_.movementKeys(), model.cameraSpeed, seconds);
}

bool WindowViewer::renderFrame(bool screenshot, std::ostream& out)
{
    const uint32_t slotIndex = static_cast<uint32_t>(record_.recordedFrames() % kFramesInFlight);
    scene::FrameSlot& slot = scene_.slot(slotIndex);
    const std::optional<std::uint32_t> acquired = acquireWindowImage(presentation_, slot);
    if (!acquired) {
        return false;
    }
    const std::uint32_t imageIndex = *acquired;
    vk::Swapchain& swapchain = presentation_.swapchain();

    overlay_.beginFrame();
    if (commands_.overlayVisible()) {
        OverlayFacts facts;
        facts.frameMilliseconds = record_.smoothedFrameMilliseconds();
        facts.statistics = record_.statistics().latest();
        facts.deviceName = device_.info().name;
        facts.pose = camera_.pose();
        facts.geodetic = geodeticPoseIn(camera_.pose(), geodeticFrame_.get());
        facts.width = swapchain.extent().width;
        facts.height = swapchain.extent().height;
        facts.hasImagery = imagery_.has_value();
        if (coarseLevel_) {
            facts.coarseLevelProgress = coarseLevel_->progress();
        }
        commands_.applyOverlayRequests(drawOverlayPanel(commands_.model(), facts, record_.history()));
    }
    overlay_.endFrame();

    const camera::FrameView view =
        makeFrameView(camera_, swapchain.extent(), projection_, scene_.worldMin(), scene_.worldMax());
    slot.inFlight.reset();
    vk::beginCommandBuffer(slot.commands);
    scene_.recordFrame(slotIndex, view);
    const scene::FrameStatistics completed = scene_.statistics();
    printStreamWarnings(scene_, std::cerr);
    const scene::RenderTargets& targets = *slot.targets;
    scene::recordCopyToImage(device_, slot.commands, targets, swapchain.image(imageIndex));
    overlay_.recordDraw(slot.commands, imageIndex, commands_.overlayVisible());
    vk::endCommandBuffer(slot.commands);
    submitWindowFrame(device_, slot, swapchain, imageIndex);

    record_.noteCompleted(completed);
    if (record_.recordedFrames() >= kFramesInFlight) {
        if (completed.leafCount != titleLeafCount_) {
            titleLeafCount_ = completed.leafCount;
            window_.setTitle(windowTitle(heightmap_) + " - " + std::to_string(titleLeafCount_) + " leaves");
        }
    }
    lastSlot_ = slotIndex;
    if (screenshot) {
        try {
            writeScreenshot(device_, targets, unusedScreenshotPathNow(std::filesystem::current_path()), out);
        } catch (const std::runtime_error& error) {  // e.g. a read-only working directory: keep running
            commands_.reportError(error.what());
        }
    }
    presentWindowImage(presentation_, imageIndex);
    return true;
}

void WindowViewer::takeCoarseLevelWhenRead()
{
    if (!coarseLevel_ || !coarseLevel_->done()) {
        return;
    }
    record_.statistics().setCoarseLevelRead(coarseLevel_->takeInto(scene_, dem_, record_.recordedFrames(), std::cerr));
    coarseLevel_.reset();
}

int WindowViewer::run(std::ostream& out)
{
    bool screenshotPending = false;
    while (!commands_.quitRequested()) {
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
            screenshotPending = commands_.runUntilScreenshot(input_.actions());
        }
        if (commands_.quitRequested()) {
            break;
        }
        const double seconds = record_.tick();
        updateCamera(static_cast<float>(seconds));
        takeCoarseLevelWhenRead();
        if (!renderFrame(screenshotPending, out)) {
            continue;
        }
        screenshotPending = false;
        record_.noteRecorded([&] { scene_.slot(lastSlot_).inFlight.wait(); });
        if (options_.frames && record_.recordedFrames() >= *options_.frames) {
            break;
        }
    }
    device_.waitIdle();
    if (record_.recordedFrames() > 0 && options_.screenshotPath) {
        writeScreenshot(device_, *scene_.slot(lastSlot_).targets, *options_.screenshotPath, out);
    }
    if (options_.statsPath) {
        if (const tiles::gpu::HeightStream* stream = scene_.heightStream()) {
            record_.statistics().setStreamStatistics(stream->statistics());
        }
        record_.statistics().setPeakResidentMemory(peakResidentMemoryBytes());
        const RunDescription description =
            describeRun(options_, heightmap_, dem_, scene_.settings(), camera_.pose(), device_, presentation_.extent(),
                        static_cast<uint32_t>(record_.recordedFrames()));
        writeTextFile(*options_.statsPath, record_.statistics().toJson(description));
    }
    return reportValidationMessages(instance_);
}

}  // namespace

int runWindow(const ViewerOptions& requested, std::ostream& out)
{
    const auto started = std::chrono::steady_clock::now();
    // A coarse level that takes long to read is read while the window draws.
    ViewerInputs inputs = loadViewerInputs(requested, out, std::cerr, dem::StreamedBaseTiming::LaterWhenCostly);
    WindowViewer viewer(inputs.options, std::move(inputs.terrain), std::move(inputs.imagery), std::move(inputs.path),
                        started);
    return viewer.run(out);
}

}  // namespace app
