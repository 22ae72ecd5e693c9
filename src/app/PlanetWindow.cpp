#include "app/GlfwWindow.h"
#include "app/GlobeFlight.h"
#include "app/ImGuiOverlay.h"
#include "app/PlanetOverlayPanel.h"
#include "app/PlanetSetup.h"
#include "app/PlanetViewer.h"
#include "app/ProcessMemory.h"
#include "app/RunStatistics.h"
#include "app/Screenshot.h"
#include "app/ViewerCommands.h"
#include "app/ViewerSetup.h"
#include "app/WindowFrameRecord.h"
#include "app/WindowInput.h"
#include "app/WindowSwapchain.h"
#include "scene/GlobeSceneRenderer.h"
#include "scene/RenderTargets.h"
#include "vk/Commands.h"
#include "vk/Device.h"
#include "vk/Error.h"
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
#include <string>

namespace app {
namespace {

// Tiles of a streamed model copied to the GPU per window frame at most.
constexpr std::uint32_t kWindowUploadsPerFrame = 16;

constexpr double kLookDegreesPerPixel = 0.15;
constexpr float kMinSpeedFactor = 0.01f;
constexpr float kMaxSpeedFactor = 100.0f;

vk::InstanceOptions planetInstanceOptions(const ViewerOptions& options, const GlfwLibrary& glfw)
{
    vk::InstanceOptions instanceOptions;
    instanceOptions.validation = options.validate;
    instanceOptions.extraExtensions = glfw.requiredInstanceExtensions();
    return instanceOptions;
}

vk::Device& checkedPlanetDevice(vk::Device& device)
{
    checkPlanetDevice(device);
    return device;
}

scene::SceneOutput planetWindowOutput(VkFormat swapchainFormat, VkSampleCountFlagBits samples)
{
    scene::SceneOutput output{swapchainFormat, kDepthConvention, kFramesInFlight};
    output.samples = samples;
    return output;
}

class PlanetWindowViewer {
public:
    PlanetWindowViewer(PlanetInputs inputs, std::chrono::steady_clock::time_point started)
        : inputs_(std::move(inputs)),
          options_(inputs_.options),
          window_(glfw_, options_.size, "cbt-terrain - " + inputs_.demPath.filename().string()),
          instance_(planetInstanceOptions(options_, glfw_)),
          surface_(window_.createSurface(instance_.handle())),
          device_(openViewerDevice(instance_, options_, surface_.handle(), {VK_KHR_SWAPCHAIN_EXTENSION_NAME})),
          presentation_(device_, surface_, window_, options_.vsync),
          scene_(checkedPlanetDevice(device_), shaders_, *inputs_.elevation, globeSceneSettings(options_, device_),
                 planetWindowOutput(presentation_.swapchain().format(),
                                    sceneSamplesFor(options_, device_, scene::SceneShading::Deferred)),
                 globeStreamingOf(inputs_, kWindowUploadsPerFrame), globeImageryOf(inputs_)),
          input_(window_.handle(), InputCapture{&ImGuiOverlay::wantsTextInput, &ImGuiOverlay::wantsMouse}),
          overlay_(window_.handle(), instance_, device_, presentation_.swapchain()),
          flight_(startGlobePose(inputs_)),
          sun_(planetSunDirection(options_, flight_.pose())),
          sunText_(describePlanetSun(options_)),
          record_(started)
    {
        flight_.keepAbove(surfaceHeightUnder(inputs_, scene_.heightStream(), flight_.pose()));
    }

    ~PlanetWindowViewer()
    {
        try {
            device_.waitIdle();
        } catch (const vk::Error& error) {  // a lost device: the members are destroyed anyway
            std::cerr << "cbt-terrain: " << error.what() << "\n";
        }
    }
    PlanetWindowViewer(const PlanetWindowViewer&) = delete;
    PlanetWindowViewer& operator=(const PlanetWindowViewer&) = delete;

