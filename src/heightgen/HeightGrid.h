// A square grid of heights, row-major, top row first, plus the resampling
// the multi-resolution generator needs.
#pragma once

#include <cstdint>
#include <vector>

namespace heightgen {

struct HeightGrid {
    explicit HeightGrid(std::uint32_t gridSize) : size(gridSize), heights(std::size_t{gridSize} * gridSize, 0.0f) {}

    float& at(std::uint32_t x, std::uint32_t y) noexcept { return heights[std::size_t{y} * size + x]; }
    float at(std::uint32_t x, std::uint32_t y) const noexcept { return heights[std::size_t{y} * size + x]; }

    std::uint32_t size;
    std::vector<float> heights;
};

// Twice the resolution over the same square: each new cell centre is
// interpolated with the Catmull-Rom cubic from the 4x4 cells around it.
HeightGrid upsampleDouble(const HeightGrid& coarse, unsigned threadCount);

// Every height multiplied by `factor`.
void scaleHeights(HeightGrid& grid, float factor) noexcept;

}  // namespace heightgen
