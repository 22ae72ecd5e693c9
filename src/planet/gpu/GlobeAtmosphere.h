// The atmosphere around the globe (shaders/planet/GlobeAtmosphere.glsl): the
// Earth's air over the WGS 84 ellipsoid, and the "atmosphere space" its
// shaders work in, ECEF stretched along the polar axis by a/b and taken in
// kilometres, in which the ellipsoid is the sphere of radius a.
#pragma once

#include "atmosphere/AtmosphereParameters.h"

#include <glm/vec3.hpp>

namespace planet::gpu {

// The default atmosphere with its ground at the ellipsoid's equatorial
// radius and its top 100 km above.
[[nodiscard]] atmosphere::AtmosphereParameters globeAtmosphereParameters();

// An ECEF point (metres) in atmosphere space, and a direction (unit).
[[nodiscard]] glm::dvec3 atmospherePointOf(const glm::dvec3& ecefMetres);
[[nodiscard]] glm::dvec3 atmosphereDirectionOf(const glm::dvec3& ecefDirection);
// Kilometres above the atmosphere's ground (the ellipsoid's sea level), in
// double: the shaders take it as given rather than from a float difference.
[[nodiscard]] double atmosphereAltitudeKm(const glm::dvec3& ecefMetres);

}  // namespace planet::gpu
