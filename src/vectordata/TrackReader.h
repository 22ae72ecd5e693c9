// A track (a GPS log, a route, a road: any line) read from a vector file
// through GDAL/OGR, as the points of one polyline in WGS 84 and, where the
// file records them, the instants each point was passed.
//
// Which line: in a GPX file its first track (all its segments, in order,
// with the times of its points), else its first route; in any other source
// the first feature, over the layers in order, whose geometry is a line or
// a multi-line (its parts joined in order). Coordinates go through the
// layer's CRS to WGS 84; a layer without a CRS is taken as WGS 84 longitude
// and latitude when every coordinate fits, and refused otherwise.
#pragma once

#include <cstddef>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace vectordata {

// Every failure: one line that names the source and the problem.
class VectorDataError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

struct TrackPoint {
    double latitudeDegrees = 0.0;
    double longitudeDegrees = 0.0;
    // When the point was passed: seconds since 2000-01-01 12:00 UTC, with
    // the file's time zone applied; empty where the file gives none.
    std::optional<double> seconds;
};

struct Track {
    std::vector<TrackPoint> points;
    // What was read, for the viewer's notice: "GPX track \"Morning hike\"",
    // "layer roads, feature 12".
    std::string description;
    // Whether every point has a time.
    [[nodiscard]] bool timed() const;
};

// The track of `source` (a path or any name GDAL opens). Throws
// VectorDataError when it can not be opened as vector data, holds no line,
// or its coordinates can not be brought to WGS 84.
[[nodiscard]] Track readTrack(const std::string& source);

}  // namespace vectordata
