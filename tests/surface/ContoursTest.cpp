// Contour lines (src/surface/Contours.h): a line covers the pixels within
// half its width of a contour's elevation and no others, index contours
// every fifth are wider and darker, lines too dense on screen fade out,
// level ground takes none, and no interval draws none.
#include "surface/Contours.h"

#include <gtest/gtest.h>

namespace surface {
namespace {

const glm::vec3 kGrass{0.06f, 0.10f, 0.035f};

TEST(Contours, ALineCoversThePixelsWithinHalfItsWidth)
{
    // 1 m of height a pixel, a line every 10 m: the pixel on the contour is
    // covered, half a pixel off is half covered, two pixels off is bare.
    EXPECT_FLOAT_EQ(contourLineCoverage(100.0f, 1.0f, 10.0f, 1.0f), 1.0f);
    EXPECT_FLOAT_EQ(contourLineCoverage(100.5f, 1.0f, 10.0f, 1.0f), 0.5f);
    EXPECT_FLOAT_EQ(contourLineCoverage(99.5f, 1.0f, 10.0f, 1.0f), 0.5f);
    EXPECT_FLOAT_EQ(contourLineCoverage(102.0f, 1.0f, 10.0f, 1.0f), 0.0f);
    EXPECT_FLOAT_EQ(contourLineCoverage(-30.0f, 1.0f, 10.0f, 1.0f), 1.0f);
    // Twice as wide: still fully covered a pixel off.
    EXPECT_FLOAT_EQ(contourLineCoverage(101.0f, 1.0f, 10.0f, 2.0f), 0.5f);
    EXPECT_FLOAT_EQ(contourLineCoverage(100.5f, 1.0f, 10.0f, 2.0f), 1.0f);
}

TEST(Contours, DenseLinesFadeOut)
{
    // Lines 10 m apart where the height changes 1 m a pixel are 10 pixels
    // apart; at 4 m a pixel 2.5; at 5 m a pixel 2.
    EXPECT_FLOAT_EQ(contourLineCoverage(100.0f, 1.0f, 10.0f, 1.0f), 1.0f);
    EXPECT_GT(contourLineCoverage(100.0f, 4.0f, 10.0f, 1.0f), 0.0f);
    EXPECT_LT(contourLineCoverage(100.0f, 4.0f, 10.0f, 1.0f), 1.0f);
    EXPECT_FLOAT_EQ(contourLineCoverage(100.0f, 5.0f, 10.0f, 1.0f), 0.0f);
}

TEST(Contours, IndexContoursAreDarkerAndLevelGroundTakesNone)
{
    const glm::vec3 minor = withContours(kGrass, 110.0f, 1.0f, 0.5f, 10.0f);
    const glm::vec3 index = withContours(kGrass, 100.0f, 1.0f, 0.5f, 10.0f);
    const glm::vec3 between = withContours(kGrass, 105.0f, 1.0f, 0.5f, 10.0f);
    EXPECT_EQ(between, kGrass);
    EXPECT_LT(minor.g, kGrass.g);
    EXPECT_LT(index.g, minor.g);
    EXPECT_NEAR(index.g, kGrass.g + (kContourInk.g - kGrass.g) * kIndexContourOpacity, 1.0e-6f);
    // A pixel between two contours of the index's width: the index line
    // reaches it, the minor one does not.
    EXPECT_LT(withContours(kGrass, 100.9f, 1.0f, 0.5f, 10.0f).g, withContours(kGrass, 110.9f, 1.0f, 0.5f, 10.0f).g);
    // A plain exactly at a contour's elevation.
    EXPECT_EQ(withContours(kGrass, 0.0f, 0.0f, 0.0f, 10.0f), kGrass);
    EXPECT_EQ(withContours(kGrass, 100.0f, 1.0f, 0.5f, 0.0f), kGrass);
}

}  // namespace
}  // namespace surface
