// dem::groundExtentOf: metres of projected and geographic grids.
#include "dem/DemGeoreference.h"

#include <gtest/gtest.h>

#include <limits>

namespace {

using dem::CrsKind;
using dem::GridGeoreference;
using dem::groundExtentOf;

GridGeoreference geographic(double west, double north, double degreesPerPixel)
{
    GridGeoreference georeference;
    georeference.crsKind = CrsKind::Geographic;
    georeference.geoTransform = {west, degreesPerPixel, 0.0, north, 0.0, -degreesPerPixel};
    return georeference;
}

TEST(DemGeoreference, OneDegreeAtTheEquatorOfWgs84)
{
    // A 1 x 1 degree grid centred on the equator: a * pi / 180 east-west
    // (111.319 km) and the meridional radius there, a (1 - e^2), north-south.
    const auto result = groundExtentOf(geographic(0.0, 0.5, 0.01), 100, 100);
    ASSERT_TRUE(result.extent.has_value()) << result.description;
    EXPECT_NEAR(result.extent->xMetres, 111319.49, 0.5);
    EXPECT_NEAR(result.extent->zMetres, 110574.4, 1.0);
}

TEST(DemGeoreference, LongitudeShrinksWithTheCosineOfLatitude)
{
    const auto equator = groundExtentOf(geographic(0.0, 0.5, 0.01), 100, 100);
    const auto sixty = groundExtentOf(geographic(0.0, 60.5, 0.01), 100, 100);
    ASSERT_TRUE(equator.extent && sixty.extent);
    // At 60 degrees the prime-vertical radius is larger than at the equator,
    // so the ratio is a little above cos(60) = 0.5.
    EXPECT_NEAR(sixty.extent->xMetres / equator.extent->xMetres, 0.5, 0.003);
    EXPECT_GT(sixty.extent->zMetres, equator.extent->zMetres);
    EXPECT_NE(sixty.description.find("latitude 60.000"), std::string::npos) << sixty.description;
}

TEST(DemGeoreference, SphereAndRadianUnits)
{
    GridGeoreference sphere = geographic(0.0, 0.5, 0.01);
    sphere.inverseFlattening = 0.0;
    sphere.semiMajorAxisMetres = 1000.0;
    const auto degrees = groundExtentOf(sphere, 100, 100);
    ASSERT_TRUE(degrees.extent);
    EXPECT_NEAR(degrees.extent->xMetres, 1000.0 * 0.017453292519943295, 1e-9);
    EXPECT_NEAR(degrees.extent->zMetres, 1000.0 * 0.017453292519943295, 1e-9);
}

TEST(DemGeoreference, ProjectedPixelsTimesTheLinearUnit)
{
    GridGeoreference feet;
    feet.geoTransform = {1000.0, 10.0, 0.0, 5000.0, 0.0, -10.0};
    feet.linearUnitMetres = 0.3048;
    const auto result = groundExtentOf(feet, 300, 200);
    ASSERT_TRUE(result.extent);
    EXPECT_DOUBLE_EQ(result.extent->xMetres, 300 * 10.0 * 0.3048);
    EXPECT_DOUBLE_EQ(result.extent->zMetres, 200 * 10.0 * 0.3048);
}

TEST(DemGeoreference, RotatedPixelsUseTheirVectorLengths)
{
    GridGeoreference rotated;
    rotated.geoTransform = {0.0, 3.0, -4.0, 0.0, 4.0, 3.0};  // 5-metre pixels turned by 53 degrees
    const auto result = groundExtentOf(rotated, 10, 20);
    ASSERT_TRUE(result.extent);
    EXPECT_DOUBLE_EQ(result.extent->xMetres, 50.0);
    EXPECT_DOUBLE_EQ(result.extent->zMetres, 100.0);
}

TEST(DemGeoreference, BrokenGeoreferencingGivesNoExtentAndSaysWhy)
{
    GridGeoreference infinite;
    infinite.geoTransform = {0.0, std::numeric_limits<double>::infinity(), 0.0, 0.0, 0.0, -1.0};
    EXPECT_FALSE(groundExtentOf(infinite, 2, 2).extent);
    EXPECT_NE(groundExtentOf(infinite, 2, 2).description.find("not finite"), std::string::npos);

    const auto pastThePole = groundExtentOf(geographic(0.0, 120.0, 1.0), 10, 10);
    EXPECT_FALSE(pastThePole.extent);
    EXPECT_NE(pastThePole.description.find("outside [-90, 90]"), std::string::npos) << pastThePole.description;

    GridGeoreference flat;
    flat.geoTransform = {0.0, 0.0, 0.0, 0.0, 0.0, -1.0};
    EXPECT_NE(groundExtentOf(flat, 4, 4).description.find("zero size"), std::string::npos);

    GridGeoreference enormous;
    enormous.geoTransform = {0.0, 1e7, 0.0, 0.0, 0.0, -1e7};
    EXPECT_FALSE(groundExtentOf(enormous, 100, 100).extent);
}

// Real ground: a kilometre of Alps, a 30 m crop of a 500 m cliff. Not
// ground: 3 cm under 3 km, a flat micrometre.
TEST(DemGeoreference, GroundFarSmallerThanItsReliefIsImplausible)
{
    EXPECT_FALSE(dem::implausibleExtentProblem({1200.0, 750.0}, 897.0));
    EXPECT_FALSE(dem::implausibleExtentProblem({30.0, 30.0}, 500.0));
    EXPECT_FALSE(dem::implausibleExtentProblem({1.0, 0.5}, 0.0));
    const std::optional<std::string> needle = dem::implausibleExtentProblem({0.032, 0.02}, 3000.0);
    ASSERT_TRUE(needle);
    EXPECT_NE(needle->find("0.032 x 0.020 m under 3000 m of relief"), std::string::npos) << *needle;
    EXPECT_TRUE(dem::implausibleExtentProblem({1.0e-6, 1.0e-6}, 0.0));
}

}  // namespace
