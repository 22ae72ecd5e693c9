// Checks the planet tests share on a globe's bisector pool: a pool graded
// around a point on the date line and one by the north pole, and whether
// neighbouring bisectors share two bit-identical vertices, counting the
// pairs that meet across cube faces and across the date line.
#pragma once

#include "bisector/Pool.h"

#include <glm/vec3.hpp>

#include <array>
#include <cstddef>
#include <vector>

namespace planet::test {

// A pool over the cube updated until it is graded down to `maxDepth` around
// (30 N, 180 E) and (89.998 N, 45 W).
bisector::Pool poolGradedAroundTheDateLineAndThePole(int maxDepth);

struct NeighbourSharing {
    std::size_t pairs = 0;
    std::size_t cracked = 0;  // pairs that do not share two bit-identical vertices
    std::size_t crossingFaces = 0;
    std::size_t crossingTheDateLine = 0;
};

// `triangles[i]` holds the points (ECEF) of the bisector in `slots[i]`.
NeighbourSharing neighbourSharing(const bisector::Pool& pool, const std::vector<bisector::Slot>& slots,
                                  const std::vector<std::array<glm::dvec3, 3>>& triangles);

}  // namespace planet::test
