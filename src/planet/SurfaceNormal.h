// The ground's normal for shading, the CPU reference of
// shaders/planet/SurfaceNormal.glsl. Triangles are an approximation of the
// surface, and lighting them by their own planes shows their facets; the
// globe's draw lights the surface itself instead, from two parts:
// - the data's normal, smooth at the data's spacing: the cross product of
//   central differences one grid cell (2 / intervals) along each axis of
//   the point's cube face (over the edge onto the next face where the
//   step crosses one), on the data alone. It depends on the cube point
//   only, so a vertex gives the same normal to every triangle that shares
//   it, and a point of a cube edge the same from either face;
// - the detail's slope (surfaceDetailSumGradient), evaluated where each
//   pixel lies, down to what the pixel can resolve.
#pragma once

#include <glm/vec3.hpp>

#include <array>
#include <cstdint>

namespace planet {

class CubeElevation;

// The four cube points whose heights give the data's normal at `cubePoint`
// over a grid of `intervals` a side: one cell before and after it along its
// face's first axis, then along the second (axes (a + 1) % 3 and (a + 2) %
// 3 of the face's axis a). A step past the face's edge continues down the
// neighbouring face.
[[nodiscard]] std::array<glm::dvec3, 4> dataNormalStencil(const glm::dvec3& cubePoint, std::uint32_t intervals);

// The unit normal (ECEF) of the surface through the stencil's points at
// their data heights (ECEF metres, in dataNormalStencil's order), facing
// away from the Earth's centre at `cubePoint`.
[[nodiscard]] glm::dvec3 dataNormalFrom(const std::array<glm::dvec3, 4>& ecef, const glm::dvec3& cubePoint);

// Both steps on a model resampled onto the cube.
[[nodiscard]] glm::dvec3 dataNormalAt(const CubeElevation& elevation, const glm::dvec3& cubePoint);

}  // namespace planet
