// The paper's Table 2 experiment: refine an LEB tessellation around a point
// down to the tree's max depth with alternating conforming split and merge
// passes (Alg. 4 updates). The CPU reference for the benchmark and for the
// GPU tests.
#pragma once

#include "cbt/ConcurrentBinaryTree.h"
#include "leb/LongestEdgeBisection.h"

#include <cstdint>
#include <vector>

#include <glm/vec2.hpp>

namespace leb {

// Points handed to the functions below are multiples of 2^-20 in [0,1]^2:
// that keeps every orientation test exact (see triangleContains), so the
// result is the same on every machine and on the GPU.
inline constexpr double kPointQuantum = 1.0 / 1048576.0;  // 2^-20

// Rounds each coordinate to the nearest multiple of 2^-20 (ties away from
// zero) and clamps it to [0,1].
glm::dvec2 quantizePoint(glm::dvec2 point);

struct RefineResult {
    std::uint32_t leafCount = 0;  // leaves when the refinement settled
    int passes = 0;               // split and merge passes run
};

// Split-pass criterion: the leaf's (closed) triangle contains the point.
bool splitPassCriterion(const Triangle& leafTriangle, glm::dvec2 point);

// Merge-pass criterion for a leaf: neither its parent's triangle nor the
// triangle of the parent's longest-edge neighbour (the diamond's other half,
// when there is one) contains the point. False at the root level (the
// triangle domain's root, the square domain's heaps 2 and 3), which has no
// parent to merge into.
bool mergePassCriterion(HeapIndex leaf, glm::dvec2 point, Domain domain);

// Runs rounds of one split pass (tree.update: conformingSplit every leaf that
// meets splitPassCriterion) and one merge pass (tree.update: conformingMerge
// every leaf that meets mergePassCriterion), each followed by the update's
// reduction, and stops after the first round in which neither pass changed
// the leaf count. `threads` is handed to tree.update (0 = hardware
// concurrency); the final heap does not depend on it.
// Preconditions: the tree is initialised (square domain: depth 1, triangle
// domain: any depth) with its reduction up to date, and point ==
// quantizePoint(point) (otherwise std::invalid_argument). Throws
// std::runtime_error if the rounds do not settle within 4 * D + 16 rounds
// (from a uniform tree at depth d they settle after D - d + 1 rounds).
RefineResult refineAroundPoint(cbt::ConcurrentBinaryTree& tree, glm::dvec2 point, Domain domain, unsigned threads);

// A leaf and its triangle, for dumping and checking tessellations.
struct LeafTriangle {
    HeapIndex heapIndex = kNoNeighbor;
    Triangle triangle;
};

// Every leaf in leaf-index order (Alg. 1 for each), with its triangle.
std::vector<LeafTriangle> leafTriangles(const cbt::ConcurrentBinaryTree& tree, Domain domain);

}  // namespace leb
