// Splitting matrices, heap index -> matrix / triangle decoding, the exact
// point-in-triangle test and point quantisation.
#include "leb/LongestEdgeBisection.h"
#include "leb/PointRefinement.h"

#include <gtest/gtest.h>

#include <glm/vec3.hpp>

#include <cmath>
#include <random>

namespace leb {
namespace {

void expectTriangle(const Triangle& actual, glm::dvec2 v0, glm::dvec2 v1, glm::dvec2 v2)
{
    EXPECT_EQ(actual.v[0], v0);
    EXPECT_EQ(actual.v[1], v1);
    EXPECT_EQ(actual.v[2], v2);
}

// Applies a decode matrix to the base triangle (0,1), (0,0), (1,0) as the
// paper does: child vertex i = sum_j M[i][j] * parent vertex j.
Triangle applyToBaseTriangle(const glm::dmat3& matrix)
{
    const glm::dvec3 xs = matrix * glm::dvec3(0.0, 0.0, 1.0);
    const glm::dvec3 ys = matrix * glm::dvec3(1.0, 0.0, 0.0);
    return Triangle{{glm::dvec2(xs[0], ys[0]), glm::dvec2(xs[1], ys[1]), glm::dvec2(xs[2], ys[2])}};
}

// A random heap index with depth in [minDepth, maxDepth].
HeapIndex randomHeapIndex(std::mt19937& random, int minDepth, int maxDepth)
{
    const int depth = std::uniform_int_distribution<int>(minDepth, maxDepth)(random);
    const HeapIndex path = static_cast<HeapIndex>(random()) & ((HeapIndex{1} << depth) - 1u);
    return (HeapIndex{1} << depth) | path;
}

double squaredLength(glm::dvec2 v)
{
    return v.x * v.x + v.y * v.y;
}

TEST(SplitMatrix, MatchesEquation3RowByRow)
{
    const glm::dmat3 m0 = splitMatrix(0);
    const glm::dmat3 m1 = splitMatrix(1);
    // m[column][row]; rows of M0: (1,0,0), (1/2,0,1/2), (0,1,0).
    EXPECT_EQ(glm::dvec3(m0[0][0], m0[1][0], m0[2][0]), glm::dvec3(1.0, 0.0, 0.0));
    EXPECT_EQ(glm::dvec3(m0[0][1], m0[1][1], m0[2][1]), glm::dvec3(0.5, 0.0, 0.5));
    EXPECT_EQ(glm::dvec3(m0[0][2], m0[1][2], m0[2][2]), glm::dvec3(0.0, 1.0, 0.0));
    // Rows of M1: (0,1,0), (1/2,0,1/2), (0,0,1).
    EXPECT_EQ(glm::dvec3(m1[0][0], m1[1][0], m1[2][0]), glm::dvec3(0.0, 1.0, 0.0));
    EXPECT_EQ(glm::dvec3(m1[0][1], m1[1][1], m1[2][1]), glm::dvec3(0.5, 0.0, 0.5));
    EXPECT_EQ(glm::dvec3(m1[0][2], m1[1][2], m1[2][2]), glm::dvec3(0.0, 0.0, 1.0));
}

TEST(DecodeMatrix, PaperExampleHeap20IsM0M0M1M0)
{
    const glm::dmat3 m0 = splitMatrix(0);
    const glm::dmat3 m1 = splitMatrix(1);
    EXPECT_EQ(decodeMatrix(20, Domain::Triangle), m0 * m0 * m1 * m0);
    EXPECT_EQ(decodeMatrix(1, Domain::Triangle), glm::dmat3(1.0));
}

TEST(DecodeTriangle, RootTriangles)
{
    expectTriangle(decodeTriangle(1, Domain::Triangle), {0, 1}, {0, 0}, {1, 0});
    expectTriangle(decodeTriangle(2, Domain::Square), {0, 1}, {0, 0}, {1, 0});
    expectTriangle(decodeTriangle(3, Domain::Square), {1, 0}, {1, 1}, {0, 1});
    // First children: 2k = (v0, m, v1), 2k+1 = (v1, m, v2).
    expectTriangle(decodeTriangle(2, Domain::Triangle), {0, 1}, {0.5, 0.5}, {0, 0});
    expectTriangle(decodeTriangle(3, Domain::Triangle), {0, 0}, {0.5, 0.5}, {1, 0});
    expectTriangle(decodeTriangle(6, Domain::Square), {1, 0}, {0.5, 0.5}, {1, 1});
    expectTriangle(decodeTriangle(7, Domain::Square), {1, 1}, {0.5, 0.5}, {0, 1});
}

TEST(DecodeTriangle, ChildrenBisectTheHypotenuseForRandomNodes)
{
    std::mt19937 random(20200817u);
    for (const Domain domain : {Domain::Triangle, Domain::Square}) {
        const int minDepth = domain == Domain::Triangle ? 0 : 1;
        for (int i = 0; i < 4000; ++i) {
            const HeapIndex k = randomHeapIndex(random, minDepth, 29);
            const Triangle parent = decodeTriangle(k, domain);
            const glm::dvec2 m = 0.5 * (parent.v[0] + parent.v[2]);
            const Triangle left = decodeTriangle(2u * k, domain);
            const Triangle right = decodeTriangle(2u * k + 1u, domain);
            ASSERT_EQ(left.v[0], parent.v[0]) << k;
            ASSERT_EQ(left.v[1], m) << k;
            ASSERT_EQ(left.v[2], parent.v[1]) << k;
            ASSERT_EQ(right.v[0], parent.v[1]) << k;
            ASSERT_EQ(right.v[1], m) << k;
            ASSERT_EQ(right.v[2], parent.v[2]) << k;
        }
    }
}

TEST(DecodeTriangle, AgreesWithTheDecodeMatrix)
{
    std::mt19937 random(7u);
    for (const Domain domain : {Domain::Triangle, Domain::Square}) {
        const int minDepth = domain == Domain::Triangle ? 0 : 1;
        for (int i = 0; i < 3000; ++i) {
            const HeapIndex k = randomHeapIndex(random, minDepth, 30);
            const Triangle fromMatrix = applyToBaseTriangle(decodeMatrix(k, domain));
            const Triangle decoded = decodeTriangle(k, domain);
            for (std::size_t v = 0; v < 3; ++v) {
                ASSERT_EQ(fromMatrix.v[v], decoded.v[v]) << "heap " << k << " vertex " << v;
            }
        }
    }
}

TEST(DecodeTriangle, RightIsoscelesWithAreaHalvingPerLevel)
{
    std::mt19937 random(99u);
    for (const Domain domain : {Domain::Triangle, Domain::Square}) {
        const int minDepth = domain == Domain::Triangle ? 0 : 1;
        for (int i = 0; i < 3000; ++i) {
            const HeapIndex k = randomHeapIndex(random, minDepth, 30);
            const int depth = cbt::depthOf(k);
            const Triangle t = decodeTriangle(k, domain);
            const glm::dvec2 leg0 = t.v[0] - t.v[1];
            const glm::dvec2 leg1 = t.v[2] - t.v[1];
            // Right angle at v1, equal legs: the hypotenuse v0-v2 is the longest edge.
            ASSERT_EQ(leg0.x * leg1.x + leg0.y * leg1.y, 0.0) << k;
            ASSERT_EQ(squaredLength(leg0), squaredLength(leg1)) << k;
            const double area = 0.5 * std::abs(leg0.x * leg1.y - leg0.y * leg1.x);
            const double rootArea = domain == Domain::Triangle ? 0.5 : 1.0;
            ASSERT_EQ(area, std::ldexp(rootArea, -depth)) << k;
            for (const glm::dvec2& v : t.v) {
                ASSERT_TRUE(v.x >= 0.0 && v.x <= 1.0 && v.y >= 0.0 && v.y <= 1.0) << k;
            }
        }
    }
}

TEST(TriangleContains, ClosedAndIndependentOfWinding)
{
    const Triangle t{{glm::dvec2(0.0, 1.0), glm::dvec2(0.0, 0.0), glm::dvec2(1.0, 0.0)}};
    const Triangle reversed{{t.v[2], t.v[1], t.v[0]}};
    const double q = kPointQuantum;
    for (const Triangle& triangle : {t, reversed}) {
        EXPECT_TRUE(triangleContains(triangle, {0.0, 0.0}));
        EXPECT_TRUE(triangleContains(triangle, {0.5, 0.5}));
        EXPECT_TRUE(triangleContains(triangle, {0.0, 0.25}));
        EXPECT_TRUE(triangleContains(triangle, {0.25, 0.25}));
        EXPECT_FALSE(triangleContains(triangle, {0.5 + q, 0.5}));
        EXPECT_FALSE(triangleContains(triangle, {-q, 0.25}));
        EXPECT_FALSE(triangleContains(triangle, {0.25, -q}));
        EXPECT_FALSE(triangleContains(triangle, {1.0, 1.0}));
    }
    // A deep triangle next to points one quantum away.
    const Triangle deep = decodeTriangle((1u << 30u) | 0x2AAAAAAAu, Domain::Square);
    const glm::dvec2 m = 0.5 * (deep.v[0] + deep.v[2]);
    EXPECT_TRUE(triangleContains(deep, m));
    EXPECT_TRUE(triangleContains(deep, 0.5 * (m + deep.v[1])));
    const glm::dvec2 outward = m - deep.v[1];
    const glm::dvec2 step(outward.x > 0 ? q : (outward.x < 0 ? -q : 0.0),
                          outward.y > 0 ? q : (outward.y < 0 ? -q : 0.0));
    EXPECT_FALSE(triangleContains(deep, m + step));
}

TEST(QuantizePoint, RoundsToMultiplesOfTwoToTheMinus20AndClamps)
{
    const glm::dvec2 p = quantizePoint({0.3, 0.7});
    EXPECT_EQ(p.x * 1048576.0, std::round(0.3 * 1048576.0));
    EXPECT_EQ(p.y * 1048576.0, std::round(0.7 * 1048576.0));
    EXPECT_NEAR(p.x, 0.3, kPointQuantum);
    EXPECT_EQ(quantizePoint(p), p);
    EXPECT_EQ(quantizePoint({-0.25, 1.5}), glm::dvec2(0.0, 1.0));
    EXPECT_EQ(quantizePoint({0.5, 0.25}), glm::dvec2(0.5, 0.25));
}

}  // namespace
}  // namespace leb
