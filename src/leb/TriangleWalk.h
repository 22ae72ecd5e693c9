// Private helpers of the leb library: walking a heap index's path from the
// root triangle down to the node, one bisection per bit. Not installed; the
// public entry points are in LongestEdgeBisection.h.
#pragma once

#include "leb/LongestEdgeBisection.h"

#include <bit>

namespace leb::detail {

// findMSB of a heap index (0 for the root). heapIndex must be >= 1.
inline int nodeDepth(HeapIndex heapIndex) noexcept
{
    return static_cast<int>(std::bit_width(heapIndex)) - 1;
}

// Bit `bit` of the path encoded by a heap index (0 = left child, 1 = right).
inline int pathBit(HeapIndex heapIndex, int bit) noexcept
{
    return static_cast<int>((heapIndex >> bit) & 1u);
}

// The triangle of heap 1 in the triangle domain and of heap 2 in the square
// domain: (0,1), (0,0), (1,0).
inline Triangle baseTriangle() noexcept
{
    return Triangle{{glm::dvec2(0.0, 1.0), glm::dvec2(0.0, 0.0), glm::dvec2(1.0, 0.0)}};
}

// The square domain's heap 3: (1,0), (1,1), (0,1), i.e. the base triangle
// reflected through the centre of the square.
inline Triangle mirroredBaseTriangle() noexcept
{
    return Triangle{{glm::dvec2(1.0, 0.0), glm::dvec2(1.0, 1.0), glm::dvec2(0.0, 1.0)}};
}

// One bisection step: child 2k = (v0, m, v1) for bit 0 (M0) and
// child 2k+1 = (v1, m, v2) for bit 1 (M1), with m = (v0 + v2) / 2.
inline Triangle childTriangle(const Triangle& parent, int bit) noexcept
{
    const glm::dvec2 midpoint = 0.5 * (parent.v[0] + parent.v[2]);
    if (bit == 0) {
        return Triangle{{parent.v[0], midpoint, parent.v[1]}};
    }
    return Triangle{{parent.v[1], midpoint, parent.v[2]}};
}

// Where the walk down a heap index's path starts: the triangle of the first
// node that has one (heap 1 for the triangle domain; heap 2 or 3, picked by
// the mirroring bit, for the square domain) and how many path bits below it
// remain to be applied. For the square domain's heap 1 the walk starts (and
// ends) at the base triangle.
struct PathStart {
    Triangle triangle;
    int remainingBits;
};

inline PathStart pathStart(HeapIndex heapIndex, Domain domain) noexcept
{
    const int depth = nodeDepth(heapIndex);
    if (domain == Domain::Triangle || depth == 0) {
        return PathStart{baseTriangle(), depth};
    }
    const bool mirrored = pathBit(heapIndex, depth - 1) == 1;
    return PathStart{mirrored ? mirroredBaseTriangle() : baseTriangle(), depth - 1};
}

}  // namespace leb::detail
