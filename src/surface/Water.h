// The sea's optics, one water for the flat terrain and the globe: the CPU
// mirror of shaders/surface/Water.glsl (tests/surface compares the two).
// The caller knows the geometry; the water's constants and laws are here.
#pragma once

#include <glm/vec3.hpp>

namespace surface {

// Absorption of sea water, per metre (red first).
inline constexpr glm::vec3 kWaterAbsorptionPerMetre{0.35f, 0.07f, 0.03f};
// What deep water scatters back (a Lambertian albedo, linear RGB).
inline constexpr glm::vec3 kDeepWaterAlbedo{0.004f, 0.022f, 0.040f};
// The power of the sun's glint, a Blinn-Phong lobe written as exp(power (cos - 1)).
inline constexpr float kSunGlintPower = 800.0f;

// The share of light left after `metres` under water.
[[nodiscard]] glm::vec3 waterTransmittance(float metres);

// What comes up through the surface: the seabed's luminance through
// `transmitted`, and deep water's own colour under `irradiance` for the
// light that did not cross.
[[nodiscard]] glm::vec3 waterBody(const glm::vec3& seabed, const glm::vec3& transmitted, const glm::vec3& irradiance);

// The share the surface reflects at `cosView` (Fresnel's law for water's
// index 1.33, in Schlick's form).
[[nodiscard]] float waterFresnel(float cosView);

// The sun's glint per unit of its illuminance at `halfwayCos`.
[[nodiscard]] float sunGlint(float halfwayCos);

// The water's luminance towards the camera: the body, the reflected sky,
// and the glint under the sun's illuminance.
[[nodiscard]] glm::vec3 waterLuminance(const glm::vec3& body, const glm::vec3& sky, float cosView, float halfwayCos,
                                       const glm::vec3& sunIlluminance);

}  // namespace surface
