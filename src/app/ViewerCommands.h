// What the user asks of the flat terrain in the window, carried out: the
// keys' actions (WindowInput) and the overlay panel's requests
// (OverlayPanel) change the terrain settings, reload the shaders or reset
// the camera. Owns the state the overlay panel edits.
#pragma once

#include "app/CameraPose.h"
#include "app/FlyCamera.h"
#include "app/OverlayPanel.h"
#include "app/WindowInput.h"

#include <functional>
#include <optional>
#include <string>

namespace scene {
class SceneRenderer;
}  // namespace scene

namespace vk {
class ShaderLibrary;
}  // namespace vk

namespace app {

class ViewerCommands {
public:
    // `startPose`: where ResetCamera (Home, the panel's button) puts the camera.
    // `shaders`: the library the scene loads from; R switches it to the GLSL
    // sources (a program of the build tree only).
    ViewerCommands(vk::ShaderLibrary& shaders, scene::SceneRenderer& scene, FlyCamera& camera,
                   const CameraPose& startPose);

    // Carries out one of the keys' actions on the flat terrain (the window
    // loop carries out Screenshot, Quit and ToggleOverlay itself).
    void run(ViewerAction action);
    void applyOverlayRequests(const OverlayRequests& requests);
    // Shows an error in the overlay's status line and on stderr.
    void reportError(const std::string& message);

    [[nodiscard]] OverlayModel& model() { return model_; }

private:
    void applySettings(const scene::SceneSettings& settings);
    void reloadShaders();

    vk::ShaderLibrary& shaders_;
    scene::SceneRenderer& scene_;
    FlyCamera& camera_;
    CameraPose startPose_;
    OverlayModel model_;
};

// Recompiles the library's shaders from their GLSL sources, then has the
// scene rebuild its pipelines (`reloadScene`, returning its one-line error):
// the one-line error of the first that failed, or nothing when both worked.
std::optional<std::string> reloadShaderSources(vk::ShaderLibrary& shaders,
                                               const std::function<std::optional<std::string>()>& reloadScene);

}  // namespace app
