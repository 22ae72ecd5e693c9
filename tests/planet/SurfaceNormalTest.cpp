// The ground's normal for shading (src/planet/SurfaceNormal.h) and the
// detail's slope (planet::surfaceDetailSumGradient; the noise itself is
// tested in tests/surface/DetailNoiseTest.cpp):
// - octaves finer than what a pixel resolves fade out, and a pixel wider
//   than the whole detail sees none of it;
// - the shaped detail's range over ranges of sums and heights
//   (surfaceDetailRangeFromSums) holds every value, and is the sums' own
//   where the land is high enough to be fully rough;
// - the data's normal (ETOPO5 on the cube) faces up, stands nearly upright
//   over the abyssal plains, leans downhill on slopes, and is the same from
//   each face that shares a cube edge.
#include "planet/CubeElevation.h"
#include "planet/CubeSphere.h"
#include "planet/GlobalElevation.h"
#include "planet/SurfaceDetail.h"
#include "planet/SurfaceNormal.h"

#include <gtest/gtest.h>

#include <glm/geometric.hpp>
#include <glm/trigonometric.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <memory>
#include <random>

namespace planet::test {
namespace {

constexpr std::uint32_t kIntervals = 256;

glm::dvec3 randomCubePoint(std::mt19937_64& random)
{
    std::uniform_real_distribution<double> coordinate(-1.0, 1.0);
    std::uniform_int_distribution<std::uint32_t> face(0, 5);
    return cubePointOf(face(random), coordinate(random), coordinate(random));
}

TEST(SurfaceDetailRange, HoldsTheShapedDetailOfEverySumAndHeightInTheRanges)
{
    std::mt19937_64 random(11);
    std::uniform_real_distribution<double> sum(-400.0, 400.0);
    std::uniform_real_distribution<double> height(-3000.0, 5000.0);
    std::uniform_real_distribution<double> fraction(0.0, 1.0);
    for (int range = 0; range < 2000; ++range) {
        const double s0 = sum(random);
        const double s1 = sum(random);
        const double h0 = height(random);
        // Narrow height ranges too, where the roughness barely changes.
        const double h1 = range % 2 == 0 ? height(random) : h0 + 50.0 * fraction(random);
        const double lowestSum = std::min(s0, s1);
        const double highestSum = std::max(s0, s1);
        const double lowestHeight = std::min(h0, h1);
        const double highestHeight = std::max(h0, h1);
        const glm::dvec2 bounds = surfaceDetailRangeFromSums(lowestSum, highestSum, lowestHeight, highestHeight);
        ASSERT_LE(bounds.x, bounds.y);
        // Never wider than the bound before it: the sums' range widened to 0.
        EXPECT_GE(bounds.x, std::min(0.0, lowestSum));
        EXPECT_LE(bounds.y, std::max(0.0, highestSum));
        for (int sample = 0; sample < 50; ++sample) {
            const double s = lowestSum + (highestSum - lowestSum) * fraction(random);
            const double h = lowestHeight + (highestHeight - lowestHeight) * fraction(random);
            const double detail = surfaceDetailFromSum(s, h);
            ASSERT_GE(detail, bounds.x) << "sum " << s << ", height " << h;
            ASSERT_LE(detail, bounds.y) << "sum " << s << ", height " << h;
        }
    }
    // High mountains, fully rough: the detail is the sum itself, so the
    // range is the sums' own, not widened to reach 0.
    const glm::dvec2 alps = surfaceDetailRangeFromSums(-80.0, -20.0, 2600.0, 3100.0);
    EXPECT_EQ(alps.x, -80.0);
    EXPECT_EQ(alps.y, -20.0);
    // The sea's floor has no detail.
    const glm::dvec2 sea = surfaceDetailRangeFromSums(-80.0, 60.0, -4000.0, -10.0);
    EXPECT_EQ(sea.x, 0.0);
    EXPECT_EQ(sea.y, 0.0);
}

TEST(SurfaceDetailGradient, OctavesFinerThanAPixelFadeOut)
{
    std::mt19937_64 random(11);
    // 256 intervals: the first octave's lattice is 5e6 / 256 = 19,531 m.
    const double firstSpacing = 5.0e6 / kIntervals;
    const double firstOctaveBound = 0.04 * 0.5 * (2.0 / kIntervals * 5.0e6) * kIntervals * 6.5;
    for (int i = 0; i < 50; ++i) {
        const glm::dvec3 point = randomCubePoint(random);
        EXPECT_EQ(surfaceDetailSumGradient(point, kIntervals, firstSpacing), glm::dvec3(0.0));
        // Every lattice is wider than a metre.
        EXPECT_EQ(surfaceDetailSumGradient(point, kIntervals, 1.0), surfaceDetailSumGradient(point, kIntervals, 0.0));
        // The first octave alone, within its slope's bound.
        const double first = glm::length(surfaceDetailSumGradient(point, kIntervals, 0.5 * firstSpacing));
        EXPECT_GT(first, 0.0);
        EXPECT_LE(first, firstOctaveBound);
    }
}

class SurfaceNormalTest : public ::testing::Test {
protected:
    static void SetUpTestSuite()
    {
        const GlobalElevation etopo5(CBT_ETOPO5_GRID, heightmap::HeightmapLimits{});
        cube_ = std::make_unique<CubeElevation>(etopo5, kIntervals);
    }
    static void TearDownTestSuite() { cube_.reset(); }

