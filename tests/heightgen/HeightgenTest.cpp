// The default-terrain generator: determinism (same seed, same samples, any
// thread count), full 16-bit range, the building blocks (noise, resampling,
// erosion) and the command line.
#include "HeightmapTestFiles.h"

#include "heightgen/FluvialErosion.h"
#include "heightgen/GradientNoise.h"
#include "heightgen/HeightGrid.h"
#include "heightgen/HeightgenCommandLine.h"
#include "heightgen/HydraulicErosion.h"
#include "heightgen/TerrainGenerator.h"
#include "heightmap/Heightmap.h"
#include "heightmap/HeightmapPngWriter.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numeric>

namespace {

using heightgen::HeightGrid;

std::vector<std::uint16_t> generate(std::uint32_t size, std::uint64_t seed, unsigned threads)
{
    heightgen::TerrainSettings settings;
    settings.size = size;
    settings.seed = seed;
    settings.threadCount = threads;
    return heightgen::generateTerrainSamples(settings);
}

TEST(Heightgen, SameSeedSameSamplesDifferentSeedDifferentSamples)
{
    const auto first = generate(128, 7, 2);
    const auto again = generate(128, 7, 2);
    const auto otherSeed = generate(128, 8, 2);
    ASSERT_EQ(first.size(), std::size_t{128} * 128);
    EXPECT_EQ(first, again);
    EXPECT_NE(first, otherSeed);
    const auto differing = std::inner_product(first.begin(), first.end(), otherSeed.begin(), std::size_t{0},
                                              std::plus<>(), std::not_equal_to<>());
    EXPECT_GT(differing, first.size() / 2);
}

TEST(Heightgen, ThreadCountDoesNotChangeTheTerrain)
{
    // Noise sampling and talus creep are threaded; upsampling (used from 512
    // up) is checked on its own below.
    EXPECT_EQ(generate(128, 3, 1), generate(128, 3, 3));
}

TEST(Heightgen, SamplesSpanThe16BitRangeAreCoherentAndRoundTripThroughAPng)
{
    const auto samples = generate(128, 11, 2);
    const auto [lowest, highest] = std::minmax_element(samples.begin(), samples.end());
    EXPECT_EQ(*lowest, 0);
    EXPECT_EQ(*highest, 65535);
    // Terrain is spatially coherent: neighbours differ far less than random
    // pairs would (mean |difference| of uniform noise is 65535 / 3).
    double neighbourDifference = 0.0;
    for (std::size_t i = 1; i < samples.size(); ++i) {
        neighbourDifference += std::abs(static_cast<double>(samples[i]) - samples[i - 1]);
    }
    neighbourDifference /= static_cast<double>(samples.size() - 1);
    EXPECT_LT(neighbourDifference, 65535.0 / 40.0);

    const terrain_test::ScratchDirectory scratch;
    heightmap::writePng16(scratch.file("terrain.png"), 128, 128, samples);
    const heightmap::Heightmap heightmap = heightmap::loadHeightmapPng(scratch.file("terrain.png"), 1u << 20, 16384);
    EXPECT_EQ(heightmap.bitDepth, 16);
    EXPECT_EQ(heightmap.samples, samples);
}

TEST(Heightgen, RefusesSizesThatAreNotPowersOfTwo)
{
    heightgen::TerrainSettings settings;
    settings.size = 100;
    EXPECT_THROW((void)heightgen::generateTerrainHeights(settings), std::invalid_argument);
    settings.size = 32;
    EXPECT_THROW((void)heightgen::generateTerrainHeights(settings), std::invalid_argument);
}

TEST(GradientNoise, ZeroOnTheLatticeSmoothBetweenAndSeeded)
{
    const heightgen::GradientNoise noise(42);
    const heightgen::GradientNoise otherNoise(43);
    EXPECT_DOUBLE_EQ(noise(3.0, -5.0), 0.0);
    EXPECT_DOUBLE_EQ(noise(-17.0, 1000.0), 0.0);
    double largest = 0.0;
    int differences = 0;
    for (int i = 0; i < 1000; ++i) {
        const double x = i * 0.137;
        const double y = i * 0.071 - 20.0;
        const double value = noise(x, y);
        largest = std::max(largest, std::abs(value));
        EXPECT_LE(std::abs(value), 1.05);
        EXPECT_LT(std::abs(noise(x + 1e-4, y) - value), 1e-3);  // continuous
        if (std::abs(otherNoise(x, y) - value) > 1e-3)
            ++differences;
    }
    EXPECT_GT(largest, 0.4);
    EXPECT_GT(differences, 900);
}

TEST(GradientNoise, CoarseOctavesAreAPrefixOfFineOnes)
{
    const heightgen::GradientNoise noise(9);
    const heightgen::OctaveSettings all{.baseFrequency = 2.0, .maxOctaves = 8, .maxFrequency = 1e9, .gain = 0.5};
    heightgen::OctaveSettings coarse = all;
    coarse.maxFrequency = 16.0;  // octaves 2, 4, 8, 16
    // The left-out octaves have amplitude sum (1/16 + ... ) / total: small.
    for (int i = 0; i < 200; ++i) {
        const double x = i * 0.0123;
        const double y = 0.5 - i * 0.0071;
        const double difference = heightgen::fractalSum(noise, x, y, all) - heightgen::fractalSum(noise, x, y, coarse);
        EXPECT_LT(std::abs(difference), 0.16);
    }
}

TEST(HeightGrid, CubicUpsamplingKeepsConstantsAndRamps)
{
    HeightGrid ramp(16);
    for (std::uint32_t y = 0; y < 16; ++y) {
        for (std::uint32_t x = 0; x < 16; ++x)
            ramp.at(x, y) = 3.0f * static_cast<float>(x) + 5.0f;
    }
    const HeightGrid fine = heightgen::upsampleDouble(ramp, 2);
    ASSERT_EQ(fine.size, 32u);
    // Away from the clamped border the ramp is reproduced exactly: fine
    // cell x sits at coarse coordinate x / 2 - 1/4.
    for (std::uint32_t y = 0; y < 32; ++y) {
        for (std::uint32_t x = 4; x < 28; ++x) {
            EXPECT_NEAR(fine.at(x, y), 3.0f * (static_cast<float>(x) / 2.0f - 0.25f) + 5.0f, 1e-4f) << x << "," << y;
        }
    }
}

HeightGrid tiltedValley(std::uint32_t size)
{
    HeightGrid grid(size);
    for (std::uint32_t y = 0; y < size; ++y) {
        for (std::uint32_t x = 0; x < size; ++x) {
            const float across = std::abs(static_cast<float>(x) - static_cast<float>(size) / 2.0f);
            grid.at(x, y) =
                0.5f * static_cast<float>(size - y) + 0.3f * across + std::sin(static_cast<float>(x * 7 + y * 3));
        }
    }
    return grid;
}

TEST(HeightGrid, UpsamplingIsTheSameOnAnyThreadCount)
{
    HeightGrid grid(64);
    for (std::uint32_t i = 0; i < 64 * 64; ++i)
        grid.heights[i] = std::sin(static_cast<float>(i) * 0.37f);
    EXPECT_EQ(heightgen::upsampleDouble(grid, 1).heights, heightgen::upsampleDouble(grid, 3).heights);
}

TEST(HydraulicErosion, DropletsMoveMaterialDownhillAndMakeNoNewPeaks)
{
    HeightGrid grid = tiltedValley(64);
    const HeightGrid before = grid;
    heightgen::DropletErosionSettings settings;
    settings.dropletCount = 4000;
    settings.seed = 1;
    heightgen::erodeWithDroplets(grid, settings);
    EXPECT_NE(grid.heights, before.heights);
    const float highestBefore = *std::max_element(before.heights.begin(), before.heights.end());
    EXPECT_LE(*std::max_element(grid.heights.begin(), grid.heights.end()), highestBefore);
    // Row 0 is the top of the slope: the upper half loses material, the
    // lower half receives some of it back as deposits.
    double upperChange = 0.0;
    double lowerChange = 0.0;
    for (std::uint32_t y = 0; y < 64; ++y) {
        for (std::uint32_t x = 0; x < 64; ++x) {
            (y < 32 ? upperChange : lowerChange) += grid.at(x, y) - before.at(x, y);
        }
    }
    EXPECT_LT(upperChange, 0.0);
    EXPECT_GT(lowerChange, upperChange);

    HeightGrid untouched = tiltedValley(64);
    settings.dropletCount = 0;
    heightgen::erodeWithDroplets(untouched, settings);
    EXPECT_EQ(untouched.heights, before.heights);
}

TEST(FluvialErosion, UpliftAloneRaisesTheInteriorAndNeverTheEdges)
{
    HeightGrid grid = tiltedValley(32);
    const HeightGrid before = grid;
    HeightGrid uplift(32);
    std::fill(uplift.heights.begin(), uplift.heights.end(), 0.25f);
    heightgen::FluvialErosionSettings settings;
    settings.iterations = 8;
    settings.erodibility = 0.0f;
    heightgen::erodeFluvially(grid, uplift, settings);
    for (std::uint32_t y = 0; y < 32; ++y) {
        for (std::uint32_t x = 0; x < 32; ++x) {
            const bool edge = x == 0 || y == 0 || x == 31 || y == 31;
            EXPECT_FLOAT_EQ(grid.at(x, y), before.at(x, y) + (edge ? 0.0f : 2.0f)) << x << "," << y;
        }
    }
}

TEST(FluvialErosion, RiversCutDeepestWhereTheyDrainTheMostGround)
{
    HeightGrid grid = tiltedValley(64);
    const HeightGrid before = grid;
    heightgen::FluvialErosionSettings settings;
    settings.iterations = 10;
    settings.erodibility = 0.05f;
    heightgen::erodeFluvially(grid, HeightGrid(64), settings);
    double upperLowering = 0.0;
    double lowerLowering = 0.0;
    for (std::uint32_t y = 0; y < 64; ++y) {
        for (std::uint32_t x = 0; x < 64; ++x) {
            EXPECT_LE(grid.at(x, y), before.at(x, y));  // no uplift: erosion only
            if (x == 0 || y == 0 || x == 63 || y == 63) {
                EXPECT_EQ(grid.at(x, y), before.at(x, y));
            }
            (y < 32 ? upperLowering : lowerLowering) += before.at(x, y) - grid.at(x, y);
        }
    }
    // Water gathers down the slope (row 63 is the foot): the lower half,
    // draining the upper one as well, is cut down more.
    EXPECT_GT(upperLowering, 0.0);
    EXPECT_GT(lowerLowering, upperLowering);
}

TEST(ThermalErosion, KeepsVolumeAndFlattensSlopesSteeperThanTalus)
{
    HeightGrid spike(32);
    spike.at(16, 16) = 100.0f;
    const double volumeBefore = std::accumulate(spike.heights.begin(), spike.heights.end(), 0.0);
    heightgen::erodeThermally(spike, 1.0f, 0.5f, 200, 2);
    const double volumeAfter = std::accumulate(spike.heights.begin(), spike.heights.end(), 0.0);
    EXPECT_NEAR(volumeAfter, volumeBefore, 1e-3);
    EXPECT_LT(spike.at(16, 16), 30.0f);
    EXPECT_GT(spike.at(18, 16), 0.0f);
}

TEST(HeightgenCommandLine, ParsesFlagsInBothForms)
{
    const std::vector<std::string_view> arguments{"--size",      "1024",      "--seed=99", "--out",          "a.png",
                                                  "--threads=2", "--preview", "p.png",     "--preview-size", "256"};
    const auto options = heightgen::parseHeightgenCommandLine(arguments);
    EXPECT_EQ(options.size, 1024u);
    EXPECT_EQ(options.seed, 99u);
    EXPECT_EQ(options.threadCount, 2u);
    EXPECT_EQ(options.outputPath, "a.png");
    ASSERT_TRUE(options.previewPath.has_value());
    EXPECT_EQ(*options.previewPath, "p.png");
    EXPECT_EQ(options.previewSize, 256u);
}

void expectCommandLineError(std::vector<std::string_view> arguments, const std::string& expected)
{
    try {
        (void)heightgen::parseHeightgenCommandLine(arguments);
        ADD_FAILURE() << "accepted; expected: " << expected;
    } catch (const heightgen::CommandLineError& error) {
        EXPECT_NE(std::string(error.what()).find(expected), std::string::npos) << error.what();
    }
}

TEST(HeightgenCommandLine, ExplainsEveryMistake)
{
    expectCommandLineError({"--size", "4096"}, "--out PATH is required");
    expectCommandLineError({"--out", "a.png", "--size", "1000"}, "--size must be a power of two");
    expectCommandLineError({"--out", "a.png", "--size", "32768"}, "--size must be between 64 and 16384");
    expectCommandLineError({"--out", "a.png", "--size", "big"}, "--size expects a non-negative integer, got 'big'");
    expectCommandLineError({"--out", "a.png", "--seed", "-1"}, "--seed expects a non-negative integer");
    expectCommandLineError({"--out", "a.png", "--seed", "99999999999999999999"}, "--seed must be between");
    expectCommandLineError({"--out"}, "--out needs a value");
    expectCommandLineError({"--out", "a.png", "--colour"}, "unknown argument '--colour'");
    expectCommandLineError({"--out", "a.png", "--size", "64", "--preview", "p.png", "--preview-size", "128"},
                           "--preview-size 128 is larger than --size 64");
    EXPECT_TRUE(heightgen::parseHeightgenCommandLine(std::vector<std::string_view>{"--help"}).showHelp);
    // Without --preview-size the preview is never larger than the map.
    const std::vector<std::string_view> small{"--out", "a.png", "--size", "128", "--preview", "p.png"};
    EXPECT_EQ(heightgen::parseHeightgenCommandLine(small).previewSize, 128u);
}

}  // namespace
