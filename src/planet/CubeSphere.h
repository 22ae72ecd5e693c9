// The globe's base mesh and where its points lie on the Earth: the CPU
// reference of the planet's geometry on the bisector pool.
//
// The base mesh is the cube [-1, 1]^3 around the Earth's centre, with ECEF's
// axes (+X through latitude 0, longitude 0; +Y through longitude 90 E; +Z
// through the north pole), one quad a face: 24 halfedges, so 24 roots. The
// poles and the date line fall inside faces (the north pole is the +Z face's
// centre, the date line runs down the middle of the -X face), so neither is a
// seam of the mesh: a bisector's vertices are exact points of the cube
// (bisector::bisectorVertices), and every bisector that shares a vertex gives
// the same point, whichever face or root it descends from.
//
// Every square root is std::sqrt followed by one Newton step
// (refinedSquareRoot): its GLSL mirror (shaders/planet/CubeSphere.glsl) does
// the same, so that a GPU whose double sqrt is less than correctly rounded
// still lands within a few units in the last place of the CPU.
//
// A cube point goes to the sphere by the spherified-cube map (each coordinate
// scaled by a square root of the other two; no trigonometry, so the GPU can
// repeat it in double), which keeps uniformly refined cells within a factor
// of 1.3 in area where the plain normalisation of a cube point squeezes them
// fivefold towards the corners; then along its ray from the centre onto the
// WGS 84 ellipsoid, and up its normal by a height.
#pragma once

#include "bisector/HalfedgeMesh.h"
#include "geodesy/Wgs84.h"

#include <glm/vec3.hpp>

#include <cstdint>

namespace planet {

// The metres a cube grid of `intervals` a face side spans between its
// samples along the equator: a quarter turn over its intervals.
[[nodiscard]] constexpr double cubeGridSpacingMetres(std::uint32_t intervals) noexcept
{
    return geodesy::kWgs84EquatorMetres / 4.0 / static_cast<double>(intervals);
}

struct CubeFacePoint {
    std::uint32_t face = 0;
    double s = 0.0;
    double t = 0.0;
};

// The face of a cube point (one coordinate +-1): the axis of the largest
// magnitude, the lowest axis on a tie (an edge or a corner).
[[nodiscard]] CubeFacePoint cubeFaceOf(const glm::dvec3& cubePoint) noexcept;
// The coordinates on `face` of a cube point that lies on it (an edge or a
// corner lies on two or three faces).
[[nodiscard]] CubeFacePoint cubeFacePointOn(std::uint32_t face, const glm::dvec3& cubePoint) noexcept;
// The cube point of face coordinates (s, t) on `face`.
[[nodiscard]] glm::dvec3 cubePointOf(std::uint32_t face, double s, double t) noexcept;

// sqrt(x) to double precision: std::sqrt, then one Newton step (x >= 0).
[[nodiscard]] double refinedSquareRoot(double x) noexcept;

// The cube: 8 corners (+-1, +-1, +-1), 6 quads wound counter-clockwise seen
// from outside.
bisector::HalfedgeMesh cubeMesh();

// The point of the unit sphere that the spherified-cube map gives a point
// of the cube's surface (one coordinate +-1, the others in [-1, 1]).
[[nodiscard]] glm::dvec3 cubeToSphere(const glm::dvec3& cubePoint) noexcept;

// The cube point that cubeToSphere takes to the direction of `direction`
// (any non-zero vector): the map's inverse, by Newton's method to within a
// few units in the last place.
[[nodiscard]] glm::dvec3 sphereToCube(const glm::dvec3& direction) noexcept;
// The cube point whose ray from the centre meets the ellipsoid at a WGS 84
// latitude and longitude.
[[nodiscard]] glm::dvec3 cubePointUnder(double latitudeDegrees, double longitudeDegrees);

// The ellipsoid's point on the ray from the Earth's centre through
// `direction` (any non-zero vector), in ECEF metres.
[[nodiscard]] glm::dvec3 ellipsoidPointAlong(const glm::dvec3& direction) noexcept;

// The ellipsoid's outward unit normal at one of its points (ECEF metres).
[[nodiscard]] glm::dvec3 ellipsoidNormalAt(const glm::dvec3& surfacePoint) noexcept;

// A cube point `heightMetres` above the ellipsoid along its normal, in ECEF
// metres: the globe's vertex.
[[nodiscard]] glm::dvec3 cubeToEcef(const glm::dvec3& cubePoint, double heightMetres = 0.0) noexcept;

}  // namespace planet
