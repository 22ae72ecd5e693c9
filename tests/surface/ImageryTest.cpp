// Draped imagery with the ground's detail where its texels are coarser than
// the pixels (surface::detailedImagery), which both modes' shading applies.
#include "surface/Imagery.h"

#include <gtest/gtest.h>

namespace surface {
namespace {

TEST(ImageryOver, TheTopLayerCoversByItsAlphaAndTheOneBelowShowsThroughTheRest)
{
    const glm::vec4 red(1.0f, 0.0f, 0.0f, 1.0f);
    const glm::vec4 green(0.0f, 1.0f, 0.0f, 1.0f);
    EXPECT_EQ(imageryOver(red, green), red);                                    // opaque on top
    EXPECT_EQ(imageryOver(glm::vec4(0.0f), green), green);                      // nothing on top
    EXPECT_EQ(imageryOver(glm::vec4(0.0f), glm::vec4(0.0f)), glm::vec4(0.0f));  // nothing at all
    const glm::vec4 half = imageryOver(glm::vec4(1.0f, 0.0f, 0.0f, 0.5f), green);
    EXPECT_FLOAT_EQ(half.a, 1.0f);
    EXPECT_FLOAT_EQ(half.r, 0.5f);
    EXPECT_FLOAT_EQ(half.g, 0.5f);
    // Two half covers cover three quarters; the colour is the top's where
    // nothing lies below.
    const glm::vec4 both = imageryOver(glm::vec4(1.0f, 0.0f, 0.0f, 0.5f), glm::vec4(0.0f, 1.0f, 0.0f, 0.5f));
    EXPECT_FLOAT_EQ(both.a, 0.75f);
    EXPECT_FLOAT_EQ(both.r, 0.5f / 0.75f);
    EXPECT_EQ(imageryOver(glm::vec4(0.2f, 0.4f, 0.6f, 0.5f), glm::vec4(0.0f)), glm::vec4(0.2f, 0.4f, 0.6f, 0.5f));
}

TEST(DetailedImagery, IsTheImageryWhereItsTexelsAreFine)
{
    EXPECT_EQ(imageryCoarseness({1.0f, 0.0f}, {0.0f, 1.0f}), 0.0f);  // a texel a pixel
    EXPECT_EQ(imageryCoarseness({0.5f, 0.0f}, {0.0f, 0.1f}), 0.0f);  // 2 pixels along x
    EXPECT_EQ(imageryCoarseness({0.1f, 0.0f}, {0.0f, 0.1f}), 1.0f);  // 10 pixels a texel
    const float between = imageryCoarseness({0.25f, 0.0f}, {0.0f, 0.25f});
    EXPECT_GT(between, 0.0f);
    EXPECT_LT(between, 1.0f);
    const glm::vec3 imagery{0.2f, 0.15f, 0.1f};
    const Ground snowy{4000.0f, 0.0f, 2800.0f, 0.3f, 0.0f};
    EXPECT_EQ(detailedImagery(imagery, snowy, 0.0f), imagery);
}

TEST(DetailedImagery, TakesThePatchinessTheRockAndTheSnowACoarseTexelAveragesAway)
{
    const glm::vec3 imagery{0.2f, 0.15f, 0.1f};
    const Ground meadow{800.0f, 0.02f, 2800.0f, 0.0f, 0.0f};
    EXPECT_EQ(detailedImagery(imagery, meadow, 1.0f), imagery);  // no variation here: its colour
    Ground patch = meadow;
    patch.variation = 0.5f;
    EXPECT_NEAR(detailedImagery(imagery, patch, 1.0f).g, 0.15f * 1.2f, 1.0e-6f);
    patch.variation = -0.5f;
    EXPECT_NEAR(detailedImagery(imagery, patch, 1.0f).g, 0.15f * 0.8f, 1.0e-6f);
    const Ground cliff{800.0f, 0.6f, 2800.0f, 0.0f, 0.0f};
    const glm::vec3 rock = detailedImagery(imagery, cliff, 1.0f);
    EXPECT_NEAR(rock.b, 0.3f * 0.1f + 0.7f * kRock.b, 1.0e-6f);
    const Ground glacier{3500.0f, 0.05f, 2800.0f, 0.0f, 0.0f};
    EXPECT_EQ(detailedImagery(imagery, glacier, 1.0f), kSnow);
}

}  // namespace
}  // namespace surface
