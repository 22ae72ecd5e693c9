// The min/max and moments chains built on the GPU against a CPU computation
// of the same definition (src/terrain/HeightStatistics.h), on maps with odd
// sizes so the edge texels that cover three columns or rows are exercised.
#include "GpuTestEnvironment.h"
#include "TerrainTestScene.h"
#include "terrain/HeightStatistics.h"
#include "terrain/HeightmapTexture.h"
#include "vk/BufferTransfer.h"
#include "vk/Error.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <random>
#include <vector>

namespace terrain::test {
namespace {

using namespace scene::test;

struct CpuLevel {
    std::uint32_t width = 0;
    std::uint32_t height = 0;
    std::vector<std::uint16_t> lowest;
    std::vector<std::uint16_t> highest;
    std::vector<double> mean;
    std::vector<double> meanOfSquares;
};

// Texels [first, last] of the level below covered by texel i along one axis.
std::pair<std::uint32_t, std::uint32_t> covered(std::uint32_t i, std::uint32_t size, std::uint32_t sourceSize)
{
    const std::uint32_t first = std::min(2 * i, sourceSize - 1);
    const std::uint32_t last = i + 1 == size ? sourceSize - 1 : 2 * i + 1;
    return {first, last};
}

std::vector<CpuLevel> cpuChains(const heightmap::Heightmap& heightmap)
{
    CpuLevel source;
    source.width = heightmap.width;
    source.height = heightmap.height;
    for (const std::uint16_t sample : heightmap.samples) {
        const double height = sample / 65535.0;
        source.lowest.push_back(sample);
        source.highest.push_back(sample);
        source.mean.push_back(height);
        source.meanOfSquares.push_back(height * height);
    }
    std::vector<CpuLevel> levels;
    do {
        CpuLevel level;
        level.width = std::max(source.width / 2, 1u);
        level.height = std::max(source.height / 2, 1u);
        for (std::uint32_t y = 0; y < level.height; ++y) {
            for (std::uint32_t x = 0; x < level.width; ++x) {
                const auto [x0, x1] = covered(x, level.width, source.width);
                const auto [y0, y1] = covered(y, level.height, source.height);
                std::uint16_t lowest = 0xFFFF;
                std::uint16_t highest = 0;
                double sum = 0.0;
                double sumOfSquares = 0.0;
                for (std::uint32_t sy = y0; sy <= y1; ++sy) {
                    for (std::uint32_t sx = x0; sx <= x1; ++sx) {
                        const std::size_t index = std::size_t{sy} * source.width + sx;
                        lowest = std::min(lowest, source.lowest[index]);
                        highest = std::max(highest, source.highest[index]);
                        sum += source.mean[index];
                        sumOfSquares += source.meanOfSquares[index];
                    }
                }
                const double count = double((x1 - x0 + 1) * (y1 - y0 + 1));
                level.lowest.push_back(lowest);
                level.highest.push_back(highest);
                level.mean.push_back(sum / count);
                level.meanOfSquares.push_back(sumOfSquares / count);
            }
        }
        levels.push_back(level);
        source = level;
    } while (source.width > 1 || source.height > 1);
    return levels;
}

heightmap::Heightmap randomHeightmap(std::uint32_t width, std::uint32_t height, std::uint32_t seed)
{
    std::mt19937 random(seed);
    std::uniform_int_distribution<int> sample(0, 65535);
    heightmap::Heightmap heightmap = makeHeightmap(width, height, [](double, double) { return 0.0; });
    for (std::uint16_t& value : heightmap.samples) {
        value = static_cast<std::uint16_t>(sample(random));
    }
    return heightmap;
}

class HeightStatisticsTest : public vk::test::GpuTest {
protected:
    void checkAgainstCpu(const heightmap::Heightmap& heightmap)
    {
        const HeightmapTexture texture(device(), heightmap);
        const HeightStatistics statistics(device(), shaders(), texture);
        const std::vector<CpuLevel> expected = cpuChains(heightmap);
        ASSERT_EQ(statistics.levels().size(), expected.size());
        const HeightStatisticsLevel& last = statistics.levels().back();
        const std::size_t texels = last.firstTexel + std::size_t{last.width} * last.height;
        const auto minMax = vk::downloadFromBufferAs<std::uint32_t>(device(), statistics.minMaxBuffer(), 0, texels);
        const auto moments = vk::downloadFromBufferAs<float>(device(), statistics.momentsBuffer(), 0, 2 * texels);
        for (std::size_t level = 0; level < expected.size(); ++level) {
            const HeightStatisticsLevel& layout = statistics.levels()[level];
            ASSERT_EQ(layout.width, expected[level].width) << "level " << level;
            ASSERT_EQ(layout.height, expected[level].height) << "level " << level;
            for (std::size_t texel = 0; texel < expected[level].lowest.size(); ++texel) {
                const std::uint32_t packed = minMax[layout.firstTexel + texel];
                ASSERT_EQ(packed & 0xFFFFu, expected[level].lowest[texel]) << "level " << level << " texel " << texel;
                ASSERT_EQ(packed >> 16, expected[level].highest[texel]) << "level " << level << " texel " << texel;
                const float mean = moments[2 * (layout.firstTexel + texel)];
                const float meanOfSquares = moments[2 * (layout.firstTexel + texel) + 1];
                ASSERT_NEAR(mean, expected[level].mean[texel], 2e-6) << "level " << level << " texel " << texel;
                ASSERT_NEAR(meanOfSquares, expected[level].meanOfSquares[texel], 2e-6)
                    << "level " << level << " texel " << texel;
            }
        }
    }
};

TEST_F(HeightStatisticsTest, LevelLayoutHalvesDownToOneTexel)
{
    const std::vector<HeightStatisticsLevel> levels = heightStatisticsLevels(37, 10);
    ASSERT_EQ(levels.size(), 5u);  // 18x5, 9x2, 4x1, 2x1, 1x1
    EXPECT_EQ(levels[0].width, 18u);
    EXPECT_EQ(levels[0].height, 5u);
    EXPECT_EQ(levels[1].firstTexel, 90u);
    EXPECT_EQ(levels[2].height, 1u);
    EXPECT_EQ(levels[4].width, 1u);
    EXPECT_EQ(levels[4].firstTexel, 90u + 18u + 4u + 2u);
    EXPECT_EQ(heightStatisticsLevels(4096, 4096).size(), 12u);
}

TEST_F(HeightStatisticsTest, ChainsMatchCpuOnOddSizedRandomMap)
{
    checkAgainstCpu(randomHeightmap(37, 23, 7));
}

TEST_F(HeightStatisticsTest, ChainsMatchCpuOnSmoothNonSquareMap)
{
    checkAgainstCpu(makeHeightmap(64, 33, [](double u, double v) { return 0.5 + 0.4 * std::sin(9.0 * u + 4.0 * v); }));
}

// Independently of the recursion: every texel's [min, max] holds every
// heightmap sample in the rectangle it covers, which is what the criterion
// relies on for its displaced bounds.
TEST_F(HeightStatisticsTest, MinMaxIsConservativeOverCoveredRectangle)
{
    const heightmap::Heightmap heightmap = randomHeightmap(45, 29, 11);
    const HeightmapTexture texture(device(), heightmap);
    const HeightStatistics statistics(device(), shaders(), texture);
    const HeightStatisticsLevel& last = statistics.levels().back();
    const std::size_t texels = last.firstTexel + std::size_t{last.width} * last.height;
    const auto minMax = vk::downloadFromBufferAs<std::uint32_t>(device(), statistics.minMaxBuffer(), 0, texels);
    for (std::size_t level = 0; level < statistics.levels().size(); ++level) {
        const HeightStatisticsLevel& layout = statistics.levels()[level];
        const std::uint32_t span = 2u << level;
        for (std::uint32_t y = 0; y < layout.height; ++y) {
            for (std::uint32_t x = 0; x < layout.width; ++x) {
                const std::uint32_t packed = minMax[layout.firstTexel + y * layout.width + x];
                const std::uint32_t lastX = x + 1 == layout.width ? heightmap.width : (x + 1) * span;
                const std::uint32_t lastY = y + 1 == layout.height ? heightmap.height : (y + 1) * span;
                for (std::uint32_t sy = y * span; sy < lastY; ++sy) {
                    for (std::uint32_t sx = x * span; sx < lastX; ++sx) {
                        const std::uint16_t sample = heightmap.sample(sx, sy);
                        ASSERT_LE(packed & 0xFFFFu, sample) << "level " << level;
                        ASSERT_GE(packed >> 16, sample) << "level " << level;
                    }
                }
            }
        }
    }
}

TEST_F(HeightStatisticsTest, EightBitMapIsWidenedExactly)
{
    heightmap::Heightmap heightmap = makeHeightmap(8, 8, [](double u, double) { return u; });
    heightmap.bitDepth = 8;
    for (std::size_t i = 0; i < heightmap.samples.size(); ++i) {
        heightmap.samples[i] = static_cast<std::uint16_t>(i * 4 % 256);
    }
    const HeightmapTexture texture(device(), heightmap);
    const HeightStatistics statistics(device(), shaders(), texture);
    const auto top = vk::downloadFromBufferAs<std::uint32_t>(device(), statistics.minMaxBuffer(),
                                                             statistics.levels().back().firstTexel * 4u, 1);
    const auto [lowest, highest] = std::minmax_element(heightmap.samples.begin(), heightmap.samples.end());
    EXPECT_EQ(top[0] & 0xFFFFu, *lowest * 257u);
    EXPECT_EQ(top[0] >> 16, *highest * 257u);
}

TEST_F(HeightStatisticsTest, RefusesMapLargerThanDeviceLimit)
{
    heightmap::Heightmap heightmap;
    heightmap.width = device().limits().maxImageDimension2D + 1;
    heightmap.height = 1;
    heightmap.sourcePath = "too-wide.png";
    try {
        const HeightmapTexture texture(device(), heightmap);
        FAIL() << "expected vk::Error";
    } catch (const vk::Error& error) {
        EXPECT_NE(std::string(error.what()).find("too-wide.png"), std::string::npos) << error.what();
        EXPECT_NE(std::string(error.what()).find("maxImageDimension2D"), std::string::npos) << error.what();
    }
}

}  // namespace
}  // namespace terrain::test
