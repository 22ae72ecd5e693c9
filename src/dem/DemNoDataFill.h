// Filling the no-data holes of an elevation grid from their valid neighbours.
//
// The holes are filled from their rims inwards, one ring per pass: a missing
// sample next to at least one valid sample (of its 8 neighbours) takes the
// mean of those valid neighbours, and the samples filled in a pass count as
// valid from the next pass on. Every filled value is therefore a mean of
// values already present, so it lies within the range of the valid samples
// around its hole: no spikes, and a hole on a slope becomes a smooth ramp.
// Each sample is visited a bounded number of times, so the cost is linear in
// the grid size whatever the shape of the holes.
#pragma once

#include <cstdint>
#include <span>

namespace dem {

// `heights` and `isValid` are row-major width x height grids; isValid[i] != 0
// marks a valid sample. Fills every invalid height, sets every isValid[i] to
// 1 and returns how many samples were filled. A grid without any valid
// sample is left as it is (returns 0): the caller must refuse it. Throws
// std::invalid_argument when the spans do not hold width * height values.
std::uint64_t fillNoData(std::span<float> heights, std::span<std::uint8_t> isValid, std::uint32_t width,
                         std::uint32_t height);

}  // namespace dem
