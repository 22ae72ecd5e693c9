// The globe's level of detail on the bisector pool (CPU reference; the GPU
// mirror is shaders/planet/GlobeCriterion.glsl, operation for operation in
// double): a bisector splits while its longest edge spans more than the
// target pixels seen from the camera, unless it is culled, and merges when
// its parent would not split.
//
// The distance that sets a bisector's pixels is the camera's to the sphere
// around its three vertices on the elevation (widened by the sagitta), the
// triangle drawn now. Culling works on a bounding sphere of everything the
// bisector may come to show: its three cube vertices taken to the lowest and
// the highest height of the data under it (the range of the grid cells it
// touches or, within one cell, of the bilinear surface over the triangle
// itself: CubeElevation::surfaceRangeOverTriangle), widened by the detail's
// reach and by the sagitta of the ellipsoid over its longest edge. It is culled when the sphere lies outside a plane of the
// view frustum, or below the horizon: wholly inside the cone that an
// occluder casts from the camera, and beyond the cone's tangent points. The
// horizon is found where the ellipsoid is a sphere (z stretched by a / b,
// the sphere's radius by the same), and the occluder is a sphere there
// inside everything drawn: seen from above sea level, the sea-level
// ellipsoid less a margin, since the globe shows water wherever a view ray
// meets sea level; otherwise the semi-minor axis plus the model's lowest
// height. Culled bisectors are neither refined nor drawn.
//
// Seen from above sea level, the sea hides the seabed below a depth of water
// (shaders/planet/SeaSurface.glsl): a bisector whose data all lies deeper
// does not split, since nothing of its shape shows. Its triangle still
// covers its pixels, where the draw shades the water at sea level.
#pragma once

#include "bisector/Pool.h"
#include "planet/CubeElevation.h"
#include "planet/GlobeCamera.h"

#include <glm/vec3.hpp>
#include <glm/vec4.hpp>

#include <array>
#include <limits>

namespace planet {

// The depth of water down to which the sea shows its seabed: the light that
// reaches the seabed and comes back crosses at least twice this much water,
// which keeps e^-12 of its blue and less of the rest (SeaSurface.glsl).
inline constexpr double kSeabedShownDownToMetres = 200.0;

// The globe's default target: a bisector splits while its longest edge
// covers more pixels than this. The ground's light comes from the surface's
// normal, not the triangles' planes (shaders/planet/GlobeSurface.glsl), so
// triangles of 10 pixels look as 7 do (frames within half a level on
// average near the ground, docs/PERFORMANCE.md) with half the bisectors.
inline constexpr double kDefaultGlobeTargetEdgePixels = 10.0;
// How far below sea level the horizon's occluder lies, seen from above it:
// room for the float sea of the draw and for land chords that dip under
// sea level near the coast.
inline constexpr double kSeaHorizonMarginMetres = 100.0;

// What the criterion sees of a frame.
struct GlobeLevelOfDetail {
    glm::dvec3 cameraEcef{0.0};
    // Frustum planes relative to the camera: a point p is inside a plane
    // when dot(plane.xyz, p - cameraEcef) + plane.w >= 0 (not normalised).
    std::array<glm::dvec4, 6> frustumPlanes{};
    double pixelsPerRadian = 1.0;  // viewport height / (2 tan(vertical fov / 2))
    double targetEdgePixels = 8.0;
    double nearMetres = 1.0;      // distances below this count as this
    double occluderRadius = 0.0;  // the semi-minor axis plus the model's lowest height
    // The horizon's occluder: its radius where the ellipsoid is a sphere
    // (z times polarStretch); 0 culls nothing by the horizon.
    double horizonRadius = 0.0;
    double polarStretch = 1.0;  // a / b
    // Bisectors whose data lies wholly below this height do not split: the
    // sea above hides their seabed. The lowest double when nothing is hidden
    // (the camera at or below sea level sees the seabed as ground).
    double seabedHiddenBelowMetres = std::numeric_limits<double>::lowest();
};

// The level of detail of `view` through a reversed-Z infinite perspective
// (camera::vulkanInfinitePerspective) over `elevation`. The seabed deeper
// than `seabedShownDownToMetres` is hidden while the camera is more than a
// metre above sea level (infinity: never).
[[nodiscard]] GlobeLevelOfDetail globeLevelOfDetailFor(const GlobeView& view, double verticalFovRadians,
                                                       double viewportWidth, double viewportHeight,
                                                       double targetEdgePixels, double nearMetres,
                                                       const CubeElevation& elevation,
                                                       double seabedShownDownToMetres = kSeabedShownDownToMetres);

struct BisectorSphere {
    // Around the vertices at the lowest and the highest height (culling).
    glm::dvec3 centre{0.0};
    double radius = 0.0;
    // Around the vertices on the elevation (the distance of the split test).
    glm::dvec3 surfaceCentre{0.0};
    double surfaceRadius = 0.0;
    double longestEdgeMetres = 0.0;  // between its vertices on the elevation
    // The highest data height of the cells under it (no detail: the detail
    // is nought at and below sea level).
    double highestDataMetres = 0.0;
};

// The bounding spheres of a bisector's cube vertices (bisector::bisectorVertices).
[[nodiscard]] BisectorSphere bisectorSphereOf(const std::array<glm::dvec3, 3>& cubeVertices,
                                              const CubeElevation& elevation, const GlobeLevelOfDetail& lod);
[[nodiscard]] bool isCulled(const BisectorSphere& sphere, const GlobeLevelOfDetail& lod);
// Whether the bisector's longest edge spans more than the target pixels.
[[nodiscard]] bool spansMoreThanTarget(const BisectorSphere& sphere, const GlobeLevelOfDetail& lod);
// Whether the sea hides all of the bisector's seabed.
[[nodiscard]] bool liesUnderDeepWater(const BisectorSphere& sphere, const GlobeLevelOfDetail& lod);
[[nodiscard]] bool wantsSplit(const std::array<glm::dvec3, 3>& cubeVertices, const CubeElevation& elevation,
                              const GlobeLevelOfDetail& lod);

// The pool criterion (bisector::Criterion), and whether the draw shows the bisector.
[[nodiscard]] bisector::Decision globeDecision(const bisector::Pool& pool, bisector::Slot slot,
                                               const CubeElevation& elevation, const GlobeLevelOfDetail& lod);
[[nodiscard]] bool globeVisible(const bisector::Pool& pool, bisector::Slot slot, const CubeElevation& elevation,
                                const GlobeLevelOfDetail& lod);

}  // namespace planet
