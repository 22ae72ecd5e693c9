// The window's camera in planet mode: a geodetic pose flown like the flat
// terrain's camera (mouse look, W/S along the view, A/D sideways, Q/E down
// and up, Shift faster), at a speed that scales with the height above the
// ground, so one key crosses an ocean from orbit and a field at 100 m. It
// never goes below kMinimumClearanceMetres above the ground, nor, over the
// sea, above the water: the globe shows the sea at sea level to a camera
// above it and has no view from under it.
#pragma once

#include "planet/GlobeCamera.h"
#include "viewer/FlyCamera.h"

namespace viewer {

// The least height above the ground the flight keeps.
inline constexpr double kMinimumClearanceMetres = 2.0;
// The pitch the mouse turns the camera to at most, up or down.
inline constexpr double kMaxGlobePitchDegrees = 89.0;

// Metres per second at `heightAboveGround` metres above the ground and a
// speed factor (the wheel's): the height itself per second, at least 10 m/s.
double globeFlightSpeed(double heightAboveGround, double factor);

// The ground under the camera: the surface's height (data and detail) above
// sea level, and how high sea level (the geoid) stands there above the
// ellipsoid, which the camera's height is measured from.
struct GlobeGround {
    double heightAboveSeaMetres = 0.0;
    double seaLevelMetres = 0.0;
};

// What the flight stays above and measures its speed from, in metres above
// the ellipsoid: the ground, or over the sea its surface at sea level.
double globeFlightFloor(const GlobeGround& ground);

class GlobeFlight {
public:
    explicit GlobeFlight(const planet::GeodeticPose& pose) : pose_(pose) {}

    [[nodiscard]] const planet::GeodeticPose& pose() const { return pose_; }
    void setPose(const planet::GeodeticPose& pose) { pose_ = pose; }

    // Metres per second without Shift over `ground`: globeFlightSpeed at the
    // height above the floor (globeFlightFloor).
    [[nodiscard]] double speedOver(const GlobeGround& ground, double factor) const;

    // Turns by degrees of heading (clockwise) and pitch (up).
    void turn(double headingDegrees, double pitchDegrees);

    // Moves for `seconds` as `keys` ask, at speedOver the ground (times
    // kFastMovementFactor with Shift), keeping the heading and pitch
    // relative to the horizon under the new position, and at least
    // kMinimumClearanceMetres above the floor (globeFlightFloor) over
    // `ground`, the ground under the camera.
    void move(const MovementKeys& keys, double factor, double seconds, const GlobeGround& ground);

    // Lifts the camera to kMinimumClearanceMetres above the floor over the
    // ground when it is lower.
    void keepAbove(const GlobeGround& ground);

private:
    planet::GeodeticPose pose_;
};

}  // namespace viewer
