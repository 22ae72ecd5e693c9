// A camera pose as the user writes it: a position in world metres (Y up, see
// terrain/TerrainRenderer.h) and a heading.
//
// Yaw is measured in degrees clockwise seen from above, from the -Z axis
// towards +X (yaw 0 looks along -Z, yaw 90 along +X). Pitch is degrees above
// the horizon (negative looks down), within [-kMaxPitchDegrees, kMaxPitchDegrees].
#pragma once

#include <glm/vec3.hpp>

#include <filesystem>
#include <string_view>
#include <vector>

namespace app {

inline constexpr float kMaxPitchDegrees = 89.0f;

struct CameraPose {
    glm::vec3 position{0.0f};
    float yawDegrees = 0.0f;
    float pitchDegrees = 0.0f;
};

// "X,Y,Z,YAW,PITCH" (commas, spaces or both between the five numbers).
// Throws ParseError with a one-line message that does not name the source.
CameraPose parseCameraPose(std::string_view text);

// A camera path: one pose per line as in parseCameraPose, '#' starts a
// comment, blank lines are skipped. `sourceName` prefixes every error
// ("path.txt:3: expected 5 numbers X Y Z YAW PITCH, found 4"). Throws
// ParseError; a text with no pose is an error too.
std::vector<CameraPose> parseCameraPath(std::string_view text, std::string_view sourceName);

// parseCameraPath on the contents of `file` ("FILE: cannot read: ..." when it
// cannot be opened).
std::vector<CameraPose> loadCameraPath(const std::filesystem::path& file);

}  // namespace app
