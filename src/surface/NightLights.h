// The lights of towns on the night side, one rule for the flat terrain and
// the globe: the CPU mirror of shaders/surface/NightLights.glsl
// (tests/surface compares the two). A map of night lights (linear RGB, 1 for
// the brightest) becomes light the ground emits: none while the sun stands
// more than about 6 degrees above the horizon, all of it once it is as far
// below, smooth in between.
#pragma once

#include <glm/vec3.hpp>

namespace surface {

// The luminance of the brightest lights, in the units where the sun's
// illuminance is 1: sunlit ground of albedo 0.2 has 0.2 / pi, about 0.064.
// The towns are far brighter than nature makes them beside a sunlit day
// side, so that one exposure shows both.
inline constexpr float kNightLightsLuminance = 0.15f;
// The sine of the sun's elevation where the lights are all off (above) and
// all on (below its negative).
inline constexpr float kNightLightsDusk = 0.1f;

// The share of the lights that shows at the sun's cosine of zenith.
[[nodiscard]] float nightLightsShare(float sunCosZenith);

// The luminance the ground emits for the night lights `lights`.
[[nodiscard]] glm::vec3 nightLightsLuminance(const glm::vec3& lights, float sunCosZenith);

}  // namespace surface
