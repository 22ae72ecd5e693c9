#include "app/ViewerCommands.h"

#include "scene/SceneRenderer.h"
#include "vk/Error.h"
#include "vk/ShaderLibrary.h"

#include <glm/vec3.hpp>

#include <algorithm>
#include <exception>
#include <iostream>
#include <optional>

namespace app {

ViewerCommands::ViewerCommands(vk::ShaderLibrary& shaders, scene::SceneRenderer& scene, FlyCamera& camera,
                               const CameraPose& startPose)
    : shaders_(shaders),
      scene_(scene),
      camera_(camera),
      startPose_(startPose)
{
    model_.settings = scene_.settings();
    model_.requestedMaxDepth = model_.settings.terrain.maxDepth;
    const glm::vec3 size = scene_.worldMax() - scene_.worldMin();
    model_.maxCameraSpeed = std::max(size.x, size.z) * 2.0f;
    model_.cameraSpeed = std::max(size.x, size.z) / 20.0f;
}

void ViewerCommands::run(ViewerAction action)
{
    scene::SceneSettings settings = model_.settings;
    switch (action) {
        case ViewerAction::ResetCamera: camera_.setPose(startPose_); break;
        case ViewerAction::ReloadShaders: reloadShaders(); break;
        case ViewerAction::ToggleWireframe:
            settings.terrain.wireframe = !settings.terrain.wireframe;
            applySettings(settings);
            break;
        case ViewerAction::ToggleFreeze:
            settings.terrain.freezeSubdivision = !settings.terrain.freezeSubdivision;
            applySettings(settings);
            break;
        case ViewerAction::LowerSun:
        case ViewerAction::RaiseSun:
            settings.sun.elevationDegrees =
                steppedSunElevation(settings.sun.elevationDegrees, action == ViewerAction::RaiseSun ? 1 : -1);
            applySettings(settings);
            break;
        // The window loop's own.
        case ViewerAction::Screenshot:
        case ViewerAction::Quit:
        case ViewerAction::ToggleOverlay: break;
    }
}

void ViewerCommands::applyOverlayRequests(const OverlayRequests& requests)
{
    if (requests.settingsChanged || requests.rebuildDepth) {
        scene::SceneSettings settings = model_.settings;
        settings.terrain.maxDepth =
            requests.rebuildDepth ? model_.requestedMaxDepth : scene_.settings().terrain.maxDepth;
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

void ViewerCommands::applySettings(const scene::SceneSettings& settings)
{
    try {
        scene_.applySettings(settings);
        model_.settings = scene_.settings();
    } catch (const std::exception& error) {  // a depth the device cannot hold, an invalid value
        reportError(error.what());
        model_.settings = scene_.settings();
    }
    model_.requestedMaxDepth = model_.settings.terrain.maxDepth;
}

void ViewerCommands::reloadShaders()
{
    if (const std::optional<std::string> error =
            reloadShaderSources(shaders_, [&] { return scene_.reloadShaders(); })) {
        reportError(*error);
    } else {
        model_.status = "shaders reloaded";
    }
}

std::optional<std::string> reloadShaderSources(vk::ShaderLibrary& shaders,
                                               const std::function<std::optional<std::string>()>& reloadScene)
{
    try {
        shaders.compileFromSource();
    } catch (const vk::Error& error) {  // an installed program has no sources to reload
        return std::string("shader reload: ") + error.what();
    }
    if (const std::optional<std::string> error = reloadScene()) {
        return "shader reload failed: " + *error;
    }
    return std::nullopt;
}

}  // namespace app
