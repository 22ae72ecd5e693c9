#include "scene/SceneSettings.h"

#include <cmath>
#include <optional>
#include <stdexcept>
#include <string>

namespace scene {

void validateSceneSettings(const SceneSettings& settings)
{
    terrain::validateTerrainSettings(settings.terrain);
    if (const std::optional<std::string> error = atmosphere::parameterError(settings.atmosphere)) {
        throw std::invalid_argument("SceneSettings: atmosphere: " + *error);
    }
    if (!std::isfinite(settings.sun.azimuthDegrees) || !std::isfinite(settings.sun.elevationDegrees)) {
        throw std::invalid_argument("SceneSettings: the sun's azimuth and elevation must be finite");
    }
    if (!std::isfinite(settings.display.exposureStops)) {
        throw std::invalid_argument("SceneSettings: the exposure must be finite");
    }
}

}  // namespace scene
