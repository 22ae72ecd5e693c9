#include "vectordata/PolygonFill.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace vectordata {

namespace {

// A point of the polygon's plane: x the longitude (unwrapped around the
// polygon's first point) scaled by the cosine of its first latitude, y the
// latitude. The geodetic vertex it came from is kept beside it.
struct PlanePoint {
    double x = 0.0;
    double y = 0.0;
    GeodeticVertex vertex;
};

double cross(const PlanePoint& a, const PlanePoint& b, const PlanePoint& c)
{
    return (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x);
}

bool samePlace(const PlanePoint& a, const PlanePoint& b)
{
    return a.x == b.x && a.y == b.y;
}

double signedArea(const std::vector<PlanePoint>& ring)
{
    double area = 0.0;
    for (std::size_t i = 0; i < ring.size(); ++i) {
        const PlanePoint& a = ring[i];
        const PlanePoint& b = ring[(i + 1) % ring.size()];
        area += a.x * b.y - b.x * a.y;
    }
    return area / 2.0;
}

// The rings in the plane, open (no repeated last point), without repeated
// neighbours: the outer one counter-clockwise, the holes clockwise.
std::vector<std::vector<PlanePoint>> planeRings(const VectorPolygon& polygon)
{
    const GeodeticVertex origin = polygon.rings.front().front();
    const double scale = std::cos(origin.latitudeDegrees * std::numbers::pi / 180.0);
    std::vector<std::vector<PlanePoint>> rings;
    for (std::size_t index = 0; index < polygon.rings.size(); ++index) {
        std::vector<PlanePoint> ring;
        for (const GeodeticVertex& vertex : polygon.rings[index]) {
            const double longitude =
                origin.longitudeDegrees + std::remainder(vertex.longitudeDegrees - origin.longitudeDegrees, 360.0);
            const PlanePoint point{longitude * scale, vertex.latitudeDegrees, {vertex.latitudeDegrees, longitude}};
            if (ring.empty() || !samePlace(ring.back(), point)) {
                ring.push_back(point);
            }
        }
        while (ring.size() > 1 && samePlace(ring.front(), ring.back())) {
            ring.pop_back();
        }
        if (ring.size() < 3 || signedArea(ring) == 0.0) {
            if (index == 0) {
                return {};
            }
            continue;
        }
        if ((signedArea(ring) > 0.0) != (index == 0)) {
            std::reverse(ring.begin(), ring.end());
        }
        rings.push_back(std::move(ring));
    }
    return rings;
}

bool insideTriangle(const PlanePoint& a, const PlanePoint& b, const PlanePoint& c, const PlanePoint& p)
{
    return cross(a, b, p) >= 0.0 && cross(b, c, p) >= 0.0 && cross(c, a, p) >= 0.0;
}

// Joins `hole` into `outer` by two coincident edges from the hole's
// rightmost point to a point of the outer ring it sees (Eberly's bridge).
// False when no edge of the outer ring lies to the hole's right.
bool bridgeHole(std::vector<PlanePoint>& outer, const std::vector<PlanePoint>& hole)
{
    const auto rightmost = static_cast<std::size_t>(
        std::max_element(hole.begin(), hole.end(), [](const PlanePoint& a, const PlanePoint& b) { return a.x < b.x; }) -
        hole.begin());
    const PlanePoint& m = hole[rightmost];
    // The nearest crossing of the ray from m towards +x.
    double nearest = INFINITY;
    std::size_t visible = outer.size();
    for (std::size_t i = 0; i < outer.size(); ++i) {
        const PlanePoint& a = outer[i];
        const PlanePoint& b = outer[(i + 1) % outer.size()];
        if ((a.y > m.y) == (b.y > m.y)) {
            continue;
        }
        const double x = a.x + (m.y - a.y) * (b.x - a.x) / (b.y - a.y);
        if (x >= m.x && x < nearest) {
            nearest = x;
            visible = a.x > b.x ? i : (i + 1) % outer.size();
        }
    }
    if (visible == outer.size()) {
        return false;
    }
    // A reflex point of the outer ring inside (m, crossing, candidate) hides
    // the candidate: take the one closest in angle to the ray instead.
    const PlanePoint crossing{nearest, m.y, {}};
    const PlanePoint candidate = outer[visible];
    double bestTangent = INFINITY;
    for (std::size_t i = 0; i < outer.size(); ++i) {
        const PlanePoint& p = outer[i];
        const PlanePoint& previous = outer[(i + outer.size() - 1) % outer.size()];
        const PlanePoint& next = outer[(i + 1) % outer.size()];
        const bool reflex = cross(previous, p, next) <= 0.0;
        if (i == visible || !reflex || p.x < m.x) {
            continue;
        }
        const bool inside =
            m.y <= candidate.y ? insideTriangle(m, crossing, candidate, p) : insideTriangle(m, candidate, crossing, p);
        if (!inside) {
            continue;
        }
        const double tangent = std::abs(p.y - m.y) / std::max(p.x - m.x, 1e-300);
        if (tangent < bestTangent) {
            bestTangent = tangent;
            visible = i;
        }
    }
    std::vector<PlanePoint> joined(outer.begin(), outer.begin() + static_cast<std::ptrdiff_t>(visible) + 1);
    for (std::size_t k = 0; k <= hole.size(); ++k) {
        joined.push_back(hole[(rightmost + k) % hole.size()]);
    }
    joined.push_back(outer[visible]);
    joined.insert(joined.end(), outer.begin() + static_cast<std::ptrdiff_t>(visible) + 1, outer.end());
    outer = std::move(joined);
    return true;
}

// Ear clipping of a counter-clockwise (weakly simple) ring.
std::vector<GeodeticTriangle> clipEars(const std::vector<PlanePoint>& ring)
{
    const std::size_t count = ring.size();
    std::vector<std::size_t> previous(count);
    std::vector<std::size_t> next(count);
    for (std::size_t i = 0; i < count; ++i) {
        previous[i] = (i + count - 1) % count;
        next[i] = (i + 1) % count;
    }
    const auto isReflex = [&](std::size_t i) { return cross(ring[previous[i]], ring[i], ring[next[i]]) <= 0.0; };
    std::vector<std::size_t> reflex;
    for (std::size_t i = 0; i < count; ++i) {
        if (isReflex(i)) {
            reflex.push_back(i);
        }
    }
    std::vector<bool> removed(count, false);
    const auto isEar = [&](std::size_t i) {
        const PlanePoint& a = ring[previous[i]];
        const PlanePoint& b = ring[i];
        const PlanePoint& c = ring[next[i]];
        if (cross(a, b, c) <= 0.0) {
            return false;
        }
        return std::none_of(reflex.begin(), reflex.end(), [&](std::size_t r) {
            const PlanePoint& p = ring[r];
            return !removed[r] && r != previous[i] && r != i && r != next[i] && !samePlace(p, a) && !samePlace(p, b) &&
                   !samePlace(p, c) && insideTriangle(a, b, c, p);
        });
    };
    std::vector<GeodeticTriangle> triangles;
    std::size_t remaining = count;
    std::size_t current = 0;
    std::size_t sinceLastEar = 0;
    while (remaining > 3 && sinceLastEar < remaining) {
        if (isEar(current)) {
            triangles.push_back({ring[previous[current]].vertex, ring[current].vertex, ring[next[current]].vertex});
            removed[current] = true;
            next[previous[current]] = next[current];
            previous[next[current]] = previous[current];
            const std::size_t after = next[current];
            --remaining;
            sinceLastEar = 0;
            // The neighbours may have turned convex.
            std::erase_if(reflex, [&](std::size_t r) { return removed[r] || !isReflex(r); });
            current = after;
        } else {
            current = next[current];
            ++sinceLastEar;
        }
    }
    if (remaining == 3 && cross(ring[previous[current]], ring[current], ring[next[current]]) > 0.0) {
        triangles.push_back({ring[previous[current]].vertex, ring[current].vertex, ring[next[current]].vertex});
    }
    return triangles;
}

GeodeticVertex midpointOf(const GeodeticVertex& a, const GeodeticVertex& b)
{
    return {(a.latitudeDegrees + b.latitudeDegrees) * 0.5, (a.longitudeDegrees + b.longitudeDegrees) * 0.5};
}

// Cuts `triangle` across its longest edge until no edge exceeds
// `maxEdgeMetres`.
void bisectLongestEdges(const GeodeticTriangle& triangle, double maxEdgeMetres, std::size_t budget,
                        std::vector<GeodeticTriangle>& out)
{
    std::vector<GeodeticTriangle> pending{triangle};
    while (!pending.empty() && out.size() < budget) {
        const GeodeticTriangle current = pending.back();
        pending.pop_back();
        std::array<double, 3> lengths{};
        for (std::size_t edge = 0; edge < 3; ++edge) {
            lengths[edge] = metresBetween(current[edge], current[(edge + 1) % 3]);
        }
        const auto longest =
            static_cast<std::size_t>(std::max_element(lengths.begin(), lengths.end()) - lengths.begin());
        if (lengths[longest] <= maxEdgeMetres) {
            out.push_back(current);
            continue;
        }
        const GeodeticVertex& a = current[longest];
        const GeodeticVertex& b = current[(longest + 1) % 3];
        const GeodeticVertex& c = current[(longest + 2) % 3];
        const GeodeticVertex middle = midpointOf(a, b);
        pending.push_back({a, middle, c});
        pending.push_back({middle, b, c});
    }
}

}  // namespace

