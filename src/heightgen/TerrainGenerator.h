// The default terrain: domain-warped ridged and smooth fractal noise shaped
// by hydraulic (droplet) and thermal erosion, built coarse to fine.
//
// Each level doubles the resolution: the eroded coarse terrain is upsampled,
// the noise octaves that only the finer grid can hold are added, and
// droplets erode again at the new scale, so big rivers carve the valleys and
// small ones the gullies. Every step is deterministic: the same settings give
// the same samples, whatever the thread count.
#pragma once

#include "heightgen/HeightGrid.h"

#include <cstdint>
#include <functional>
#include <string_view>
#include <vector>

namespace heightgen {

struct TerrainSettings {
    std::uint32_t size = 4096;  // a power of two, 64 .. 16384
    std::uint64_t seed = 1;
    unsigned threadCount = 1;  // noise and resampling threads; does not change the result
    // Called with a one-line description as each stage starts (may be empty).
    std::function<void(std::string_view)> reportProgress;
};

// Heights in map-width units (relief / width), top row first.
HeightGrid generateTerrainHeights(const TerrainSettings& settings);

// generateTerrainHeights() stretched to the full 16-bit range 0 .. 65535.
std::vector<std::uint16_t> quantiseTo16Bit(const HeightGrid& grid);

// Both of the above: what cbt-heightgen writes to the PNG.
std::vector<std::uint16_t> generateTerrainSamples(const TerrainSettings& settings);

}  // namespace heightgen
