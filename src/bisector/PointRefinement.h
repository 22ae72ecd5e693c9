// Refinement around a point on the bisector pool (the heap backend's Table 2
// experiment, without its depth limit): every leaf whose closed triangle
// contains the point is split, conformingly, while it is shallower than the
// pool's max depth, and whatever no longer needs to be fine merges back. The
// point is any double: containment is decided exactly, so no grid rounding
// is needed (the heap backend rounds to 2^-20, which holds only to D ~ 28).
#pragma once

#include "bisector/Pool.h"

#include <array>
#include <cstdint>
#include <vector>

#include <glm/vec2.hpp>

namespace bisector {

// The point rounded to the nearest multiple of 2^-60 and clamped to [0,1]:
// the grid the GPU criterion (bisector::gpu::PointCriterion) tests exactly
// in 64-bit integers.
glm::dvec2 roundToPointGrid(glm::dvec2 point);

// The criterion: Split when the bisector's closed triangle (its x, y)
// contains `point`; Merge when its parent's does not; Keep otherwise.
Decision pointDecision(const Pool& pool, Slot slot, glm::dvec2 point);

struct PointRefineResult {
    std::uint32_t leafCount = 0;
    int frames = 0;  // updates run, the last of which changed nothing
};

// Runs updates with pointDecision until one changes nothing. Throws
// std::runtime_error when that takes more than 4 * maxDepth + 16 updates,
// or when a split had to wait for want of free slots (the pool is too small
// for this depth).
PointRefineResult refineAroundPoint(Pool& pool, glm::dvec2 point, std::mt19937_64* shuffle = nullptr);

// Each live bisector as (key, its three vertices' x, y), in key order.
struct LeafTriangle {
    Key key = kFreeKey;
    std::array<glm::dvec2, 3> vertices;
};
std::vector<LeafTriangle> leafTriangles(const Pool& pool);

}  // namespace bisector
