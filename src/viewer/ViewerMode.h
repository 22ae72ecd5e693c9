// A mode of the viewer: the flat terrain (FlatMode.h) or the globe
// (GlobeMode.h). The one window loop (WindowViewer.cpp) and the one headless
// loop (HeadlessViewer.cpp) run either; a mode supplies what differs between
// them: its data, its scene, its camera and how it is steered, its overlay
// panel, its start pose and its run's description.
//
// A mode comes in two parts, in the order a run needs them, once the device
// is open:
//   ViewerMode   the data, read within what the device holds, and the
//                camera path; the device's checks, and the scene it opens;
//   ModeScene    what lives on the device: the scene and the camera. The
//                loop destroys it before the device.
#pragma once

#include "scene/FrameSlot.h"
#include "scene/FrameTimings.h"
#include "viewer/CameraPose.h"
#include "viewer/CommandLine.h"
#include "viewer/FlyCamera.h"
#include "viewer/PathProfile.h"
#include "viewer/PathRecorder.h"
#include "viewer/RunStatistics.h"
#include "viewer/ViewerAction.h"

#include <vulkan/vulkan.h>
#include <glm/vec2.hpp>
#include <glm/vec3.hpp>

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <variant>
#include <vector>

namespace tiles::gpu {
class TileStream;
}  // namespace tiles::gpu

namespace vk {
class Device;
class ShaderLibrary;
}  // namespace vk

namespace viewer {

// How the user flies the camera this frame (the window's mouse and keys).
struct CameraSteering {
    glm::dvec2 lookPixels{0.0};  // mouse motion with the look button held (x right, y down)
    double wheelSteps = 0.0;     // wheel notches, positive away from the user
    MovementKeys keys;
};

// What the loop asks the scene to render into.
struct ModeOutput {
    VkFormat displayFormat = VK_FORMAT_R8G8B8A8_SRGB;  // a swapchain's, or scene::kHeadlessColorFormat
    std::uint32_t uploadsPerFrame = 0;                 // a streamed model's tiles copied per frame at most
    VkExtent2D viewport{1, 1};                         // the first frame's size (for the start pose's aspect)
};

// A --vector layer the scene draws, as the overlay lists it: its number
// among those given, its source, and whether it shows.
struct VectorLayerShown {
    std::size_t layer = 0;
    std::string source;
    bool shown = true;
};

// The ground under a clicked pixel of the window: where it is and how high.
struct PickedPlace {
    VkOffset2D pixel{0, 0};
    bool ground = false;  // false: the sky, or off the map
    // Latitude and longitude, on a georeferenced terrain and on the globe.
    std::optional<double> latitudeDegrees;
    std::optional<double> longitudeDegrees;
    // Above the DEM's datum (the flat terrain) or the ellipsoid (the globe).
    double heightMetres = 0.0;
    glm::dvec3 scenePosition{0.0};  // the flat world's metres, or ECEF
};

// One line: "46.123456, 7.654321, 1234.5 m", "x 10.0, z -20.0, 1234.5 m" on
// a terrain without georeferencing, or "the sky".
[[nodiscard]] std::string describePickedPlace(const PickedPlace& place);

class ModeScene {
public:
    virtual ~ModeScene() = default;

    [[nodiscard]] virtual scene::FrameSlot& slot(std::uint32_t slotIndex) = 0;

    // Records one frame of the camera's current pose at `viewport` into the
    // slot's command buffer, which the caller has begun and will end and
    // submit; the display colour ends in TRANSFER_SRC_OPTIMAL.
    virtual void recordFrame(std::uint32_t slotIndex, VkExtent2D viewport) = 0;
    // The results of the most recent frame whose slot completed.
    [[nodiscard]] virtual scene::FrameStatistics statistics() const = 0;
    // The streamed model's tiles, if the model streams.
    [[nodiscard]] virtual tiles::gpu::TileStream* heightStream() = 0;
    // The streamed imagery's tiles, if imagery streams.
    [[nodiscard]] virtual tiles::gpu::TileStream* imageryStream() = 0;

    // The frames of the camera path (--camera-path); 0 without one.
    [[nodiscard]] virtual std::size_t pathFrames() const = 0;
    // With a camera path: puts the camera at the path's
    // frame `frame` (modulo its length) and returns true; false without one.
    virtual bool followPath(std::uint64_t frame) = 0;
    // The render size the path's frame `frame` asks for, if any.
    [[nodiscard]] virtual std::optional<CameraPathRenderSize> pathRenderSize(std::uint64_t frame) const = 0;
    // Flies the camera as `steering` asks over `seconds`.
    virtual void steer(const CameraSteering& steering, double seconds) = 0;
    // Moves the clock of the path recorded with K on by `seconds`; while P
    // plays it, puts the camera on it and returns true.
    virtual bool playRecording(double seconds) = 0;

