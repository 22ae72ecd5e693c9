// A camera pose as the user writes it: a position in world metres (Y up, see
// terrain/TerrainRenderer.h) and a heading.
//
// Yaw is measured in degrees clockwise seen from above, from the -Z axis
// towards +X (yaw 0 looks along -Z, yaw 90 along +X). Pitch is degrees above
// the horizon (negative looks down), within [-kMaxPitchDegrees, kMaxPitchDegrees].
#pragma once

#include <glm/vec3.hpp>

#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <string_view>
#include <vector>

namespace viewer {

inline constexpr float kMaxPitchDegrees = 89.0f;
// A pose set as a whole (--camera-geo) may look straight up or down; turning
// the camera stops at kMaxPitchDegrees.
inline constexpr float kMaxPosePitchDegrees = 90.0f;
// Limits that keep every value a finite float with room to spare: positions
// within +-kMaxCameraCoordinateMetres, yaw within +-kMaxYawDegrees.
inline constexpr double kMaxCameraCoordinateMetres = 1.0e8;
inline constexpr double kMaxYawDegrees = 1.0e6;
// Frames a second a keyframed camera path is sampled at when nothing says,
// and the most it may be.
inline constexpr double kDefaultPathFramesPerSecond = 30.0;
inline constexpr double kMaxPathFramesPerSecond = 1000.0;
// Largest width or height of a camera path's render size.
inline constexpr uint32_t kMaxCameraPathRenderDimension = 16384;

struct CameraPose {
    glm::vec3 position{0.0f};
    float yawDegrees = 0.0f;
    float pitchDegrees = 0.0f;
};

// "X,Y,Z,YAW,PITCH" (commas, spaces or both between the five numbers).
// Throws text::ParseError with a one-line message that does not name the source.
CameraPose parseCameraPose(std::string_view text);

// Pixel size of the render target from a camera path frame on.
struct CameraPathRenderSize {
    uint32_t width = 0;
    uint32_t height = 0;
};

// One line of a camera path: a pose and, optionally, a new render size.
struct CameraPathFrame {
    CameraPose pose;
    // From this frame on, render at this size (headless runs: the offscreen
    // targets are recreated; a window is resized, and its swapchain and
    // targets with it). Empty: unchanged.
    std::optional<CameraPathRenderSize> renderSize;
};

// A camera path: one frame per line, "X Y Z YAW PITCH" as in parseCameraPose
// optionally followed by a sixth field WIDTHxHEIGHT (1..16384 each), '#'
// starts a comment, blank lines are skipped. `sourceName` prefixes every
// error ("path.txt:3: expected 5 numbers X Y Z YAW PITCH (and optionally
// WIDTHxHEIGHT), found 4"). Throws text::ParseError; a text with no pose is an error
// too.
//
// Or a keyframed path: "T X Y Z YAW PITCH" per line, T in seconds, strictly
// increasing, at least two keyframes; the camera follows them smoothly
// (viewer/KeyframedPath.h), sampled at `framesPerSecond` into one frame per
// 1/fps. A path whose first pose has a time is keyframed throughout.
std::vector<CameraPathFrame> parseCameraPathFrames(std::string_view text, std::string_view sourceName,
                                                   double framesPerSecond = kDefaultPathFramesPerSecond);

// parseCameraPathFrames without the render sizes.
std::vector<CameraPose> parseCameraPath(std::string_view text, std::string_view sourceName);

// What every camera path shares, for the other kinds of path
// (parseGeodeticCameraPathFrames): calls `parseLine` on each line that holds
// a pose ('#' starts a comment, blank lines are skipped), prefixing its
// text::ParseError with "SOURCE:LINE: "; a render size column; a file's text
// ("FILE: cannot read: ..." when it can not be read).
void forEachCameraPathLine(std::string_view text, std::string_view sourceName,
                           const std::function<void(std::string_view)>& parseLine);
CameraPathRenderSize parseCameraPathRenderSize(std::string_view text);

// Keyframes' times: within +-kMaxKeyframeSeconds, each at least
// kMinKeyframeStepSeconds after the one before (so that the spline's
// slopes stay finite).
inline constexpr double kMaxKeyframeSeconds = 1.0e7;
inline constexpr double kMinKeyframeStepSeconds = 0.001;
// The time T of a keyframe line (its fields, a pose of `poseFieldCount`
// numbers after T); empty when the line is a pose without a time (as many
// fields as the pose has, or its last is a render size). Throws
// text::ParseError when T is not a finite number in range.
std::optional<double> keyframeSecondsOf(const std::vector<std::string_view>& fields, std::size_t poseFieldCount);
// Whether a path's lines are keyframes, decided by its first pose, and
// their times so far.
struct KeyframedLines {
    std::optional<bool> keyframed;
    std::optional<double> lastSeconds;
    // Checks the next line (its time, if any): every line has a time or
    // none does, and the times increase. `expected` names the keyframe's
    // fields for the error. Throws text::ParseError.
    void check(std::optional<double> seconds, std::string_view expected);
};
std::string readCameraPathFile(const std::filesystem::path& file);

// parseCameraPathFrames / parseCameraPath on the contents of `file`
// ("FILE: cannot read: ..." when it cannot be opened).
std::vector<CameraPathFrame> loadCameraPathFrames(const std::filesystem::path& file,
                                                  double framesPerSecond = kDefaultPathFramesPerSecond);
std::vector<CameraPose> loadCameraPath(const std::filesystem::path& file);

}  // namespace viewer