std::vector<GeodeticTriangle> fillTriangles(const VectorPolygon& polygon, double maxEdgeMetres,
                                            std::size_t triangleBudget)
{
    std::size_t points = 0;
    for (const std::vector<GeodeticVertex>& ring : polygon.rings) {
        points += ring.size();
    }
    if (polygon.rings.empty() || polygon.rings.front().empty() || points > kMaxFilledPolygonPoints) {
        return {};
    }
    std::vector<std::vector<PlanePoint>> rings = planeRings(polygon);
    if (rings.empty()) {
        return {};
    }
    std::vector<PlanePoint> outer = std::move(rings.front());
    std::vector<std::vector<PlanePoint>> holes(std::make_move_iterator(rings.begin() + 1),
                                               std::make_move_iterator(rings.end()));
    std::sort(holes.begin(), holes.end(), [](const std::vector<PlanePoint>& a, const std::vector<PlanePoint>& b) {
        const auto right = [](const std::vector<PlanePoint>& ring) {
            return std::max_element(ring.begin(), ring.end(),
                                    [](const PlanePoint& p, const PlanePoint& q) { return p.x < q.x; })
                ->x;
        };
        return right(a) > right(b);
    });
    for (const std::vector<PlanePoint>& hole : holes) {
        static_cast<void>(bridgeHole(outer, hole));
    }
    std::vector<GeodeticTriangle> triangles;
    for (const GeodeticTriangle& triangle : clipEars(outer)) {
        bisectLongestEdges(triangle, maxEdgeMetres, triangleBudget, triangles);
    }
    for (GeodeticTriangle& triangle : triangles) {
        for (GeodeticVertex& vertex : triangle) {
            vertex.longitudeDegrees = std::remainder(vertex.longitudeDegrees, 360.0);
        }
    }
    return triangles;
}

}  // namespace vectordata
