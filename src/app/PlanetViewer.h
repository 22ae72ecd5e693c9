// cbt-terrain --planet: the whole Earth on the bisector pool, headless
// (PlanetHeadless.cpp) or in a window (PlanetWindow.cpp).
#pragma once

#include "app/CommandLine.h"

#include <ostream>

namespace app {

// Returns the exit code: 0, or 1 when validation reported messages. Throws
// like the flat viewers, one line each.
int runPlanetHeadless(const ViewerOptions& options, std::ostream& out);
int runPlanetWindow(const ViewerOptions& options, std::ostream& out);

}  // namespace app
