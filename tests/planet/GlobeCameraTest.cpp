// A camera posed on the globe in WGS 84 terms (planet::globeViewOf): heading
// 0 looks north, 90 east, pitch -90 straight down the ellipsoid's normal; the
// rotation is orthonormal and right-handed with the right vector level; and
// the pose comes back from the view, the poles and the date line included;
// and the sun stands over the Gulf of Guinea at the default instant, over the
// Tropic of Cancer at the June solstice's noon in Greenwich, and lights the
// antipode of midnight's meridian.
#include "geodesy/Angles.h"
#include "geodesy/Wgs84.h"
#include "planet/GlobeCamera.h"

#include <gtest/gtest.h>

#include <glm/geometric.hpp>
#include <glm/matrix.hpp>

#include <cmath>

namespace planet::test {
namespace {

constexpr double kTolerance = 1.0e-12;

void expectNear(const glm::dvec3& actual, const glm::dvec3& expected, const char* what)
{
    EXPECT_LT(glm::length(actual - expected), kTolerance) << what;
}

TEST(GlobeCamera, HeadingAndPitchFollowTheLocalHorizon)
{
    // On the equator at longitude 0: east is +Y, north +Z, up +X.
    const GlobeView north = globeViewOf({0.0, 0.0, 1000.0, 0.0, 0.0});
    expectNear(north.forward(), {0.0, 0.0, 1.0}, "heading 0 looks north");
    expectNear(north.right(), {0.0, 1.0, 0.0}, "its right is east");
    expectNear(north.up(), {1.0, 0.0, 0.0}, "its up is up");
    expectNear(north.positionEcef, {geodesy::kWgs84SemiMajorAxisMetres + 1000.0, 0.0, 0.0}, "1 km above the equator");
    expectNear(globeViewOf({0.0, 0.0, 0.0, 90.0, 0.0}).forward(), {0.0, 1.0, 0.0}, "heading 90 looks east");
    expectNear(globeViewOf({0.0, 0.0, 0.0, 30.0, -90.0}).forward(), {-1.0, 0.0, 0.0}, "pitch -90 looks down");
    // Down is the ellipsoid's normal at 45 N, not the way to the centre.
    const GlobeView down = globeViewOf({45.0, 20.0, 500.0, 0.0, -90.0});
    const LocalFrame frame = localFrameAt(45.0, 20.0);
    expectNear(down.forward(), -frame.up, "straight down the normal");
    const glm::dvec3 towardsCentre = -glm::normalize(down.positionEcef);
    EXPECT_GT(glm::length(down.forward() - towardsCentre), 1.0e-3);
}

TEST(GlobeCamera, TheRotationIsOrthonormalWithALevelRight)
{
    for (const GeodeticPose& pose :
         {GeodeticPose{46.5, 10.0, 6000.0, 135.0, -20.0}, GeodeticPose{-33.9, 151.2, 2.0e7, -60.0, -89.0},
          GeodeticPose{89.9, -179.9, 100.0, 10.0, 45.0}}) {
        const GlobeView view = globeViewOf(pose);
        const glm::dmat3 product = view.ecefToView * glm::transpose(view.ecefToView);
        for (int i = 0; i < 3; ++i) {
            for (int j = 0; j < 3; ++j) {
                EXPECT_NEAR(product[i][j], i == j ? 1.0 : 0.0, kTolerance);
            }
        }
        EXPECT_NEAR(glm::determinant(view.ecefToView), 1.0, kTolerance);
        EXPECT_NEAR(glm::dot(view.right(), localFrameAt(pose.latitudeDegrees, pose.longitudeDegrees).up), 0.0,
                    kTolerance);
    }
}

TEST(GlobeCamera, ThePoseComesBackFromTheView)
{
    for (const GeodeticPose& pose :
         {GeodeticPose{46.5, 10.0, 6000.0, 135.0, -20.0}, GeodeticPose{0.0, 180.0, 2.0e7, -90.0, -90.0},
          GeodeticPose{-89.0, -45.0, 100.0, 0.0, 89.0}, GeodeticPose{12.0, -179.999, 10.0, 179.0, 0.0}}) {
        const GeodeticPose back = geodeticPoseOf(globeViewOf(pose));
        EXPECT_NEAR(back.latitudeDegrees, pose.latitudeDegrees, 1.0e-9);
        const double longitudeStep = std::remainder(back.longitudeDegrees - pose.longitudeDegrees, 360.0);
        EXPECT_NEAR(longitudeStep, 0.0, 1.0e-9);
        EXPECT_NEAR(back.heightMetres, pose.heightMetres, 1.0e-6);
        EXPECT_NEAR(std::remainder(back.headingDegrees - pose.headingDegrees, 360.0), 0.0, 1.0e-7);
        EXPECT_NEAR(back.pitchDegrees, pose.pitchDegrees, 1.0e-7);
    }
}

TEST(GlobeCamera, TheSunStandsOverItsSubsolarPoint)
{
    // The March equinox of 2024 fell at 03:06 UTC: by noon the declination
    // is about +0.2 degrees, and the sun is near the Greenwich meridian,
    // still east of it (apparent noon comes about 7 minutes late then: 1.8
    // degrees).
    const glm::dvec3 equinox = sunDirectionAt(kDefaultSunInstant);
    EXPECT_NEAR(glm::length(equinox), 1.0, 1.0e-15);
    EXPECT_NEAR(geodesy::degrees(std::asin(equinox.z)), 0.15, 0.1);
    EXPECT_NEAR(geodesy::degrees(std::atan2(equinox.y, equinox.x)), 1.85, 0.3);
    // The June solstice at noon in Greenwich: over the Tropic of Cancer.
    const glm::dvec3 solstice = sunDirectionAt({2024, 6, 20, 12, 0});
    EXPECT_NEAR(geodesy::degrees(std::asin(solstice.z)), 23.44, 0.05);
    // Midnight in Greenwich: the sun over the antimeridian, Greenwich dark.
    const glm::dvec3 midnight = sunDirectionAt({2024, 3, 20, 0, 0});
    EXPECT_LT(midnight.x, -0.99);
}

}  // namespace
}  // namespace planet::test
