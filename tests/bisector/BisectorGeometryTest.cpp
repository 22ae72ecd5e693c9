// Keys, the base mesh, exact vertex weights and the exact orientation test
// of the bisector pool.
#include "bisector/BisectorKey.h"
#include "bisector/ExactGeometry.h"
#include "bisector/HalfedgeMesh.h"
#include "leb/LongestEdgeBisection.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>
#include <stdexcept>
#include <string>

namespace bisector {
namespace {

__extension__ typedef __int128 Int128;

TEST(KeyLayout, RootsDepthsAndTheDeepestKey)
{
    const KeyLayout quad(4, 2);
    EXPECT_EQ(quad.rootBits(), 3);
    EXPECT_EQ(quad.rootKey(0), 4u);
    EXPECT_EQ(quad.rootKey(3), 7u);
    EXPECT_EQ(quad.depth(quad.rootKey(1)), 2);
    EXPECT_EQ(quad.maxDepth(), 63);
    const Key deep = (quad.rootKey(2) << 40) | 0x123456789Aull;
    EXPECT_EQ(quad.levelsBelowRoot(deep), 40);
    EXPECT_EQ(quad.depth(deep), 42);
    EXPECT_EQ(quad.rootOf(deep), 2u);
    EXPECT_TRUE(quad.isValid(deep));
    EXPECT_FALSE(quad.isValid(kFreeKey));
    EXPECT_FALSE(quad.isValid(3));  // shorter than a root key

    const KeyLayout cube(24, 0);  // 6 quads
    EXPECT_EQ(cube.rootBits(), 6);
    EXPECT_EQ(cube.rootKey(23), 32u + 23u);
    EXPECT_FALSE(cube.isValid(32u + 24u));  // no root 24
    EXPECT_EQ(cube.maxDepth(), 58);

    const KeyLayout single(1, 0);
    EXPECT_EQ(single.rootKey(0), 1u);
    EXPECT_EQ(single.maxDepth(), 63);
    EXPECT_THROW(KeyLayout(0, 0), std::invalid_argument);
    EXPECT_THROW(KeyLayout(4, -1), std::invalid_argument);
}

TEST(HalfedgeMesh, UnitSquareHasFourRootsAroundItsCentre)
{
    const HalfedgeMesh square = HalfedgeMesh::unitSquare();
    ASSERT_EQ(square.halfedgeCount(), 4u);
    EXPECT_EQ(square.faceCentroid(0), glm::dvec3(0.5, 0.5, 0.0));
    const RootTriangle first = square.rootTriangle(0);
    EXPECT_EQ(first[0], glm::dvec3(1.0, 0.0, 0.0));  // end of the edge (0,0) -> (1,0)
    EXPECT_EQ(first[1], glm::dvec3(0.5, 0.5, 0.0));
    EXPECT_EQ(first[2], glm::dvec3(0.0, 0.0, 0.0));
    for (std::uint32_t h = 0; h < 4; ++h) {
        const Links links = square.rootLinks(h);
        EXPECT_EQ(links[kLeftEdge], (h + 3) % 4);
        EXPECT_EQ(links[kRightEdge], (h + 1) % 4);
        EXPECT_EQ(links[kBaseEdge], kNoSlot) << "the square's edges are its boundary";
    }
}

TEST(HalfedgeMesh, SharedEdgesBecomeTwinsAndTheRootsLegsMeet)
{
    // A triangle and a quad sharing the edge 1-2, and a pentagon on 2-3.
    const HalfedgeMesh mesh = HalfedgeMesh::fromPolygons(
        {glm::dvec3(0, 0, 0), glm::dvec3(2, 0, 0), glm::dvec3(2, 2, 0), glm::dvec3(0, 2, 0), glm::dvec3(3, 1, 0),
         glm::dvec3(3, 3, 0), glm::dvec3(1, 4, 0), glm::dvec3(-1, 3, 0)},
        {{0, 1, 2, 3}, {1, 4, 2}, {3, 2, 5, 6, 7}});
    ASSERT_EQ(mesh.halfedgeCount(), 12u);
    int twins = 0;
    for (std::uint32_t h = 0; h < mesh.halfedgeCount(); ++h) {
        const Halfedge& halfedge = mesh.halfedge(h);
        if (halfedge.twin != kNoHalfedge) {
            ++twins;
            EXPECT_EQ(mesh.halfedge(halfedge.twin).twin, h);
            EXPECT_EQ(mesh.halfedge(halfedge.twin).start, mesh.end(h));
            // The twins' roots share their base, traversed the other way.
            EXPECT_EQ(mesh.rootTriangle(h)[0], mesh.rootTriangle(halfedge.twin)[2]);
        }
        // The right leg of root h is the left leg of root next(h).
        EXPECT_EQ(mesh.rootTriangle(h)[0], mesh.rootTriangle(halfedge.next)[2]);
        EXPECT_EQ(mesh.rootTriangle(h)[1], mesh.rootTriangle(halfedge.next)[1]);
    }
    EXPECT_EQ(twins, 4);  // 1-2 and 2-3, each both ways
}

TEST(HalfedgeMesh, BadPolygonsAreRefusedInOneLine)
{
    const std::vector<glm::dvec3> four{glm::dvec3(0), glm::dvec3(1, 0, 0), glm::dvec3(1, 1, 0), glm::dvec3(0, 1, 0)};
    const auto message = [&](const std::vector<std::vector<std::uint32_t>>& faces) {
        try {
            (void)HalfedgeMesh::fromPolygons(four, faces);
        } catch (const std::invalid_argument& error) {
            return std::string(error.what());
        }
        return std::string("no error");
    };
    EXPECT_NE(message({}).find("no faces"), std::string::npos);
    EXPECT_NE(message({{0, 1}}).find("at least 3"), std::string::npos);
    EXPECT_NE(message({{0, 1, 9}}).find("vertex 9"), std::string::npos);
    EXPECT_NE(message({{0, 1, 1}}).find("repeats vertex 1"), std::string::npos);
    EXPECT_NE(message({{0, 1, 2}, {0, 1, 3}}).find("same direction"), std::string::npos);
    for (const std::string& text : {message({}), message({{0, 1, 9}}), message({{0, 1, 2}, {0, 1, 3}})}) {
        EXPECT_EQ(text.find('\n'), std::string::npos);
    }
}

// The pool's keys over the unit square and the heap backend's heap indices
// name the same triangles: root h is the reverse of heap {5, 6, 7, 4}[h],
// and reversing a triangle swaps its children, so the path bits complement.
cbt::HeapIndex heapIndexOf(Key key, const KeyLayout& layout)
{
    static constexpr cbt::HeapIndex kRootHeapIndex[4] = {5, 6, 7, 4};
    const int levels = layout.levelsBelowRoot(key);
    const Key mask = (Key{1} << levels) - 1;
    const Key path = ~key & mask;
    return static_cast<cbt::HeapIndex>((Key{kRootHeapIndex[layout.rootOf(key)]} << levels) | path);
}

TEST(ExactGeometry, KeysOverTheUnitSquareAreTheHeapBackendsTriangles)
{
    const HalfedgeMesh square = HalfedgeMesh::unitSquare();
    const KeyLayout layout(4, 2);
    std::mt19937_64 random(20240);
    for (int levels = 0; levels <= 28; ++levels) {
        for (int trial = 0; trial < 20; ++trial) {
            const Key path = levels == 0 ? 0 : random() & ((Key{1} << levels) - 1);
            const Key key = (layout.rootKey(static_cast<std::uint32_t>(random() % 4)) << levels) | path;
            const std::array<glm::dvec3, 3> pool = bisectorVertices(key, layout, square);
            const leb::Triangle heap = leb::decodeTriangle(heapIndexOf(key, layout), leb::Domain::Square);
            for (std::size_t i = 0; i < 3; ++i) {
                EXPECT_EQ(glm::dvec2(pool[i]), heap.v[2 - i]) << "key " << key << " vertex " << i;
            }
        }
    }
}

TEST(ExactGeometry, WeightsStayExactDownToTheDeepestKey)
{
    const KeyLayout layout(4, 2);
    std::mt19937_64 random(7);
    for (int trial = 0; trial < 2000; ++trial) {
        const int levels = 64 - layout.rootBits();
        const Key key =
            (layout.rootKey(static_cast<std::uint32_t>(trial % 4)) << levels) | (random() & ((Key{1} << levels) - 1));
        TriangleWeights weights{};
        ASSERT_NO_THROW(weights = keyWeights(key, layout)) << key;
        for (const VertexWeights& vertex : weights) {
            EXPECT_EQ(vertex[0] + vertex[1] + vertex[2], kWeightOne);
            for (const Weight w : vertex) {
                EXPECT_GE(w, 0);
                EXPECT_LE(w, kWeightOne);
            }
        }
    }
    // The midpoint grid halves every two levels: 61 levels need 31 bits.
    Key zigzag = layout.rootKey(0);
    for (int level = 0; level < 61; ++level) {
        zigzag = (zigzag << 1) | static_cast<Key>(level & 1);
    }
    const TriangleWeights weights = keyWeights(zigzag, layout);
    bool usesBit31 = false;
    for (const VertexWeights& vertex : weights) {
        for (const Weight w : vertex) {
            usesBit31 = usesBit31 || (w & 1) != 0 || (w & 2) != 0;
        }
    }
    EXPECT_TRUE(usesBit31) << "the deepest keys use the finest weights";
}

// The orientation of integer points, with 128-bit arithmetic.
int referenceOrientation(std::int64_t ax, std::int64_t ay, std::int64_t bx, std::int64_t by, std::int64_t px,
                         std::int64_t py)
{
    const Int128 value = static_cast<Int128>(bx - ax) * (py - ay) - static_cast<Int128>(by - ay) * (px - ax);
    return value > 0 ? 1 : (value < 0 ? -1 : 0);
}

TEST(ExactGeometry, OrientationIsExactForPointsOnAFineGrid)
{
    // Triangle corners on the 2^-33 grid (as deep bisectors have), points on
    // the 2^-60 grid, all exact in double: the sign must match integers'.
    std::mt19937_64 random(11);
    const double unit = 0x1p-60;
    int onLine = 0;
    for (int trial = 0; trial < 20000; ++trial) {
        const auto corner = [&] { return static_cast<std::int64_t>(random() % (1ull << 33)) << 27; };
        const std::int64_t ax = corner(), ay = corner(), bx = corner(), by = corner();
        // Random points, rounded to what a double holds.
        const auto point = [&] {
            return static_cast<std::int64_t>(static_cast<double>(static_cast<std::int64_t>(random() % (1ull << 60))));
        };
        std::int64_t px = point();
        std::int64_t py = point();
        if (trial % 4 == 0) {  // on the line a-b, or a step of 2^-49 off it (exact doubles both)
            const std::int64_t step = static_cast<std::int64_t>(random() % 1000);
            px = ax + (bx - ax) / 1024 * step / 64;
            py = ay + (by - ay) / 1024 * step / 64;
            if (trial % 8 == 0) {
                py += std::int64_t{1} << 11;
            }
        }
        const int expected = referenceOrientation(ax, ay, bx, by, px, py);
        onLine += expected == 0 ? 1 : 0;
        const auto real = [&](std::int64_t v) { return static_cast<double>(v) * unit; };
        ASSERT_EQ(orientationSign({real(ax), real(ay)}, {real(bx), real(by)}, {real(px), real(py)}), expected) << trial;
    }
    EXPECT_GT(onLine, 1000) << "the test must exercise points exactly on the line";
}

TEST(ExactGeometry, OrientationOfTinyAndNearbyDoubles)
{
    const glm::dvec2 a(0.0, 0.0);
    const glm::dvec2 b(1.0, 1.0);
    const double tiny = std::numeric_limits<double>::denorm_min();
    EXPECT_EQ(orientationSign(a, b, {0.5, 0.5}), 0);
    EXPECT_EQ(orientationSign(a, b, {tiny, 0.0}), -1);
    EXPECT_EQ(orientationSign(a, b, {0.0, tiny}), 1);
    const double third = 1.0 / 3.0;
    EXPECT_EQ(orientationSign(a, b, {third, third}), 0);
    EXPECT_EQ(orientationSign(a, b, {third, std::nextafter(third, 1.0)}), 1);
    // A diagonal edge from (0.25, 0) to (0.75, 0.5) and the point (0.3 + 0.25, 0.3): on it only if
    // 0.3 + 0.25 - 0.3 == 0.25 exactly, which double addition rounds away.
    const double x = 0.3 + 0.25;
    const int expected = (x - 0.25 == 0.3) ? 0 : (x - 0.25 > 0.3 ? -1 : 1);
    EXPECT_EQ(orientationSign({0.25, 0.0}, {0.75, 0.5}, {x, 0.3}), expected);
    EXPECT_THROW((void)orientationSign({1e-30, 0.0}, {1.0, 0.0}, {0.0, 0.0}), std::domain_error);  // 1 - 1e-30 rounds
    EXPECT_THROW((void)orientationSign(a, b, {std::nan(""), 0.0}), std::domain_error);
}

TEST(ExactGeometry, ClosedTrianglesContainTheirEdgesAndCorners)
{
    const std::array<glm::dvec2, 3> triangle{glm::dvec2(1, 0), glm::dvec2(0.5, 0.5), glm::dvec2(0, 0)};
    EXPECT_TRUE(closedTriangleContains(triangle, {0.5, 0.25}));
    EXPECT_TRUE(closedTriangleContains(triangle, {0.5, 0.0}));
    EXPECT_TRUE(closedTriangleContains(triangle, {0.0, 0.0}));
    EXPECT_TRUE(closedTriangleContains(triangle, {0.25, 0.25}));
    EXPECT_FALSE(closedTriangleContains(triangle, {0.25, std::nextafter(0.25, 1.0)}));
    EXPECT_FALSE(closedTriangleContains(triangle, {0.5, -0x1p-1074}));
    const std::array<glm::dvec2, 3> flat{glm::dvec2(0, 0), glm::dvec2(0.5, 0), glm::dvec2(1, 0)};
    EXPECT_FALSE(closedTriangleContains(flat, {0.5, 0.0}));
}

}  // namespace
}  // namespace bisector
