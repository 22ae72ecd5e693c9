#include "planet/GlobeCamera.h"

#include "geodesy/Angles.h"
#include "geodesy/Wgs84.h"

#include <glm/geometric.hpp>

#include <algorithm>
#include <cmath>

namespace planet {

LocalFrame localFrameAt(double latitudeDegrees, double longitudeDegrees)
{
    const double latitude = geodesy::radians(latitudeDegrees);
    const double longitude = geodesy::radians(longitudeDegrees);
    const double sinLatitude = std::sin(latitude);
    const double cosLatitude = std::cos(latitude);
    const double sinLongitude = std::sin(longitude);
    const double cosLongitude = std::cos(longitude);
    LocalFrame frame;
    frame.east = {-sinLongitude, cosLongitude, 0.0};
    frame.north = {-sinLatitude * cosLongitude, -sinLatitude * sinLongitude, cosLatitude};
    frame.up = {cosLatitude * cosLongitude, cosLatitude * sinLongitude, sinLatitude};
    return frame;
}

glm::dvec3 GlobeView::right() const
{
    return {ecefToView[0][0], ecefToView[1][0], ecefToView[2][0]};
}

glm::dvec3 GlobeView::up() const
{
    return {ecefToView[0][1], ecefToView[1][1], ecefToView[2][1]};
}

glm::dvec3 GlobeView::forward() const
{
    return -glm::dvec3(ecefToView[0][2], ecefToView[1][2], ecefToView[2][2]);
}

glm::dvec3 sunDirectionAt(const geodesy::UtcInstant& instant)
{
    return sunDirectionOf(geodesy::subsolarPoint(instant));
}

glm::dvec3 sunDirectionOf(const geodesy::SubsolarPoint& sun)
{
    const double latitude = geodesy::radians(sun.latitudeDegrees);
    const double longitude = geodesy::radians(sun.longitudeDegrees);
    return {std::cos(latitude) * std::cos(longitude), std::cos(latitude) * std::sin(longitude), std::sin(latitude)};
}

GlobeView globeViewOf(const GeodeticPose& pose)
{
    const LocalFrame frame = localFrameAt(pose.latitudeDegrees, pose.longitudeDegrees);
    const double heading = geodesy::radians(pose.headingDegrees);
    const double pitch = geodesy::radians(pose.pitchDegrees);
    const glm::dvec3 level = std::sin(heading) * frame.east + std::cos(heading) * frame.north;
    const glm::dvec3 forward = std::cos(pitch) * level + std::sin(pitch) * frame.up;
    const glm::dvec3 right = std::cos(heading) * frame.east - std::sin(heading) * frame.north;
    const glm::dvec3 up = glm::cross(right, forward);
    GlobeView view;
    view.positionEcef = geodesy::geodeticToEcef({pose.latitudeDegrees, pose.longitudeDegrees, pose.heightMetres});
    // glm is column-major: element [column][row]; row 0 right, 1 up, 2 backward.
    for (int axis = 0; axis < 3; ++axis) {
        view.ecefToView[axis][0] = right[axis];
        view.ecefToView[axis][1] = up[axis];
        view.ecefToView[axis][2] = -forward[axis];
    }
    return view;
}

GeodeticPose geodeticPoseOf(const GlobeView& view)
{
    const geodesy::GeodeticCoordinates place = geodesy::ecefToGeodetic(view.positionEcef);
    const LocalFrame frame = localFrameAt(place.latitudeDegrees, place.longitudeDegrees);
    const glm::dvec3 forward = view.forward();
    const glm::dvec3 right = view.right();
    GeodeticPose pose;
    pose.latitudeDegrees = place.latitudeDegrees;
    pose.longitudeDegrees = place.longitudeDegrees;
    pose.heightMetres = place.heightMetres;
    pose.pitchDegrees = geodesy::degrees(std::asin(std::clamp(glm::dot(forward, frame.up), -1.0, 1.0)));
    // right = cos(h) east - sin(h) north: defined at any pitch.
    pose.headingDegrees = geodesy::degrees(std::atan2(-glm::dot(right, frame.north), glm::dot(right, frame.east)));
    return pose;
}

}  // namespace planet
