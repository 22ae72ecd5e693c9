// Refinement around a point on the bisector pool: the same leaves as the
// heap backend at every depth it can reach, and beyond depth 30 the same
// leaves as a conforming longest-edge-bisection closure this test computes
// on its own in integer arithmetic.
#include "bisector/PointRefinement.h"
#include "bisector/PoolInvariants.h"
#include "cbt/ConcurrentBinaryTree.h"
#include "leb/PointRefinement.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace bisector {
namespace {

__extension__ typedef __int128 Int128;

// A triangle as its three corners, sorted: the form both backends agree on.
using CornerSet = std::array<std::pair<double, double>, 3>;

CornerSet cornerSet(const std::array<glm::dvec2, 3>& v)
{
    CornerSet corners{std::pair{v[0].x, v[0].y}, std::pair{v[1].x, v[1].y}, std::pair{v[2].x, v[2].y}};
    std::sort(corners.begin(), corners.end());
    return corners;
}

std::vector<CornerSet> poolLeaves(const Pool& pool)
{
    std::vector<CornerSet> leaves;
    for (const LeafTriangle& leaf : leafTriangles(pool)) {
        leaves.push_back(cornerSet(leaf.vertices));
    }
    std::sort(leaves.begin(), leaves.end());
    return leaves;
}

Pool squarePool(int depth, std::uint32_t capacity = 1u << 14)
{
    return Pool(HalfedgeMesh::unitSquare(), {.capacity = capacity, .maxDepth = depth, .rootDepth = 2});
}

TEST(PoolPointRefinement, EqualsTheHeapBackendAtEveryDepthItReaches)
{
    const glm::dvec2 points[] = {leb::quantizePoint({0.3, 0.7}), leb::quantizePoint({0.5, 0.5}),
                                 leb::quantizePoint({0.8125, 0.1})};
    for (int depth = 2; depth <= 28; ++depth) {
        for (const glm::dvec2 point : points) {
            cbt::ConcurrentBinaryTree tree(depth, 1);
            leb::refineAroundPoint(tree, point, leb::Domain::Square, 1);
            std::vector<CornerSet> heap;
            for (const leb::LeafTriangle& leaf : leb::leafTriangles(tree, leb::Domain::Square)) {
                heap.push_back(cornerSet(leaf.triangle.v));
            }
            std::sort(heap.begin(), heap.end());

            Pool pool = squarePool(depth);
            const PointRefineResult result = refineAroundPoint(pool, point);
            ASSERT_EQ(poolLeaves(pool), heap) << "depth " << depth << " point " << point.x << "," << point.y;
            EXPECT_EQ(result.leafCount, heap.size());
        }
    }
}

// The independent reference: triangles with integer corners (units of
// 2^-40, exact down to depth 62), split by newest-vertex bisection with the
// classic recursive closure (split the coarser base neighbour first), and a
// point on the 2^-50 grid tested with 128-bit orientation.
class IntegerClosure {
public:
    struct Point {
        std::int64_t x, y;
        auto operator<=>(const Point&) const = default;
    };
    struct Triangle {
        std::array<Point, 3> v;  // base v0-v2
        int depth;
    };

    IntegerClosure()
    {
        const std::int64_t one = std::int64_t{1} << 40;
        const Point corners[] = {{0, 0}, {one, 0}, {one, one}, {0, one}};
        const Point centre{one / 2, one / 2};
        for (int h = 0; h < 4; ++h) {
            add({{corners[(h + 1) % 4], centre, corners[h]}, 2});
        }
    }

    // Splits, conformingly, every leaf that contains the point while it is
    // shallower than `depth`.
    void refine(Point point10, int depth)
    {
        bool split = true;
        while (split) {
            split = false;
            for (const auto& [id, triangle] : leaves_) {
                if (triangle.depth < depth && contains(triangle, point10)) {
                    conformingSplit(id);
                    split = true;
                    break;
                }
            }
        }
    }

    [[nodiscard]] std::vector<CornerSet> leaves() const
    {
        const double unit = 0x1p-40;
        std::vector<CornerSet> result;
        for (const auto& [id, triangle] : leaves_) {
            std::array<glm::dvec2, 3> corners;
            for (std::size_t i = 0; i < 3; ++i) {
                corners[i] = glm::dvec2(static_cast<double>(triangle.v[i].x) * unit,
                                        static_cast<double>(triangle.v[i].y) * unit);
            }
            result.push_back(cornerSet(corners));
        }
        std::sort(result.begin(), result.end());
        return result;
    }

private:
    using Edge = std::pair<Point, Point>;
    static Edge edge(Point a, Point b) { return a < b ? Edge{a, b} : Edge{b, a}; }

    void add(const Triangle& triangle)
    {
        const int id = nextId_++;
        leaves_[id] = triangle;
        for (std::size_t i = 0; i < 3; ++i) {
            edges_[edge(triangle.v[i], triangle.v[(i + 1) % 3])].insert(id);
        }
    }

    void remove(int id)
    {
        const Triangle triangle = leaves_.at(id);
        for (std::size_t i = 0; i < 3; ++i) {
            edges_[edge(triangle.v[i], triangle.v[(i + 1) % 3])].erase(id);
        }
        leaves_.erase(id);
    }

