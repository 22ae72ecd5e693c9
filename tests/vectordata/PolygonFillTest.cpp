// The triangles that fill a polygon (src/vectordata/PolygonFill.h): they
// cover the outer ring less its holes exactly (their areas add up, none lies
// in a hole), for convex, concave and holed polygons and one across the date
// line; every edge is at most the spacing asked for; and the mesh has no
// crack: each edge is shared by two triangles, or lies on a ring.
#include "vectordata/PolygonFill.h"

#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <utility>

namespace vectordata {
namespace {

// Twice the signed area in the plane of degrees (longitudes unwrapped
// around the first corner).
double planeArea(const GeodeticTriangle& t)
{
    const auto x = [&](std::size_t i) {
        return t[0].longitudeDegrees + std::remainder(t[i].longitudeDegrees - t[0].longitudeDegrees, 360.0);
    };
    return ((x(1) - x(0)) * (t[2].latitudeDegrees - t[0].latitudeDegrees) -
            (t[1].latitudeDegrees - t[0].latitudeDegrees) * (x(2) - x(0))) /
           2.0;
}

VectorPolygon polygonOf(std::vector<std::vector<GeodeticVertex>> rings)
{
    VectorPolygon polygon;
    polygon.rings = std::move(rings);
    return polygon;
}

using EdgeKey = std::pair<std::pair<double, double>, std::pair<double, double>>;

EdgeKey edgeOf(const GeodeticVertex& a, const GeodeticVertex& b)
{
    std::pair first{a.latitudeDegrees, a.longitudeDegrees};
    std::pair second{b.latitudeDegrees, b.longitudeDegrees};
    return first < second ? EdgeKey{first, second} : EdgeKey{second, first};
}

// Whether p lies on the segment a-b of a ring (within rounding).
bool onSegment(const std::pair<double, double>& p, const GeodeticVertex& a, const GeodeticVertex& b)
{
    const double crossed = (b.latitudeDegrees - a.latitudeDegrees) * (p.second - a.longitudeDegrees) -
                           (b.longitudeDegrees - a.longitudeDegrees) * (p.first - a.latitudeDegrees);
    const bool within = p.first >= std::min(a.latitudeDegrees, b.latitudeDegrees) - 1e-12 &&
                        p.first <= std::max(a.latitudeDegrees, b.latitudeDegrees) + 1e-12 &&
                        p.second >= std::min(a.longitudeDegrees, b.longitudeDegrees) - 1e-12 &&
                        p.second <= std::max(a.longitudeDegrees, b.longitudeDegrees) + 1e-12;
    return within && std::abs(crossed) < 1e-12;
}

// Checks the fill's cover, edge lengths and shared edges.
void expectWatertightFill(const VectorPolygon& polygon, double expectedArea, double spacing)
{
    const std::vector<GeodeticTriangle> triangles = fillTriangles(polygon, spacing, 1000000);
    ASSERT_FALSE(triangles.empty());
    double area = 0.0;
    std::map<EdgeKey, int> edges;
    for (const GeodeticTriangle& triangle : triangles) {
        EXPECT_GT(planeArea(triangle), 0.0) << "a triangle wound clockwise or flat";
        area += planeArea(triangle);
        for (std::size_t i = 0; i < 3; ++i) {
            EXPECT_LE(metresBetween(triangle[i], triangle[(i + 1) % 3]), spacing);
            ++edges[edgeOf(triangle[i], triangle[(i + 1) % 3])];
        }
    }
    EXPECT_NEAR(area, expectedArea, expectedArea * 1e-9);
    for (const auto& [edge, count] : edges) {
        ASSERT_LE(count, 2);
        if (count == 2) {
            continue;
        }
        // An edge of one triangle only lies on a ring: no T-junction.
        const std::pair middle{(edge.first.first + edge.second.first) / 2.0,
                               (edge.first.second + edge.second.second) / 2.0};
        bool onRing = false;
        for (const std::vector<GeodeticVertex>& ring : polygon.rings) {
            for (std::size_t i = 0; i < ring.size() && !onRing; ++i) {
                onRing = onSegment(middle, ring[i], ring[(i + 1) % ring.size()]);
            }
        }
        EXPECT_TRUE(onRing) << "a crack at " << middle.first << ", " << middle.second;
    }
}

TEST(PolygonFill, FillsASquareWithAHoleWithoutCracks)
{
    const VectorPolygon polygon = polygonOf({{{46.0, 7.0}, {46.0, 7.1}, {46.1, 7.1}, {46.1, 7.0}, {46.0, 7.0}},
                                             {{46.02, 7.02}, {46.05, 7.02}, {46.05, 7.05}, {46.02, 7.05}}});
    expectWatertightFill(polygon, 0.1 * 0.1 - 0.03 * 0.03, 1500.0);
    for (const GeodeticTriangle& triangle : fillTriangles(polygon, 1500.0, 1000000)) {
        const double latitude =
            (triangle[0].latitudeDegrees + triangle[1].latitudeDegrees + triangle[2].latitudeDegrees) / 3.0;
        const double longitude =
            (triangle[0].longitudeDegrees + triangle[1].longitudeDegrees + triangle[2].longitudeDegrees) / 3.0;
        EXPECT_FALSE(latitude > 46.02 && latitude < 46.05 && longitude > 7.02 && longitude < 7.05)
            << "a triangle in the hole";
    }
}

TEST(PolygonFill, FillsConcaveRingsGivenEitherWayRound)
{
    // A U, clockwise: 3 x 3 cells less the middle column's upper two.
    const VectorPolygon u = polygonOf(
        {{{0.0, 0.0}, {0.3, 0.0}, {0.3, 0.1}, {0.1, 0.1}, {0.1, 0.2}, {0.3, 0.2}, {0.3, 0.3}, {0.0, 0.3}, {0.0, 0.0}}});
    expectWatertightFill(u, 0.09 - 0.02, 5000.0);
    // Two holes side by side in a comb.
    const VectorPolygon comb = polygonOf({{{10.0, 10.0}, {10.0, 10.5}, {10.2, 10.5}, {10.2, 10.0}},
                                          {{10.05, 10.1}, {10.15, 10.1}, {10.15, 10.2}, {10.05, 10.2}},
                                          {{10.05, 10.3}, {10.15, 10.3}, {10.15, 10.4}, {10.05, 10.4}}});
    expectWatertightFill(comb, 0.1 - 0.01 - 0.01, 4000.0);
}

TEST(PolygonFill, FillsAcrossTheDateLine)
{
    const VectorPolygon polygon =
        polygonOf({{{-17.0, 179.9}, {-17.0, -179.9}, {-16.8, -179.9}, {-16.8, 179.9}, {-17.0, 179.9}}});
    const std::vector<GeodeticTriangle> triangles = fillTriangles(polygon, 5000.0, 1000000);
    ASSERT_FALSE(triangles.empty());
    double area = 0.0;
    for (const GeodeticTriangle& triangle : triangles) {
        area += planeArea(triangle);
        for (const GeodeticVertex& vertex : triangle) {
            EXPECT_GE(std::abs(vertex.longitudeDegrees), 179.9 - 1e-9);
        }
    }
    EXPECT_NEAR(area, 0.2 * 0.2, 1e-9);
}

TEST(PolygonFill, GivesNothingForDegenerateOrHugeRingsAndHoldsTheBudget)
{
    EXPECT_TRUE(fillTriangles(polygonOf({{{0.0, 0.0}, {0.0, 1.0}, {0.0, 0.0}}}), 1000.0, 1000).empty());
    EXPECT_TRUE(fillTriangles(polygonOf({{{0.0, 0.0}, {0.0, 1.0}, {0.0, 2.0}, {0.0, 0.0}}}), 1000.0, 1000).empty());
    std::vector<GeodeticVertex> huge;
    for (std::size_t i = 0; i <= kMaxFilledPolygonPoints; ++i) {
        const double angle = 2.0 * 3.141592653589793 * static_cast<double>(i) / kMaxFilledPolygonPoints;
        huge.push_back({std::sin(angle), std::cos(angle)});
    }
    EXPECT_TRUE(fillTriangles(polygonOf({huge}), 1000.0, 1000).empty());
    const VectorPolygon square = polygonOf({{{0.0, 0.0}, {0.0, 1.0}, {1.0, 1.0}, {1.0, 0.0}}});
    EXPECT_EQ(fillTriangles(square, 1000.0, 500).size(), 500u);
}

}  // namespace
}  // namespace vectordata
