// --headless, for either mode (ViewerMode.h): renders frames offscreen
// through the same scene as the window, then writes the last frame
// (--screenshot) and the run's statistics (--stats).
#pragma once

#include "viewer/ViewerMode.h"

#include <chrono>
#include <ostream>

namespace viewer {

// Runs the headless viewer: opens the device the options pick, then loads
// the mode they ask for (loadViewerMode) within what it holds. Progress and
// the summary go to `out`. `started`:
// the command's start (for the first frame's time). Returns the process exit
// code (0, 1 when validation messages appeared, or kInterruptedExitCode for
// a --video run that Ctrl+C stopped, its file finished with the frames
// done). Throws on errors (heightmap::HeightmapError, text::ParseError,
// vk::Error, viewer::VideoError, ...).
inline constexpr int kInterruptedExitCode = 130;
int runHeadless(const ViewerOptions& options, std::chrono::steady_clock::time_point started, std::ostream& out);

}  // namespace viewer
