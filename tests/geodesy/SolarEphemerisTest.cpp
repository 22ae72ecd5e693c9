// The sun's place against published facts: the instants of the 2024
// equinoxes and solstices (declination 0 and +-23.44 degrees), the equation
// of time at its extremes (the sun crosses Greenwich 16.4 minutes early on
// 3 November and 14.2 minutes late on 11 February), and directions from the
// ground that spherical geometry fixes.
#include "geodesy/SolarEphemeris.h"

#include <gtest/gtest.h>

namespace geodesy {
namespace {

TEST(SolarEphemeris, CountsDaysFromJ2000)
{
    EXPECT_DOUBLE_EQ(daysSinceJ2000({2000, 1, 1, 12, 0}), 0.0);
    EXPECT_DOUBLE_EQ(daysSinceJ2000({2024, 1, 1, 0, 0}), 8765.5);  // 24 years, 6 of them leap
    EXPECT_DOUBLE_EQ(daysSinceJ2000({1999, 12, 31, 18, 0}), -0.75);
    EXPECT_DOUBLE_EQ(daysSinceJ2000({2024, 3, 1, 6, 0}) - daysSinceJ2000({2024, 2, 28, 6, 0}), 2.0);
}

TEST(SolarEphemeris, ValidInstants)
{
    EXPECT_TRUE(isValidInstant({2024, 2, 29, 23, 59}));
    EXPECT_FALSE(isValidInstant({2023, 2, 29, 12, 0}));
    EXPECT_TRUE(isValidInstant({2000, 2, 29, 12, 0}));
    EXPECT_FALSE(isValidInstant({2100, 2, 29, 12, 0}));
    EXPECT_FALSE(isValidInstant({2101, 1, 1, 0, 0}));
    EXPECT_FALSE(isValidInstant({2024, 4, 31, 0, 0}));
    EXPECT_FALSE(isValidInstant({2024, 1, 1, 24, 0}));
    EXPECT_FALSE(isValidInstant({2024, 13, 1, 0, 0}));
}

TEST(SolarEphemeris, DeclinationAtTheEquinoxesAndSolstices)
{
    EXPECT_NEAR(subsolarPoint({2024, 3, 20, 3, 6}).latitudeDegrees, 0.0, 0.02);
    EXPECT_NEAR(subsolarPoint({2024, 9, 22, 12, 44}).latitudeDegrees, 0.0, 0.02);
    EXPECT_NEAR(subsolarPoint({2024, 6, 20, 20, 51}).latitudeDegrees, 23.44, 0.02);
    EXPECT_NEAR(subsolarPoint({2024, 12, 21, 9, 20}).latitudeDegrees, -23.44, 0.02);
}

TEST(SolarEphemeris, SubsolarLongitudeFollowsTheEquationOfTime)
{
    // 16.4 minutes early: at noon UTC the sun is 4.1 degrees west of
    // Greenwich; 14.2 minutes late: still 3.55 degrees east of it.
    EXPECT_NEAR(subsolarPoint({2024, 11, 3, 12, 0}).longitudeDegrees, -4.1, 0.1);
    EXPECT_NEAR(subsolarPoint({2024, 2, 11, 12, 0}).longitudeDegrees, 3.55, 0.1);
    // Six hours later it has moved a quarter turn west.
    const double noon = subsolarPoint({2024, 11, 3, 12, 0}).longitudeDegrees;
    const double evening = subsolarPoint({2024, 11, 3, 18, 0}).longitudeDegrees;
    EXPECT_NEAR(noon - evening, 90.0, 0.1);
}

TEST(SolarEphemeris, DirectionsFromTheGround)
{
    const SubsolarPoint equinoxNoonAtGreenwich{0.0, 0.0};
    const HorizontalDirection overhead = sunSeenFrom(0.0, 0.0, equinoxNoonAtGreenwich);
    EXPECT_NEAR(overhead.elevationDegrees, 90.0, 1e-9);
    EXPECT_NEAR(sunSeenFrom(0.0, 180.0, equinoxNoonAtGreenwich).elevationDegrees, -90.0, 1e-9);

    const HorizontalDirection north = sunSeenFrom(45.0, 0.0, equinoxNoonAtGreenwich);
    EXPECT_NEAR(north.elevationDegrees, 45.0, 1e-9);
    EXPECT_NEAR(north.azimuthDegrees, 180.0, 1e-9);  // due south
    EXPECT_NEAR(sunSeenFrom(-45.0, 0.0, equinoxNoonAtGreenwich).azimuthDegrees, 0.0, 1e-9);

    // On the equator at the equinox the sun rises due east and sets due west.
    const HorizontalDirection morning = sunSeenFrom(0.0, 0.0, SubsolarPoint{0.0, 90.0});
    EXPECT_NEAR(morning.elevationDegrees, 0.0, 1e-9);
    EXPECT_NEAR(morning.azimuthDegrees, 90.0, 1e-9);
    EXPECT_NEAR(sunSeenFrom(0.0, 0.0, SubsolarPoint{0.0, -60.0}).azimuthDegrees, 270.0, 1e-9);
    EXPECT_NEAR(sunSeenFrom(0.0, 0.0, SubsolarPoint{0.0, -60.0}).elevationDegrees, 30.0, 1e-9);
}

TEST(SolarEphemeris, MidsummerNoonOverTheAlps)
{
    // 2024-06-20 at 46.5 N, 8 E: the sun culminates at 90 - 46.5 + 23.44
    // degrees, due south, about 32 minutes before noon UTC (8 degrees east
    // of Greenwich, with the equation of time near -1.5 minutes).
    const HorizontalDirection culmination = sunSeenFrom(46.5, 8.0, subsolarPoint({2024, 6, 20, 11, 30}));
    EXPECT_NEAR(culmination.elevationDegrees, 66.93, 0.05);
    EXPECT_NEAR(culmination.azimuthDegrees, 180.0, 1.0);
    EXPECT_LT(sunSeenFrom(46.5, 8.0, subsolarPoint({2024, 6, 20, 23, 30})).elevationDegrees, -15.0);
}

}  // namespace
}  // namespace geodesy
