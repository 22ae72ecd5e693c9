#include "viewer/PathProfile.h"

#include "geodesy/Geodesic.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace viewer {

namespace {

// The point `t` of the way from a to b, straight in latitude and longitude.
vectordata::GeodeticVertex along(const vectordata::GeodeticVertex& a, const vectordata::GeodeticVertex& b, double t)
{
    const double longitudeStep = std::remainder(b.longitudeDegrees - a.longitudeDegrees, 360.0);
    return {a.latitudeDegrees + t * (b.latitudeDegrees - a.latitudeDegrees),
            std::remainder(a.longitudeDegrees + t * longitudeStep, 360.0)};
}

// Heights at `count` points evenly along the path of leg lengths `legs`.
std::vector<double> heightsAlong(const std::vector<vectordata::GeodeticVertex>& path, const std::vector<double>& legs,
                                 double length, std::size_t count, const SurfaceHeight& ground)
{
    std::vector<double> heights;
    heights.reserve(count);
    std::size_t leg = 0;
    double legStart = 0.0;
    for (std::size_t k = 0; k < count; ++k) {
        const double distance = length * static_cast<double>(k) / static_cast<double>(count - 1);
        while (leg + 1 < legs.size() && legStart + legs[leg] < distance) {
            legStart += legs[leg];
            ++leg;
        }
        const double t = legs[leg] > 0.0 ? std::clamp((distance - legStart) / legs[leg], 0.0, 1.0) : 0.0;
        const vectordata::GeodeticVertex point = along(path[leg], path[leg + 1], t);
        heights.push_back(ground(point.latitudeDegrees, point.longitudeDegrees));
    }
    return heights;
}

}  // namespace

PathProfile profileAlong(const std::vector<vectordata::GeodeticVertex>& path, const SurfaceHeight& ground,
                         double stepMetres)
{
    PathProfile profile;
    if (path.size() < 2) {
        return profile;
    }
    std::vector<double> legs;
    for (std::size_t i = 0; i + 1 < path.size(); ++i) {
        legs.push_back(geodesy::geodesicMetres(path[i].latitudeDegrees, path[i].longitudeDegrees,
                                               path[i + 1].latitudeDegrees, path[i + 1].longitudeDegrees));
        profile.lengthMetres += legs.back();
    }
    const std::vector<double> plotted = heightsAlong(path, legs, profile.lengthMetres, kProfileSamples, ground);
    profile.heights.assign(plotted.begin(), plotted.end());
    const auto [lowest, highest] = std::minmax_element(plotted.begin(), plotted.end());
    profile.lowestMetres = *lowest;
    profile.highestMetres = *highest;
    const double step = std::max(stepMetres, profile.lengthMetres / static_cast<double>(kMaxClimbSamples));
    const auto count = static_cast<std::size_t>(std::clamp(std::ceil(profile.lengthMetres / std::max(step, 1e-3)), 1.0,
                                                           static_cast<double>(kMaxClimbSamples))) +
                       1;
    const std::vector<double> climbed = heightsAlong(path, legs, profile.lengthMetres, count, ground);
    for (std::size_t i = 1; i < climbed.size(); ++i) {
        const double rise = climbed[i] - climbed[i - 1];
        (rise > 0.0 ? profile.climbMetres : profile.descentMetres) += std::abs(rise);
    }
    return profile;
}

std::string describeProfile(std::size_t points, const PathProfile& profile)
{
    if (profile.heights.empty()) {
        return std::to_string(points) + (points == 1 ? " point" : " points");
    }
    char text[160];
    const bool kilometres = profile.lengthMetres >= 1000.0;
    std::snprintf(text, sizeof(text), "%zu point%s: %.*f %s, climb %.0f m, descent %.0f m, %.0f..%.0f m", points,
                  points == 1 ? "" : "s", kilometres ? 2 : 0,
                  kilometres ? profile.lengthMetres / 1000.0 : profile.lengthMetres, kilometres ? "km" : "m",
                  profile.climbMetres, profile.descentMetres, profile.lowestMetres, profile.highestMetres);
    return text;
}

}  // namespace viewer