    // The leaf across the base of `id` (the other triangle on its base edge,
    // or on the longer edge that contains it), or -1 on the boundary.
    int baseNeighbour(int id) const
    {
        const Triangle& triangle = leaves_.at(id);
        const auto sharing = edges_.find(edge(triangle.v[0], triangle.v[2]));
        if (sharing != edges_.end()) {
            for (const int other : sharing->second) {
                if (other != id) {
                    return other;
                }
            }
        }
        // A coarser neighbour's leg contains the base: find a leaf with an
        // edge through both ends of the base.
        for (const auto& [other, candidate] : leaves_) {
            if (other == id) {
                continue;
            }
            for (std::size_t i = 0; i < 3; ++i) {
                const Point a = candidate.v[i];
                const Point b = candidate.v[(i + 1) % 3];
                if (onSegment(a, b, triangle.v[0]) && onSegment(a, b, triangle.v[2])) {
                    return other;
                }
            }
        }
        return -1;
    }

    void bisect(int id)
    {
        const Triangle triangle = leaves_.at(id);
        const Point m{(triangle.v[0].x + triangle.v[2].x) / 2, (triangle.v[0].y + triangle.v[2].y) / 2};
        remove(id);
        add({{triangle.v[0], m, triangle.v[1]}, triangle.depth + 1});
        add({{triangle.v[1], m, triangle.v[2]}, triangle.depth + 1});
    }

    void conformingSplit(int id)
    {
        while (true) {
            const int neighbour = baseNeighbour(id);
            if (neighbour < 0) {
                bisect(id);
                return;
            }
            const Triangle& other = leaves_.at(neighbour);
            const Triangle& self = leaves_.at(id);
            if (edge(other.v[0], other.v[2]) == edge(self.v[0], self.v[2])) {
                bisect(id);
                bisect(neighbour);
                return;
            }
            conformingSplit(neighbour);  // now a child of it shares our base
        }
    }

    static Int128 orientation(Point a, Point b, Point p)
    {
        return static_cast<Int128>(b.x - a.x) * (p.y - a.y) - static_cast<Int128>(b.y - a.y) * (p.x - a.x);
    }

    static bool onSegment(Point a, Point b, Point p)
    {
        return orientation(a, b, p) == 0 && std::min(a.x, b.x) <= p.x && p.x <= std::max(a.x, b.x) &&
               std::min(a.y, b.y) <= p.y && p.y <= std::max(a.y, b.y);
    }

    // Corners are in 2^-40 units, the point in 2^-50 units.
    static bool contains(const Triangle& triangle, Point point)
    {
        const auto scaled = [](Point p) { return Point{p.x << 10, p.y << 10}; };
        const Int128 whole = orientation(scaled(triangle.v[0]), scaled(triangle.v[1]), scaled(triangle.v[2]));
        for (std::size_t i = 0; i < 3; ++i) {
            const Int128 side = orientation(scaled(triangle.v[i]), scaled(triangle.v[(i + 1) % 3]), point);
            if (side != 0 && ((side > 0) != (whole > 0))) {
                return false;
            }
        }
        return true;
    }

    std::map<int, Triangle> leaves_;
    std::map<Edge, std::set<int>> edges_;
    int nextId_ = 0;
};

TEST(PoolPointRefinement, BeyondDepthThirtyEqualsAnIndependentExactClosure)
{
    // Points on the 2^-50 grid, exact in double, away from the square's
    // dyadic lines so that the closure is not trivial.
    const IntegerClosure::Point points[] = {{0x4CCCCCCCCCCCDll >> 2, 0xB333333333333ll >> 2},
                                            {0x2F1A2B3C4D5E6ll, 0x1A2B3C4D5E6F7ll}};
    for (const IntegerClosure::Point point : points) {
        const glm::dvec2 real(static_cast<double>(point.x) * 0x1p-50, static_cast<double>(point.y) * 0x1p-50);
        for (const int depth : {31, 36, 44, 52, 60}) {
            IntegerClosure closure;
            closure.refine(point, depth);
            Pool pool = squarePool(depth);
            refineAroundPoint(pool, real);
            EXPECT_EQ(poolLeaves(pool), closure.leaves()) << "depth " << depth;
            const std::vector<std::string> violations = invariantViolations(pool.state(), pool.layout(), pool.mesh());
            EXPECT_TRUE(violations.empty()) << violations.front();
            int deepest = 0;
            for (const Slot slot : pool.liveSlots()) {
                deepest = std::max(deepest, pool.depth(slot));
            }
            EXPECT_EQ(deepest, depth);
        }
    }
}

TEST(PoolPointRefinement, DoesNotDependOnThePassOrderAndRefusesATooSmallPool)
{
    const glm::dvec2 point(0.3, 0.7);  // not rounded to any grid
    Pool ordered = squarePool(56);
    Pool shuffled = squarePool(56);
    std::mt19937_64 random(3);
    const PointRefineResult a = refineAroundPoint(ordered, point);
    const PointRefineResult b = refineAroundPoint(shuffled, point, &random);
    EXPECT_EQ(canonicalForm(ordered.state()), canonicalForm(shuffled.state()));
    EXPECT_EQ(a.leafCount, b.leafCount);
    EXPECT_LE(a.frames, 60) << "one level a frame, forced splits included";

    Pool tiny = squarePool(56, 64);
    EXPECT_THROW(refineAroundPoint(tiny, point), std::runtime_error);
}

}  // namespace
}  // namespace bisector