    int run(std::ostream& out);

private:
    // Runs the keys' actions in order; true when one asks for a screenshot
    // of the next frame (later actions wait for it).
    bool runActions();
    void updateCamera(double seconds);
    bool renderFrame(bool screenshot, std::ostream& out);
    void reloadShaders();
    void toggleWireframe();
    void reportError(const std::string& message);

    PlanetInputs inputs_;
    const ViewerOptions& options_;
    GlfwLibrary glfw_;
    GlfwWindow window_;
    vk::Instance instance_;
    vk::Surface surface_;
    vk::Device device_;
    vk::ShaderLibrary shaders_ = vk::locateProgramFiles().shaderLibrary();
    WindowSwapchain presentation_;
    scene::GlobeSceneRenderer scene_;
    WindowInput input_;
    ImGuiOverlay overlay_;
    GlobeFlight flight_;
    glm::dvec3 sun_;
    std::string sunText_;
    float speedFactor_ = 1.0f;
    bool overlayVisible_ = true;
    bool quit_ = false;
    std::string status_;
    WindowFrameRecord record_;
    std::uint32_t lastSlot_ = 0;
};

bool PlanetWindowViewer::runActions()
{
    std::deque<ViewerAction>& actions = input_.actions();
    while (!actions.empty()) {
        const ViewerAction action = actions.front();
        actions.pop_front();
        switch (action) {
            case ViewerAction::Screenshot: return true;
            case ViewerAction::Quit: quit_ = true; break;
            case ViewerAction::ToggleOverlay: overlayVisible_ = !overlayVisible_; break;
            case ViewerAction::ResetCamera: flight_.setPose(homeGlobePose()); break;
            case ViewerAction::ReloadShaders: reloadShaders(); break;
            case ViewerAction::ToggleWireframe: toggleWireframe(); break;
            // The flat terrain's settings: nothing to change on the globe.
            case ViewerAction::ToggleFreeze:
            case ViewerAction::LowerSun:
            case ViewerAction::RaiseSun: break;
        }
    }
    return false;
}

void PlanetWindowViewer::reportError(const std::string& message)
{
    status_ = message;
    std::cerr << "cbt-terrain: " << message << "\n";
}

void PlanetWindowViewer::reloadShaders()
{
    if (const std::optional<std::string> error =
            reloadShaderSources(shaders_, [&] { return scene_.reloadShaders(); })) {
        reportError(*error);
    } else {
        status_ = "shaders reloaded";
    }
}

void PlanetWindowViewer::toggleWireframe()
{
    scene_.setWireframe(!scene_.settings().globe.wireframe);
}

void PlanetWindowViewer::updateCamera(double seconds)
{
    if (!inputs_.path.empty()) {
        flight_.setPose(inputs_.path[record_.recordedFrames() % inputs_.path.size()].pose);
        return;
    }
    const double ground = surfaceHeightUnder(inputs_, scene_.heightStream(), flight_.pose());
    const glm::dvec2 look = input_.takeLookMotion();
    flight_.turn(look.x * kLookDegreesPerPixel, -look.y * kLookDegreesPerPixel);
    speedFactor_ = speedAfterWheel(speedFactor_, input_.takeWheelSteps(), kMinSpeedFactor, kMaxSpeedFactor);
    flight_.move(input_.movementKeys(), static_cast<double>(speedFactor_), seconds, ground);
}

bool PlanetWindowViewer::renderFrame(bool screenshot, std::ostream& out)
{
    const auto slotIndex = static_cast<std::uint32_t>(record_.recordedFrames() % kFramesInFlight);
    scene::FrameSlot& slot = scene_.slot(slotIndex);
    const std::optional<std::uint32_t> acquired = acquireWindowImage(presentation_, slot);
    if (!acquired) {
        return false;
    }
    const std::uint32_t imageIndex = *acquired;
    vk::Swapchain& swapchain = presentation_.swapchain();

    overlay_.beginFrame();
    if (overlayVisible_) {
        PlanetOverlayFacts facts;
        facts.frame.frameMilliseconds = record_.smoothedFrameMilliseconds();
        facts.frame.statistics = record_.statistics().latest();
        facts.frame.deviceName = device_.info().name;
        facts.frame.width = swapchain.extent().width;
        facts.frame.height = swapchain.extent().height;
        facts.camera = flight_.pose();
        facts.groundHeightMetres = surfaceHeightUnder(inputs_, scene_.heightStream(), flight_.pose());
        facts.speedMetresPerSecond = flight_.speedOver(facts.groundHeightMetres, static_cast<double>(speedFactor_));
        facts.sun = sunText_;
        facts.wireframe = scene_.settings().globe.wireframe;
        facts.shadows = scene_.settings().globe.shadows;
        if (scene_.globe().hasImagery()) {
            facts.showImagery = scene_.settings().globe.showImagery;
        }
        const PlanetOverlayRequests requests = drawPlanetOverlayPanel(facts, record_.history(), status_);
        if (requests.home) {
            flight_.setPose(homeGlobePose());
        }
        if (requests.reloadShaders) {
            reloadShaders();
        }
        if (requests.toggleWireframe) {
            toggleWireframe();
        }
        if (requests.toggleImagery) {
            scene_.setShowImagery(!scene_.settings().globe.showImagery);
        }
        if (requests.toggleShadows) {
            scene_.setShadows(!scene_.settings().globe.shadows);
        }
    }
    overlay_.endFrame();

    scene::GlobeFrameView frame;
    frame.view = planet::globeViewOf(flight_.pose());
    frame.viewport = swapchain.extent();
    frame.sunDirection = sun_;
    slot.inFlight.reset();
    vk::beginCommandBuffer(slot.commands);
    scene_.recordFrame(slotIndex, frame);
    const scene::FrameStatistics completed = scene_.statistics();
    const scene::RenderTargets& targets = *slot.targets;
    scene::recordCopyToImage(device_, slot.commands, targets, swapchain.image(imageIndex));
    overlay_.recordDraw(slot.commands, imageIndex, overlayVisible_);
    vk::endCommandBuffer(slot.commands);
    submitWindowFrame(device_, slot, swapchain, imageIndex);

    record_.noteCompleted(completed);
    printStreamWarnings(scene_.heightStream(), std::cerr);
    lastSlot_ = slotIndex;
    if (screenshot) {
        try {
            writeScreenshot(device_, targets, unusedScreenshotPathNow(std::filesystem::current_path()), out);
        } catch (const std::runtime_error& error) {  // e.g. a read-only working directory: keep running
            reportError(error.what());
        }
    }
    presentWindowImage(presentation_, imageIndex);
    return true;
}

int PlanetWindowViewer::run(std::ostream& out)
{
    out << "cbt-terrain: " << sunText_ << "\n";
    bool screenshotPending = false;
    while (!quit_) {
        glfwPollEvents();
        if (window_.closeRequested()) {
            break;
        }
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
        const double seconds = record_.tick();
        updateCamera(seconds);
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
        record_.statistics().setPeakResidentMemory(peakResidentMemoryBytes());
        if (const tiles::gpu::HeightStream* stream = scene_.heightStream()) {
            record_.statistics().setStreamStatistics(stream->statistics());
        }
        writeTextFile(*options_.statsPath, record_.statistics().toJson(describePlanetRun(
                                               inputs_, scene_, flight_.pose(), device_, presentation_.extent(),
                                               static_cast<std::uint32_t>(record_.recordedFrames()))));
    }
    return reportValidationMessages(instance_);
}

}  // namespace

int runPlanetWindow(const ViewerOptions& requested, std::ostream& out)
{
    const auto started = std::chrono::steady_clock::now();
    PlanetWindowViewer viewer(loadPlanetInputs(requested, out), started);
    return viewer.run(out);
}

}  // namespace app
