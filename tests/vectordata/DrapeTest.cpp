// A layer laid on a surface (src/vectordata/Drape.h), over a synthetic
// ground that covers longitudes below 8 E: a line gets a point at least
// every sample spacing, each at the ground's height and with its up
// direction, and leaves the ground where it stops covering it; a point
// becomes a marker; the budget holds; and the high and low floats of a
// position add up to it.
#include "vectordata/Drape.h"

#include <gtest/gtest.h>

#include <cmath>

namespace vectordata {
namespace {

// 1 km per 0.01 degree both ways (close enough for the test's spacing), a
// height that grows to the east, up along +Y.
DrapeGround testGround()
{
    DrapeGround ground;
    ground.pointAt = [](double latitude, double longitude) -> std::optional<SurfacePoint> {
        if (longitude >= 8.0) {
            return std::nullopt;
        }
        const double height = (longitude - 7.0) * 1000.0;
        return SurfacePoint{glm::dvec3(longitude * 100000.0, height, -latitude * 100000.0), glm::dvec3(0, 1, 0)};
    };
    ground.sampleSpacingMetres = 100.0;
    return ground;
}

glm::dvec3 positionOf(const DrapedVertex& vertex)
{
    return glm::dvec3(vertex.high) + glm::dvec3(vertex.low);
}

TEST(Drape, SamplesALineAtTheGroundsSpacingAndHeight)
{
    VectorLayer layer;
    layer.lines.push_back({{{46.0, 7.0}, {46.0, 7.1}}, {}, {}});
    std::vector<DrapedVertex> vertices;
    // 0.1 degree of longitude at 46 N is 7.7 km: 78 pieces of 100 m.
    const std::size_t placed = drapeLayer(layer, VectorLayerSpec{"a", 0xff0000ffu, 4.0f}, 0, testGround(), vertices);
    EXPECT_EQ(placed, vertices.size());
    ASSERT_EQ(vertices.size(), 79u);
    for (std::size_t i = 0; i < vertices.size(); ++i) {
        const glm::dvec3 position = positionOf(vertices[i]);
        const double longitude = position.x / 100000.0;
        EXPECT_NEAR(position.y, (longitude - 7.0) * 1000.0, 1e-3);
        EXPECT_EQ(vertices[i].rgba, 0xff0000ffu);
        EXPECT_EQ(vertices[i].widthPixels, 4.0f);
        EXPECT_EQ(vertices[i].up, glm::vec3(0.0f, 1.0f, 0.0f));
        EXPECT_EQ(vertices[i].flags, i + 1 == vertices.size() ? kDrapeLineEnd : 0u) << i;
    }
    EXPECT_NEAR(positionOf(vertices.back()).x, 7.1 * 100000.0, 1e-3);
}

TEST(Drape, ALineLeavesTheGroundWhereItStopsCoveringItAndComesBack)
{
    VectorLayer layer;
    // Out past 8 E and back, then a point of its own.
    layer.lines.push_back({{{46.0, 7.995}, {46.0, 8.01}, {46.0, 7.99}}, {}, {}});
    layer.places.push_back({{46.1, 7.5}, "hut", {}});
    std::vector<DrapedVertex> vertices;
    drapeLayer(layer, VectorLayerSpec{"a", std::nullopt, std::nullopt}, 2, testGround(), vertices);
    std::size_t lineEnds = 0;
    for (const DrapedVertex& vertex : vertices) {
        EXPECT_LT(positionOf(vertex).x / 100000.0, 8.0);
        EXPECT_EQ(vertex.rgba, paletteColour(2));
        lineEnds += (vertex.flags & kDrapeLineEnd) != 0 ? 1 : 0;
    }
    // The way out, the way back, and the marker.
    EXPECT_EQ(lineEnds, 3u);
    ASSERT_FALSE(vertices.empty());
    EXPECT_EQ(vertices.back().flags, kDrapeLineEnd | kDrapeMarker | (2u << kDrapeLayerShift));
    EXPECT_EQ(vertices.back().widthPixels,
              std::max(kMinMarkerDiameterPixels, kDefaultLineWidthPixels * kMarkerDiameterPerLineWidth));
}

TEST(Drape, NothingOnTheGroundPlacesNothingAndTheBudgetHolds)
{
    VectorLayer away;
    away.lines.push_back({{{46.0, 9.0}, {46.0, 9.5}}, {}, {}});
    std::vector<DrapedVertex> vertices;
    EXPECT_EQ(drapeLayer(away, VectorLayerSpec{"a", std::nullopt, std::nullopt}, 0, testGround(), vertices), 0u);
    EXPECT_TRUE(vertices.empty());

    VectorLayer long_;
    long_.lines.push_back({{{46.0, 6.0}, {46.0, 7.9}}, {}, {}});
    const std::size_t placed =
        drapeLayer(long_, VectorLayerSpec{"a", std::nullopt, std::nullopt}, 0, testGround(), vertices, 500);
    EXPECT_LE(placed, 500u);
    EXPECT_GT(placed, 200u);  // sampled more coarsely, not cut short
    EXPECT_NEAR(positionOf(vertices.back()).x / 100000.0, 7.9, 1e-6);
}

TEST(Drape, FillsPolygonsInTheirBrushOrALighterLineColourOnTheGroundOnly)
{
    VectorLayer layer;
    // Half on the ground (west of 8 E), half off it.
    layer.polygons.push_back({{{{46.0, 7.95}, {46.0, 8.05}, {46.05, 8.05}, {46.05, 7.95}, {46.0, 7.95}}}, {}, {}});
    layer.polygons.push_back({{{{46.2, 7.2}, {46.2, 7.21}, {46.21, 7.21}, {46.2, 7.2}}}, {}, 0x11223344u});
    std::vector<DrapedVertex> triangles;
    const std::size_t placed =
        drapeFills(layer, VectorLayerSpec{"a", 0xff0000ffu, std::nullopt}, 0, testGround(), triangles);
    EXPECT_EQ(placed, triangles.size());
    ASSERT_EQ(triangles.size() % 3, 0u);
    std::size_t brushed = 0;
    for (const DrapedVertex& vertex : triangles) {
        const glm::dvec3 position = positionOf(vertex);
        EXPECT_LT(position.x / 100000.0, 8.0);
        EXPECT_NEAR(position.y, (position.x / 100000.0 - 7.0) * 1000.0, 1e-3);
        EXPECT_TRUE(vertex.rgba == (0xff000000u | kDefaultFillAlpha) || vertex.rgba == 0x11223344u);
        brushed += vertex.rgba == 0x11223344u ? 1 : 0;
    }
    EXPECT_GT(brushed, 0u);
    EXPECT_GT(triangles.size(), brushed);
    // No edge longer than the ground's spacing (and the mesh's own
    // rounding): 100 m in the test's plane.
    for (std::size_t i = 0; i < triangles.size(); i += 3) {
        for (std::size_t corner = 0; corner < 3; ++corner) {
            const glm::dvec3 a = positionOf(triangles[i + corner]);
            const glm::dvec3 b = positionOf(triangles[i + (corner + 1) % 3]);
            EXPECT_LT(std::hypot(a.x - b.x, a.z - b.z), 150.0);
        }
    }
}

TEST(Drape, HighAndLowFloatsAddUpToThePosition)
{
    const glm::dvec3 position(4321987.123456, -1234567.654321, 4567890.000123);
    glm::vec3 high;
    glm::vec3 low;
    splitPosition(position, high, low);
    const glm::dvec3 sum = glm::dvec3(high) + glm::dvec3(low);
    EXPECT_NEAR(sum.x, position.x, 1e-6);
    EXPECT_NEAR(sum.y, position.y, 1e-6);
    EXPECT_NEAR(sum.z, position.z, 1e-6);
}

}  // namespace
}  // namespace vectordata
