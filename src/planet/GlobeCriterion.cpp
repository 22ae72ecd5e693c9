#include "planet/GlobeCriterion.h"

#include "planet/SurfaceDetail.h"

#include "bisector/ExactGeometry.h"
#include "camera/Projection.h"
#include "geodesy/Wgs84.h"
#include "planet/CubeSphere.h"

#include <glm/mat4x4.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <optional>

namespace planet {

namespace {

double lengthOf(const glm::dvec3& v)
{
    return refinedSquareRoot(v.x * v.x + v.y * v.y + v.z * v.z);
}

double dotOf(const glm::dvec3& a, const glm::dvec3& b)
{
    return a.x * b.x + a.y * b.y + a.z * b.z;
}

glm::dvec4 rowOf(const glm::dmat4& m, int row)
{
    return {m[0][row], m[1][row], m[2][row], m[3][row]};
}

}  // namespace

GlobeLevelOfDetail globeLevelOfDetailFor(const GlobeView& view, double verticalFovRadians, double viewportWidth,
                                         double viewportHeight, double targetEdgePixels, double nearMetres,
                                         const CubeElevation& elevation, double seabedShownDownToMetres)
{
    const glm::dmat4 projection(camera::vulkanInfinitePerspective(static_cast<float>(verticalFovRadians),
                                                                  static_cast<float>(viewportWidth / viewportHeight),
                                                                  static_cast<float>(nearMetres)));
    const glm::dmat4 viewProjection = projection * glm::dmat4(view.ecefToView);
    const glm::dvec4 x = rowOf(viewProjection, 0);
    const glm::dvec4 y = rowOf(viewProjection, 1);
    const glm::dvec4 z = rowOf(viewProjection, 2);
    const glm::dvec4 w = rowOf(viewProjection, 3);
    GlobeLevelOfDetail lod;
    lod.cameraEcef = view.positionEcef;
    lod.frustumPlanes = {w + x, w - x, w + y, w - y, z, w - z};
    lod.pixelsPerRadian = viewportHeight / (2.0 * std::tan(0.5 * verticalFovRadians));
    lod.targetEdgePixels = targetEdgePixels;
    lod.nearMetres = nearMetres;
    lod.occluderRadius = geodesy::kWgs84SemiMinorAxisMetres + std::min(elevation.lowestMetres(), 0.0);
    lod.polarStretch = geodesy::kWgs84SemiMajorAxisMetres / geodesy::kWgs84SemiMinorAxisMetres;
    // Stretched, the sphere of that radius grows along z only: still inside.
    lod.horizonRadius = lod.occluderRadius;
    // The draw shades water only seen from above sea level; the metre keeps
    // its float test of the camera's altitude on the same side.
    if (geodesy::ecefToGeodetic(view.positionEcef).heightMetres > 1.0) {
        // The sphere of radius a - m (a / b) is, unstretched, an ellipsoid m or
        // more inside the sea-level one.
        lod.horizonRadius = geodesy::kWgs84SemiMajorAxisMetres - kSeaHorizonMarginMetres * lod.polarStretch;
        if (std::isfinite(seabedShownDownToMetres)) {
            lod.seabedHiddenBelowMetres = -seabedShownDownToMetres;
        }
    }
    return lod;
}

BisectorSphere bisectorSphereOf(const std::array<glm::dvec3, 3>& cubeVertices, const CubeElevation& elevation,
                                const GlobeLevelOfDetail& lod)
{
    // The heights its cells hold: a bisector lies on one face, the one of
    // its centroid.
    const glm::dvec3 centroid = (cubeVertices[0] + cubeVertices[1] + cubeVertices[2]) / 3.0;
    const std::uint32_t face = cubeFaceOf(centroid).face;
    glm::dvec2 low(1.0);
    glm::dvec2 high(-1.0);
    std::array<glm::dvec2, 3> faceCorners{};
    std::array<double, 3> data{};
    for (std::size_t i = 0; i < 3; ++i) {
        const CubeFacePoint point = cubeFacePointOn(face, cubeVertices[i]);
        faceCorners[i] = glm::dvec2(point.s, point.t);
        data[i] = elevation.heightAt(cubeVertices[i]);
        low = glm::dvec2(std::min(low.x, point.s), std::min(low.y, point.t));
        high = glm::dvec2(std::max(high.x, point.s), std::max(high.y, point.t));
    }
    glm::dvec2 heights(elevation.heightRangeOver(face, low, high));
    // Within one grid cell the bilinear surface under the triangle itself
    // bounds it far tighter than the cell's range (up to kilometres in the
    // mountains, where a bisector near the camera is a metre across).
    if (const std::optional<glm::dvec2> surface = elevation.surfaceRangeOverTriangle(face, faceCorners, data)) {
        heights = glm::dvec2(std::max(heights.x, surface->x), std::min(heights.y, surface->y));
    }
    // The detail at the vertices, and how far it can stray from them inside
    // the triangle (within the longest edge of any vertex): the heights the
    // bisector and its descendants can reach lie within the cells' range
    // widened by that (planet/SurfaceDetail.h).
    const std::uint32_t intervals = elevation.intervals();
    std::array<glm::dvec3, 3> onSurface{};
    double lowestSum = 0.0;
    double highestSum = 0.0;
    for (std::size_t i = 0; i < 3; ++i) {
        const double detailSum = surfaceDetailSum(cubeVertices[i], intervals);
        onSurface[i] = elevation.ecefAt(cubeVertices[i], data[i] + surfaceDetailFromSum(detailSum, data[i]));
        lowestSum = i == 0 ? detailSum : std::min(lowestSum, detailSum);
        highestSum = i == 0 ? detailSum : std::max(highestSum, detailSum);
    }
    double longestCubeEdge = 0.0;
    for (std::size_t i = 0; i < 3; ++i) {
        longestCubeEdge = std::max(longestCubeEdge, lengthOf(cubeVertices[(i + 1) % 3] - cubeVertices[i]));
    }
    const double variation = surfaceDetailVariationBound(longestCubeEdge, intervals);
    const double bound = elevation.detailBoundMetres();
    const glm::dvec2 detail =
        surfaceDetailRangeFromSums(lowestSum - variation, highestSum + variation, heights.x, heights.y);
    const double lowestDetail = std::max(detail.x, -bound);
    const double highestDetail = std::min(detail.y, bound);
    std::array<glm::dvec3, 6> extremes{};
    for (std::size_t i = 0; i < 3; ++i) {
        extremes[2 * i] = elevation.ecefAt(cubeVertices[i], heights.x + lowestDetail);
        extremes[2 * i + 1] = elevation.ecefAt(cubeVertices[i], heights.y + highestDetail);
    }
    glm::dvec3 sum(0.0);
    for (const glm::dvec3& point : extremes) {
        sum = sum + point;
    }
    BisectorSphere sphere;
    sphere.highestDataMetres = heights.y;
    sphere.centre = sum / 6.0;
    double farthest = 0.0;
    for (const glm::dvec3& point : extremes) {
        farthest = std::max(farthest, lengthOf(point - sphere.centre));
    }
    double chord = 0.0;
    for (std::size_t i = 0; i < 3; ++i) {
        sphere.longestEdgeMetres = std::max(sphere.longestEdgeMetres, lengthOf(onSurface[(i + 1) % 3] - onSurface[i]));
        chord = std::max(chord, lengthOf(extremes[2 * ((i + 1) % 3) + 1] - extremes[2 * i + 1]));
    }
    // The surface bulges above the chords by up to chord^2 / (8 radius).
    const double sagitta = chord * chord / (8.0 * lod.occluderRadius);
    sphere.radius = farthest + sagitta;
    sphere.surfaceCentre = (onSurface[0] + onSurface[1] + onSurface[2]) / 3.0;
    double surfaceFarthest = 0.0;
    for (const glm::dvec3& point : onSurface) {
        surfaceFarthest = std::max(surfaceFarthest, lengthOf(point - sphere.surfaceCentre));
    }
    sphere.surfaceRadius = surfaceFarthest + sagitta;
    return sphere;
}

bool isCulled(const BisectorSphere& sphere, const GlobeLevelOfDetail& lod)
{
    const glm::dvec3 fromCamera = sphere.centre - lod.cameraEcef;
    for (const glm::dvec4& plane : lod.frustumPlanes) {
        const glm::dvec3 normal(plane);
        if (dotOf(normal, fromCamera) + plane.w < -sphere.radius * lengthOf(normal)) {
            return true;
        }
    }
    // The horizon, where the ellipsoid is a sphere: inside the occluder's
    // shadow cone and beyond its tangent points.
    const glm::dvec3 camera(lod.cameraEcef.x, lod.cameraEcef.y, lod.cameraEcef.z * lod.polarStretch);
    const glm::dvec3 centre(sphere.centre.x, sphere.centre.y, sphere.centre.z * lod.polarStretch);
    const double radius = sphere.radius * lod.polarStretch;
    const glm::dvec3 towards = centre - camera;
    const double cameraDistance = lengthOf(camera);
    const double r = lod.horizonRadius;
    if (cameraDistance <= r) {
        return false;
    }
    const double tangent = refinedSquareRoot(cameraDistance * cameraDistance - r * r);
    const double sphereDistance = lengthOf(towards);
    if (sphereDistance <= radius || sphereDistance - radius < tangent) {
        return false;
    }
    // cos of the angle between the sphere's centre and the Earth's, seen from
    // the camera, against cos(alpha - beta): alpha the cone's half angle,
    // beta the sphere's angular radius.
    const double cosCentre = -dotOf(towards, camera) / (sphereDistance * cameraDistance);
    const double sinAlpha = r / cameraDistance;
    const double cosAlpha = tangent / cameraDistance;
    const double sinBeta = radius / sphereDistance;
    const double cosBeta = refinedSquareRoot(sphereDistance * sphereDistance - radius * radius) / sphereDistance;
    if (sinBeta > sinAlpha) {
        return false;
    }
    return cosCentre >= cosAlpha * cosBeta + sinAlpha * sinBeta;
}

bool spansMoreThanTarget(const BisectorSphere& sphere, const GlobeLevelOfDetail& lod)
{
    const double distance =
        std::max(lengthOf(sphere.surfaceCentre - lod.cameraEcef) - sphere.surfaceRadius, lod.nearMetres);
    return sphere.longestEdgeMetres / distance * lod.pixelsPerRadian > lod.targetEdgePixels;
}

bool liesUnderDeepWater(const BisectorSphere& sphere, const GlobeLevelOfDetail& lod)
{
    return sphere.highestDataMetres < lod.seabedHiddenBelowMetres;
}

bool wantsSplit(const std::array<glm::dvec3, 3>& cubeVertices, const CubeElevation& elevation,
                const GlobeLevelOfDetail& lod)
{
    const BisectorSphere sphere = bisectorSphereOf(cubeVertices, elevation, lod);
    return !isCulled(sphere, lod) && spansMoreThanTarget(sphere, lod) && !liesUnderDeepWater(sphere, lod);
}

bisector::Decision globeDecision(const bisector::Pool& pool, bisector::Slot slot, const CubeElevation& elevation,
                                 const GlobeLevelOfDetail& lod)
{
    const bisector::Key key = pool.key(slot);
    if (wantsSplit(pool.vertices(slot), elevation, lod)) {
        return bisector::Decision::Split;
    }
    if (pool.layout().levelsBelowRoot(key) == 0) {
        return bisector::Decision::Keep;
    }
    const std::array<glm::dvec3, 3> parent = bisector::bisectorVertices(key >> 1, pool.layout(), pool.mesh());
    return wantsSplit(parent, elevation, lod) ? bisector::Decision::Keep : bisector::Decision::Merge;
}

bool globeVisible(const bisector::Pool& pool, bisector::Slot slot, const CubeElevation& elevation,
                  const GlobeLevelOfDetail& lod)
{
    return !isCulled(bisectorSphereOf(pool.vertices(slot), elevation, lod), lod);
}

}  // namespace planet
