// Exact checks of LEB tessellations shared by the leb tests: conformity
// (no T-junctions), exact coverage of the domain, level differences across
// shared edges, and point location against a brute-force search.
#pragma once

#include "cbt/ConcurrentBinaryTree.h"
#include "leb/LongestEdgeBisection.h"
#include "leb/PointRefinement.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <vector>

namespace leb::checks {

// A point of [0,1]^2 in units of 2^-16, exact for every LEB vertex down to
// depth 30 (multiples of 2^-15).
struct GridPoint {
    std::int64_t x = 0;
    std::int64_t y = 0;
    friend bool operator==(const GridPoint&, const GridPoint&) = default;
};
inline constexpr std::int64_t kGridScale = 65536;

// Converts a vertex to grid units; throws std::domain_error if it is not a
// multiple of 2^-16 (then the exact checks below would be meaningless).
GridPoint toGrid(glm::dvec2 vertex);

// Twice the (unsigned) area of a triangle, in squared grid units (exact).
std::int64_t twiceArea(const Triangle& triangle);

// The tessellation is conforming: every leaf edge is either shared with
// exactly one other leaf with the identical edge, or lies on the domain
// border with no other leaf; no edge midpoint is a leaf vertex (a direct
// T-junction test); and leaves sharing an edge differ by at most one level.
// Together with exact coverage (below) this proves that no leaf vertex lies
// inside another leaf's edge.
::testing::AssertionResult isConforming(const std::vector<LeafTriangle>& leaves, Domain domain);

// Leaf areas sum exactly to the domain's area (1 for the square, 1/2 for the
// triangle), and each leaf has the area of its depth.
::testing::AssertionResult coversDomainExactly(const std::vector<LeafTriangle>& leaves, Domain domain);

// Points in general position (on no LEB edge) land in exactly one leaf, and
// locatePoint finds it; points on a 2^-8 grid (vertices and edges of coarse
// leaves) are located in the first leaf, in leaf-index order, that contains
// them; points outside the domain are not located.
::testing::AssertionResult pointLocationAgrees(const cbt::ConcurrentBinaryTree& tree,
                                               const std::vector<LeafTriangle>& leaves, Domain domain,
                                               std::mt19937& random, int samples);

// All of the above at once.
::testing::AssertionResult isValidTessellation(const cbt::ConcurrentBinaryTree& tree, Domain domain);

}  // namespace leb::checks
