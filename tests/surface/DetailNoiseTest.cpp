// The detail noise below the data (src/surface/DetailNoise.h), one for the
// flat terrain and the globe:
// - with every octave kept, its gradient is the derivative of its sum, on a
//   cube point's lattice and on ground metres alike;
// - the sum stays within its amplitudes, and two points never differ by
//   more than the variation bound says;
// - octaves finer than what a pixel resolves fade out, and a pixel wider
//   than the first octave sees none;
// - the relief shows only where a pixel resolves a few octaves.
#include "surface/DetailNoise.h"

#include <gtest/gtest.h>

#include <glm/geometric.hpp>

#include <algorithm>
#include <cmath>
#include <random>

namespace surface {
namespace {

// A globe-like lattice (cube units, 256 data intervals a face side) and a
// flat one (ground metres, 5 m samples).
const DetailLattice kCubeLattice{256.0, 0.5 * 2.0 / 256.0 * 5.0e6, detailOctaves(0.5 * 2.0 / 256.0 * 5.0e6, 4.0)};
const DetailLattice kGroundLattice{1.0 / 2.5, 2.5, detailOctaves(2.5, 0.05)};

glm::dvec3 randomPoint(std::mt19937_64& random, double extent)
{
    std::uniform_real_distribution<double> coordinate(-extent, extent);
    return {coordinate(random), coordinate(random), coordinate(random)};
}

TEST(DetailNoise, OctavesGoFromTheFirstCellDownToTheShortest)
{
    EXPECT_EQ(detailOctaves(2.5, 0.05), 6);  // 2.5, 1.25, ..., 0.078
    EXPECT_EQ(detailOctaves(4.0, 4.0), 1);
    EXPECT_EQ(detailOctaves(3.9, 4.0), 0);
    EXPECT_EQ(detailOctaves(1.0e9, 1.0), kMaxDetailOctaves);
    EXPECT_EQ(kCubeLattice.octaves, 13);  // 19.5 km down to 4.8 m
}

TEST(DetailNoise, WithEveryOctaveTheGradientIsTheSumsDerivative)
{
    std::mt19937_64 random(7);
    for (const auto& [lattice, extent, step] :
         {std::tuple{kCubeLattice, 1.0, 1.0e-9}, std::tuple{kGroundLattice, 5000.0, 1.0e-5}}) {
        const double finestSlope = kDetailAmplitudePerCell * lattice.cellMetres * lattice.frequency *
                                   std::exp2(lattice.octaves) * kDetailNoiseSlopeBound;
        for (int i = 0; i < 200; ++i) {
            const glm::dvec3 point = randomPoint(random, extent);
            const glm::dvec3 gradient = detailNoiseGradient(point, lattice, 0.0);
            for (int axis = 0; axis < 3; ++axis) {
                glm::dvec3 before = point;
                glm::dvec3 after = point;
                before[axis] -= step;
                after[axis] += step;
                const double difference =
                    (detailNoiseSum(after, lattice) - detailNoiseSum(before, lattice)) / (2.0 * step);
                ASSERT_NEAR(gradient[axis], difference, 1.0e-4 * std::max(finestSlope, std::abs(difference)))
                    << "axis " << axis << " at " << i;
            }
        }
    }
}

TEST(DetailNoise, TheSumStaysWithinItsAmplitudesAndVariationBound)
{
    std::mt19937_64 random(5);
    std::uniform_real_distribution<double> unit(-1.0, 1.0);
    const double amplitudes = detailNoiseAmplitudeSum(kGroundLattice);
    EXPECT_NEAR(amplitudes, kDetailAmplitudePerCell * 2.5 * (2.0 - std::exp2(-5.0)), 1.0e-12);
    double largest = 0.0;
    for (int i = 0; i < 2000; ++i) {
        const glm::dvec3 point = randomPoint(random, 5000.0);
        const double sum = detailNoiseSum(point, kGroundLattice);
        ASSERT_LE(std::abs(sum), amplitudes);
        largest = std::max(largest, std::abs(sum));
        for (const double distance : {0.01, 0.3, 4.0, 100.0}) {
            const glm::dvec3 other = point + distance * glm::normalize(glm::dvec3(unit(random), unit(random), 0.5));
            ASSERT_LE(std::abs(detailNoiseSum(other, kGroundLattice) - sum),
                      detailNoiseVariationBound(distance, kGroundLattice))
                << "distance " << distance << " at " << i;
        }
    }
    // The relief is not flat: it reaches a good share of its bound.
    EXPECT_GT(largest, 0.3 * amplitudes);
}

TEST(DetailNoise, OctavesFinerThanAPixelFadeOut)
{
    EXPECT_EQ(detailOctaveWeight(4883.0, 0.0), 1.0);
    EXPECT_EQ(detailOctaveWeight(4883.0, 2000.0), 1.0);
    EXPECT_NEAR(detailOctaveWeight(4883.0, 3255.3), 0.5, 1.0e-4);
    EXPECT_EQ(detailOctaveWeight(4883.0, 5000.0), 0.0);

    std::mt19937_64 random(11);
    const double firstOctaveBound =
        kDetailAmplitudePerCell * kGroundLattice.cellMetres * kGroundLattice.frequency * kDetailNoiseSlopeBound;
    for (int i = 0; i < 50; ++i) {
        const glm::dvec3 point = randomPoint(random, 5000.0);
        EXPECT_EQ(detailNoiseGradient(point, kGroundLattice, kGroundLattice.cellMetres), glm::dvec3(0.0));
        // Every lattice is wider than a centimetre.
        EXPECT_EQ(detailNoiseGradient(point, kGroundLattice, 0.01), detailNoiseGradient(point, kGroundLattice, 0.0));
        // The first octave alone, within its slope's bound.
        const double first = glm::length(detailNoiseGradient(point, kGroundLattice, 0.5 * kGroundLattice.cellMetres));
        EXPECT_GT(first, 0.0);
        EXPECT_LE(first, firstOctaveBound);
    }
}

TEST(DetailNoise, ItShowsWherePixelsResolveSeveralOctaves)
{
    EXPECT_EQ(detailShownShare(0.05, 5.0), 1.0);
    EXPECT_EQ(detailShownShare(5.0 / 64.0, 5.0), 1.0);
    EXPECT_NEAR(detailShownShare(0.5 * (5.0 / 64.0 + 5.0 / 16.0), 5.0), 0.5, 1.0e-12);
    EXPECT_EQ(detailShownShare(5.0 / 16.0, 5.0), 0.0);
    EXPECT_EQ(detailShownShare(30.0, 5.0), 0.0);
}

}  // namespace
}  // namespace surface
