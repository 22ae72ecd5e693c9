// dem::fillNoData: holes filled from their rims inwards with means of
// valid neighbours, so filled values never leave the rim's range.
#include "dem/DemNoDataFill.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <stdexcept>
#include <vector>

namespace {

using dem::fillNoData;

struct Grid {
    std::uint32_t width;
    std::uint32_t height;
    std::vector<float> heights;
    std::vector<std::uint8_t> valid;

    Grid(std::uint32_t w, std::uint32_t h)
        : width(w),
          height(h),
          heights(std::size_t{w} * h),
          valid(std::size_t{w} * h, 1)
    {
    }
    std::size_t index(std::uint32_t x, std::uint32_t y) const { return std::size_t{y} * width + x; }
    void punch(std::uint32_t x0, std::uint32_t y0, std::uint32_t w, std::uint32_t h)
    {
        for (std::uint32_t y = y0; y < y0 + h; ++y) {
            for (std::uint32_t x = x0; x < x0 + w; ++x) {
                heights[index(x, y)] = -99999.0f;  // garbage a fill must overwrite
                valid[index(x, y)] = 0;
            }
        }
    }
    std::uint64_t fill() { return fillNoData(heights, valid, width, height); }
};

TEST(DemNoDataFill, SingleHoleInAPlaneIsFilledExactly)
{
    Grid grid(5, 5);
    for (std::uint32_t y = 0; y < 5; ++y) {
        for (std::uint32_t x = 0; x < 5; ++x)
            grid.heights[grid.index(x, y)] = 3.0f * static_cast<float>(x) - 2.0f * static_cast<float>(y);
    }
    grid.punch(2, 3, 1, 1);
    EXPECT_EQ(grid.fill(), 1u);
    EXPECT_FLOAT_EQ(grid.heights[grid.index(2, 3)], 0.0f);  // 3*2 - 2*3
    EXPECT_TRUE(std::all_of(grid.valid.begin(), grid.valid.end(), [](std::uint8_t flag) { return flag == 1; }));
}

TEST(DemNoDataFill, LargeHoleStaysWithinItsRimAndGetsNoSpike)
{
    Grid grid(40, 30);
    for (std::uint32_t y = 0; y < 30; ++y) {
        for (std::uint32_t x = 0; x < 40; ++x) {
            grid.heights[grid.index(x, y)] = static_cast<float>(100 + (x * 37 + y * 11) % 50);
        }
    }
    grid.punch(5, 4, 25, 20);
    float rimLow = 1e9f;
    float rimHigh = -1e9f;
    for (std::uint32_t y = 3; y <= 24; ++y) {
        for (std::uint32_t x = 4; x <= 30; ++x) {
            if (grid.valid[grid.index(x, y)] == 0)
                continue;
            rimLow = std::min(rimLow, grid.heights[grid.index(x, y)]);
            rimHigh = std::max(rimHigh, grid.heights[grid.index(x, y)]);
        }
    }
    EXPECT_EQ(grid.fill(), 25u * 20u);
    for (std::uint32_t y = 4; y < 24; ++y) {
        for (std::uint32_t x = 5; x < 30; ++x) {
            EXPECT_GE(grid.heights[grid.index(x, y)], rimLow) << x << ", " << y;
            EXPECT_LE(grid.heights[grid.index(x, y)], rimHigh) << x << ", " << y;
        }
    }
}

TEST(DemNoDataFill, HoleBetweenTwoLevelsBecomesARamp)
{
    // Left column 0 m, right column 100 m, everything between missing: the
    // filled heights rise monotonically from left to right.
    Grid grid(12, 3);
    for (std::uint32_t y = 0; y < 3; ++y) {
        grid.heights[grid.index(0, y)] = 0.0f;
        grid.heights[grid.index(11, y)] = 100.0f;
    }
    grid.punch(1, 0, 10, 3);
    EXPECT_EQ(grid.fill(), 30u);
    for (std::uint32_t x = 1; x < 11; ++x) {
        EXPECT_GT(grid.heights[grid.index(x, 1)], grid.heights[grid.index(x - 1, 1)] - 1e-3f) << x;
        EXPECT_GE(grid.heights[grid.index(x, 1)], 0.0f);
        EXPECT_LE(grid.heights[grid.index(x, 1)], 100.0f);
    }
}

TEST(DemNoDataFill, OneValidSampleFillsTheWholeGrid)
{
    Grid grid(64, 48);
    grid.punch(0, 0, 64, 48);
    grid.heights[grid.index(63, 47)] = -1234.5f;
    grid.valid[grid.index(63, 47)] = 1;
    EXPECT_EQ(grid.fill(), 64u * 48u - 1u);
    EXPECT_TRUE(std::all_of(grid.heights.begin(), grid.heights.end(), [](float h) { return h == -1234.5f; }));
}

TEST(DemNoDataFill, GridWithoutValidSampleIsLeftAlone)
{
    Grid grid(3, 3);
    grid.punch(0, 0, 3, 3);
    EXPECT_EQ(grid.fill(), 0u);
    EXPECT_TRUE(std::all_of(grid.valid.begin(), grid.valid.end(), [](std::uint8_t flag) { return flag == 0; }));
}

TEST(DemNoDataFill, MismatchedSizesAreRefused)
{
    std::vector<float> heights(5);
    std::vector<std::uint8_t> valid(6, 1);
    EXPECT_THROW(fillNoData(heights, valid, 2, 3), std::invalid_argument);
}

}  // namespace
