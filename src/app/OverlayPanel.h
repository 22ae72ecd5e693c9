// The widgets of the ImGui overlay: frame time and FPS, GPU time per pass
// (numbers and rolling plots), leaf / triangle counts, CBT memory, and a
// control for every terrain setting, the atmosphere (AtmospherePanel.h), the
// sun and the camera speed.
#pragma once

#include "scene/FrameTimings.h"
#include "scene/SceneSettings.h"
#include "viewer/CameraPose.h"
#include "viewer/GeodeticCamera.h"
#include "viewer/ViewerMode.h"

#include <array>
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace app {

// The last kLength values of one quantity, oldest first from offset().
class RollingSeries {
public:
    static constexpr size_t kLength = 240;

    void add(float value);
    [[nodiscard]] const float* data() const { return values_.data(); }
    [[nodiscard]] int count() const { return static_cast<int>(kLength); }
    [[nodiscard]] int offset() const { return static_cast<int>(next_); }
    [[nodiscard]] float maximum() const;

private:
    std::array<float, kLength> values_{};
    size_t next_ = 0;
};

struct TimingHistory {
    RollingSeries dispatcher;
    RollingSeries subdivision;
    RollingSeries sumReduction;
    RollingSeries leafDecode;
    RollingSeries poolUpdate;  // the pool backend's update, all passes
    RollingSeries draw;
    RollingSeries atmosphere;  // the atmosphere's tables + sky pass
    RollingSeries shade;       // deferred shading (the globe)
    RollingSeries frame;       // CPU frame time

    void addPasses(const scene::PassTimings& timings);
};

// One line of the tessellation's summary; warnings show in a warning colour.
struct OverlayLine {
    std::string text;
    bool warning = false;
};

// The tessellation's summary: the backend; leaves (heap) or live, visible and
// capacity (pool), bytes per bisector and memory; and, when the pool is
// full, how many splits wait for free slots.
std::vector<OverlayLine> tessellationLines(const scene::FrameStatistics& statistics);

struct OverlayFacts;

// The overlay's field for the contour interval (--contours), both modes: a
// new interval in metres (0: none) when the user changed it.
[[nodiscard]] std::optional<float> editContourInterval(double metres);
// A --vector layer switched in the overlay: its place in the list, and
// whether it now shows.
struct VectorLayerSwitch {
    std::size_t index = 0;
    bool shown = true;
};
// The overlay's list of the --vector layers with a switch each, both modes
// (nothing without layers): the switch the user flipped, if any.
[[nodiscard]] std::optional<VectorLayerSwitch> editVectorLayers(const std::vector<viewer::VectorLayerShown>& layers);
// The place the last click found (viewer::describePickedPlace), both modes.
void showPickedPlace(const std::optional<std::string>& picked);
// The device, the frame time, the tessellation and the GPU time of each
// pass, with their recent history (inside an ImGui window).
void showFrameStatistics(const OverlayFacts& facts, const TimingHistory& history);
// The lines about a streamed DEM's tiles: a loading indicator (a warning
// line) while tiles the view asked for are on their way, what is resident
// on the GPU and cached on the CPU, the misses and the reader's throughput.
// With `coarseLevelProgress`, the coarse level is still being read (the
// share read): a warning line says so first.
std::vector<OverlayLine> streamLines(const tiles::gpu::TileStreamStatistics& stream,
                                     std::optional<double> coarseLevelProgress = std::nullopt);

// What the panel edits.
struct OverlayModel {
    scene::SceneSettings settings;  // applied when the panel reports settingsChanged
    int requestedMaxDepth = 0;      // applied on "Rebuild"
    float cameraSpeed = 100.0f;     // metres per second
    float maxCameraSpeed = 100000.0f;
    std::string status;  // last message (shader errors, ...)
};

// What the panel shows.
struct OverlayFacts {
    double frameMilliseconds = 0.0;  // smoothed
    std::optional<scene::FrameStatistics> statistics;
    std::string deviceName;
    viewer::CameraPose pose;
    std::optional<geodesy::GeodeticPose> geodetic;  // the pose in WGS 84 terms, on a georeferenced terrain
    std::optional<double> coarseLevelProgress;      // a streamed DEM's coarse level being read (share read)
    uint32_t width = 0;
    uint32_t height = 0;
    bool hasImagery = false;  // the terrain has imagery (--imagery): the "imagery" checkbox shows
    std::vector<viewer::VectorLayerShown> vectorLayers;  // --vector
    std::optional<std::string> picked;                   // the place the last click found
};

struct OverlayRequests {
    bool settingsChanged = false;
    bool rebuildDepth = false;
    bool reloadShaders = false;
    bool resetCamera = false;
    std::optional<VectorLayerSwitch> vectorLayer;
};

// Adds the panel to the current ImGui frame.
OverlayRequests drawOverlayPanel(OverlayModel& model, const OverlayFacts& facts, const TimingHistory& history);

}  // namespace app
