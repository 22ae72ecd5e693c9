// The "Atmosphere" section of the overlay: the sun's direction, exposure and
// tone curve, and every parameter of the atmosphere model.
#pragma once

#include "scene/SceneSettings.h"

namespace app {

// Adds the widgets to the current ImGui window; true when a value changed
// (the caller applies `settings`; invalid combinations are refused there).
bool editAtmosphereSettings(scene::SceneSettings& settings);

}  // namespace app
