// A point of the user's vector data in WGS 84 degrees, and the distance
// between two such points that the drape spaces its samples by.
#pragma once

namespace vectordata {

struct GeodeticVertex {
    double latitudeDegrees = 0.0;
    double longitudeDegrees = 0.0;
};

// The straight distance between two points of the ellipsoid (ECEF), metres:
// within 0.1 % of the arc up to 1,000 km, and the same either way round to
// the last bit, so that a segment shared by two triangles is cut alike.
[[nodiscard]] double metresBetween(const GeodeticVertex& a, const GeodeticVertex& b);

}  // namespace vectordata
