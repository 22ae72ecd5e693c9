// The renderer's settings checks that need no device: the uniform
// subdivision takes even levels only (an odd number cracks the mesh).
#include "terrain/TerrainSettings.h"

#include <gtest/gtest.h>

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
