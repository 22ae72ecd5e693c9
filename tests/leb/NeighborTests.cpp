// Same-depth neighbours (Alg. 6 and the square domain's start vectors),
// checked against the decoded geometry in exact arithmetic.
#include "leb/LongestEdgeBisection.h"

#include <gtest/gtest.h>

#include <array>
#include <random>
#include <set>
#include <utility>
#include <vector>

namespace leb {
namespace {

struct Slot {
    const char* name;
    HeapIndex neighbor;
    std::size_t first;   // vertex indices of the edge across which the
    std::size_t second;  // neighbour lies
    std::size_t opposite;
};

std::array<Slot, 3> slotsOf(const Neighbors& n)
{
    return {Slot{"left", n.left, 1, 2, 0}, Slot{"right", n.right, 0, 1, 2}, Slot{"edge", n.edge, 0, 2, 1}};
}

double orientation(glm::dvec2 a, glm::dvec2 b, glm::dvec2 p)
{
    return (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x);
}

bool onBorder(glm::dvec2 a, glm::dvec2 b, Domain domain)
{
    const bool axis = (a.x == 0.0 && b.x == 0.0) || (a.y == 0.0 && b.y == 0.0);
    if (domain == Domain::Triangle) {
        return axis || (a.x + a.y == 1.0 && b.x + b.y == 1.0);
    }
    return axis || (a.x == 1.0 && b.x == 1.0) || (a.y == 1.0 && b.y == 1.0);
}

// Every neighbour shares exactly the edge its slot names, lies on the other
// side of it and lists `k` back; every ∅ slot's edge is on the domain border.
::testing::AssertionResult neighborsMatchGeometry(HeapIndex k, Domain domain)
{
    const Neighbors n = sameDepthNeighbors(k, domain);
    if (n.node != k) {
        return ::testing::AssertionFailure() << "node slot of " << k << " is " << n.node;
    }
    const Triangle t = decodeTriangle(k, domain);
    for (const Slot& slot : slotsOf(n)) {
        const glm::dvec2 a = t.v[slot.first];
        const glm::dvec2 b = t.v[slot.second];
        if (slot.neighbor == kNoNeighbor) {
            if (!onBorder(a, b, domain)) {
                return ::testing::AssertionFailure()
                       << k << ": no " << slot.name << " neighbour but the edge is inside";
            }
            continue;
        }
        if (cbt::depthOf(slot.neighbor) != cbt::depthOf(k)) {
            return ::testing::AssertionFailure()
                   << k << ": " << slot.name << " neighbour " << slot.neighbor << " at another depth";
        }
        const Triangle other = decodeTriangle(slot.neighbor, domain);
        int shared = 0;
        glm::dvec2 otherOpposite{};
        for (const glm::dvec2& v : other.v) {
            if (v == a || v == b) {
                ++shared;
            } else {
                otherOpposite = v;
            }
        }
        if (shared != 2) {
            return ::testing::AssertionFailure() << k << ": " << slot.name << " neighbour " << slot.neighbor
                                                 << " shares " << shared << " vertices of the edge";
        }
        const double mine = orientation(a, b, t.v[slot.opposite]);
        const double theirs = orientation(a, b, otherOpposite);
        if (!(mine * theirs < 0.0)) {
            return ::testing::AssertionFailure()
                   << k << ": " << slot.name << " neighbour " << slot.neighbor << " is on the same side";
        }
        const Neighbors back = sameDepthNeighbors(slot.neighbor, domain);
        if (back.left != k && back.right != k && back.edge != k) {
            return ::testing::AssertionFailure()
                   << k << ": " << slot.name << " neighbour " << slot.neighbor << " does not list it back";
        }
        if (slot.neighbor == n.edge && back.edge != k) {
            return ::testing::AssertionFailure() << k << ": edge(edge(k)) != k";
        }
    }
    return ::testing::AssertionSuccess();
}

TEST(SameDepthNeighbors, PaperExamples)
{
    const Neighbors n20 = sameDepthNeighbors(20, Domain::Triangle);
    EXPECT_EQ(n20.left, 21u);
    EXPECT_EQ(n20.right, 19u);
    EXPECT_EQ(n20.edge, 27u);
    EXPECT_EQ(n20.node, 20u);
    const Neighbors n10 = sameDepthNeighbors(10, Domain::Triangle);
    EXPECT_EQ(n10.left, 11u);
    EXPECT_EQ(n10.right, 13u);
    EXPECT_EQ(n10.edge, 9u);
}

TEST(SameDepthNeighbors, RootStartVectors)
{
    const Neighbors root = sameDepthNeighbors(1, Domain::Triangle);
    EXPECT_EQ(root.left, kNoNeighbor);
    EXPECT_EQ(root.right, kNoNeighbor);
    EXPECT_EQ(root.edge, kNoNeighbor);
    EXPECT_EQ(root.node, 1u);
    const Neighbors square = sameDepthNeighbors(1, Domain::Square);
    EXPECT_EQ(square.edge, kNoNeighbor);
    const Neighbors lower = sameDepthNeighbors(2, Domain::Square);
    EXPECT_EQ(lower.left, kNoNeighbor);
    EXPECT_EQ(lower.right, kNoNeighbor);
    EXPECT_EQ(lower.edge, 3u);
    EXPECT_EQ(lower.node, 2u);
    const Neighbors upper = sameDepthNeighbors(3, Domain::Square);
    EXPECT_EQ(upper.edge, 2u);
    EXPECT_EQ(upper.node, 3u);
}

TEST(SameDepthNeighbors, ShareTheirEdgeForEveryShallowNode)
{
    for (const Domain domain : {Domain::Triangle, Domain::Square}) {
        for (HeapIndex k = 2; k < (1u << 11u); ++k) {
            ASSERT_TRUE(neighborsMatchGeometry(k, domain));
        }
    }
}

TEST(SameDepthNeighbors, ShareTheirEdgeForRandomDeepNodes)
{
    std::mt19937 random(31337u);
    std::uniform_int_distribution<int> depths(2, 20);
    for (const Domain domain : {Domain::Triangle, Domain::Square}) {
        for (int i = 0; i < 5000; ++i) {
            const int depth = depths(random);
            const HeapIndex k =
                (HeapIndex{1} << depth) | (static_cast<HeapIndex>(random()) & ((HeapIndex{1} << depth) - 1u));
            ASSERT_TRUE(neighborsMatchGeometry(k, domain));
        }
    }
}

// Completeness: every same-depth node sharing an edge is listed.
TEST(SameDepthNeighbors, ListEveryEdgeAdjacentNodeOfTheSameDepth)
{
    for (const Domain domain : {Domain::Triangle, Domain::Square}) {
        for (int depth = 1; depth <= 9; ++depth) {
            const HeapIndex first = HeapIndex{1} << depth;
            std::vector<Triangle> triangles;
            for (HeapIndex k = first; k < 2u * first; ++k) {
                triangles.push_back(decodeTriangle(k, domain));
            }
            for (HeapIndex k = first; k < 2u * first; ++k) {
                const Triangle& t = triangles[k - first];
                std::set<HeapIndex> expected;
                for (HeapIndex other = first; other < 2u * first; ++other) {
                    int shared = 0;
                    for (const glm::dvec2& v : triangles[other - first].v) {
                        shared += (v == t.v[0] || v == t.v[1] || v == t.v[2]) ? 1 : 0;
                    }
                    if (other != k && shared == 2) {
                        expected.insert(other);
                    }
                }
                const Neighbors n = sameDepthNeighbors(k, domain);
                std::set<HeapIndex> listed;
                for (const HeapIndex neighbor : {n.left, n.right, n.edge}) {
                    if (neighbor != kNoNeighbor) {
                        listed.insert(neighbor);
                    }
                }
                ASSERT_EQ(listed, expected) << "heap " << k << " depth " << depth;
            }
        }
    }
}

}  // namespace
}  // namespace leb
