#include "app/ViewerCommands.h"

#include "atmosphere/TonemapPass.h"
#include "terrain/TerrainRenderer.h"

#include <glm/vec3.hpp>

#include <algorithm>
#include <exception>
#include <iostream>
#include <optional>

namespace app {

ViewerCommands::ViewerCommands(terrain::TerrainRenderer& renderer, atmosphere::TonemapPass& display, FlyCamera& camera,
                               const CameraPose& startPose)
    : renderer_(renderer),
      display_(display),
      camera_(camera),
      startPose_(startPose)
{
    model_.settings = renderer_.settings();
    model_.requestedMaxDepth = model_.settings.maxDepth;
    const glm::vec3 size = renderer_.worldMax() - renderer_.worldMin();
    model_.maxCameraSpeed = std::max(size.x, size.z) * 2.0f;
    model_.cameraSpeed = std::max(size.x, size.z) / 20.0f;
}

bool ViewerCommands::runUntilScreenshot(std::deque<ViewerAction>& actions)
{
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

void ViewerCommands::applyOverlayRequests(const OverlayRequests& requests)
{
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

void ViewerCommands::reportError(const std::string& message)
{
    model_.status = message;
    std::cerr << "cbt-terrain: " << message << "\n";
}

void ViewerCommands::applySettings(const terrain::TerrainSettings& settings)
{
    try {
        renderer_.applySettings(settings);
        model_.settings = renderer_.settings();
    } catch (const std::exception& error) {  // a depth the device cannot hold, an invalid value
        reportError(error.what());
        model_.settings = renderer_.settings();
    }
    model_.requestedMaxDepth = model_.settings.maxDepth;
}

void ViewerCommands::reloadShaders()
{
    std::optional<std::string> error = renderer_.reloadShaders();
    if (!error) {
        error = display_.reloadShaders();  // the renderer waited for the device to be idle
    }
    if (error) {
        reportError("shader reload failed: " + *error);
    } else {
        model_.status = "shaders reloaded";
    }
}

}  // namespace app
