#include "vectordata/TrackReader.h"

#include "dem/DemGdal.h"
#include "geodesy/SolarEphemeris.h"
#include "vectordata/Wgs84Transform.h"

#include <ogrsf_frmts.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>
#include <string_view>

namespace vectordata {

namespace {

struct PlanarPoint {
    double x = 0.0;
    double y = 0.0;
    std::optional<double> seconds;
};

// A line as the layer gives it, before its CRS is undone.
struct LayerLine {
    std::vector<PlanarPoint> points;
    const OGRSpatialReference* crs = nullptr;
    std::string description;
};

[[noreturn]] void fail(const std::string& source, const std::string& problem)
{
    throw VectorDataError(source + ": " + problem);
}

// The instant of a date-time field, in seconds since J2000, or empty when
// the field is unset or outside the years the ephemeris knows.
std::optional<double> secondsOf(OGRFeature& feature, int field)
{
    if (field < 0 || !feature.IsFieldSetAndNotNull(field)) {
        return std::nullopt;
    }
    int year = 0;
    int month = 0;
    int day = 0;
    int hour = 0;
    int minute = 0;
    float second = 0.0f;
    int zone = 0;
    if (feature.GetFieldAsDateTime(field, &year, &month, &day, &hour, &minute, &second, &zone) == 0) {
        return std::nullopt;
    }
    const geodesy::UtcInstant instant{year, month, day, hour, minute};
    if (!geodesy::isValidInstant(instant)) {
        return std::nullopt;
    }
    // OGR's zone flag: 100 is UTC, each step above or below it 15 minutes
    // east or west; 0 (unknown) and 1 (local) are read as UTC.
    const double zoneSeconds = zone > 1 ? (zone - 100) * 900.0 : 0.0;
    return geodesy::daysSinceJ2000(instant) * 86400.0 + static_cast<double>(second) - zoneSeconds;
}

void appendLine(const OGRLineString& line, std::vector<PlanarPoint>& points)
{
    for (int i = 0; i < line.getNumPoints(); ++i) {
        points.push_back({line.getX(i), line.getY(i), std::nullopt});
    }
}

// The points of a line or multi-line geometry, empty for any other.
std::vector<PlanarPoint> linePoints(const OGRGeometry& geometry)
{
    std::vector<PlanarPoint> points;
    const OGRwkbGeometryType type = wkbFlatten(geometry.getGeometryType());
    if (type == wkbLineString) {
        appendLine(*geometry.toLineString(), points);
    } else if (type == wkbMultiLineString) {
        for (const OGRLineString* part : *geometry.toMultiLineString()) {
            appendLine(*part, points);
        }
    }
    return points;
}

// A GPX file's first track (or route) from its point layer, with times.
std::optional<LayerLine> gpxLine(GDALDataset& dataset, const char* pointLayer, const char* lineLayer,
                                 const char* parentField)
{
    OGRLayer* points = dataset.GetLayerByName(pointLayer);
    if (points == nullptr) {
        return std::nullopt;
    }
    const int parent = points->GetLayerDefn()->GetFieldIndex(parentField);
    const int time = points->GetLayerDefn()->GetFieldIndex("time");
    LayerLine line;
    std::optional<GIntBig> first;
    points->ResetReading();
    for (const OGRFeatureUniquePtr& feature : *points) {
        const GIntBig owner = parent >= 0 ? feature->GetFieldAsInteger64(parent) : 0;
        first = first.value_or(owner);
        const OGRGeometry* geometry = feature->GetGeometryRef();
        if (owner != *first || geometry == nullptr || wkbFlatten(geometry->getGeometryType()) != wkbPoint) {
            continue;
        }
        const OGRPoint* point = geometry->toPoint();
        line.points.push_back({point->getX(), point->getY(), secondsOf(*feature, time)});
    }
    if (line.points.empty()) {
        return std::nullopt;
    }
    line.crs = points->GetSpatialRef();
    line.description = std::string("GPX ") + (std::string_view(lineLayer) == "tracks" ? "track" : "route");
    if (OGRLayer* lines = dataset.GetLayerByName(lineLayer); lines != nullptr) {
        lines->ResetReading();
        const OGRFeatureUniquePtr feature(lines->GetNextFeature());
        const int name = lines->GetLayerDefn()->GetFieldIndex("name");
        if (feature && name >= 0 && feature->IsFieldSetAndNotNull(name)) {
            line.description += " \"" + std::string(feature->GetFieldAsString(name)) + "\"";
        }
    }
    return line;
}

// The first line of any layer.
std::optional<LayerLine> firstLine(GDALDataset& dataset)
{
    for (OGRLayer* layer : dataset.GetLayers()) {
        layer->ResetReading();
        for (const OGRFeatureUniquePtr& feature : *layer) {
            const OGRGeometry* geometry = feature->GetGeometryRef();
            if (geometry == nullptr) {
                continue;
            }
            LayerLine line;
            line.points = linePoints(*geometry);
            if (line.points.empty()) {
                continue;
            }
            line.crs = layer->GetSpatialRef();
            line.description = "layer " + std::string(layer->GetName()) + ", feature " +
                               std::to_string(static_cast<long long>(feature->GetFID()));
            return line;
        }
    }
    return std::nullopt;
}

// The line's points in WGS 84.
std::vector<TrackPoint> inWgs84(const std::string& source, const LayerLine& line)
{
    std::vector<double> x;
    std::vector<double> y;
    for (const PlanarPoint& point : line.points) {
        x.push_back(point.x);
        y.push_back(point.y);
    }
    Wgs84Transform(source, line.crs).apply(x, y, "the line");
    std::vector<TrackPoint> points;
    for (std::size_t i = 0; i < line.points.size(); ++i) {
        points.push_back({y[i], x[i], line.points[i].seconds});
    }
    return points;
}

}  // namespace

bool Track::timed() const
{
    return !points.empty() &&
           std::all_of(points.begin(), points.end(), [](const TrackPoint& point) { return point.seconds.has_value(); });
}

Track readTrack(const std::string& source)
{
    const dem::GdalErrorCapture errors;
    GDALAllRegister();
    const dem::GdalDatasetHandle dataset(
        GDALDataset::Open(source.c_str(), GDAL_OF_VECTOR | GDAL_OF_READONLY, nullptr, nullptr, nullptr));
    if (!dataset) {
        fail(source, "GDAL can not open it as vector data" + errors.detail());
    }
    std::optional<LayerLine> line;
    const GDALDriver* driver = dataset->GetDriver();
    if (driver != nullptr && std::string_view(driver->GetDescription()) == "GPX") {
        line = gpxLine(*dataset, "track_points", "tracks", "track_fid");
        if (!line) {
            line = gpxLine(*dataset, "route_points", "routes", "route_fid");
        }
    } else {
        line = firstLine(*dataset);
    }
    if (!line) {
        fail(source, "holds no line to follow (no track, route, line or multi-line)");
    }
    Track track;
    track.points = inWgs84(source, *line);
    track.description = line->description;
    return track;
}

}  // namespace vectordata