    // Carries out one of the keys' actions other than Screenshot, Quit and
    // ToggleOverlay (the loop's own); an error goes to reportError.
    virtual void runAction(ViewerAction action) = 0;
    // Says an error on stderr and keeps it as the status (the overlay's
    // status line).
    void reportError(const std::string& message);
    // Says `message` on stdout and keeps it as the status.
    void reportStatus(const std::string& message);
    // The last message for the user: an error, or "shaders reloaded".
    [[nodiscard]] const std::string& status() const { return status_; }

    // Takes in what was read in the background since the last frame, before
    // frame `frame` is recorded (a streamed model's coarse level); with
    // `wait`, waits for it first, within --io-timeout (then throws
    // heightmap::HeightmapError naming the source).
    virtual void takeBackgroundReads(RunStatistics& statistics, std::uint64_t frame, bool wait) = 0;
    // After a headless run's frames: what only the finished run can say
    // (read back from the device, or probed under the camera).
    virtual void completeStatistics(RunStatistics& statistics) = 0;
    // The run for --stats.
    [[nodiscard]] virtual RunDescription describeRun(const vk::Device& device, VkExtent2D size,
                                                     std::uint32_t frames) const = 0;
    // The part of a headless run's summary line that says what was seen:
    // ", D = 18, 41234 leaves" or ", the globe at 12.0 km over 46, 8, ...".
    [[nodiscard]] virtual std::string describeView(const RunStatistics& statistics) const = 0;

    // The --vector layers drawn (none by default), and a switch for each.
    [[nodiscard]] virtual std::vector<VectorLayerShown> vectorLayers() const { return {}; }
    virtual void showVectorLayer(std::size_t /*index*/, bool /*shown*/) {}

    // The ground under `pixel` of the next frame (a click); takePickedPlace
    // gives it once its frame has completed.
    virtual void requestPick(VkOffset2D pixel) = 0;
    [[nodiscard]] virtual std::optional<PickedPlace> takePickedPlace() = 0;
    // The height of the ground's data at a place, for the measured paths'
    // profiles (empty on a terrain without georeferencing), and the metres
    // between its samples.
    [[nodiscard]] virtual SurfaceHeight groundHeights() = 0;
    [[nodiscard]] virtual double groundSampleSpacingMetres() = 0;
    // Draws `path` (the points measured in the window, or a chosen line) on
    // the ground from the next frame on; none when empty.
    virtual void showMeasuredPath(const std::vector<vectordata::GeodeticVertex>& path) = 0;
    // The --vector layers' lines, whose profiles the overlay offers.
    [[nodiscard]] virtual const std::vector<MeasurableLine>& measurableLines() const = 0;

protected:
    // Reloads the shaders from their sources and `reloadScene` the scene's
    // pipelines (reloadShaderSources); says how it went in the status.
    void reloadShaders(vk::ShaderLibrary& shaders, const std::function<std::optional<std::string>()>& reloadScene);

private:
    std::string status_;
};

// The status lines of the recording's keys.
std::string recordedKeyframeMessage(std::size_t keyframes, double seconds);
std::string playingKeyframesMessage(std::size_t keyframes, double seconds);
// Writes a recorded path's `text` to a new timestamped file in `directory`:
// the file, or the one-line error.
std::variant<std::filesystem::path, std::string> writeRecordedPathFile(const std::filesystem::path& directory,
                                                                       const std::string& text);

// A scene whose camera follows a camera path of `PathFrame`s (a pose for
// setPose and an optional render size), looped; or, in the window, a path
// recorded with K and played with P (PathRecorder).
template <typename PathFrame>
class PathFollowingScene : public ModeScene {
public:
    using Pose = decltype(PathFrame::pose);

