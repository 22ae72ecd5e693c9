#include "viewer/ViewerMode.h"

#include "dem/DemGdal.h"
#include "heightmap/Heightmap.h"
#include "tiles/ReadThread.h"
#include "viewer/FlatMode.h"
#include "viewer/GlobeMode.h"
#include "viewer/ViewerSetup.h"

#include <iostream>
#include <sstream>

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

std::unique_ptr<ViewerMode> loadViewerMode(const ViewerOptions& options, const VkPhysicalDeviceLimits& limits,
                                           std::ostream& out)
{
    dem::setRemoteReadLimits(options.ioTimeoutSeconds);
    if (options.planet) {
        return std::make_unique<GlobeMode>(options, limits, out);
    }
    return std::make_unique<FlatMode>(options, limits, out);
}

std::string requestedSourceName(const ViewerOptions& options)
{
    return options.heightmapPath.value_or(options.planet ? defaultGlobalDemPath() : defaultHeightmapPath()).string();
}

namespace {

// What the loading thread gives: the mode, and its description for `out`.
struct LoadedMode {
    std::unique_ptr<ViewerMode> mode;
    std::string description;
};

}  // namespace

std::unique_ptr<ViewerMode> loadViewerModeWithin(const ViewerOptions& options, const VkPhysicalDeviceLimits& limits,
                                                 std::ostream& out, const KeepWaiting& keepWaiting)
{
    tiles::BackgroundRead<LoadedMode> load([options, limits](const std::stop_token&) {
        std::ostringstream description;
        std::unique_ptr<ViewerMode> mode = loadViewerMode(options, limits, description);
        return LoadedMode{std::move(mode), description.str()};
    });
    const auto deadline = std::chrono::steady_clock::now() + ioTimeout(options);
    while (!load.waitFor(kWaitSlice)) {
        if (std::chrono::steady_clock::now() >= deadline) {
            throw heightmap::HeightmapError(timedOutMessage(requestedSourceName(options), options, "reading it"));
        }
        if (!keepWaiting()) {
            return nullptr;
        }
    }
    LoadedMode loaded = load.take();
    out << loaded.description;
    return std::move(loaded.mode);
}

}  // namespace viewer
