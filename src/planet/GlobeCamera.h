// A camera on the globe, posed in WGS 84 terms (as --camera-geo gives it)
// and held as the renderer needs it: its position in ECEF metres, in double,
// and a rotation alone from ECEF to view space, so that vertices go to the
// camera as (vertex - position) in double before any float (no jitter at any
// distance from the Earth's centre).
//
// HEADING is degrees clockwise from true north (90 looks east); PITCH is
// degrees above the local horizon (-90 looks straight down); the camera does
// not roll: its right lies in the horizon's plane. View space is x right,
// y up, the camera looking along -z. The horizon is the plane normal to the
// ellipsoid's normal through the camera's foot (geodetic up).
#pragma once

#include "geodesy/GeodeticPose.h"
#include "geodesy/SolarEphemeris.h"

#include <glm/mat3x3.hpp>
#include <glm/vec3.hpp>

namespace planet {

// A pose on the globe: its height is above the ellipsoid.
using geodesy::GeodeticPose;

// East, north and up (geodetic) at a latitude and longitude, in ECEF.
struct LocalFrame {
    glm::dvec3 east{1.0, 0.0, 0.0};
    glm::dvec3 north{0.0, 1.0, 0.0};
    glm::dvec3 up{0.0, 0.0, 1.0};
};
[[nodiscard]] LocalFrame localFrameAt(double latitudeDegrees, double longitudeDegrees);

struct GlobeView {
    glm::dvec3 positionEcef{0.0};
    // ECEF directions to view space: rows right, up, backward.
    glm::dmat3 ecefToView{1.0};

    [[nodiscard]] glm::dvec3 right() const;
    [[nodiscard]] glm::dvec3 up() const;
    [[nodiscard]] glm::dvec3 forward() const;
};

[[nodiscard]] GlobeView globeViewOf(const GeodeticPose& pose);
// The pose of a view without roll: heading in (-180, 180], from the right
// vector when the camera looks straight up or down.
[[nodiscard]] GeodeticPose geodeticPoseOf(const GlobeView& view);

// The instant the globe is lit at when neither --time nor --sun is given:
// the March equinox of 2024 at 12:00 UTC, the sun over the Gulf of Guinea.
inline constexpr geodesy::UtcInstant kDefaultSunInstant{2024, 3, 20, 12, 0};

// The unit direction from the Earth's centre towards the sun at an instant
// (ECEF): towards its subsolar point, the sun taken as infinitely far.
[[nodiscard]] glm::dvec3 sunDirectionAt(const geodesy::UtcInstant& instant);
// The same towards the sun standing at the zenith of `sun`.
[[nodiscard]] glm::dvec3 sunDirectionOf(const geodesy::SubsolarPoint& sun);

}  // namespace planet
