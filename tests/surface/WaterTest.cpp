// The water's optics (surface/Water.h): absorption red first, the seabed
// fading into deep water's colour with depth, Fresnel's law and the glint.
#include "surface/Water.h"

#include <gtest/gtest.h>

namespace surface {
namespace {

TEST(Water, AbsorbsRedFirstAndNothingAtTheSurface)
{
    EXPECT_EQ(waterTransmittance(0.0f), glm::vec3(1.0f));
    const glm::vec3 fiveMetres = waterTransmittance(5.0f);
    EXPECT_LT(fiveMetres.r, fiveMetres.g);
    EXPECT_LT(fiveMetres.g, fiveMetres.b);
    EXPECT_LT(waterTransmittance(400.0f).b, 1.0e-5f) << "deep water hides its seabed";
}

TEST(Water, ShallowWaterShowsTheSeabedAndDeepWaterItsOwnBlue)
{
    const glm::vec3 seabed{0.1f, 0.09f, 0.06f};
    const glm::vec3 irradiance{1.0f};
    EXPECT_EQ(waterBody(seabed, waterTransmittance(0.0f), irradiance), seabed);
    const glm::vec3 deep = waterBody(seabed, waterTransmittance(1000.0f), irradiance);
    EXPECT_GT(deep.b, deep.g);
    EXPECT_GT(deep.g, deep.r);
    EXPECT_NEAR(deep.b, kDeepWaterAlbedo.b / 3.14159265f, 1.0e-6f);
}

TEST(Water, ReflectsTwoPercentStraightDownAndAllAtGrazingAngles)
{
    EXPECT_FLOAT_EQ(waterFresnel(1.0f), 0.02f);
    EXPECT_FLOAT_EQ(waterFresnel(0.0f), 1.0f);
    EXPECT_FLOAT_EQ(waterFresnel(-0.5f), 1.0f);
    EXPECT_LT(waterFresnel(0.7f), 0.05f);
}

TEST(Water, GlintsOnlyNearTheMirrorDirection)
{
    EXPECT_GT(sunGlint(1.0f), 30.0f);
    EXPECT_LT(sunGlint(0.99f), sunGlint(1.0f) * 1.0e-3f);
    const glm::vec3 body{0.01f};
    const glm::vec3 sky{0.2f};
    const glm::vec3 sun{10.0f};
    EXPECT_GT(waterLuminance(body, sky, 1.0f, 1.0f, sun).r, 1.0f);
    EXPECT_NEAR(waterLuminance(body, sky, 1.0f, 0.5f, sun).r, 0.98f * 0.01f + 0.02f * 0.2f, 1.0e-6f);
}

}  // namespace
}  // namespace surface
