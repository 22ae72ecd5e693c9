#include "dem/DemGeodetic.h"

#include "dem/DemGdal.h"

#include <gdal_priv.h>
#include <ogr_spatialref.h>

#include <cmath>
#include <limits>
#include <sstream>

namespace dem {

namespace {

constexpr double kPi = 3.14159265358979323846;

double distanceOutside(double coordinate, std::uint32_t samples)
{
    const double last = static_cast<double>(samples) - 1.0;
    return coordinate < 0.0 ? -coordinate : (coordinate > last ? coordinate - last : 0.0);
}

}  // namespace

void GeodeticToHeightmap::TransformDeleter::operator()(OGRCoordinateTransformation* transform) const noexcept
{
    OGRCoordinateTransformation::DestroyCT(transform);
}

GeodeticToHeightmap::GeodeticToHeightmap(const DemGrid& grid) : grid_(grid)
{
    std::array<double, 6> crsOfPixel = grid.geoTransform;
    if (!GDALInvGeoTransform(crsOfPixel.data(), pixelOfCrs_.data())) {
        throw GeodeticMappingError("the DEM's geotransform can not be inverted");
    }
    const GdalErrorCapture errors;
    OGRSpatialReference wgs84;
    wgs84.SetWellKnownGeogCS("WGS84");
    wgs84.SetAxisMappingStrategy(OAMS_TRADITIONAL_GIS_ORDER);
    OGRSpatialReference target;
    if (target.importFromWkt(grid.crsWkt.c_str()) != OGRERR_NONE) {
        throw GeodeticMappingError("the DEM's coordinate system can not be read" + errors.detail());
    }
    target.SetAxisMappingStrategy(OAMS_TRADITIONAL_GIS_ORDER);
    if (target.IsGeographic()) {
        fullTurn_ = 2.0 * kPi / target.GetAngularUnits(nullptr);
    }
    transform_.reset(OGRCreateCoordinateTransformation(&wgs84, &target));
    inverse_.reset(OGRCreateCoordinateTransformation(&target, &wgs84));
    if (!transform_ || !inverse_) {
        const char* name = target.GetName();
        throw GeodeticMappingError(std::string("no transformation from WGS 84 to the DEM's coordinate system ") +
                                   (name != nullptr ? name : "") + errors.detail());
    }
}

GeodeticToHeightmap::~GeodeticToHeightmap() = default;

HeightmapPoint GeodeticToHeightmap::flippedAsTheLoader(const HeightmapPoint& point) const
{
    return HeightmapPoint{
        grid_.flipColumns ? static_cast<double>(grid_.columns) - 1.0 - point.column : point.column,
        grid_.flipRows ? static_cast<double>(grid_.rows) - 1.0 - point.row : point.row,
    };
}

HeightmapPoint GeodeticToHeightmap::pointOf(double latitudeDegrees, double longitudeDegrees) const
{
    double x = longitudeDegrees;
    double y = latitudeDegrees;
    if (!transform_->Transform(1, &x, &y) || !std::isfinite(x) || !std::isfinite(y)) {
        std::ostringstream message;
        message.precision(10);
        message << "latitude " << latitudeDegrees << ", longitude " << longitudeDegrees
                << " can not be transformed to the DEM's coordinate system";
        throw GeodeticMappingError(message.str());
    }
    // A geographic grid may keep its longitudes in another 360-degree window
    // than the transform's output: try the point's other windings too.
    const double windings[3] = {0.0, -fullTurn_, fullTurn_};
    const int windingCount = fullTurn_ > 0.0 ? 3 : 1;
    HeightmapPoint best;
    double bestOutside = std::numeric_limits<double>::infinity();
    for (int winding = 0; winding < windingCount; ++winding) {
        double pixel = 0.0;
        double line = 0.0;
        GDALApplyGeoTransform(const_cast<double*>(pixelOfCrs_.data()), x + windings[winding], y, &pixel, &line);
        // Pixel (p, l) of the file has its corner at (p, l) and its centre
        // at (p + 0.5, l + 0.5).
        const HeightmapPoint point = flippedAsTheLoader(HeightmapPoint{pixel - 0.5, line - 0.5});
        const double outside = distanceOutside(point.column, grid_.columns) + distanceOutside(point.row, grid_.rows);
        if (outside < bestOutside) {
            bestOutside = outside;
            best = point;
        }
    }
    return best;
}

GeodeticPoint GeodeticToHeightmap::geodeticOf(const HeightmapPoint& point) const
{
    const HeightmapPoint sample = flippedAsTheLoader(point);
    double x = 0.0;
    double y = 0.0;
    GDALApplyGeoTransform(const_cast<double*>(grid_.geoTransform.data()), sample.column + 0.5, sample.row + 0.5, &x,
                          &y);
    if (!inverse_->Transform(1, &x, &y) || !std::isfinite(x) || !std::isfinite(y)) {
        std::ostringstream message;
        message.precision(10);
        message << "heightmap point (" << point.column << ", " << point.row << ") can not be transformed to WGS 84";
        throw GeodeticMappingError(message.str());
    }
    return GeodeticPoint{y, x};
}

}  // namespace dem
