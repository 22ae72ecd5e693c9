#include "vectordata/Drape.h"

#include "vectordata/PolygonFill.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <map>
#include <numbers>

namespace vectordata {

namespace {

// The most samples one segment of a line is cut into.
constexpr double kMaxSamplesPerSegment = 65536.0;

// The longitude step from a to b the short way round.
double longitudeStep(const GeodeticVertex& a, const GeodeticVertex& b)
{
    return std::remainder(b.longitudeDegrees - a.longitudeDegrees, 360.0);
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
    LayerDrape(const DrapeGround& ground, double spacingMetres, std::size_t layerIndex,
               std::vector<DrapedVertex>& vertices, std::size_t budget)
        : ground_(ground),
          spacing_(spacingMetres),
          layerFlags_(static_cast<std::uint32_t>(layerIndex) << kDrapeLayerShift),
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
            vertices_.back().flags |= kDrapeLineEnd | kDrapeMarker;
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
        vertex.flags = layerFlags_;
        vertices_.push_back(vertex);
        return true;
    }

    const DrapeGround& ground_;
    double spacing_;
    std::uint32_t layerFlags_;
    std::vector<DrapedVertex>& vertices_;
    std::size_t limit_;
    std::size_t lineStart_ = vertices_.size();
};

// Square metres inside a polygon's outer ring (flat around its first point).
double areaOf(const VectorPolygon& polygon)
{
    const std::vector<GeodeticVertex>& ring = polygon.rings.front();
    const GeodeticVertex& origin = ring.front();
    constexpr double kMetresPerDegree = 111320.0;
    const double east = kMetresPerDegree * std::cos(origin.latitudeDegrees * std::numbers::pi / 180.0);
    double twiceArea = 0.0;
    for (std::size_t i = 0; i + 1 < ring.size(); ++i) {
        const double x0 = std::remainder(ring[i].longitudeDegrees - origin.longitudeDegrees, 360.0) * east;
        const double x1 = std::remainder(ring[i + 1].longitudeDegrees - origin.longitudeDegrees, 360.0) * east;
        const double y0 = (ring[i].latitudeDegrees - origin.latitudeDegrees) * kMetresPerDegree;
        const double y1 = (ring[i + 1].latitudeDegrees - origin.latitudeDegrees) * kMetresPerDegree;
        twiceArea += x0 * y1 - x1 * y0;
    }
    return std::abs(twiceArea) / 2.0;
}

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
    LayerDrape drape(ground, spacing, layerIndex, vertices, vertexBudget);
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

namespace vectordata {

std::size_t drapeFills(const VectorLayer& layer, const VectorLayerSpec& spec, std::size_t layerIndex,
                       const DrapeGround& ground, std::vector<DrapedVertex>& triangles, std::size_t vertexBudget)
{
    double area = 0.0;
    for (const VectorPolygon& polygon : layer.polygons) {
        area += polygon.rings.empty() || polygon.rings.front().empty() ? 0.0 : areaOf(polygon);
    }
    // A triangle cut to edges of s metres covers about s^2 / 4.
    const double budgetSpacing =
        std::sqrt(4.0 * area / static_cast<double>(std::max<std::size_t>(vertexBudget / 3, 1)));
    const double spacing = std::max({ground.sampleSpacingMetres, budgetSpacing, 1e-3});
    // Corners shared by neighbouring triangles are placed once.
    std::map<std::pair<std::uint64_t, std::uint64_t>, std::optional<SurfacePoint>> placed;
    const auto pointAt = [&](const GeodeticVertex& vertex) -> const std::optional<SurfacePoint>& {
        const std::pair key{std::bit_cast<std::uint64_t>(vertex.latitudeDegrees),
                            std::bit_cast<std::uint64_t>(vertex.longitudeDegrees)};
        auto found = placed.find(key);
        if (found == placed.end()) {
            found = placed.emplace(key, ground.pointAt(vertex.latitudeDegrees, vertex.longitudeDegrees)).first;
        }
        return found->second;
    };
    const std::size_t first = triangles.size();
    for (const VectorPolygon& polygon : layer.polygons) {
        const std::size_t left = vertexBudget - std::min(vertexBudget, triangles.size() - first);
        if (left < 3) {
            break;
        }
        const ResolvedStyle style = resolveStyle(spec, layerIndex, polygon.style);
        const std::uint32_t rgba = polygon.fillRgba.value_or((style.rgba & 0xffffff00u) | kDefaultFillAlpha);
        for (const GeodeticTriangle& triangle : fillTriangles(polygon, spacing, left / 3)) {
            std::array<DrapedVertex, 3> corners{};
            bool onSurface = true;
            for (std::size_t corner = 0; corner < 3 && onSurface; ++corner) {
                const std::optional<SurfacePoint>& point = pointAt(triangle[corner]);
                onSurface = point.has_value();
                if (onSurface) {
                    splitPosition(point->position, corners[corner].high, corners[corner].low);
                    corners[corner].up = glm::vec3(point->up);
                    corners[corner].rgba = rgba;
                    corners[corner].flags = static_cast<std::uint32_t>(layerIndex) << kDrapeLayerShift;
                }
            }
            if (onSurface) {
                triangles.insert(triangles.end(), corners.begin(), corners.end());
            }
        }
    }
    return triangles.size() - first;
}

}  // namespace vectordata

namespace vectordata {

std::size_t drapeLabels(const VectorLayer& layer, const VectorLayerSpec& spec, std::size_t layerIndex,
                        const DrapeGround& ground, const LabelFont& font, DrapedLabels& labels)
{
    labels.atlas = font.atlas();
    labels.atlasWidth = font.atlasWidth();
    labels.atlasHeight = font.atlasHeight();
    std::size_t added = 0;
    for (const VectorPlace& place : layer.places) {
        if (place.name.empty() || labels.labels.size() >= kMaxDrapedLabels) {
            continue;
        }
        const std::optional<SurfacePoint> point =
            ground.pointAt(place.point.latitudeDegrees, place.point.longitudeDegrees);
        if (!point) {
            continue;
        }
        const LabelLayout text = font.layout(place.name);
        if (text.glyphs.empty()) {
            continue;
        }
        const ResolvedStyle style = resolveStyle(spec, layerIndex, place.style);
        DrapedLabel label;
        splitPosition(point->position, label.high, label.low);
        label.up = glm::vec3(point->up);
        label.textOffsetPixels = markerDiameterOf(style) * 0.5f + 2.0f;
        label.firstGlyph = static_cast<std::uint32_t>(labels.glyphs.size());
        label.glyphCount = static_cast<std::uint32_t>(text.glyphs.size());
        label.widthPixels = text.width;
        label.heightPixels = text.height;
        label.layer = static_cast<std::uint32_t>(layerIndex);
        labels.glyphs.insert(labels.glyphs.end(), text.glyphs.begin(), text.glyphs.end());
        labels.labels.push_back(label);
        labels.anchors.push_back(point->position);
        ++added;
    }
    return added;
}

}  // namespace vectordata
