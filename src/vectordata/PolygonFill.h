// The triangles that fill a polygon on the ground: its outer ring and holes
// triangulated in the plane of its latitudes and longitudes (the holes
// bridged into the outer ring, then ear clipping), each triangle then cut in
// two across its longest edge, at that edge's midpoint, until no edge is
// longer than the surface's sample spacing, so that the fill follows the
// relief. An edge is cut by its own length alone, the same way in the two
// triangles that share it: neighbours share their vertices, and no crack
// opens between them.
#pragma once

#include "vectordata/VectorLayer.h"

#include <array>
#include <cstddef>
#include <vector>

namespace vectordata {

using GeodeticTriangle = std::array<GeodeticVertex, 3>;

// A polygon whose rings hold more points than this together is not filled
// (ear clipping costs the square of the points).
inline constexpr std::size_t kMaxFilledPolygonPoints = 50000;

// The triangles of `polygon` with no edge longer than `maxEdgeMetres`, at
// most `triangleBudget` of them (the budget cuts the polygon's fill short).
// Longitudes come out in [-180, 180]; a polygon across the date line is
// unwrapped around its first point. Rings of fewer than three distinct
// points, holes outside the outer ring and polygons of more than
// kMaxFilledPolygonPoints points give no triangles; a self-intersecting
// ring gives those its ear clipping finds.
[[nodiscard]] std::vector<GeodeticTriangle> fillTriangles(const VectorPolygon& polygon, double maxEdgeMetres,
                                                          std::size_t triangleBudget);

}  // namespace vectordata
