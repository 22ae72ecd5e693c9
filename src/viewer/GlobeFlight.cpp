#include "viewer/GlobeFlight.h"

#include "geodesy/Wgs84.h"

#include <glm/geometric.hpp>

#include <algorithm>
#include <cmath>

namespace viewer {

namespace {

constexpr double kMinimumSpeed = 10.0;

}  // namespace

double globeFlightSpeed(double heightAboveGround, double factor)
{
    return std::max(heightAboveGround, kMinimumSpeed) * factor;
}

double globeFlightFloor(const GlobeGround& ground)
{
    return std::max(ground.heightAboveSeaMetres, 0.0) + ground.seaLevelMetres;
}

double GlobeFlight::speedOver(const GlobeGround& ground, double factor) const
{
    return globeFlightSpeed(pose_.heightMetres - globeFlightFloor(ground), factor);
}

void GlobeFlight::turn(double headingDegrees, double pitchDegrees)
{
    pose_.headingDegrees = std::remainder(pose_.headingDegrees + headingDegrees, 360.0);
    pose_.pitchDegrees = std::clamp(pose_.pitchDegrees + pitchDegrees, -kMaxGlobePitchDegrees, kMaxGlobePitchDegrees);
}

void GlobeFlight::move(const MovementKeys& keys, double factor, double seconds, const GlobeGround& ground)
{
    const auto axis = [](bool positive, bool negative) { return (positive ? 1.0 : 0.0) - (negative ? 1.0 : 0.0); };
    const planet::GlobeView view = planet::globeViewOf(pose_);
    const planet::LocalFrame local = planet::localFrameAt(pose_.latitudeDegrees, pose_.longitudeDegrees);
    const glm::dvec3 direction = view.forward() * axis(keys.forward, keys.backward) +
                                 view.right() * axis(keys.right, keys.left) + local.up * axis(keys.up, keys.down);
    if (glm::length(direction) == 0.0) {
        keepAbove(ground);
        return;
    }
    const double speed = speedOver(ground, factor) * (keys.fast ? static_cast<double>(kFastMovementFactor) : 1.0);
    const glm::dvec3 moved = view.positionEcef + glm::normalize(direction) * speed * seconds;
    const geodesy::GeodeticCoordinates place = geodesy::ecefToGeodetic(moved);
    pose_.latitudeDegrees = place.latitudeDegrees;
    pose_.longitudeDegrees = place.longitudeDegrees;
    pose_.heightMetres = place.heightMetres;
    keepAbove(ground);
}

void GlobeFlight::keepAbove(const GlobeGround& ground)
{
    pose_.heightMetres = std::max(pose_.heightMetres, globeFlightFloor(ground) + kMinimumClearanceMetres);
}

}  // namespace viewer
