#include "vectordata/Drape.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace vectordata {

namespace {

// The mean radius of the Earth, metres: enough to space a line's samples.
constexpr double kMeanEarthRadiusMetres = 6371008.8;
// The most samples one segment of a line is cut into.
constexpr double kMaxSamplesPerSegment = 65536.0;

double radians(double degrees)
{
    return degrees * std::numbers::pi / 180.0;
}

// The longitude step from a to b the short way round.
double longitudeStep(const GeodeticVertex& a, const GeodeticVertex& b)
{
    return std::remainder(b.longitudeDegrees - a.longitudeDegrees, 360.0);
}

// Great-circle metres between two points (haversine).
double metresBetween(const GeodeticVertex& a, const GeodeticVertex& b)
{
    const double latitudeA = radians(a.latitudeDegrees);
    const double latitudeB = radians(b.latitudeDegrees);
    const double sinLatitude = std::sin((latitudeB - latitudeA) / 2.0);
    const double sinLongitude = std::sin(radians(longitudeStep(a, b)) / 2.0);
    const double h =
        sinLatitude * sinLatitude + std::cos(latitudeA) * std::cos(latitudeB) * sinLongitude * sinLongitude;
    return 2.0 * kMeanEarthRadiusMetres * std::asin(std::min(1.0, std::sqrt(h)));
}

double lengthOf(const std::vector<GeodeticVertex>& points)
{
    double metres = 0.0;
    for (std::size_t i = 1; i < points.size(); ++i) {
        metres += metresBetween(points[i - 1], points[i]);
    }
    return metres;
}

class LayerDrape {
public:
    LayerDrape(const DrapeGround& ground, double spacingMetres, std::vector<DrapedVertex>& vertices, std::size_t budget)
        : ground_(ground),
          spacing_(spacingMetres),
          vertices_(vertices),
          limit_(vertices.size() + budget)
    {
    }

    // A line (or ring) sampled every spacing_ metres at most.
    void line(const std::vector<GeodeticVertex>& points, const ResolvedStyle& style)
    {
        for (std::size_t i = 0; i + 1 < points.size(); ++i) {
            const GeodeticVertex& a = points[i];
            const GeodeticVertex& b = points[i + 1];
            const double steps = std::clamp(std::ceil(metresBetween(a, b) / spacing_), 1.0, kMaxSamplesPerSegment);
            const double longitudeDelta = longitudeStep(a, b);
            const auto count = static_cast<std::uint32_t>(steps);
            for (std::uint32_t step = i == 0 ? 0u : 1u; step <= count; ++step) {
                const double t = static_cast<double>(step) / steps;
                const double latitude = a.latitudeDegrees + t * (b.latitudeDegrees - a.latitudeDegrees);
                const double longitude = std::remainder(a.longitudeDegrees + t * longitudeDelta, 360.0);
                linePoint(latitude, longitude, style);
            }
        }
        endLine();
    }

    void marker(const GeodeticVertex& point, const ResolvedStyle& style)
    {
        ResolvedStyle markerStyle = style;
        markerStyle.widthPixels = std::max(kMinMarkerDiameterPixels, style.widthPixels * kMarkerDiameterPerLineWidth);
        if (append(point.latitudeDegrees, point.longitudeDegrees, markerStyle)) {
            vertices_.back().flags = kDrapeLineEnd | kDrapeMarker;
        }
    }

    [[nodiscard]] bool full() const { return vertices_.size() >= limit_; }

private:
    void linePoint(double latitude, double longitude, const ResolvedStyle& style)
    {
        if (!append(latitude, longitude, style)) {
            endLine();
        }
    }

    // The line so far ends at its last vertex (a single one draws nothing).
    void endLine()
    {
        if (lineStart_ < vertices_.size()) {
            vertices_.back().flags |= kDrapeLineEnd;
        }
        lineStart_ = vertices_.size();
    }

    bool append(double latitude, double longitude, const ResolvedStyle& style)
    {
        if (full()) {
            return false;
        }
        const std::optional<SurfacePoint> point = ground_.pointAt(latitude, longitude);
        if (!point) {
            return false;
        }
        DrapedVertex vertex;
        splitPosition(point->position, vertex.high, vertex.low);
        vertex.up = glm::vec3(point->up);
        vertex.widthPixels = style.widthPixels;
        vertex.rgba = style.rgba;
        vertices_.push_back(vertex);
        return true;
    }

    const DrapeGround& ground_;
    double spacing_;
    std::vector<DrapedVertex>& vertices_;
    std::size_t limit_;
    std::size_t lineStart_ = vertices_.size();
};

}  // namespace

void splitPosition(const glm::dvec3& position, glm::vec3& high, glm::vec3& low)
{
    // Component by component: GCC 12 at -O3 folds the vector form's
    // double -> float -> double round trip away, and every low part to 0.
    for (glm::length_t axis = 0; axis < 3; ++axis) {
        const auto rounded = static_cast<float>(position[axis]);
        high[axis] = rounded;
        low[axis] = static_cast<float>(position[axis] - static_cast<double>(rounded));
    }
}

std::size_t drapeLayer(const VectorLayer& layer, const VectorLayerSpec& spec, std::size_t layerIndex,
                       const DrapeGround& ground, std::vector<DrapedVertex>& vertices, std::size_t vertexBudget)
{
    double totalMetres = 0.0;
    for (const VectorLine& line : layer.lines) {
        totalMetres += lengthOf(line.points);
    }
    for (const VectorPolygon& polygon : layer.polygons) {
        for (const std::vector<GeodeticVertex>& ring : polygon.rings) {
            totalMetres += lengthOf(ring);
        }
    }
    // Coarser than the data where the budget would not hold the layer.
    const double budgetSpacing = totalMetres / static_cast<double>(std::max<std::size_t>(vertexBudget / 2, 1));
    const double spacing = std::max({ground.sampleSpacingMetres, budgetSpacing, 1e-3});
    const std::size_t first = vertices.size();
    LayerDrape drape(ground, spacing, vertices, vertexBudget);
    for (const VectorPolygon& polygon : layer.polygons) {
        for (const std::vector<GeodeticVertex>& ring : polygon.rings) {
            drape.line(ring, resolveStyle(spec, layerIndex, polygon.style));
        }
    }
    for (const VectorLine& line : layer.lines) {
        drape.line(line.points, resolveStyle(spec, layerIndex, line.style));
    }
    for (const VectorPlace& place : layer.places) {
        drape.marker(place.point, resolveStyle(spec, layerIndex, place.style));
    }
    if (!vertices.empty()) {
        vertices.back().flags |= kDrapeLineEnd;
    }
    return vertices.size() - first;
}

}  // namespace vectordata