    [[nodiscard]] virtual const Pose& pose() const = 0;
    bool playRecording(double seconds) final
    {
        const std::optional<Pose> pose = recorder_.advance(seconds);
        if (pose) {
            setPose(*pose);
        }
        return pose.has_value();
    }
    [[nodiscard]] std::size_t pathFrames() const final { return path_.size(); }
    bool followPath(std::uint64_t frame) final
    {
        if (path_.empty()) {
            return false;
        }
        setPose(path_[frame % path_.size()].pose);
        followPathSun(frame % path_.size());
        return true;
    }
    [[nodiscard]] std::optional<CameraPathRenderSize> pathRenderSize(std::uint64_t frame) const final
    {
        return path_.empty() ? std::nullopt : path_[frame % path_.size()].renderSize;
    }

protected:
    explicit PathFollowingScene(const std::vector<PathFrame>& path) : path_(path) {}
    virtual void setPose(const Pose& pose) = 0;
    // Puts the sun where --time START/END has it at the path's frame
    // `index` (nothing without it).
    virtual void followPathSun(std::size_t index) = 0;
    // Carries out AddKeyframe, PlayKeyframes and SaveKeyframes (into the
    // working directory): false for any other action.
    bool runRecordingAction(ViewerAction action)
    {
        switch (action) {
            case ViewerAction::AddKeyframe: {
                const auto& keyframe = recorder_.add(pose());
                reportStatus(recordedKeyframeMessage(recorder_.keyframes().size(), keyframe.seconds));
                return true;
            }
            case ViewerAction::PlayKeyframes:
                if (recorder_.play()) {
                    reportStatus(
                        playingKeyframesMessage(recorder_.keyframes().size(), recorder_.keyframes().back().seconds));
                } else {
                    reportError("P plays the keyframes that K adds: add at least two first");
                }
                return true;
            case ViewerAction::SaveKeyframes:
                if (recorder_.keyframes().empty()) {
                    reportError("Ctrl+S writes the keyframes that K adds: there are none yet");
                } else if (const std::optional<std::string> error = writeRecordedPath(recorder_.text())) {
                    reportError(*error);
                }
                return true;
            default: return false;
        }
    }

private:
    // Writes `text` to a new file in the working directory and says so
    // (reportStatus); the one-line error when it can not.
    std::optional<std::string> writeRecordedPath(const std::string& text);

    const std::vector<PathFrame>& path_;
    PathRecorder<Pose> recorder_;
};

template <typename PathFrame>
std::optional<std::string> PathFollowingScene<PathFrame>::writeRecordedPath(const std::string& text)
{
    const auto written = writeRecordedPathFile(std::filesystem::current_path(), text);
    if (const auto* error = std::get_if<std::string>(&written)) {
        return *error;
    }
    reportStatus("wrote the keyframes to " + std::get<std::filesystem::path>(written).string() +
                 " (--camera-path plays it)");
    return std::nullopt;
}

class ViewerMode {
public:
    virtual ~ViewerMode() = default;

    // The options, with what the mode resolved from its data (--camera-geo
    // and --time on a georeferenced terrain).
    [[nodiscard]] virtual const ViewerOptions& options() const = 0;
    // The file or name the data came from (the window's title, the timeout
    // message of a stalled stream).
    [[nodiscard]] virtual std::string sourceName() const = 0;
    // Opens the mode's scene on `device`, after checking that the device can
    // draw it. Throws vk::Error or heightmap::HeightmapError, one line each.
    [[nodiscard]] virtual std::unique_ptr<ModeScene> openScene(vk::Device& device, vk::ShaderLibrary& shaders,
                                                               const ModeOutput& output, std::ostream& out) = 0;
};

// The mode the options ask for (--planet or the flat terrain), its data
// read within what a device of `limits` holds and described on `out`. A
// streamed flat model's costly coarse level is read in the background
// meanwhile (ModeScene::takeBackgroundReads). Throws as the data's loading
// does, one line each.
std::unique_ptr<ViewerMode> loadViewerMode(const ViewerOptions& options, const VkPhysicalDeviceLimits& limits,
                                           std::ostream& out);

// What a wait for the data asks after each slice of waiting (a window polls
// its events): false gives up at once.
using KeepWaiting = std::function<bool()>;
inline constexpr std::chrono::milliseconds kWaitSlice{50};

// The name of the data the options ask for (the flat terrain's model, or the
// globe's), before it is read: what a timeout names.
std::string requestedSourceName(const ViewerOptions& options);

// loadViewerMode on a thread of its own (tiles::ReadThread), within
// --io-timeout: its description reaches `out` once it is read. Throws
// heightmap::HeightmapError naming the source when the deadline passes
// first (the read, blocked on a source that stopped answering, is left to
// end on its own); none when `keepWaiting` said no first.
std::unique_ptr<ViewerMode> loadViewerModeWithin(const ViewerOptions& options, const VkPhysicalDeviceLimits& limits,
                                                 std::ostream& out, const KeepWaiting& keepWaiting);

}  // namespace viewer
