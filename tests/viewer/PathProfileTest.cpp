// A measured path's profile (viewer/PathProfile.h), over a ground that rises
// 1 m for every 0.001 degree east: its length is the geodesics' along its
// legs, its climb and descent the rise and fall along it, its plot
// kProfileSamples heights from the first point's to the last's; a single
// point gives no profile; and the one-line description.
#include "geodesy/Geodesic.h"
#include "viewer/PathProfile.h"

#include <gtest/gtest.h>

#include <algorithm>

namespace viewer {
namespace {

double ramp(double /*latitude*/, double longitude)
{
    return (longitude - 7.0) * 1000.0;
}

TEST(PathProfile, MeasuresLengthClimbAndDescentAlongTheLegs)
{
    const std::vector<vectordata::GeodeticVertex> there{{46.0, 7.0}, {46.0, 7.1}};
    const PathProfile up = profileAlong(there, ramp, 50.0);
    EXPECT_DOUBLE_EQ(up.lengthMetres, geodesy::geodesicMetres(46.0, 7.0, 46.0, 7.1));
    EXPECT_NEAR(up.climbMetres, 100.0, 1e-6);
    EXPECT_NEAR(up.descentMetres, 0.0, 1e-9);
    ASSERT_EQ(up.heights.size(), kProfileSamples);
    EXPECT_NEAR(up.heights.front(), 0.0f, 1e-3f);
    EXPECT_NEAR(up.heights.back(), 100.0f, 1e-3f);
    EXPECT_TRUE(std::is_sorted(up.heights.begin(), up.heights.end()));
    EXPECT_NEAR(up.lowestMetres, 0.0, 1e-6);
    EXPECT_NEAR(up.highestMetres, 100.0, 1e-6);

    // There, north, and back west: 100 m up, 100 m down.
    const std::vector<vectordata::GeodeticVertex> round{{46.0, 7.0}, {46.0, 7.1}, {46.1, 7.1}, {46.1, 7.0}};
    const PathProfile loop = profileAlong(round, ramp, 50.0);
    EXPECT_NEAR(loop.climbMetres, 100.0, 1e-6);
    EXPECT_NEAR(loop.descentMetres, 100.0, 1e-6);
    EXPECT_NEAR(loop.lengthMetres,
                geodesy::geodesicMetres(46.0, 7.0, 46.0, 7.1) + geodesy::geodesicMetres(46.0, 7.1, 46.1, 7.1) +
                    geodesy::geodesicMetres(46.1, 7.1, 46.1, 7.0),
                1e-6);
    // The plot's middle stands on the northward leg, at the top.
    EXPECT_NEAR(loop.heights[kProfileSamples / 2], 100.0f, 1.0f);
}

TEST(PathProfile, OnePointGivesNoProfileAndTheDescriptionIsOneLine)
{
    const PathProfile none = profileAlong({{46.0, 7.0}}, ramp, 50.0);
    EXPECT_TRUE(none.heights.empty());
    EXPECT_EQ(describeProfile(1, none), "1 point");
    const PathProfile up = profileAlong({{46.0, 7.0}, {46.0, 7.1}}, ramp, 50.0);
    EXPECT_EQ(describeProfile(2, up), "2 points: 7.75 km, climb 100 m, descent 0 m, 0..100 m");
}

}  // namespace
}  // namespace viewer
