// How far each sample of an elevation model lies from the nearest sample that
// is not the model's own data (no-data, or what GDAL could not give): what a
// finer model laid over another (--elevation on the globe) blends by, so
// that it gives way to the model under it across a margin around its holes
// as it does at its border, with no step.
//
// The distance is the 5-7 chamfer distance (5 units a step along a row or
// column, 7 along a diagonal: within 8 % of 5 times the Euclidean one), in
// whole units, so that it is exact, capped at a reach: a sample farther than
// the reach from every hole is at the reach. Computed over a window that
// extends the reach beyond the samples it is kept for, it is the same in
// every window that holds a sample.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

namespace dem {

// Chamfer units along one sample.
inline constexpr std::uint32_t kNoDataDistanceUnitsPerSample = 5;
// The longest reach, in samples, whose units fit in 8 bits.
inline constexpr std::uint32_t kMaxNoDataDistanceReach = 255 / kNoDataDistanceUnitsPerSample;

// The reach at `level` (each level half as fine as the one before) of a
// reach of `reachAtLevelZero` of the model's own samples: that many samples
// of the level, rounded up, at least 2 (a blend over fewer would be a step).
[[nodiscard]] std::uint32_t noDataDistanceReach(std::uint32_t reachAtLevelZero, std::uint32_t level) noexcept;

// The distance of each sample of a `columns` x `rows` row-major grid to the
// nearest one whose `isData` is 0 (0 there), in chamfer units, capped at
// `reach` samples; samples beyond the grid count as data. Throws
// std::invalid_argument when `isData` does not hold columns * rows values or
// `reach` is over kMaxNoDataDistanceReach.
[[nodiscard]] std::vector<std::uint8_t> noDataDistances(std::span<const std::uint8_t> isData, std::uint32_t columns,
                                                        std::uint32_t rows, std::uint32_t reach);

}  // namespace dem
