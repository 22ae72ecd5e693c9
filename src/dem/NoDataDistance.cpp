#include "dem/NoDataDistance.h"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace dem {

namespace {

constexpr std::uint32_t kStraightStep = kNoDataDistanceUnitsPerSample;
constexpr std::uint32_t kDiagonalStep = 7;

}  // namespace

std::uint32_t noDataDistanceReach(std::uint32_t reachAtLevelZero, std::uint32_t level) noexcept
{
    const std::uint64_t scale = level >= 32 ? std::uint64_t{1} << 32 : std::uint64_t{1} << level;
    const std::uint64_t reach = (std::uint64_t{reachAtLevelZero} + scale - 1) / scale;
    return static_cast<std::uint32_t>(std::max<std::uint64_t>(2, reach));
}

std::vector<std::uint8_t> noDataDistances(std::span<const std::uint8_t> isData, std::uint32_t columns,
                                          std::uint32_t rows, std::uint32_t reach)
{
    if (isData.size() != std::size_t{columns} * rows) {
        throw std::invalid_argument("noDataDistances: " + std::to_string(isData.size()) + " flags for " +
                                    std::to_string(columns) + "x" + std::to_string(rows) + " samples");
    }
    if (reach > kMaxNoDataDistanceReach) {
        throw std::invalid_argument("noDataDistances: a reach of " + std::to_string(reach) + " samples, over " +
                                    std::to_string(kMaxNoDataDistanceReach));
    }
    const std::uint32_t cap = reach * kNoDataDistanceUnitsPerSample;
    std::vector<std::uint32_t> units(isData.size());
    for (std::size_t i = 0; i < isData.size(); ++i) {
        units[i] = isData[i] != 0 ? cap : 0;
    }
    const auto at = [&](std::uint32_t column, std::uint32_t row) -> std::uint32_t& {
        return units[std::size_t{row} * columns + column];
    };
    // Forward: from the neighbours above and to the left; backward: from
    // those below and to the right. The two passes give the chamfer distance.
    for (std::uint32_t row = 0; row < rows; ++row) {
        for (std::uint32_t column = 0; column < columns; ++column) {
            std::uint32_t& here = at(column, row);
            if (column > 0) {
                here = std::min(here, at(column - 1, row) + kStraightStep);
            }
            if (row > 0) {
                here = std::min(here, at(column, row - 1) + kStraightStep);
                if (column > 0) {
                    here = std::min(here, at(column - 1, row - 1) + kDiagonalStep);
                }
                if (column + 1 < columns) {
                    here = std::min(here, at(column + 1, row - 1) + kDiagonalStep);
                }
            }
        }
    }
    for (std::uint32_t row = rows; row-- > 0;) {
        for (std::uint32_t column = columns; column-- > 0;) {
            std::uint32_t& here = at(column, row);
            if (column + 1 < columns) {
                here = std::min(here, at(column + 1, row) + kStraightStep);
            }
            if (row + 1 < rows) {
                here = std::min(here, at(column, row + 1) + kStraightStep);
                if (column + 1 < columns) {
                    here = std::min(here, at(column + 1, row + 1) + kDiagonalStep);
                }
                if (column > 0) {
                    here = std::min(here, at(column - 1, row + 1) + kDiagonalStep);
                }
            }
        }
    }
    return {units.begin(), units.end()};
}

}  // namespace dem
