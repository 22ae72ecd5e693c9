// The renderer's settings checks that need no device: the uniform
// subdivision takes even levels only (an odd number cracks the mesh), and the
// materials' snow line defaults to that of kDefaultMaterialLatitudeDegrees.
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

TEST(PermanentSnowLine, ATerrainWithoutALatitudeTakesTheDefaultLatitudesLine)
{
    EXPECT_FLOAT_EQ(TerrainSettings{}.snowLineMetres,
                    surface::permanentSnowLineMetres(kDefaultMaterialLatitudeDegrees));
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
