// A path measured on the ground: its length along the ellipsoid's geodesics,
// its elevation profile and the climb and descent along it, for the points
// clicked with Shift in the window and for any line of a --vector layer.
// One for both modes: each gives the height of its ground's data at a
// latitude and longitude.
#pragma once

#include "vectordata/GeodeticVertex.h"
#include "viewer/TrackFollowing.h"

#include <cstddef>
#include <string>
#include <vector>

namespace viewer {

// Points of the profile's plot.
inline constexpr std::size_t kProfileSamples = 256;
// The most heights the climb and descent are summed over.
inline constexpr std::size_t kMaxClimbSamples = 20000;

struct PathProfile {
    double lengthMetres = 0.0;
    double climbMetres = 0.0;
    double descentMetres = 0.0;
    // The ground's height at kProfileSamples points evenly along the path
    // (none for a path of fewer than two points).
    std::vector<float> heights;
    double lowestMetres = 0.0;
    double highestMetres = 0.0;
};

// The profile of `path` over `ground`: the climb and descent summed over
// heights `stepMetres` apart (the data's spacing; more coarsely when the
// path is longer than kMaxClimbSamples of them). Legs are followed
// straight in latitude and longitude (the short way round), and measured
// along the geodesic.
[[nodiscard]] PathProfile profileAlong(const std::vector<vectordata::GeodeticVertex>& path, const SurfaceHeight& ground,
                                       double stepMetres);

// "3 points: 12.35 km, climb 820 m, descent 310 m, 1200..2016 m".
[[nodiscard]] std::string describeProfile(std::size_t points, const PathProfile& profile);

// A line the overlay offers a profile of: a --vector layer's line.
struct MeasurableLine {
    std::string name;  // "hike.gpx: Morning walk", "roads.shp: line 12"
    std::vector<vectordata::GeodeticVertex> points;
};

}  // namespace viewer
