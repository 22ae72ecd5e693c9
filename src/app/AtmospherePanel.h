// The "Atmosphere" section of the overlay: the sun's direction, exposure and
// tone curve, and every parameter of the atmosphere model.
#pragma once

#include "terrain/TerrainRenderer.h"

namespace app {

// Adds the widgets to the current ImGui window; true when a value changed
// (the caller applies `settings`; invalid combinations are refused there).
bool editAtmosphereSettings(terrain::TerrainSettings& settings);

}  // namespace app
