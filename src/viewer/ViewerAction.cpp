#include "viewer/ViewerAction.h"

#include "vk/Error.h"
#include "vk/ShaderLibrary.h"

#include <algorithm>

namespace viewer {

float steppedSunElevation(float elevationDegrees, int steps)
{
    return std::clamp(elevationDegrees + static_cast<float>(steps) * kSunElevationStepDegrees, -10.0f, 90.0f);
}

std::optional<std::string> reloadShaderSources(vk::ShaderLibrary& shaders,
                                               const std::function<std::optional<std::string>()>& reloadScene)
{
    try {
        shaders.compileFromSource();
    } catch (const vk::Error& error) {  // an installed program has no sources to reload
        return std::string("shader reload: ") + error.what();
    }
    if (const std::optional<std::string> error = reloadScene()) {
        return "shader reload failed: " + *error;
    }
    return std::nullopt;
}

}  // namespace viewer
