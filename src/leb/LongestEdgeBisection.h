// Longest edge bisection (LEB) on a concurrent binary tree, Dupuy 2020 §5.
//
// Two domains:
//   - Triangle: heap index 1 is the root triangle (0,1), (0,0), (1,0).
//   - Square (§5.3): heap index 1 is the unit square [0,1]^2; heap 2 is the
//     triangle (0,1), (0,0), (1,0) and heap 3 the triangle (1,0), (1,1), (0,1).
//     The first bit below the MSB picks the root triangle (the paper's
//     "mirroring" bit); the square itself never becomes a leaf again, so the
//     tree never merges above depth 1.
// Vertex order is (v0, v1, v2) with the hypotenuse v0-v2. A triangle splits
// at m = (v0 + v2) / 2 into child 2k = (v0, m, v1) (M0) and
// child 2k+1 = (v1, m, v2) (M1).
//
// Every coordinate LEB produces down to depth 30 is a dyadic rational with at
// most 16 fractional bits, so all of the double-precision arithmetic below is
// exact; the GLSL mirror (shaders/leb/LongestEdgeBisection.glsl) does the same
// operations in double and therefore agrees bit for bit.
#pragma once

#include "cbt/ConcurrentBinaryTree.h"

#include <array>
#include <glm/mat3x3.hpp>
#include <glm/vec2.hpp>

namespace leb {

using cbt::HeapIndex;

enum class Domain { Triangle, Square };

// Heap index 0 stands for "no neighbour" (the paper's ∅).
inline constexpr HeapIndex kNoNeighbor = 0;

struct Triangle {
    std::array<glm::dvec2, 3> v;  // v0, v1, v2; hypotenuse v0-v2
};

// Same-depth neighbours of a node (Alg. 6): `left` is across edge v1-v2,
// `right` across edge v0-v1, `edge` across the hypotenuse v0-v2, and `node`
// is the heap index itself.
struct Neighbors {
    HeapIndex left = kNoNeighbor;
    HeapIndex right = kNoNeighbor;
    HeapIndex edge = kNoNeighbor;
    HeapIndex node = kNoNeighbor;
};

// Eq. 3: M0 (bit 0) and M1 (bit 1). Row i holds the weights of the parent's
// vertices (v0, v1, v2) that give the child's vertex i. glm is column-major,
// so the returned matrix m satisfies m[column][row].
glm::dmat3 splitMatrix(int bit);

// Alg. 5 (plus the square domain's mirroring bit): the matrix mapping the
// base triangle (0,1), (0,0), (1,0) - heap 1 of the triangle domain, heap 2
// of the square domain - to the triangle of `heapIndex`: the triangle's
// vertex i is sum_j M[i][j] * base vertex j (M[i][j] is m[j][i] in glm). In
// the square domain a set mirroring bit starts the product with the matrix
// of rows (0,0,1), (1,-1,1), (1,0,0), which maps the base triangle to heap 3
// (the reflection through the square's centre, an affine combination). The
// square domain's heap 1 gives the identity.
glm::dmat3 decodeMatrix(HeapIndex heapIndex, Domain domain);

// The triangle of `heapIndex` in unit-square coordinates: decodeMatrix
// applied to the base triangle (computed by bisecting along the path, which
// gives the same exact values). For the square domain heap index 1 has no
// triangle: pass indices >= 2 (heap 1 returns the base triangle).
Triangle decodeTriangle(HeapIndex heapIndex, Domain domain);

// Alg. 6, with the square-domain start vectors (∅, ∅, 3, 2) for heap 2 and
// (∅, ∅, 2, 3) for heap 3.
Neighbors sameDepthNeighbors(HeapIndex heapIndex, Domain domain);

// Alg. 14: the neighbours actually present in the tree (one level coarser or
// finer than `heapIndex` where the tessellation is adaptive). The printed
// algorithm is corrected in two places (see ConformingOperations.cpp): a split
// left neighbour L touches the node with its child 2L and a split right
// neighbour R with 2R+1; the edge neighbour is coarser when its parent is a
// leaf. Preconditions: the tessellation is conforming, the reduction is up
// to date and `heapIndex` is a leaf.
Neighbors trueNeighbors(const cbt::ConcurrentBinaryTree& tree, HeapIndex heapIndex, Domain domain);

// Alg. 7: split `heapIndex` and propagate along longest-edge neighbours so
// the tessellation stays conforming. Safe to call from many threads at once,
// within a pass that only splits (a concurrent merge of a node being split
// would corrupt the tree). A leaf at the tree's max depth does not split.
// Neither this nor conformingMerge updates the reduction.
void conformingSplit(cbt::ConcurrentBinaryTree& tree, HeapIndex heapIndex, Domain domain);

// Alg. 8: merge `heapIndex` with its sibling, and the diamond's other sibling
// pair, when all four (or both, on the domain border) are leaves (the node
// itself is checked too, so a call on a node that is not a leaf does
// nothing). Safe to call from many threads at once, within a pass that only
// merges. Never merges the root (triangle domain) or the two root triangles
// (square domain).
void conformingMerge(cbt::ConcurrentBinaryTree& tree, HeapIndex heapIndex, Domain domain);

// True when `point` lies in the closed triangle. Exact for LEB triangles
// when the point's coordinates are multiples of 2^-20 in [0,1] (see
// quantizePoint in leb/PointRefinement.h); for other points the answer
// may be wrong within rounding distance of an edge.
bool triangleContains(const Triangle& triangle, glm::dvec2 point);

// The leaf whose triangle contains `point`, or kNoNeighbor when the point is
// outside the domain: descends from the root, so O(D). Where the point lies on
// an edge shared by several leaves the one with the smallest leaf index wins
// (the left child is tested first).
HeapIndex locatePoint(const cbt::ConcurrentBinaryTree& tree, glm::dvec2 point, Domain domain);

}  // namespace leb
