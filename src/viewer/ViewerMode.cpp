#include "viewer/ViewerMode.h"

#include "viewer/FlatMode.h"
#include "viewer/GlobeMode.h"

#include <iostream>

namespace viewer {

void ModeScene::reportError(const std::string& message)
{
    status_ = message;
    std::cerr << "cbt-terrain: " << message << "\n";
}

void ModeScene::reloadShaders(vk::ShaderLibrary& shaders,
                              const std::function<std::optional<std::string>()>& reloadScene)
{
    if (const std::optional<std::string> error = reloadShaderSources(shaders, reloadScene)) {
        reportError(*error);
    } else {
        status_ = "shaders reloaded";
    }
}

std::unique_ptr<ViewerMode> loadViewerMode(const ViewerOptions& options, const vk::Device& device, std::ostream& out)
{
    if (options.planet) {
        return std::make_unique<GlobeMode>(options, device, out);
    }
    return std::make_unique<FlatMode>(options, device, out);
}

}  // namespace viewer
