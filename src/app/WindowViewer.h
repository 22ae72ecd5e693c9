// The interactive viewer, for either mode (ViewerMode.h): a GLFW window
// with a Vulkan swapchain, the mode's camera flown with the mouse and keys,
// the ImGui overlay and the keys of the README.
#pragma once

#include "viewer/ViewerMode.h"

#include <chrono>
#include <ostream>

namespace app {

// Opens the window and the device the options pick, then loads the mode
// they ask for (viewer::loadViewerMode) within what the device holds, and
// runs the window until Esc, the window is closed, or --frames frames were
// shown; then writes --screenshot / --stats of the last frame. `started`:
// the command's start (for the first frame's time). Messages go to `out`.
// Returns the process exit code (0, or 1 when validation messages
// appeared). Throws on errors (WindowError without a display,
// heightmap::HeightmapError, vk::Error, ...).
int runWindow(const viewer::ViewerOptions& options, std::chrono::steady_clock::time_point started, std::ostream& out);

}  // namespace app
