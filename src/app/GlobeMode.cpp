#include "app/GlobeMode.h"

#include "app/GlobeFlight.h"
#include "app/PlanetOverlayPanel.h"
#include "app/ViewerCommands.h"
#include "app/ViewerSetup.h"
#include "scene/GlobeSceneRenderer.h"
#include "vk/Device.h"

#include <iostream>
#include <sstream>

namespace app {

namespace {

constexpr double kLookDegreesPerPixel = 0.15;
constexpr float kMinSpeedFactor = 0.01f;
constexpr float kMaxSpeedFactor = 100.0f;

vk::Device& checkedGlobeDevice(vk::Device& device)
{
    checkPlanetDevice(device);
    return device;
}

scene::SceneOutput globeSceneOutput(const ViewerOptions& options, const vk::Device& device, const ModeOutput& output)
{
    scene::SceneOutput sceneOutput{output.displayFormat, kDepthConvention, kFramesInFlight};
    sceneOutput.samples = sceneSamplesFor(options, device, scene::SceneShading::Deferred);
    return sceneOutput;
}

class GlobeScene : public PathFollowingScene<GeodeticPathFrame> {
public:
    GlobeScene(const PlanetInputs& inputs, vk::Device& device, vk::ShaderLibrary& shaders, const ModeOutput& output)
        : PathFollowingScene(inputs.path),
          inputs_(inputs),
          shaders_(shaders),
          scene_(checkedGlobeDevice(device), shaders, *inputs.elevation, globeSceneSettings(inputs.options, device),
                 globeSceneOutput(inputs.options, device, output), globeStreamingOf(inputs, output.uploadsPerFrame),
                 globeImageryOf(inputs)),
          flight_(startGlobePose(inputs)),
          sun_(planetSunDirection(inputs.options, flight_.pose())),
          sunText_(describePlanetSun(inputs.options))
    {
    }

    [[nodiscard]] const std::string& sunText() const { return sunText_; }

    scene::FrameSlot& slot(std::uint32_t slotIndex) override { return scene_.slot(slotIndex); }

    void recordFrame(std::uint32_t slotIndex, VkExtent2D viewport) override
    {
        scene_.recordFrame(slotIndex, scene::GlobeFrameView{planet::globeViewOf(flight_.pose()), viewport, sun_});
    }
    [[nodiscard]] scene::FrameStatistics statistics() const override { return scene_.statistics(); }
    [[nodiscard]] tiles::gpu::HeightStream* heightStream() override { return scene_.heightStream(); }

    // The flight keeps above the ground under it (GlobeFlight::move), also
    // when it starts below.
    void steer(WindowInput& input, double seconds) override
    {
        const double ground = groundHeight();
        const glm::dvec2 look = input.takeLookMotion();
        flight_.turn(look.x * kLookDegreesPerPixel, -look.y * kLookDegreesPerPixel);
        speedFactor_ = speedAfterWheel(speedFactor_, input.takeWheelSteps(), kMinSpeedFactor, kMaxSpeedFactor);
        flight_.move(input.movementKeys(), static_cast<double>(speedFactor_), seconds, ground);
    }

    void runAction(ViewerAction action) override
    {
        switch (action) {
            case ViewerAction::ResetCamera: flight_.setPose(homeGlobePose()); break;
            case ViewerAction::ReloadShaders: reloadShaders(); break;
            case ViewerAction::ToggleWireframe: scene_.setWireframe(!scene_.settings().globe.wireframe); break;
            // The flat terrain's settings, and the loop's own actions.
            default: break;
        }
    }
    void drawOverlay(OverlayFacts facts, const TimingHistory& history) override
    {
        PlanetOverlayFacts globeFacts;
        globeFacts.frame = std::move(facts);
        globeFacts.camera = flight_.pose();
        globeFacts.groundHeightMetres = groundHeight();
        globeFacts.speedMetresPerSecond =
            flight_.speedOver(globeFacts.groundHeightMetres, static_cast<double>(speedFactor_));
        globeFacts.sun = sunText_;
        globeFacts.wireframe = scene_.settings().globe.wireframe;
        globeFacts.shadows = scene_.settings().globe.shadows;
        if (scene_.globe().hasImagery()) {
            globeFacts.showImagery = scene_.settings().globe.showImagery;
        }
        const PlanetOverlayRequests requests = drawPlanetOverlayPanel(globeFacts, history, status_);
        if (requests.home) {
            runAction(ViewerAction::ResetCamera);
        }
        if (requests.reloadShaders) {
            runAction(ViewerAction::ReloadShaders);
        }
        if (requests.toggleWireframe) {
            runAction(ViewerAction::ToggleWireframe);
        }
        if (requests.toggleImagery) {
            scene_.setShowImagery(!scene_.settings().globe.showImagery);
        }
        if (requests.toggleShadows) {
            scene_.setShadows(!scene_.settings().globe.shadows);
        }
    }
    void reportError(const std::string& message) override
    {
        status_ = message;
        std::cerr << "cbt-terrain: " << message << "\n";
    }

    void takeBackgroundReads(RunStatistics& /*statistics*/, std::uint64_t /*frame*/, bool /*wait*/) override {}
    void completeStatistics(RunStatistics& /*statistics*/) override {}
    [[nodiscard]] RunDescription describeRun(const vk::Device& device, VkExtent2D size,
                                             std::uint32_t frames) const override
    {
        return describePlanetRun(inputs_, scene_, flight_.pose(), device, size, frames);
    }
    [[nodiscard]] std::string describeView(const RunStatistics& statistics) const override
    {
        const planet::GeodeticPose& pose = flight_.pose();
        std::ostringstream text;
        text << ", the globe at " << altitudeText(pose.heightMetres) << " over " << pose.latitudeDegrees << ", "
             << pose.longitudeDegrees;
        if (const auto& latest = statistics.latest()) {
            text << ", " << latest->leafCount << " bisectors (" << latest->visibleCount << " drawn)";
        }
        return text.str();
    }

protected:
    void setPose(const planet::GeodeticPose& pose) override { flight_.setPose(pose); }

private:
    double groundHeight() { return surfaceHeightUnder(inputs_, scene_.heightStream(), flight_.pose()); }

    void reloadShaders()
    {
        if (const std::optional<std::string> error =
                reloadShaderSources(shaders_, [&] { return scene_.reloadShaders(); })) {
            reportError(*error);
        } else {
            status_ = "shaders reloaded";
        }
    }

    const PlanetInputs& inputs_;
    vk::ShaderLibrary& shaders_;
    scene::GlobeSceneRenderer scene_;
    GlobeFlight flight_;
    glm::dvec3 sun_;
    std::string sunText_;
    float speedFactor_ = 1.0f;
    std::string status_;  // the overlay's last message
};

}  // namespace

std::unique_ptr<ModeScene> GlobeMode::openScene(vk::Device& device, vk::ShaderLibrary& shaders,
                                                const ModeOutput& output, std::ostream& out)
{
    auto scene = std::make_unique<GlobeScene>(inputs_, device, shaders, output);
    out << "cbt-terrain: " << scene->sunText() << "\n";
    return scene;
}

}  // namespace app
