#include "vectordata/LineLevels.h"

#include "camera/Projection.h"

#include <glm/geometric.hpp>

#include <algorithm>
#include <cmath>

namespace vectordata {

namespace {

glm::dvec3 positionOf(const DrapedVertex& vertex)
{
    return glm::dvec3(vertex.high) + glm::dvec3(vertex.low);
}

double distanceToSegment(const glm::dvec3& p, const glm::dvec3& a, const glm::dvec3& b)
{
    const glm::dvec3 along = b - a;
    const double lengthSquared = glm::dot(along, along);
    const double t = lengthSquared > 0.0 ? std::clamp(glm::dot(p - a, along) / lengthSquared, 0.0, 1.0) : 0.0;
    return glm::length(p - (a + t * along));
}

// Douglas-Peucker: marks in `keep` the points of [first, last] that the
// polyline within `tolerance` needs (both ends always).
void simplify(const std::vector<glm::dvec3>& points, std::size_t first, std::size_t last, double tolerance,
              std::vector<bool>& keep)
{
    std::vector<std::pair<std::size_t, std::size_t>> pending{{first, last}};
    keep[first] = true;
    keep[last] = true;
    while (!pending.empty()) {
        const auto [a, b] = pending.back();
        pending.pop_back();
        double farthest = -1.0;
        std::size_t index = a;
        for (std::size_t i = a + 1; i < b; ++i) {
            const double distance = distanceToSegment(points[i], points[a], points[b]);
            if (distance > farthest) {
                farthest = distance;
                index = i;
            }
        }
        if (farthest > tolerance) {
            keep[index] = true;
            pending.emplace_back(a, index);
            pending.emplace_back(index, b);
        }
    }
}

// Appends the chunk of `lines` [first, last] (one line's run, or a marker)
// with its levels.
void addChunk(const std::vector<DrapedVertex>& lines, std::size_t first, std::size_t last, LineLevels& levels)
{
    std::vector<glm::dvec3> points;
    for (std::size_t i = first; i <= last; ++i) {
        points.push_back(positionOf(lines[i]));
    }
    LineChunk chunk;
    glm::dvec3 low = points.front();
    glm::dvec3 high = points.front();
    for (const glm::dvec3& point : points) {
        low = glm::min(low, point);
        high = glm::max(high, point);
    }
    chunk.centre = (low + high) * 0.5;
    for (const glm::dvec3& point : points) {
        chunk.radius = std::max(chunk.radius, glm::length(point - chunk.centre));
    }
    double tolerance = 0.0;
    for (std::size_t level = 0; level < kLineLevelCount; ++level) {
        std::vector<bool> keep(points.size(), level == 0);
        if (level > 0) {
            simplify(points, 0, points.size() - 1, tolerance, keep);
        }
        chunk.first[level] = static_cast<std::uint32_t>(levels.vertices.size());
        for (std::size_t i = 0; i < points.size(); ++i) {
            if (keep[i]) {
                DrapedVertex vertex = lines[first + i];
                vertex.flags &= ~kDrapeLineEnd;
                levels.vertices.push_back(vertex);
            }
        }
        levels.vertices.back().flags |= kDrapeLineEnd;
        chunk.count[level] = static_cast<std::uint32_t>(levels.vertices.size()) - chunk.first[level];
        tolerance = level == 0 ? kFinestLineTolerance : tolerance * 2.0;
    }
    levels.fullSegments += (lines[first].flags & kDrapeMarker) != 0 ? 1 : last - first;
    levels.chunks.push_back(chunk);
}

}  // namespace

LineLevels buildLineLevels(const std::vector<DrapedVertex>& lines)
{
    LineLevels levels;
    std::size_t first = 0;
    for (std::size_t i = 0; i < lines.size(); ++i) {
        const bool end = (lines[i].flags & kDrapeLineEnd) != 0;
        if (end || i - first == kLineChunkSegments) {
            // A lone vertex draws only as a marker.
            if (i > first || (lines[i].flags & kDrapeMarker) != 0) {
                addChunk(lines, first, i, levels);
            }
            // The next chunk starts where this one ends, unless the line did.
            first = end ? i + 1 : i;
        }
    }
    return levels;
}

void selectLineSegments(const LineLevels& levels, const LineView& view, std::vector<std::uint32_t>& starts)
{
    starts.clear();
    const std::array<glm::vec4, 6> planes = camera::frustumPlanesOf(view.viewRotationProjection);
    for (const LineChunk& chunk : levels.chunks) {
        const glm::dvec3 relative = chunk.centre - view.cameraPosition;
        bool outside = false;
        for (const glm::vec4& plane : planes) {
            const glm::dvec3 normal(plane);
            const double length = glm::length(normal);
            if (length > 0.0 && (glm::dot(normal, relative) + static_cast<double>(plane.w)) / length < -chunk.radius) {
                outside = true;
                break;
            }
        }
        if (outside) {
            continue;
        }
        // The nearest the chunk comes to the camera, and the metres a pixel
        // covers there.
        const double distance = std::max(glm::length(relative) - chunk.radius, 1e-3);
        const double allowed = kLineTolerancePixels * distance / view.pixelsPerRadian;
        std::size_t level = 0;
        double tolerance = kFinestLineTolerance;
        while (level + 1 < kLineLevelCount && tolerance <= allowed) {
            ++level;
            tolerance *= 2.0;
        }
        const std::uint32_t first = chunk.first[level];
        const std::uint32_t count = chunk.count[level];
        // Each vertex but the last starts a segment; a marker is its own.
        for (std::uint32_t i = 0; i + 1 < count; ++i) {
            starts.push_back(first + i);
        }
        if (count == 1) {
            starts.push_back(first);
        }
    }
}

}  // namespace vectordata
