#include "vectordata/Wgs84Transform.h"

#include "dem/DemGdal.h"
#include "vectordata/TrackReader.h"

#include <ogr_spatialref.h>

#include <algorithm>
#include <cmath>
#include <limits>

namespace vectordata {

void Wgs84Transform::Deleter::operator()(OGRCoordinateTransformation* transform) const noexcept
{
    OGRCoordinateTransformation::DestroyCT(transform);
}

Wgs84Transform::Wgs84Transform(std::string source, const OGRSpatialReference* crs) : source_(std::move(source))
{
    if (crs == nullptr) {
        return;
    }
    OGRSpatialReference wgs84;
    wgs84.SetWellKnownGeogCS("WGS84");
    wgs84.SetAxisMappingStrategy(OAMS_TRADITIONAL_GIS_ORDER);
    const dem::GdalErrorCapture errors;
    transform_.reset(OGRCreateCoordinateTransformation(crs, &wgs84));
    if (!transform_) {
        throw VectorDataError(source_ + ": its CRS can not be transformed to WGS 84" + errors.detail());
    }
}

Wgs84Transform::~Wgs84Transform() = default;

void Wgs84Transform::apply(std::vector<double>& x, std::vector<double>& y, const std::string& what) const
{
    if (transform_) {
        if (x.size() > static_cast<std::size_t>(std::numeric_limits<int>::max())) {
            throw VectorDataError(source_ + ": " + what + " has more points than OGR transforms at once");
        }
        const dem::GdalErrorCapture errors;
        if (!x.empty() && transform_->Transform(static_cast<int>(x.size()), x.data(), y.data()) == 0) {
            throw VectorDataError(source_ + ": some points of " + what + " can not be transformed to WGS 84" +
                                  errors.detail());
        }
    } else {
        for (std::size_t i = 0; i < x.size(); ++i) {
            if (!(std::abs(x[i]) <= 360.0 && std::abs(y[i]) <= 90.0)) {
                throw VectorDataError(source_ + ": " + what +
                                      " has no CRS, and its coordinates are not longitudes and latitudes");
            }
        }
    }
    for (std::size_t i = 0; i < x.size(); ++i) {
        if (!std::isfinite(x[i]) || !std::isfinite(y[i]) || std::abs(y[i]) > 90.0) {
            throw VectorDataError(source_ + ": point " + std::to_string(i + 1) + " of " + what +
                                  " is not a place on the Earth");
        }
        x[i] = std::remainder(x[i], 360.0);
    }
}

}  // namespace vectordata
