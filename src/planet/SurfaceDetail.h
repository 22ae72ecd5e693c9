// Relief below the data on the globe: ETOPO5 has one sample every ~9 km, so
// a view from a few hundred metres would see flat facets. The globe's
// surface adds the surface library's detail noise (surface/DetailNoise.h)
// to the data's heights, over the exact cube point (seamless across faces
// and the date line, since a cube point is one point whatever face it is
// seen from), from half the data's spacing down to a few metres. Its
// amplitude follows the land's height: strong in the mountains, weak on
// plains, none at sea or under it; land never falls below sea level.
//
// A vertex's height depends on its cube point alone, never on the level of
// the triangle that asks, so neighbours share bit-identical vertices.
// shaders/planet/SurfaceDetail.glsl mirrors it operation for operation in
// double, so the GPU's heights are the CPU's bit for bit and the globe's
// level of detail can use them.
#pragma once

#include "surface/DetailNoise.h"

#include <glm/vec2.hpp>
#include <glm/vec3.hpp>

#include <cstdint>

namespace planet {

// The detail's lattices over a grid of `intervals` a face side: two cells
// per data cell first, down to cells of 4 m.
[[nodiscard]] surface::DetailLattice surfaceDetailLattice(std::uint32_t intervals);

// Metres the detail adds at `cubePoint` on ground whose data height is
// `dataHeightMetres`, over a grid of `intervals` a face side.
[[nodiscard]] double surfaceDetailMetres(const glm::dvec3& cubePoint, double dataHeightMetres, std::uint32_t intervals);

// The detail in two steps: the octaves' sum at a cube point (metres, within
// +-surfaceDetailBoundMetres), then shaped by the land's height there:
// surfaceDetailFromSum(surfaceDetailSum(p), h) == surfaceDetailMetres(p, h).
// For any sum s, the shaped detail lies within [min(0, s), max(0, s)].
[[nodiscard]] double surfaceDetailSum(const glm::dvec3& cubePoint, std::uint32_t intervals);
[[nodiscard]] double surfaceDetailFromSum(double sum, double dataHeightMetres);

// The range of surfaceDetailFromSum(s, h) over every sum s in [lowestSum,
// highestSum] and data height h in [lowestDataMetres, highestDataMetres]:
// the roughness grows with the height, so the ends come from those of the
// two ranges. Within [min(0, lowestSum), max(0, highestSum)], and as tight
// as the sums alone where the land is high enough to be fully rough.
[[nodiscard]] glm::dvec2 surfaceDetailRangeFromSums(double lowestSum, double highestSum, double lowestDataMetres,
                                                    double highestDataMetres);

// The most the octaves' sum changes between two cube points at most
// `distanceCubeUnits` apart: each octave changes by no more than its slope
// bound times the distance, nor more than twice its amplitude.
[[nodiscard]] double surfaceDetailVariationBound(double distanceCubeUnits, std::uint32_t intervals);

// The gradient of surfaceDetailSum at a cube point (metres per cube unit),
// for shading: the octaves whose lattice is finer than `resolvableMetres`
// (what a pixel can show) fade out instead of aliasing
// (surface::detailOctaveWeight). 0 keeps every octave: the sum's exact
// gradient.
[[nodiscard]] glm::dvec3 surfaceDetailSumGradient(const glm::dvec3& cubePoint, std::uint32_t intervals,
                                                  double resolvableMetres);

// The most the detail moves a point up or down (for bounds).
[[nodiscard]] double surfaceDetailBoundMetres(std::uint32_t intervals);

}  // namespace planet
