// Exposure, tone curves and sRGB encoding on the CPU (the GLSL versions are
// compared with these in GpuDisplayShaderTest.cpp).
#include "display/Tonemapping.h"

#include <gtest/gtest.h>

namespace display {
namespace {

TEST(Tonemapping, CurvesStartAtBlackAreMonotonicAndBounded)
{
    for (const Tonemapper tonemapper : kTonemappers) {
        EXPECT_NEAR(tonemap(tonemapper, glm::vec3(0.0f)).g, 0.0f, 1e-6f) << tonemapperName(tonemapper);
        float previous = 0.0f;
        for (float x = 0.0f; x < 50.0f; x += 0.01f) {
            const float value = tonemap(tonemapper, glm::vec3(x)).r;
            EXPECT_GE(value + 1e-6f, previous) << tonemapperName(tonemapper) << " at " << x;
            EXPECT_LE(value, 1.0f);
            previous = value;
        }
        EXPECT_NEAR(tonemap(tonemapper, glm::vec3(1.0e4f)).b, 1.0f, 1e-3f) << tonemapperName(tonemapper);
    }
}

TEST(Tonemapping, FilmicCurvesCompressHighlightsUnlikeClamping)
{
    const float bright = 0.9f;
    EXPECT_FLOAT_EQ(tonemap(Tonemapper::None, glm::vec3(bright)).r, bright);
    EXPECT_LT(tonemap(Tonemapper::AcesFitted, glm::vec3(bright)).r, bright);
    EXPECT_LT(tonemap(Tonemapper::Hable, glm::vec3(bright)).r, bright);
    // Hable reaches white at its white point (11.2 after the exposure bias of 2).
    EXPECT_NEAR(tonemap(Tonemapper::Hable, glm::vec3(5.6f)).r, 1.0f, 1e-5f);
    // Negative input is treated as black.
    EXPECT_FLOAT_EQ(tonemap(Tonemapper::AcesFitted, glm::vec3(-3.0f)).r,
                    tonemap(Tonemapper::AcesFitted, glm::vec3(0.0f)).r);
}

TEST(Tonemapping, ExposureIsInStops)
{
    EXPECT_FLOAT_EQ(applyExposure(glm::vec3(0.25f), 2.0f).g, 1.0f);
    EXPECT_FLOAT_EQ(applyExposure(glm::vec3(4.0f), -1.0f).g, 2.0f);
}

TEST(Tonemapping, SrgbEncoding)
{
    EXPECT_FLOAT_EQ(encodeSrgb(glm::vec3(0.0f)).r, 0.0f);
    EXPECT_NEAR(encodeSrgb(glm::vec3(1.0f)).r, 1.0f, 1e-6f);
    EXPECT_NEAR(encodeSrgb(glm::vec3(0.5f)).r, 0.735357f, 1e-5f);
    EXPECT_NEAR(encodeSrgb(glm::vec3(0.0031308f)).r, 0.04045f, 1e-5f);
    EXPECT_NEAR(encodeSrgb(glm::vec3(0.001f)).r, 0.01292f, 1e-6f);
    EXPECT_FLOAT_EQ(encodeSrgb(glm::vec3(7.0f)).r, encodeSrgb(glm::vec3(1.0f)).r);
}

TEST(Tonemapping, NamesRoundTrip)
{
    for (const Tonemapper tonemapper : kTonemappers) {
        EXPECT_EQ(tonemapperFromName(tonemapperName(tonemapper)), tonemapper);
    }
    EXPECT_FALSE(tonemapperFromName("reinhard").has_value());
    EXPECT_EQ(tonemapperName(Tonemapper::AcesFitted), "aces");
}

}  // namespace
}  // namespace display
