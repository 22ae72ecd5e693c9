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
std::vector<CameraPathFrame> parseCameraPathFrames(std::string_view text, std::string_view sourceName);

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
std::string readCameraPathFile(const std::filesystem::path& file);

// parseCameraPathFrames / parseCameraPath on the contents of `file`
// ("FILE: cannot read: ..." when it cannot be opened).
std::vector<CameraPathFrame> loadCameraPathFrames(const std::filesystem::path& file);
std::vector<CameraPose> loadCameraPath(const std::filesystem::path& file);

}  // namespace viewer
