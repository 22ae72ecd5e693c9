// A small shaded-relief picture of a terrain, to judge it by eye: the grid
// is box-filtered down, hill-shaded by a light from the north-west and
// tinted by altitude (green lowlands, brown slopes, pale summits).
#pragma once

#include "heightgen/HeightGrid.h"

#include <cstdint>
#include <filesystem>

namespace heightgen {

// Heights in map-width units. Throws std::runtime_error when writing fails.
void writeShadedReliefPreview(const std::filesystem::path& path, const HeightGrid& grid, std::uint32_t previewSize);

}  // namespace heightgen