    static std::unique_ptr<CubeElevation> cube_;
};

std::unique_ptr<CubeElevation> SurfaceNormalTest::cube_;

TEST_F(SurfaceNormalTest, OverTheAbyssalPlainItIsNearlyVertical)
{
    // The southern Pacific's abyssal plain, 5 km deep and flat.
    const glm::dvec3 point = cubePointUnder(-40.0, -130.0);
    const glm::dvec3 normal = dataNormalAt(*cube_, point);
    const glm::dvec3 up = ellipsoidNormalAt(cubeToEcef(point));
    EXPECT_NEAR(glm::length(normal), 1.0, 1.0e-12);
    EXPECT_GT(glm::dot(normal, up), std::cos(glm::radians(1.0)));
}

TEST_F(SurfaceNormalTest, ItFacesUpAndLeansDownhill)
{
    std::mt19937_64 random(3);
    int slopes = 0;
    int downhill = 0;
    for (int i = 0; i < 12000; ++i) {
        const glm::dvec3 point = randomCubePoint(random);
        const glm::dvec3 normal = dataNormalAt(*cube_, point);
        const glm::dvec3 up = ellipsoidNormalAt(cubeToEcef(point));
        ASSERT_GT(glm::dot(normal, up), 0.0) << "facing down at " << i;
        const glm::dvec3 lean = normal - glm::dot(normal, up) * up;
        if (glm::length(lean) < 0.02) {
            continue;
        }
        // Half a cell along the lean: lower ground.
        const glm::dvec3 ahead = cubeToEcef(point) + 0.5 * 2.0 / kIntervals * 5.0e6 * glm::normalize(lean);
        const glm::dvec3 aheadCube = sphereToCube(ahead);
        if (cubeFaceOf(aheadCube).face != cubeFaceOf(point).face) {
            continue;
        }
        ++slopes;
        downhill += cube_->heightAt(aheadCube) < cube_->heightAt(point) ? 1 : 0;
    }
    // Central differences over two cells may miss a slope's turn within one.
    EXPECT_GT(slopes, 500);
    EXPECT_GT(downhill, slopes * 95 / 100) << downhill << " of " << slopes;
}

TEST_F(SurfaceNormalTest, AnEdgeOfTheCubeHasOneNormal)
{
    std::mt19937_64 random(5);
    std::uniform_real_distribution<double> coordinate(-1.0, 1.0);
    for (int i = 0; i < 100; ++i) {
        // A point of the edge between +X and +Y, a hair inside either face.
        const double z = coordinate(random);
        const glm::dvec3 onX(1.0, 1.0 - 1.0e-12, z);
        const glm::dvec3 onY(1.0 - 1.0e-12, 1.0, z);
        EXPECT_GT(glm::dot(dataNormalAt(*cube_, onX), dataNormalAt(*cube_, onY)), std::cos(glm::radians(0.001)))
            << "at z = " << z;
    }
}

}  // namespace
}  // namespace planet::test
