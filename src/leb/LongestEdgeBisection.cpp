// Symbolic LEB: splitting matrices, heap index -> triangle decoding,
// same-depth neighbours and the exact point-in-triangle test (paper §5.1-5.2).
#include "leb/LongestEdgeBisection.h"

#include "leb/TriangleWalk.h"

#include <glm/mat3x3.hpp>
#include <glm/matrix.hpp>
#include <glm/vec3.hpp>

namespace leb {

namespace {

// glm stores columns; the paper writes matrices by rows.
glm::dmat3 matrixFromRows(const glm::dvec3& row0, const glm::dvec3& row1, const glm::dvec3& row2)
{
    return glm::transpose(glm::dmat3(row0, row1, row2));
}

// The square domain's mirroring matrix: maps the base triangle
// (0,1), (0,0), (1,0) onto heap 3's (1,0), (1,1), (0,1). Its middle row,
// v0 - v1 + v2, is an affine (not convex) combination: the reflection of the
// right-angle vertex through the square's centre.
glm::dmat3 mirrorMatrix()
{
    return matrixFromRows(glm::dvec3(0.0, 0.0, 1.0), glm::dvec3(1.0, -1.0, 1.0), glm::dvec3(1.0, 0.0, 0.0));
}

// The paper's rule 2∅ = ∅ + 1 = ∅ with ∅ = 0: doubling already maps 0 to 0,
// and the "+1" only applies to a real neighbour.
HeapIndex twice(HeapIndex neighbor) noexcept
{
    return neighbor << 1u;
}

HeapIndex twicePlusOne(HeapIndex neighbor) noexcept
{
    return neighbor == kNoNeighbor ? kNoNeighbor : (neighbor << 1u) | 1u;
}

// Eq. 4 and 5: the neighbour vector of child `bit` from its parent's.
Neighbors childNeighbors(const Neighbors& n, int bit) noexcept
{
    if (bit == 0) {
        return Neighbors{twicePlusOne(n.node), twicePlusOne(n.edge), twicePlusOne(n.right), twice(n.node)};
    }
    return Neighbors{twice(n.edge), twice(n.node), twice(n.left), twicePlusOne(n.node)};
}

// Twice the signed area of (a, b, p): positive when p is left of a->b.
// Exact under the precondition documented at triangleContains.
double orientation(const glm::dvec2& a, const glm::dvec2& b, const glm::dvec2& p) noexcept
{
    return (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x);
}

}  // namespace

glm::dmat3 splitMatrix(int bit)
{
    const glm::dvec3 midpointRow(0.5, 0.0, 0.5);
    if (bit == 0) {
        return matrixFromRows(glm::dvec3(1.0, 0.0, 0.0), midpointRow, glm::dvec3(0.0, 1.0, 0.0));
    }
    return matrixFromRows(glm::dvec3(0.0, 1.0, 0.0), midpointRow, glm::dvec3(0.0, 0.0, 1.0));
}

glm::dmat3 decodeMatrix(HeapIndex heapIndex, Domain domain)
{
    const int depth = detail::nodeDepth(heapIndex);
    glm::dmat3 matrix(1.0);
    int bit = depth - 1;
    if (domain == Domain::Square && depth > 0) {
        if (detail::pathBit(heapIndex, bit) == 1) {
            matrix = mirrorMatrix();
        }
        --bit;
    }
    for (; bit >= 0; --bit) {
        matrix = splitMatrix(detail::pathBit(heapIndex, bit)) * matrix;
    }
    return matrix;
}

Triangle decodeTriangle(HeapIndex heapIndex, Domain domain)
{
    const detail::PathStart start = detail::pathStart(heapIndex, domain);
    Triangle triangle = start.triangle;
    for (int bit = start.remainingBits - 1; bit >= 0; --bit) {
        triangle = detail::childTriangle(triangle, detail::pathBit(heapIndex, bit));
    }
    return triangle;
}

Neighbors sameDepthNeighbors(HeapIndex heapIndex, Domain domain)
{
    const int depth = detail::nodeDepth(heapIndex);
    Neighbors neighbors{kNoNeighbor, kNoNeighbor, kNoNeighbor, 1u};
    int bit = depth - 1;
    if (domain == Domain::Square && depth > 0) {
        // The two root triangles share their hypotenuse, the square's diagonal.
        neighbors = detail::pathBit(heapIndex, bit) == 0 ? Neighbors{kNoNeighbor, kNoNeighbor, 3u, 2u}
                                                         : Neighbors{kNoNeighbor, kNoNeighbor, 2u, 3u};
        --bit;
    }
    for (; bit >= 0; --bit) {
        neighbors = childNeighbors(neighbors, detail::pathBit(heapIndex, bit));
    }
    return neighbors;
}

// Exactness: LEB vertices down to depth 30 are multiples of 2^-15 in [0,1]
// and callers pass points that are multiples of 2^-20 in [0,1] (see
// quantizePoint in PointRefinement.h). Every coordinate difference is then a
// multiple of 2^-20 of magnitude at most 1 (at most 21 significant bits),
// every product a multiple of 2^-40 of magnitude at most 1 (41 bits) and the
// final difference a multiple of 2^-40 below 2 (42 bits): all of it fits the
// 53-bit mantissa of a double, so the signs are exact. Fused multiply-adds
// change nothing either, as each product is already exact.
bool triangleContains(const Triangle& triangle, glm::dvec2 point)
{
    const double side0 = orientation(triangle.v[0], triangle.v[1], point);
    const double side1 = orientation(triangle.v[1], triangle.v[2], point);
    const double side2 = orientation(triangle.v[2], triangle.v[0], point);
    const bool noneNegative = side0 >= 0.0 && side1 >= 0.0 && side2 >= 0.0;
    const bool nonePositive = side0 <= 0.0 && side1 <= 0.0 && side2 <= 0.0;
    return noneNegative || nonePositive;
}

}  // namespace leb
