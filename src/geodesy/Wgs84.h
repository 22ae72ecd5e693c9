// The WGS 84 ellipsoid: its radii of curvature, and conversions between
// geodetic coordinates (latitude, longitude, height above the ellipsoid) and
// Earth-centred, Earth-fixed (ECEF) Cartesian metres, all in double.
//
// ECEF: the origin at the Earth's centre, +X through latitude 0 and
// longitude 0, +Z through the north pole, +Y through latitude 0 and
// longitude 90 E. The way back (ecefToGeodetic) is Vermeille's closed form
// (Journal of Geodesy 76, 2002), exact to rounding everywhere from the
// Earth's interior beyond about 43 km from its centre out to any altitude,
// the poles and the date line included.
#pragma once

#include <glm/vec3.hpp>

#include <numbers>

namespace geodesy {

inline constexpr double kWgs84SemiMajorAxisMetres = 6378137.0;
inline constexpr double kWgs84InverseFlattening = 298.257223563;
inline constexpr double kWgs84Flattening = 1.0 / kWgs84InverseFlattening;
inline constexpr double kWgs84SemiMinorAxisMetres = kWgs84SemiMajorAxisMetres * (1.0 - kWgs84Flattening);
// First eccentricity squared, f (2 - f).
inline constexpr double kWgs84EccentricitySquared = kWgs84Flattening * (2.0 - kWgs84Flattening);
// The equator's length, 2 pi a.
inline constexpr double kWgs84EquatorMetres = 2.0 * std::numbers::pi * kWgs84SemiMajorAxisMetres;

struct GeodeticCoordinates {
    double latitudeDegrees = 0.0;   // [-90, 90]
    double longitudeDegrees = 0.0;  // (-180, 180] from ecefToGeodetic
    double heightMetres = 0.0;      // above the ellipsoid, along its normal
};

// Radius of curvature in the prime vertical, N = a / sqrt(1 - e^2 sin^2 lat).
[[nodiscard]] double primeVerticalRadius(double latitudeDegrees);
// Radius of curvature of the meridian, M = a (1 - e^2) / (1 - e^2 sin^2 lat)^1.5.
[[nodiscard]] double meridionalRadius(double latitudeDegrees);

// Length of the meridian from the equator to a latitude (negative south of
// it): the series in the eccentricity to e^6, well under a millimetre off.
[[nodiscard]] double meridianArcMetres(double latitudeDegrees);

[[nodiscard]] glm::dvec3 geodeticToEcef(const GeodeticCoordinates& point);
[[nodiscard]] GeodeticCoordinates ecefToGeodetic(const glm::dvec3& ecef);

}  // namespace geodesy
