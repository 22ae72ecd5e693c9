// What the user asks of a mode from the keys (the window maps them,
// app/WindowInput.h), and the steps that carry out more than one mode's.
#pragma once

#include <functional>
#include <optional>
#include <string>

namespace vk {
class ShaderLibrary;
}  // namespace vk

namespace viewer {

enum class ViewerAction {
    ToggleWireframe,  // F
    ToggleFreeze,     // Space
    ToggleOverlay,    // F1
    Screenshot,       // F12
    ReloadShaders,    // R
    ResetCamera,      // Home
    Quit,             // Esc
    LowerSun,         // [
    RaiseSun,         // ]
    AddKeyframe,      // K: the camera's pose, to the path being recorded
    PlayKeyframes,    // P: fly the recorded path
    SaveKeyframes,    // Ctrl+S: write the recorded path as a --camera-path file
};

// Degrees the sun's elevation moves per press of [ or ].
inline constexpr float kSunElevationStepDegrees = 1.0f;

// The sun's elevation after `steps` presses of ] (negative: [), kept within
// the overlay's range [-10, 90] degrees.
float steppedSunElevation(float elevationDegrees, int steps);

// Recompiles the library's shaders from their GLSL sources, then has the
// scene rebuild its pipelines (`reloadScene`, returning its one-line error):
// the one-line error of the first that failed, or nothing when both worked.
std::optional<std::string> reloadShaderSources(vk::ShaderLibrary& shaders,
                                               const std::function<std::optional<std::string>()>& reloadScene);

}  // namespace viewer
