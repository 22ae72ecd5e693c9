// The permanent snow line by latitude (surface::permanentSnowLineMetres),
// which both the flat terrain (one line for the map) and the globe (a line
// per pixel) use.
#include "surface/SnowLine.h"

#include <gtest/gtest.h>

namespace surface {
namespace {

TEST(PermanentSnowLine, IsHighestInTheSubtropicsAndFallsToSeaLevelTowardsThePoles)
{
    EXPECT_FLOAT_EQ(permanentSnowLineMetres(0.0), 4800.0f);
    EXPECT_FLOAT_EQ(permanentSnowLineMetres(-25.0), 5600.0f);
    // The Tibetan plateau (4500 to 5000 m, 28 to 36 degrees) lies below it.
    EXPECT_NEAR(permanentSnowLineMetres(28.0), 5480.0f, 0.01f);
    EXPECT_NEAR(permanentSnowLineMetres(33.0), 5280.0f, 0.01f);
    EXPECT_FLOAT_EQ(permanentSnowLineMetres(45.0), 2730.0f);
    EXPECT_NEAR(permanentSnowLineMetres(47.5), 2502.5f, 0.01f);
    EXPECT_NEAR(permanentSnowLineMetres(-47.5), 2502.5f, 0.01f);
    EXPECT_FLOAT_EQ(permanentSnowLineMetres(75.0), 0.0f);
    EXPECT_FLOAT_EQ(permanentSnowLineMetres(90.0), 0.0f);
    // No snow on 500 m hills at 50 degrees, as in Luxembourg.
    EXPECT_GT(permanentSnowLineMetres(50.0), 2000.0f);
}

}  // namespace
}  // namespace surface
