// The interactive viewer: a GLFW window with a Vulkan swapchain, the
// free-fly camera, the ImGui overlay and the keys of the README.
#pragma once

#include "app/CommandLine.h"

#include <ostream>

namespace app {

// Runs the window until Esc, the window is closed, or --frames frames were
// shown; then writes --screenshot / --stats of the last frame. Messages go
// to `out`. Returns the process exit code (0, or 1 when validation messages
// appeared). Throws on errors (WindowError without a display,
// heightmap::HeightmapError, vk::Error, ...).
int runWindow(const ViewerOptions& options, std::ostream& out);

}  // namespace app
