// --elevation: the finer elevation models the globe lays over its global
// one (planet::OverlaidElevation), opened to stream.
#pragma once

#include "planet/CubeGeoid.h"
#include "planet/OverlaidElevation.h"
#include "viewer/CommandLine.h"

#include <ostream>
#include <vector>

namespace viewer {

// Opens each --elevation model in order and says it on `out`. Throws
// planet::GlobalElevationError, one line naming the model, for one that can
// not be read or has no georeferencing. Heights above the ellipsoid come to
// sea level through `seaLevel`'s geoid.
std::vector<planet::OverlaidElevation> openElevationOverlays(const ViewerOptions& options,
                                                             const planet::CubeGeoid& seaLevel, std::ostream& out);

}  // namespace viewer
