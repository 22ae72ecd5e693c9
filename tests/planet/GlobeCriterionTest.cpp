// The globe's level of detail on the CPU (planet::GlobeCriterion): the
// horizon culls what lies beyond it, and only that (a sphere tall enough to
// rise over it stays); the frustum culls what lies wholly outside a plane;
// a bisector's bounds take the heights of the cells under it, so that a
// small cell behind a camera low over the sea is culled, and within one cell
// those of the surface over it, so that a metre behind a camera low in the
// mountains is culled too; and a bisector
// splits while its longest edge spans more than the target pixels, which
// close to the camera it does and far away it does not.
#include "geodesy/Wgs84.h"
#include "planet/CubeElevation.h"
#include "planet/CubeSphere.h"
#include "planet/GlobalElevation.h"
#include "planet/GlobeCamera.h"
#include "planet/GlobeCriterion.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <memory>

namespace planet::test {
namespace {

constexpr double kFovRadians = 1.0471975511965976;  // 60 degrees

// A camera 400 km above (0 N, 0 E) that sees in every direction.
GlobeLevelOfDetail everywhereFrom400Kilometres()
{
    GlobeLevelOfDetail lod;
    lod.cameraEcef = geodesy::geodeticToEcef({0.0, 0.0, 400000.0});
    for (glm::dvec4& plane : lod.frustumPlanes) {
        plane = glm::dvec4(0.0, 0.0, 0.0, 1.0);
    }
    lod.occluderRadius = geodesy::kWgs84SemiMinorAxisMetres - 11000.0;
    lod.horizonRadius = lod.occluderRadius;
    return lod;
}

BisectorSphere sphereAt(double latitudeDegrees, double radiusMetres)
{
    BisectorSphere sphere;
    sphere.centre = geodesy::geodeticToEcef({latitudeDegrees, 0.0, 0.0});
    sphere.radius = radiusMetres;
    return sphere;
}

TEST(GlobeCriterion, TheHorizonCullsWhatLiesBeyondIt)
{
    // From 400 km the horizon lies about 20 degrees of arc away.
    const GlobeLevelOfDetail lod = everywhereFrom400Kilometres();
    EXPECT_FALSE(isCulled(sphereAt(10.0, 1000.0), lod));
    EXPECT_FALSE(isCulled(sphereAt(-15.0, 1000.0), lod));
    EXPECT_TRUE(isCulled(sphereAt(30.0, 1000.0), lod));
    EXPECT_TRUE(isCulled(sphereAt(-60.0, 1000.0), lod));
    EXPECT_TRUE(isCulled(sphereAt(180.0 - 1.0e-9, 1000.0), lod));  // the antipode's meridian side
    // Tall enough to rise over the horizon: kept.
    EXPECT_FALSE(isCulled(sphereAt(30.0, 1.5e6), lod));
    // A camera inside the occluder culls nothing by the horizon.
    GlobeLevelOfDetail inside = lod;
    inside.cameraEcef = glm::dvec3(1000.0, 0.0, 0.0);
    EXPECT_FALSE(isCulled(sphereAt(60.0, 1000.0), inside));
}

TEST(GlobeCriterion, FromAboveTheSeaTheHorizonIsTheSeas)
{
    // 3000 m above the Valais looking north-east: sea level's horizon lies
    // about 195 km away, and ground there is seen up to 195 km plus its own
    // horizon's distance. Everywhere the occluder looks along (the pole, the
    // equator), it lies within a few metres of 100 m below sea level.
    const GlobalElevation etopo(CBT_ETOPO5_GRID, heightmap::HeightmapLimits{});
    const CubeElevation elevation(etopo, 64);
    const GeodeticPose pose{46.2, 7.5, 3000.0, 45.0, 0.0};
    const GlobeLevelOfDetail fromAbove =
        globeLevelOfDetailFor(globeViewOf(pose), kFovRadians, 1280.0, 720.0, 8.0, 1.0, elevation);
    const GlobeLevelOfDetail fromBelow = globeLevelOfDetailFor(globeViewOf({46.2, 7.5, -20.0, 45.0, 0.0}), kFovRadians,
                                                               1280.0, 720.0, 8.0, 1.0, elevation);
    EXPECT_EQ(fromBelow.horizonRadius, fromBelow.occluderRadius);
    EXPECT_GT(fromAbove.horizonRadius, fromAbove.occluderRadius + 10000.0);
    const double stretch = fromAbove.polarStretch;
    EXPECT_NEAR(fromAbove.horizonRadius, geodesy::kWgs84SemiMajorAxisMetres - 100.0, 1.0);
    EXPECT_NEAR(fromAbove.horizonRadius / stretch, geodesy::kWgs84SemiMinorAxisMetres - 100.0, 1.0e-6);

    // Spheres along the view's bearing at a distance, `height` above the
    // ellipsoid, of `radius`.
    const auto ahead = [&](double kilometres, double height, double radius) {
        const double degrees = kilometres / 111.2;
        BisectorSphere sphere;
        sphere.centre = geodesy::geodeticToEcef(
            {46.2 + degrees * std::cos(0.785398), 7.5 + degrees * std::sin(0.785398) / std::cos(0.8063), height});
        sphere.radius = radius;
        return sphere;
    };
    // Sea-level ground 300 km away lies below the sea's horizon, though
    // above the old occluder's, which lies 21 km below sea level here.
    GlobeLevelOfDetail noPlanes = fromAbove;
    for (glm::dvec4& plane : noPlanes.frustumPlanes) {
        plane = glm::dvec4(0.0, 0.0, 0.0, 1.0);
    }
    GlobeLevelOfDetail deepOccluder = noPlanes;
    deepOccluder.horizonRadius = deepOccluder.occluderRadius;
    deepOccluder.polarStretch = 1.0;
    EXPECT_TRUE(isCulled(ahead(300.0, 0.0, 500.0), noPlanes));
    EXPECT_FALSE(isCulled(ahead(300.0, 0.0, 500.0), deepOccluder));
    // Nearer than the sea's horizon, or a summit tall enough to rise above
    // it: kept.
    EXPECT_FALSE(isCulled(ahead(150.0, 0.0, 500.0), noPlanes));
    EXPECT_FALSE(isCulled(ahead(300.0, 4000.0, 500.0), noPlanes));
}

TEST(GlobeCriterion, TheFrustumCullsWhatLiesWhollyOutsideAPlane)
{
    GlobeLevelOfDetail lod = everywhereFrom400Kilometres();
    // One plane through the camera facing +Z (north): south of it is outside.
    lod.frustumPlanes[0] = glm::dvec4(0.0, 0.0, 2.0, 0.0);
    const BisectorSphere south = sphereAt(-5.0, 1000.0);
    EXPECT_TRUE(isCulled(south, lod));
    BisectorSphere straddling = south;
    straddling.radius = 1.0e6;  // reaches over the plane (about 550 km away)
    EXPECT_FALSE(isCulled(straddling, lod));
    EXPECT_FALSE(isCulled(sphereAt(5.0, 1000.0), lod));
}

TEST(GlobeCriterion, ASmallCellBehindALowCameraIsCulled)
{
    const GlobalElevation etopo(CBT_ETOPO5_GRID, heightmap::HeightmapLimits{});
    const CubeElevation elevation(etopo, 256);
    // 2 km above the Atlantic (0 N, 30 W) looking east along the horizon: a
    // cell of about 300 m, 4 km behind the camera.
    const GlobeView view = globeViewOf({0.0, -30.0, 2000.0, 90.0, 0.0});
    const GlobeLevelOfDetail lod = globeLevelOfDetailFor(view, kFovRadians, 1280.0, 720.0, 8.0, 1.0, elevation);
    const CubeFacePoint face = cubeFaceOf(sphereToCube(geodesy::geodeticToEcef({0.0, -30.036, 0.0})));
    const double small = std::ldexp(1.0, -15);
    const std::array<glm::dvec3, 3> cell{cubePointOf(face.face, face.s - small, face.t - small),
                                         cubePointOf(face.face, face.s + small, face.t - small),
                                         cubePointOf(face.face, face.s + small, face.t + small)};
    const BisectorSphere sphere = bisectorSphereOf(cell, elevation, lod);
    // The ocean floor's few hundred metres of relief there, not the Earth's
    // 20 km from the Mariana Trench to Everest.
    EXPECT_LT(sphere.radius, 2000.0);
    EXPECT_TRUE(isCulled(sphere, lod));
    EXPECT_FALSE(wantsSplit(cell, elevation, lod));
}

TEST(GlobeCriterion, AMetreBehindALowCameraInTheMountainsIsCulled)
{
    const GlobalElevation etopo(CBT_ETOPO5_GRID, heightmap::HeightmapLimits{});
    const CubeElevation elevation(etopo, 1024);
    // 100 m over the Bernese Alps looking north-east and a little down; a
    // bisector of about a metre 300 m behind the camera, well inside one of
    // the grid's 10 km cells, whose samples span hundreds of metres.
    const glm::dvec3 under = sphereToCube(geodesy::geodeticToEcef({46.55, 7.98, 0.0}));
    const double ground = elevation.surfaceHeightAt(under);
    const GlobeView view = globeViewOf({46.55, 7.98, ground + 100.0, 30.0, -15.0});
    const GlobeLevelOfDetail lod = globeLevelOfDetailFor(view, kFovRadians, 1920.0, 1080.0, 10.0, 1.0, elevation);
    const glm::dvec3 behind = view.positionEcef - 300.0 * view.forward();
    const CubeFacePoint face = cubeFaceOf(sphereToCube(behind));
    const double small = std::ldexp(1.0, -23);  // about 0.8 m on the cube
    const std::array<glm::dvec3, 3> bisector{cubePointOf(face.face, face.s - small, face.t - small),
                                             cubePointOf(face.face, face.s + small, face.t - small),
                                             cubePointOf(face.face, face.s + small, face.t + small)};
    const BisectorSphere sphere = bisectorSphereOf(bisector, elevation, lod);
    // The surface over the bisector and the detail's reach, not its cell's
    // hundreds of metres of data.
    const glm::vec2 cell =
        elevation.heightRangeOver(face.face, {face.s - small, face.t - small}, {face.s + small, face.t + small});
    EXPECT_GT(cell.y - cell.x, 100.0f);
    EXPECT_LT(sphere.radius, 0.25 * static_cast<double>(cell.y - cell.x));
    EXPECT_TRUE(isCulled(sphere, lod));
}

TEST(GlobeCriterion, BisectorsSplitWhileTheirEdgesSpanMoreThanTheTarget)
{
    const GlobalElevation etopo(CBT_ETOPO5_GRID, heightmap::HeightmapLimits{});
    const CubeElevation elevation(etopo, 64);
    // Over the Gulf of Guinea, with the seabed shown at any depth (the next
    // test hides it).
    const GlobeView view = globeViewOf({0.0, 0.0, 1000.0, 0.0, -90.0});
    const GlobeLevelOfDetail lod = globeLevelOfDetailFor(view, kFovRadians, 1280.0, 720.0, 8.0, 1.0, elevation,
                                                         std::numeric_limits<double>::infinity());
    // A cell about 600 m across below the camera: ~300 pixels from 1 km.
    const double small = std::ldexp(1.0, -14);
    const std::array<glm::dvec3, 3> below{glm::dvec3(1.0, -small, -small), glm::dvec3(1.0, small, -small),
                                          glm::dvec3(1.0, small, small)};
    EXPECT_TRUE(wantsSplit(below, elevation, lod));
    // The same size of cell 90 degrees away: beyond the horizon.
    const std::array<glm::dvec3, 3> away{glm::dvec3(-small, 1.0, -small), glm::dvec3(small, 1.0, -small),
                                         glm::dvec3(small, 1.0, small)};
    EXPECT_FALSE(wantsSplit(away, elevation, lod));
    // A tiny cell below the camera: under the target.
    const double tiny = std::ldexp(1.0, -24);
    const std::array<glm::dvec3, 3> fine{glm::dvec3(1.0, -tiny, -tiny), glm::dvec3(1.0, tiny, -tiny),
                                         glm::dvec3(1.0, tiny, tiny)};
    EXPECT_FALSE(wantsSplit(fine, elevation, lod));
}

// A cell about 600 m across under a camera 1 km above (latitude, longitude),
// looking down.
struct CellBelow {
    std::array<glm::dvec3, 3> cell;
    GlobeView view;
};

CellBelow cellBelow(double latitude, double longitude, double cameraHeightMetres)
{
    const CubeFacePoint face = cubeFaceOf(sphereToCube(geodesy::geodeticToEcef({latitude, longitude, 0.0})));
    const double small = std::ldexp(1.0, -14);
    return {
        {cubePointOf(face.face, face.s - small, face.t - small), cubePointOf(face.face, face.s + small, face.t - small),
         cubePointOf(face.face, face.s + small, face.t + small)},
        globeViewOf({latitude, longitude, cameraHeightMetres, 0.0, -90.0})};
}

TEST(GlobeCriterion, TheSeaHidesTheSeabedBelowTheDepthItShows)
{
    const GlobalElevation etopo(CBT_ETOPO5_GRID, heightmap::HeightmapLimits{});
    const CubeElevation elevation(etopo, 64);
    const auto lodOf = [&](const GlobeView& view, double shownDownTo) {
        return globeLevelOfDetailFor(view, kFovRadians, 1280.0, 720.0, 8.0, 1.0, elevation, shownDownTo);
    };
    const double everywhere = std::numeric_limits<double>::infinity();

    // The Gulf of Guinea, thousands of metres deep: the cell spans hundreds
    // of pixels, but nothing of its seabed shows through the water.
    const CellBelow ocean = cellBelow(0.0, 0.0, 1000.0);
    const GlobeLevelOfDetail fromAbove = lodOf(ocean.view, kSeabedShownDownToMetres);
    const BisectorSphere sphere = bisectorSphereOf(ocean.cell, elevation, fromAbove);
    EXPECT_LT(sphere.highestDataMetres, -1000.0);
    EXPECT_TRUE(spansMoreThanTarget(sphere, fromAbove));
    EXPECT_TRUE(liesUnderDeepWater(sphere, fromAbove));
    EXPECT_FALSE(wantsSplit(ocean.cell, elevation, fromAbove));
    // Shown at any depth, it splits.
    EXPECT_TRUE(wantsSplit(ocean.cell, elevation, lodOf(ocean.view, everywhere)));
    // A camera under sea level sees the seabed as ground: it splits.
    const CellBelow underwater = cellBelow(0.0, 0.0, -100.0);
    const GlobeLevelOfDetail fromBelow = lodOf(underwater.view, kSeabedShownDownToMetres);
    EXPECT_FALSE(liesUnderDeepWater(bisectorSphereOf(underwater.cell, elevation, fromBelow), fromBelow));
    EXPECT_TRUE(wantsSplit(underwater.cell, elevation, fromBelow));

    // The North Sea, tens of metres deep: its seabed colours the water, and
    // the cell splits.
    const CellBelow shelf = cellBelow(55.0, 3.0, 1000.0);
    const GlobeLevelOfDetail overShelf = lodOf(shelf.view, kSeabedShownDownToMetres);
    const BisectorSphere shelfSphere = bisectorSphereOf(shelf.cell, elevation, overShelf);
    EXPECT_LT(shelfSphere.highestDataMetres, 0.0);
    EXPECT_GT(shelfSphere.highestDataMetres, -kSeabedShownDownToMetres);
    EXPECT_TRUE(wantsSplit(shelf.cell, elevation, overShelf));
}

}  // namespace
}  // namespace planet::test
