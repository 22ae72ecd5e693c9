// The up to 8 neighbours of a sample of a row-major grid, for the passes
// over an elevation grid's holes (DemNoDataFill.h, DemLandOnlySea.h).
#pragma once

#include <cstddef>
#include <cstdint>

namespace dem {

class NeighbourGrid {
public:
    NeighbourGrid(std::uint32_t width, std::uint32_t height) : width_(width), height_(height) {}

    // Calls `visit(neighbour)` with the index of each neighbour of sample
    // `index`, row by row.
    template <typename Visit>
    void forEachNeighbour(std::size_t index, Visit&& visit) const
    {
        const std::size_t row = index / width_;
        const std::size_t column = index - row * width_;
        if (column > 0 && column + 1 < width_ && row > 0 && row + 1 < height_) {
            // Inside the grid: all eight, in the same order as at an edge.
            const std::size_t above = index - width_;
            const std::size_t below = index + width_;
            visit(above - 1);
            visit(above);
            visit(above + 1);
            visit(index - 1);
            visit(index + 1);
            visit(below - 1);
            visit(below);
            visit(below + 1);
            return;
        }
        const std::size_t firstRow = row == 0 ? 0 : row - 1;
        const std::size_t lastRow = row + 1 == height_ ? row : row + 1;
        const std::size_t firstColumn = column == 0 ? 0 : column - 1;
        const std::size_t lastColumn = column + 1 == width_ ? column : column + 1;
        for (std::size_t y = firstRow; y <= lastRow; ++y) {
            for (std::size_t x = firstColumn; x <= lastColumn; ++x) {
                if (x != column || y != row) {
                    visit(y * width_ + x);
                }
            }
        }
    }

private:
    std::size_t width_;
    std::size_t height_;
};

}  // namespace dem
