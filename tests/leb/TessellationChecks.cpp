#include "TessellationChecks.h"

#include <array>
#include <cmath>
#include <cstdlib>
#include <sstream>
#include <stdexcept>
#include <unordered_map>
#include <unordered_set>

namespace leb::checks {

namespace {

// A grid point packed in one integer (coordinates are at most 2^16).
std::uint64_t packed(const GridPoint& point)
{
    return (static_cast<std::uint64_t>(point.x) << 20u) | static_cast<std::uint64_t>(point.y);
}

struct EdgeKey {
    std::uint64_t first = 0;
    std::uint64_t second = 0;
    friend bool operator==(const EdgeKey&, const EdgeKey&) = default;
};

struct EdgeKeyHash {
    std::size_t operator()(const EdgeKey& key) const noexcept
    {
        return static_cast<std::size_t>(key.first * 0x9E3779B97F4A7C15ull ^ key.second);
    }
};

EdgeKey edgeKey(const GridPoint& a, const GridPoint& b)
{
    const std::uint64_t pa = packed(a);
    const std::uint64_t pb = packed(b);
    return pa < pb ? EdgeKey{pa, pb} : EdgeKey{pb, pa};
}

struct EdgeUse {
    int count = 0;
    std::array<int, 2> depths{};
    std::array<HeapIndex, 2> leaves{};
};

bool onDomainBorder(const GridPoint& a, const GridPoint& b, Domain domain)
{
    const std::int64_t s = kGridScale;
    const bool onAxis = (a.x == 0 && b.x == 0) || (a.y == 0 && b.y == 0);
    if (domain == Domain::Triangle) {
        return onAxis || (a.x + a.y == s && b.x + b.y == s);
    }
    return onAxis || (a.x == s && b.x == s) || (a.y == s && b.y == s);
}

std::string describe(const LeafTriangle& leaf)
{
    std::ostringstream out;
    out << "leaf " << leaf.heapIndex << " (";
    for (const glm::dvec2& v : leaf.triangle.v) {
        out << " (" << v.x << ", " << v.y << ")";
    }
    out << " )";
    return out.str();
}

// The first leaf, in leaf-index order, whose closed triangle holds the point.
const LeafTriangle* firstContainingLeaf(const std::vector<LeafTriangle>& leaves, glm::dvec2 point, int* containingCount)
{
    const LeafTriangle* first = nullptr;
    *containingCount = 0;
    for (const LeafTriangle& leaf : leaves) {
        if (triangleContains(leaf.triangle, point)) {
            ++*containingCount;
            if (first == nullptr) {
                first = &leaf;
            }
        }
    }
    return first;
}

}  // namespace

GridPoint toGrid(glm::dvec2 vertex)
{
    const double x = vertex.x * static_cast<double>(kGridScale);
    const double y = vertex.y * static_cast<double>(kGridScale);
    if (x != std::floor(x) || y != std::floor(y)) {
        throw std::domain_error("vertex is not a multiple of 2^-16");
    }
    return GridPoint{static_cast<std::int64_t>(x), static_cast<std::int64_t>(y)};
}

std::int64_t twiceArea(const Triangle& triangle)
{
    const GridPoint a = toGrid(triangle.v[0]);
    const GridPoint b = toGrid(triangle.v[1]);
    const GridPoint c = toGrid(triangle.v[2]);
    return std::llabs((b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x));
}

::testing::AssertionResult isConforming(const std::vector<LeafTriangle>& leaves, Domain domain)
{
    std::unordered_map<EdgeKey, EdgeUse, EdgeKeyHash> edges;
    std::unordered_set<std::uint64_t> vertices;
    edges.reserve(leaves.size() * 3u);
    vertices.reserve(leaves.size() * 2u);
    for (const LeafTriangle& leaf : leaves) {
        std::array<GridPoint, 3> corners{};
        for (std::size_t i = 0; i < 3; ++i) {
            corners[i] = toGrid(leaf.triangle.v[i]);
            vertices.insert(packed(corners[i]));
        }
        for (std::size_t i = 0; i < 3; ++i) {
            EdgeUse& use = edges[edgeKey(corners[i], corners[(i + 1) % 3])];
            if (use.count == 2) {
                return ::testing::AssertionFailure()
                       << "edge used by more than two leaves (overlap), last " << describe(leaf);
            }
            use.depths[static_cast<std::size_t>(use.count)] = cbt::depthOf(leaf.heapIndex);
            use.leaves[static_cast<std::size_t>(use.count)] = leaf.heapIndex;
            ++use.count;
        }
    }
    for (const auto& [key, use] : edges) {
        const GridPoint a{static_cast<std::int64_t>(key.first >> 20u), static_cast<std::int64_t>(key.first & 0xFFFFFu)};
        const GridPoint b{static_cast<std::int64_t>(key.second >> 20u),
                          static_cast<std::int64_t>(key.second & 0xFFFFFu)};
        const bool border = onDomainBorder(a, b, domain);
        if (use.count == 1 && !border) {
            return ::testing::AssertionFailure()
                   << "T-junction: an inner edge of leaf " << use.leaves[0] << " is not an edge of any other leaf";
        }
        if (use.count == 2 && border) {
            return ::testing::AssertionFailure()
                   << "border edge shared by leaves " << use.leaves[0] << " and " << use.leaves[1];
        }
        if (use.count == 2 && std::abs(use.depths[0] - use.depths[1]) > 1) {
            return ::testing::AssertionFailure() << "leaves " << use.leaves[0] << " and " << use.leaves[1]
                                                 << " share an edge but differ by more than one level";
        }
        if ((a.x + b.x) % 2 != 0 || (a.y + b.y) % 2 != 0) {
            return ::testing::AssertionFailure() << "edge midpoint off the 2^-16 grid";
        }
        const GridPoint midpoint{(a.x + b.x) / 2, (a.y + b.y) / 2};
        if (vertices.contains(packed(midpoint))) {
            return ::testing::AssertionFailure()
                   << "T-junction: a vertex lies at the midpoint of an edge of leaf " << use.leaves[0];
        }
    }
    return ::testing::AssertionSuccess();
}

::testing::AssertionResult coversDomainExactly(const std::vector<LeafTriangle>& leaves, Domain domain)
{
    // In squared grid units twice the domain area is 2 * 2^32 (square) or
    // 2^32 (triangle); a depth-d leaf has 2^-d of the triangle domain's or
    // 2^-(d-1) of the square domain's.
    const std::int64_t twiceRootArea = kGridScale * kGridScale;
    const int squareShift = domain == Domain::Square ? 1 : 0;
    std::int64_t sum = 0;
    for (const LeafTriangle& leaf : leaves) {
        const std::int64_t area = twiceArea(leaf.triangle);
        const int depth = cbt::depthOf(leaf.heapIndex);
        if (domain == Domain::Square && depth == 0) {
            return ::testing::AssertionFailure() << "the square itself is a leaf";
        }
        if (area != (twiceRootArea << squareShift) >> depth) {
            return ::testing::AssertionFailure() << describe(leaf) << " has the wrong area for depth " << depth;
        }
        sum += area;
    }
    if (sum != twiceRootArea << squareShift) {
        return ::testing::AssertionFailure()
               << "leaf areas sum to " << static_cast<double>(sum) / 2.0 / static_cast<double>(twiceRootArea)
               << " instead of the domain area";
    }
    return ::testing::AssertionSuccess();
}

::testing::AssertionResult pointLocationAgrees(const cbt::ConcurrentBinaryTree& tree,
                                               const std::vector<LeafTriangle>& leaves, Domain domain,
                                               std::mt19937& random, int samples)
{
    // General position: x an odd multiple of 2^-20, y an odd multiple of
    // 2^-19, so x, y, x + y and x - y are no multiples of 2^-15 and the point
    // lies on no LEB edge (those lie on such lines).
    std::uniform_int_distribution<std::uint32_t> oddX(0u, (1u << 19u) - 1u);
    std::uniform_int_distribution<std::uint32_t> oddY(0u, (1u << 18u) - 1u);
    std::uniform_int_distribution<std::uint32_t> coarse(0u, 256u);
    for (int sample = 0; sample < samples; ++sample) {
        glm::dvec2 point(static_cast<double>(2u * oddX(random) + 1u) * kPointQuantum,
                         static_cast<double>(4u * oddY(random) + 2u) * kPointQuantum);
        if (domain == Domain::Triangle && point.x + point.y > 1.0) {
            point = glm::dvec2(1.0) - point;
        }
        int count = 0;
        const LeafTriangle* owner = firstContainingLeaf(leaves, point, &count);
        if (count != 1) {
            return ::testing::AssertionFailure()
                   << "point (" << point.x << ", " << point.y << ") lies in " << count << " leaves";
        }
        const HeapIndex located = locatePoint(tree, point, domain);
        if (located != owner->heapIndex) {
            return ::testing::AssertionFailure()
                   << "locatePoint gave " << located << ", brute force " << owner->heapIndex;
        }
    }
    for (int sample = 0; sample < samples; ++sample) {
        glm::dvec2 point(static_cast<double>(coarse(random)) / 256.0, static_cast<double>(coarse(random)) / 256.0);
        if (domain == Domain::Triangle && point.x + point.y > 1.0) {
            point = glm::dvec2(1.0) - point;
        }
        int count = 0;
        const LeafTriangle* first = firstContainingLeaf(leaves, point, &count);
        if (first == nullptr) {
            return ::testing::AssertionFailure() << "no leaf holds (" << point.x << ", " << point.y << ")";
        }
        const HeapIndex located = locatePoint(tree, point, domain);
        if (located != first->heapIndex) {
            return ::testing::AssertionFailure()
                   << "on-edge point (" << point.x << ", " << point.y << "): locatePoint gave " << located
                   << ", first containing leaf is " << first->heapIndex;
        }
    }
    const glm::dvec2 outside =
        domain == Domain::Triangle ? glm::dvec2(0.5 + kPointQuantum, 0.5) : glm::dvec2(1.0 + kPointQuantum, 0.5);
    if (locatePoint(tree, outside, domain) != kNoNeighbor) {
        return ::testing::AssertionFailure() << "a point outside the domain was located";
    }
    return ::testing::AssertionSuccess();
}

::testing::AssertionResult isValidTessellation(const cbt::ConcurrentBinaryTree& tree, Domain domain)
{
    const std::vector<LeafTriangle> leaves = leafTriangles(tree, domain);
    if (::testing::AssertionResult covered = coversDomainExactly(leaves, domain); !covered) {
        return covered;
    }
    return isConforming(leaves, domain);
}

}  // namespace leb::checks
