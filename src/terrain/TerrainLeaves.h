// The terrain's leaves as the GPU holds them, in a form both backends share:
// each leaf as its three corners in the unit square, sorted, so that the
// heap's leaf and the pool's bisector of the same triangle compare equal.
// For tools and tests that compare the two backends' meshes.
#pragma once

#include <glm/vec2.hpp>

#include <array>
#include <utility>
#include <vector>

namespace terrain {

class Terrain;

using LeafCorners = std::array<std::pair<double, double>, 3>;

// The corners a, b, c, sorted.
[[nodiscard]] LeafCorners leafCornersOf(const glm::dvec2& a, const glm::dvec2& b, const glm::dvec2& c);

// Every leaf of the terrain's tessellation (the heap's tree or the pool's
// bisectors, read back: the device must be idle), sorted.
[[nodiscard]] std::vector<LeafCorners> sortedLeafCorners(const Terrain& terrain);

// The deepest level of the pool's bisectors (the square is depth 0; read
// back). The terrain must be on the pool backend.
[[nodiscard]] int deepestPoolLevel(const Terrain& terrain);

}  // namespace terrain
