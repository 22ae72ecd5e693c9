// --headless: renders frames offscreen through the same TerrainRenderer path
// as the window, then writes the last frame (--screenshot) and the run's
// statistics (--stats).
#pragma once

#include "app/CommandLine.h"

#include <ostream>

namespace app {

// Runs the headless viewer; progress and the summary go to `out`. Returns
// the process exit code (0, or 1 when validation messages appeared). Throws
// on errors (heightmap::HeightmapError, text::ParseError, vk::Error, ...).
int runHeadless(const ViewerOptions& options, std::ostream& out);

}  // namespace app
