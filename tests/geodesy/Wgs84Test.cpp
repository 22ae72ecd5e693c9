// WGS 84 against closed forms: the radii of curvature at the equator and the
// poles, ECEF points whose coordinates follow from the axes alone, and the
// geodetic -> ECEF -> geodetic round trip at the poles, on the equator, on
// both sides of the date line and from the deepest trench to 20,000 km up.
#include "geodesy/Wgs84.h"

#include <gtest/gtest.h>

#include <cmath>

namespace geodesy {
namespace {

constexpr double a = kWgs84SemiMajorAxisMetres;
constexpr double b = kWgs84SemiMinorAxisMetres;

TEST(Wgs84, DefiningConstantsAndTheSemiMinorAxis)
{
    EXPECT_NEAR(b, 6356752.314245, 1e-6);
    EXPECT_NEAR(kWgs84EccentricitySquared, 0.00669437999014, 1e-14);
}

TEST(Wgs84, RadiiOfCurvature)
{
    EXPECT_NEAR(primeVerticalRadius(0.0), a, 1e-9);
    EXPECT_NEAR(meridionalRadius(0.0), a * (1.0 - kWgs84EccentricitySquared), 1e-9);
    EXPECT_NEAR(primeVerticalRadius(90.0), a * a / b, 1e-6);
    EXPECT_NEAR(meridionalRadius(90.0), a * a / b, 1e-6);
    EXPECT_NEAR(primeVerticalRadius(-90.0), a * a / b, 1e-6);
    // In between both grow with latitude, N always at least M.
    EXPECT_GT(primeVerticalRadius(45.0), primeVerticalRadius(30.0));
    EXPECT_GT(primeVerticalRadius(45.0), meridionalRadius(45.0));
}

TEST(Wgs84, MeridianArc)
{
    // The meridian quadrant of WGS 84, equator to pole.
    EXPECT_NEAR(meridianArcMetres(90.0), 10001965.7293, 1e-3);
    EXPECT_NEAR(meridianArcMetres(-90.0), -10001965.7293, 1e-3);
    // Its rate is the meridional radius (per radian).
    const double step = 1e-4;
    const double rate = (meridianArcMetres(45.0 + step) - meridianArcMetres(45.0 - step)) / (2.0 * step) * 180.0 /
                        3.14159265358979323846;
    EXPECT_NEAR(rate, meridionalRadius(45.0), 1e-2);
}

TEST(Wgs84, EcefOfPointsOnTheAxes)
{
    const glm::dvec3 origin = geodeticToEcef({0.0, 0.0, 0.0});
    EXPECT_NEAR(origin.x, a, 1e-9);
    EXPECT_NEAR(origin.y, 0.0, 1e-9);
    EXPECT_NEAR(origin.z, 0.0, 1e-9);
    const glm::dvec3 east = geodeticToEcef({0.0, 90.0, 1000.0});
    EXPECT_NEAR(east.x, 0.0, 1e-6);
    EXPECT_NEAR(east.y, a + 1000.0, 1e-9);
    const glm::dvec3 dateLine = geodeticToEcef({0.0, 180.0, -500.0});
    EXPECT_NEAR(dateLine.x, -(a - 500.0), 1e-9);
    EXPECT_NEAR(dateLine.y, 0.0, 1e-6);
    const glm::dvec3 northPole = geodeticToEcef({90.0, 37.0, 100.0});
    EXPECT_NEAR(northPole.x, 0.0, 1e-6);
    EXPECT_NEAR(northPole.z, b + 100.0, 1e-8);
    const glm::dvec3 southPole = geodeticToEcef({-90.0, 0.0, 0.0});
    EXPECT_NEAR(southPole.z, -b, 1e-8);
}

TEST(Wgs84, GeodeticOfPointsOnTheAxes)
{
    const GeodeticCoordinates northPole = ecefToGeodetic({0.0, 0.0, b + 250.0});
    EXPECT_DOUBLE_EQ(northPole.latitudeDegrees, 90.0);
    EXPECT_NEAR(northPole.heightMetres, 250.0, 1e-8);
    const GeodeticCoordinates southPole = ecefToGeodetic({0.0, 0.0, -b});
    EXPECT_DOUBLE_EQ(southPole.latitudeDegrees, -90.0);
    EXPECT_NEAR(southPole.heightMetres, 0.0, 1e-8);
    const GeodeticCoordinates dateLine = ecefToGeodetic({-a, 0.0, 0.0});
    EXPECT_DOUBLE_EQ(dateLine.longitudeDegrees, 180.0);
    EXPECT_NEAR(dateLine.latitudeDegrees, 0.0, 1e-12);
    EXPECT_NEAR(dateLine.heightMetres, 0.0, 1e-8);
}

TEST(Wgs84, RoundTripsEverywhere)
{
    const double latitudes[] = {-90.0, -89.999999, -60.0, -1e-9, 0.0, 27.988, 45.0, 89.9999, 90.0};
    const double longitudes[] = {-180.0, -179.9999999, -90.0, 0.0, 7.5, 135.0, 179.9999999, 180.0};
    const double heights[] = {-10994.0, 0.0, 8848.86, 1.0e5, 2.0e7};
    for (const double latitude : latitudes) {
        for (const double longitude : longitudes) {
            for (const double height : heights) {
                const GeodeticCoordinates back = ecefToGeodetic(geodeticToEcef({latitude, longitude, height}));
                EXPECT_NEAR(back.latitudeDegrees, latitude, 1e-9) << latitude << " " << longitude << " " << height;
                EXPECT_NEAR(back.heightMetres, height, 1e-6) << latitude << " " << longitude << " " << height;
                if (std::abs(latitude) < 90.0) {
                    // The same meridian: -180 and 180 are one longitude.
                    double difference = std::fmod(back.longitudeDegrees - longitude + 540.0, 360.0) - 180.0;
                    EXPECT_NEAR(difference, 0.0, 1e-9) << latitude << " " << longitude << " " << height;
                }
            }
        }
    }
}

}  // namespace
}  // namespace geodesy
