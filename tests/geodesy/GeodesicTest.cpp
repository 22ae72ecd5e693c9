// Geodesic lengths on WGS 84 (src/geodesy/Geodesic.h): along a meridian
// the meridian's arc, along the equator the equator's arc, the same both
// ways, across the date line the short way, a point to itself nothing, and
// the great circle's length within its 0.5 % near antipodal points.
#include "geodesy/Geodesic.h"
#include "geodesy/Wgs84.h"

#include <gtest/gtest.h>

#include <numbers>

namespace geodesy {
namespace {

TEST(Geodesic, FollowsTheMeridianAndTheEquator)
{
    for (const double latitude : {1.0, 30.0, 46.5, 89.0}) {
        EXPECT_NEAR(geodesicMetres(0.0, 7.0, latitude, 7.0), meridianArcMetres(latitude), 1e-3) << latitude;
    }
    for (const double longitude : {0.001, 1.0, 90.0, 170.0}) {
        EXPECT_NEAR(geodesicMetres(0.0, 0.0, 0.0, longitude),
                    kWgs84SemiMajorAxisMetres * longitude * std::numbers::pi / 180.0, 1e-3)
            << longitude;
    }
}

TEST(Geodesic, IsSymmetricShortAndZeroOnAPoint)
{
    const double there = geodesicMetres(46.5, 7.9, -33.9, 18.4);
    EXPECT_DOUBLE_EQ(there, geodesicMetres(-33.9, 18.4, 46.5, 7.9));
    EXPECT_GT(there, 8.9e6);
    EXPECT_LT(there, 9.1e6);
    EXPECT_NEAR(geodesicMetres(10.0, 179.9, 10.0, -179.9), geodesicMetres(10.0, -0.1, 10.0, 0.1), 1e-6);
    EXPECT_LT(geodesicMetres(10.0, 179.9, 10.0, -179.9), 30000.0);
    EXPECT_EQ(geodesicMetres(46.0, 7.0, 46.0, 7.0), 0.0);
    // A kilometre north at 46 N: the meridian's radius of curvature.
    const double degree = 1000.0 / meridionalRadius(46.0) * 180.0 / std::numbers::pi;
    EXPECT_NEAR(geodesicMetres(46.0 - degree / 2.0, 7.0, 46.0 + degree / 2.0, 7.0), 1000.0, 1e-3);
}

TEST(Geodesic, NearlyAntipodalPointsGiveAboutHalfTheGlobe)
{
    const double half = geodesicMetres(0.5, 0.0, -0.5, 179.7);
    EXPECT_GT(half, 19.9e6);
    EXPECT_LT(half, 20.1e6);
}

}  // namespace
}  // namespace geodesy
