// Where the sun stands, seen from the terrain: its azimuth and its elevation
// above the horizon, and the world direction towards it.
#pragma once

#include <glm/vec3.hpp>

namespace atmosphere {

struct SunPosition {
    float azimuthDegrees = 135.0f;   // 0 towards -Z, growing towards +X
    float elevationDegrees = 35.0f;  // above the horizon (Y up)

    bool operator==(const SunPosition&) const = default;
};

// Unit vector towards the sun (world axes: Y up).
glm::vec3 sunDirection(const SunPosition& sun);

}  // namespace atmosphere
