// Exact positions of bisector vertices, and exact point-in-triangle tests.
//
// Every vertex of a bisector is a weighted sum of its root triangle's three
// vertices, and every weight is a dyadic rational: the midpoint rule halves
// the spacing of the weights' grid every two levels, so a bisector L levels
// below its root has weights with at most ceil(L / 2) fractional bits, 31 at
// the 61 levels a 64-bit key can hold. Weights are therefore kept as integers
// in units of 2^-32, exactly, whatever the depth; only "weights x root
// vertices" is done in double. A plain float walk of the key's bits, by
// contrast, is wrong for most keys deeper than about 48 levels.
//
// Shared vertices are bit-identical on every side: within a root their
// weights are equal, and across a shared root edge the same two weights meet
// the same two vertices in a sum whose third term is exactly zero, which IEEE
// addition treats alike in either order.
#pragma once

#include "bisector/BisectorKey.h"
#include "bisector/HalfedgeMesh.h"

#include <array>
#include <cstdint>

#include <glm/vec2.hpp>
#include <glm/vec3.hpp>

namespace bisector {

using Weight = std::int64_t;
inline constexpr int kWeightFractionBits = 32;
inline constexpr Weight kWeightOne = Weight{1} << kWeightFractionBits;

// The weights of one vertex over the root's (v0, v1, v2); they sum to kWeightOne.
using VertexWeights = std::array<Weight, 3>;
// The weights of a bisector's three vertices (its v0, v1, v2).
using TriangleWeights = std::array<VertexWeights, 3>;

// The root's own weights: the identity.
TriangleWeights rootWeights() noexcept;
// One bisection: child 0 = (v0, m, v1), child 1 = (v1, m, v2), m = (v0 + v2) / 2.
TriangleWeights childWeights(const TriangleWeights& parent, int bit);
// The weights of `key`, walking its bits below the root: O(levels).
TriangleWeights keyWeights(Key key, const KeyLayout& layout);

// sum_j w[j] * root[j] in double, in the order j = 0, 1, 2.
glm::dvec3 weightedPoint(const VertexWeights& weights, const RootTriangle& root) noexcept;
// The three vertices of `key` (its v0, v1, v2).
std::array<glm::dvec3, 3> bisectorVertices(Key key, const KeyLayout& layout, const HalfedgeMesh& mesh);

// The sign (-1, 0 or +1) of the orientation of (a, b, p), i.e. of
// (b - a) x (p - a), computed exactly for any finite p. Preconditions, which
// the vertices of bisectors over dyadic roots such as the unit square meet:
// every coordinate lies within +-2^200, and each component of b - a is exact
// in double and either 0 or at least 2^-400 in magnitude. Throws
// std::domain_error otherwise.
int orientationSign(glm::dvec2 a, glm::dvec2 b, glm::dvec2 p);

// Whether the closed triangle (edges and corners included) contains p,
// exactly, under orientationSign's preconditions for each edge. A degenerate
// triangle contains nothing.
bool closedTriangleContains(const std::array<glm::dvec2, 3>& triangle, glm::dvec2 p);

}  // namespace bisector
