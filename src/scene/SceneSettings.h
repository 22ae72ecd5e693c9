// Everything a user can change about the scene: the terrain, the sky, the
// sun and the display. scene::SceneRenderer applies them.
#pragma once

#include "atmosphere/AtmosphereParameters.h"
#include "atmosphere/SunPosition.h"
#include "display/Tonemapping.h"
#include "terrain/TerrainSettings.h"

namespace scene {

struct SceneSettings {
    terrain::TerrainSettings terrain;
    // The sky and the light (a change recomputes the atmosphere's tables).
    atmosphere::AtmosphereParameters atmosphere;
    atmosphere::SunPosition sun;
    // Exposure and tone curve of the display pass.
    display::DisplaySettings display;
};

// Throws std::invalid_argument naming the first setting out of range (the
// device-dependent limit on the terrain's maxDepth is checked when applied).
void validateSceneSettings(const SceneSettings& settings);

}  // namespace scene
