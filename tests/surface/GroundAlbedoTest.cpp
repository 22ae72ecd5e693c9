// The one palette (surface::groundAlbedo): which material each kind of
// ground gets, and the snow rule by elevation and slope.
#include "surface/GroundAlbedo.h"

#include <gtest/gtest.h>

#include <glm/geometric.hpp>

namespace surface {
namespace {

constexpr float kAlpsSnowLine = 2730.0f;

Ground groundAt(float elevation, float steepness, float shore = 1.0f)
{
    return Ground{elevation, steepness, kAlpsSnowLine, 0.0f, shore};
}

float distance(const glm::vec3& a, const glm::vec3& b)
{
    return glm::length(a - b);
}

TEST(GroundAlbedo, LevelLowlandIsGrassAndACliffIsRock)
{
    EXPECT_LT(distance(groundAlbedo(groundAt(400.0f, 0.0f)), kGrass), 1.0e-6f);
    EXPECT_LT(distance(groundAlbedo(groundAt(400.0f, 0.6f)), kRock), 1.0e-6f);
    // Between them, soil where the ground steepens.
    EXPECT_LT(distance(groundAlbedo(groundAt(400.0f, 0.16f)), kSoil), 0.02f);
}

TEST(GroundAlbedo, SnowLiesAboveTheSnowLineOnGroundGentleEnoughToHoldIt)
{
    EXPECT_EQ(snowCover(groundAt(kAlpsSnowLine, 0.0f)), 0.0f);
    EXPECT_EQ(snowCover(groundAt(kAlpsSnowLine - 500.0f, 0.0f)), 0.0f);
    EXPECT_FLOAT_EQ(snowCover(groundAt(kAlpsSnowLine + 300.0f, 0.0f)), 1.0f);
    EXPECT_LT(distance(groundAlbedo(groundAt(kAlpsSnowLine + 800.0f, 0.1f)), kSnow), 1.0e-6f);
    // Half way up the ramp, half covered; the cover only grows with height.
    EXPECT_NEAR(snowCover(groundAt(kAlpsSnowLine + 150.0f, 0.0f)), 0.5f, 1.0e-6f);
    float previous = 0.0f;
    for (float metres = 2000.0f; metres < 4000.0f; metres += 25.0f) {
        const float cover = snowCover(groundAt(metres, 0.0f));
        EXPECT_GE(cover, previous) << metres;
        previous = cover;
    }
    // A face steeper than about 55 degrees holds none.
    EXPECT_EQ(snowCover(groundAt(kAlpsSnowLine + 1000.0f, 0.45f)), 0.0f);
    EXPECT_LT(distance(groundAlbedo(groundAt(kAlpsSnowLine + 1000.0f, 0.6f)), kRock), 1.0e-6f);
}

TEST(GroundAlbedo, TheVariationMovesTheSnowLineByUpTo200Metres)
{
    Ground ground = groundAt(kAlpsSnowLine - 100.0f, 0.0f);
    EXPECT_EQ(snowCover(ground), 0.0f);
    ground.variation = 0.5f;
    EXPECT_GT(snowCover(ground), 0.0f);
    ground.elevationMetres = kAlpsSnowLine + 400.0f;
    ground.variation = -0.5f;
    EXPECT_LT(snowCover(ground), 1.0f);
}

TEST(GroundAlbedo, TheAlpineBandBelowTheSnowLineIsScreeNotGrass)
{
    const glm::vec3 band = groundAlbedo(groundAt(kAlpsSnowLine - 250.0f, 0.0f));
    EXPECT_GT(distance(band, kGrass), 0.05f);
    EXPECT_GT(band.r, band.g) << "scree is browner than it is green";
}

TEST(GroundAlbedo, SandGathersAtTheShoreOnlyWhereHeightsHaveADatumAndResolveABeach)
{
    EXPECT_LT(distance(groundAlbedo(groundAt(0.0f, 0.0f)), kSand), 1.0e-6f);
    EXPECT_LT(distance(groundAlbedo(groundAt(0.0f, 0.0f, 0.0f)), kGrass), 1.0e-6f);
    // SRTM's 30 m resolve a beach; ETOPO5's 9 km do not: land at 0 m there is a lowland.
    EXPECT_FLOAT_EQ(shoreWeight(true, 30.0f), 1.0f);
    EXPECT_FLOAT_EQ(shoreWeight(true, 9000.0f), 0.0f);
    EXPECT_FLOAT_EQ(shoreWeight(false, 30.0f), 0.0f);
    const float gmted = shoreWeight(true, 230.0f);
    EXPECT_GT(gmted, 0.9f);
    EXPECT_LT(gmted, 1.0f);
    EXPECT_LT(distance(groundAlbedo(groundAt(0.0f, 0.0f, shoreWeight(true, 9000.0f))), kGrass), 1.0e-6f);
    // Above the beach, and on a sea cliff, none.
    EXPECT_LT(distance(groundAlbedo(groundAt(40.0f, 0.0f)), kGrass), 1.0e-6f);
    EXPECT_GT(distance(groundAlbedo(groundAt(0.0f, 0.5f)), kSand), 0.1f);
}

}  // namespace
}  // namespace surface
