#include "viewer/GlobeMode.h"

#include "geodesy/Wgs84.h"
#include "planet/CubeSphere.h"

#include "viewer/ViewerSetup.h"
#include "vk/Device.h"

#include <iomanip>
#include <iostream>
#include <sstream>

namespace viewer {

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

}  // namespace

GlobeScene::GlobeScene(const PlanetInputs& inputs, vk::Device& device, vk::ShaderLibrary& shaders,
                       const ModeOutput& output)
    : PathFollowingScene(inputs.path),
      inputs_(inputs),
      shaders_(shaders),
      scene_(checkedGlobeDevice(device), shaders, *inputs.elevation, globeSceneSettings(inputs.options, device),
             globeSceneOutput(inputs.options, device, output), globeStreamingOf(inputs, output.uploadsPerFrame),
             globeImageryOf(inputs, output.uploadsPerFrame), globeNightLightsOf(inputs)),
      vectorSwitches_(inputs.vectors.draped),
      flight_(startGlobePose(inputs)),
      sun_(planetSunDirection(inputs.options, flight_.pose())),
      sunText_(describePlanetSun(inputs.options))
{
    scene_.setVectorLayers(inputs.vectors.draped);
    // A start under the ground (or the sea's surface) would show nothing.
    const GlobeGround ground = this->ground();
    const double floor = globeFlightFloor(ground);
    const planet::GeodeticPose start = flight_.pose();
    if (start.heightMetres < floor) {
        flight_.keepAbove(ground);
        std::ostringstream line;
        line << std::fixed << std::setprecision(3) << "cbt-terrain: warning: the camera at " << start.latitudeDegrees
             << ", " << start.longitudeDegrees << std::setprecision(0) << " is " << floor - start.heightMetres
             << " m under the surface there (" << floor << " m); it starts at " << flight_.pose().heightMetres
             << " m\n";
        std::cerr << line.str();
    }
}

void GlobeScene::recordFrame(std::uint32_t slotIndex, VkExtent2D viewport)
{
    scene_.recordFrame(slotIndex, scene::GlobeFrameView{planet::globeViewOf(flight_.pose()), viewport, sun_});
}

SurfaceHeight GlobeScene::groundHeights()
{
    return [&elevation = *inputs_.elevation](double latitude, double longitude) {
        return elevation.heightAt(planet::cubePointUnder(latitude, longitude));
    };
}

double GlobeScene::groundSampleSpacingMetres()
{
    return globeSampleSpacingMetres(*inputs_.elevation);
}

std::optional<PickedPlace> GlobeScene::takePickedPlace()
{
    const std::optional<scene::PickedPoint> picked = scene_.takePicked();
    if (!picked) {
        return std::nullopt;
    }
    PickedPlace place;
    place.pixel = picked->pixel;
    if (picked->scenePosition) {
        const geodesy::GeodeticCoordinates point = geodesy::ecefToGeodetic(*picked->scenePosition);
        place.ground = true;
        place.scenePosition = *picked->scenePosition;
        place.latitudeDegrees = point.latitudeDegrees;
        place.longitudeDegrees = point.longitudeDegrees;
        // Above sea level, as the flat terrain's.
        place.heightMetres = point.heightMetres - inputs_.elevation->geoid().undulationAt(planet::cubePointUnder(
                                                      point.latitudeDegrees, point.longitudeDegrees));
    }
    return place;
}

void GlobeScene::showVectorLayer(std::size_t index, bool shown)
{
    if (const std::optional<std::size_t> layer = vectorSwitches_.set(index, shown)) {
        scene_.setVectorLayerShown(*layer, shown);
    }
}

void GlobeScene::steer(const CameraSteering& steering, double seconds)
{
    const GlobeGround ground = this->ground();
    flight_.turn(steering.lookPixels.x * kLookDegreesPerPixel, -steering.lookPixels.y * kLookDegreesPerPixel);
    speedFactor_ = speedAfterWheel(speedFactor_, steering.wheelSteps, kMinSpeedFactor, kMaxSpeedFactor);
    flight_.move(steering.keys, static_cast<double>(speedFactor_), seconds, ground);
}

void GlobeScene::runAction(ViewerAction action)
{
    if (runRecordingAction(action)) {
        return;
    }
    switch (action) {
        case ViewerAction::ResetCamera: flight_.setPose(homeGlobePose()); break;
        case ViewerAction::ReloadShaders: reloadShaders(shaders_, [&] { return scene_.reloadShaders(); }); break;
        case ViewerAction::ToggleWireframe: scene_.setWireframe(!scene_.settings().globe.wireframe); break;
        // The flat terrain's settings, and the loop's own actions.
        default: break;
    }
}

RunDescription GlobeScene::describeRun(const vk::Device& device, VkExtent2D size, std::uint32_t frames) const
{
    return describePlanetRun(inputs_, scene_, flight_.pose(), device, size, frames);
}

std::string GlobeScene::describeView(const RunStatistics& statistics) const
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

GlobeGround GlobeScene::ground()
{
    return groundUnder(inputs_, scene_.heightStream(), flight_.pose());
}

double GlobeScene::speedOver(const GlobeGround& ground) const
{
    return flight_.speedOver(ground, static_cast<double>(speedFactor_));
}

GlobeMode::GlobeMode(const ViewerOptions& requested, const VkPhysicalDeviceLimits& limits, std::ostream& out)
    : inputs_(loadPlanetInputs(requested, limits.maxStorageBufferRange, out))
{
}

std::unique_ptr<ModeScene> GlobeMode::openScene(vk::Device& device, vk::ShaderLibrary& shaders,
                                                const ModeOutput& output, std::ostream& out)
{
    auto scene = std::make_unique<GlobeScene>(inputs_, device, shaders, output);
    out << "cbt-terrain: " << scene->sunText() << "\n";
    return scene;
}

}  // namespace viewer
