#include "viewer/ViewerMode.h"

#include "dem/DemGdal.h"
#include "heightmap/Heightmap.h"
#include "tiles/ReadThread.h"
#include "viewer/FlatMode.h"
#include "viewer/GlobeMode.h"
#include "viewer/Screenshot.h"
#include "viewer/ViewerSetup.h"

#include <array>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <sstream>

namespace viewer {

std::string describePickedPlace(const PickedPlace& place)
{
    if (!place.ground) {
        return "the sky";
    }
    std::array<char, 128> text{};
    if (place.latitudeDegrees && place.longitudeDegrees) {
        std::snprintf(text.data(), text.size(), "%.6f, %.6f, %.1f m", *place.latitudeDegrees, *place.longitudeDegrees,
                      place.heightMetres);
    } else {
        std::snprintf(text.data(), text.size(), "x %.1f, z %.1f, %.1f m", place.scenePosition.x, place.scenePosition.z,
                      place.heightMetres);
    }
    return text.data();
}

void ModeScene::reportError(const std::string& message)
{
    status_ = message;
    std::cerr << "cbt-terrain: " << message << "\n";
}

void ModeScene::reportStatus(const std::string& message)
{
    status_ = message;
    std::cout << "cbt-terrain: " << message << "\n" << std::flush;
}

std::string recordedKeyframeMessage(std::size_t keyframes, double seconds)
{
    std::ostringstream text;
    text << std::fixed << std::setprecision(1) << "keyframe " << keyframes << " at " << seconds
         << " s (P: play, Ctrl+S: save)";
    return text.str();
}

std::string playingKeyframesMessage(std::size_t keyframes, double seconds)
{
    std::ostringstream text;
    text << std::fixed << std::setprecision(1) << "playing " << keyframes << " keyframes over " << seconds << " s";
    return text.str();
}

std::variant<std::filesystem::path, std::string> writeRecordedPathFile(const std::filesystem::path& directory,
                                                                       const std::string& text)
{
    const std::filesystem::path file = unusedTimestampedPathNow(directory, "cbt-terrain-path", ".txt");
    std::ofstream stream(file, std::ios::binary);
    stream << text;
    stream.close();
    if (!stream) {
        return file.string() + ": cannot write the keyframes: " + std::strerror(errno);
    }
    return file;
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
