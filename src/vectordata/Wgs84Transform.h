// A layer's coordinates brought from its CRS to WGS 84 longitude and
// latitude, the one transform behind every reader of the user's vector data.
#pragma once

#include <memory>
#include <string>
#include <vector>

class OGRCoordinateTransformation;
class OGRSpatialReference;

namespace vectordata {

class Wgs84Transform {
public:
    // `crs` may be null: the coordinates are then taken as longitude and
    // latitude when they fit. `source` names the file in errors. Throws
    // VectorDataError when the CRS can not be transformed to WGS 84.
    Wgs84Transform(std::string source, const OGRSpatialReference* crs);
    ~Wgs84Transform();
    Wgs84Transform(const Wgs84Transform&) = delete;
    Wgs84Transform& operator=(const Wgs84Transform&) = delete;

    // Transforms the points (x, y) of `what` ("the line") in place into
    // (longitude in [-180, 180], latitude). Throws VectorDataError, naming
    // the source and `what`, when a point can not be transformed or is not a
    // place on the Earth, or, without a CRS, when the coordinates are not
    // longitudes and latitudes.
    void apply(std::vector<double>& x, std::vector<double>& y, const std::string& what) const;

private:
    struct Deleter {
        void operator()(OGRCoordinateTransformation* transform) const noexcept;
    };
    std::string source_;
    std::unique_ptr<OGRCoordinateTransformation, Deleter> transform_;
};

}  // namespace vectordata
