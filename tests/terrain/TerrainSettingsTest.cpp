// The renderer's settings checks that need no device: the uniform
// subdivision takes even levels only (an odd number cracks the mesh), and the
// materials' snow line follows latitude.
#include "terrain/TerrainSettings.h"

#include <gtest/gtest.h>

#include <limits>
#include <stdexcept>

namespace terrain {
namespace {

TEST(TerrainSettings, UniformSubdivisionTakesEvenLevelsUpToSix)
{
    for (const int levels : {0, 2, 4, 6}) {
        EXPECT_TRUE(isValidUniformSubdivision(levels)) << levels;
        TerrainSettings settings;
        settings.uniformSubdivision = levels;
        EXPECT_NO_THROW(validateTerrainSettings(settings)) << levels;
    }
    for (const int levels : {-2, -1, 1, 3, 5, 7, 8}) {
        EXPECT_FALSE(isValidUniformSubdivision(levels)) << levels;
        TerrainSettings settings;
        settings.uniformSubdivision = levels;
        EXPECT_THROW(validateTerrainSettings(settings), std::invalid_argument) << levels;
    }
}

}  // namespace
}  // namespace terrain

namespace terrain {
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
    EXPECT_FLOAT_EQ(TerrainSettings{}.snowLineMetres, permanentSnowLineMetres(kDefaultMaterialLatitudeDegrees));
}

TEST(PermanentSnowLine, SettingsRefuseAnInfiniteSnowLineAndANonPositiveElevationScale)
{
    TerrainSettings settings;
    settings.snowLineMetres = std::numeric_limits<float>::infinity();
    EXPECT_THROW(validateTerrainSettings(settings), std::invalid_argument);
    settings = TerrainSettings{};
    settings.elevationPerWorldHeight = 0.0f;
    EXPECT_THROW(validateTerrainSettings(settings), std::invalid_argument);
}

}  // namespace
}  // namespace terrain
