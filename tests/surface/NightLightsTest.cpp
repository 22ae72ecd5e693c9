// The lights of the night side (surface::nightLightsLuminance), which the
// globe's shading adds where a map of night lights is draped.
#include "surface/NightLights.h"

#include <gtest/gtest.h>

#include <cmath>

namespace surface {
namespace {

TEST(NightLights, AreOffByDayOnByNightAndSmoothAtDusk)
{
    EXPECT_EQ(nightLightsShare(1.0f), 0.0f);               // noon
    EXPECT_EQ(nightLightsShare(kNightLightsDusk), 0.0f);   // the sun 6 degrees up
    EXPECT_FLOAT_EQ(nightLightsShare(0.0f), 0.5f);         // sunset
    EXPECT_EQ(nightLightsShare(-kNightLightsDusk), 1.0f);  // 6 degrees down
    EXPECT_EQ(nightLightsShare(-1.0f), 1.0f);              // midnight
    float previous = 0.0f;
    for (float cosZenith = 0.2f; cosZenith >= -0.2f; cosZenith -= 0.01f) {
        const float share = nightLightsShare(cosZenith);
        EXPECT_GE(share, previous) << cosZenith;         // never dimmer as the sun sinks
        EXPECT_LT(share - previous, 0.1f) << cosZenith;  // no jump
        previous = share;
    }
}

TEST(NightLights, ATypicalTownShowsBesideSunlitGround)
{
    EXPECT_FLOAT_EQ(nightLightsLuminance(glm::vec3(1.0f), -1.0f).r, kNightLightsLuminance);
    // A town of a night map at half its brightest (sRGB 128: 0.216 linear)
    // glows at a quarter to the whole of sunlit ground of albedo 0.2, so one
    // exposure shows both.
    const float town = nightLightsLuminance(glm::vec3(0.216f), -1.0f).g;
    const float sunlitGround = 0.2f / static_cast<float>(M_PI);
    EXPECT_LT(town, sunlitGround);
    EXPECT_GT(town, 0.25f * sunlitGround);
    EXPECT_EQ(nightLightsLuminance(glm::vec3(1.0f), 0.5f), glm::vec3(0.0f));
}

}  // namespace
}  // namespace surface
