// Streaming a large elevation model: the file's own resolution and the
// power-of-two reductions down to the base heightmap the renderer keeps in
// memory are cut into the tiles of a tiles::TilePyramidLayout, read on demand
// (tiles::TileLoader) by a reader over GDAL.
//
// Every level is quantised to one height range (the streaming range), so
// that the samples of a tile and of the base compare directly. A tile of
// level k holds exactly the samples loadDem gives at reduction 2^k with that
// range (the same GDAL reads, the same sample rules and flips), except the
// no-data samples and the samples of blocks GDAL can not read: loadDem fills
// those from their neighbours, the tile reader from the base heightmap
// (bilinear, at the same ground position), as the renderer would show them
// without the tile.
#pragma once

#include "dem/DemLoader.h"
#include "tiles/TileLoader.h"
#include "tiles/TilePyramid.h"

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <memory>

namespace dem {

// Files of at most this many samples get the exact height range: all their
// samples are read once when opened.
inline constexpr std::uint64_t kMaxSamplesForExactRange = std::uint64_t{1} << 26;

struct StreamedDem {
    // The in-memory coarse level: the DEM read at reduction
    // 2^layout.levelCount(), quantised to the streaming range (its metadata's
    // minimum and maximum).
    DemTerrain base;
    // Level 0 = the file's size; levels 0 .. levelCount - 1 are streamed.
    tiles::TilePyramidLayout layout;
};

// The share of an approximate height range added below and above it.
inline constexpr double kApproximateRangeMargin = 1.0 / 16.0;

// Opens a DEM for streaming. The streaming range is the band's
// STATISTICS_MINIMUM / STATISTICS_MAXIMUM metadata (prepare writes them),
// else its exact lowest and highest height when it is a local file of at most
// kMaxSamplesForExactRange samples without overviews, else GDAL's approximate
// minimum and maximum widened by kApproximateRangeMargin, converted through
// the sample rules (scale, offset, unit) and widened to hold the base's own
// range. The
// base reduction is the smallest power of two >= 2 at which the base fits
// `baseLimits`. Throws HeightmapError (one line naming the file) as loadDem
// does, and std::invalid_argument for a tile size TilePyramidLayout refuses.
StreamedDem openStreamedDem(const std::filesystem::path& path, const heightmap::HeightmapLimits& baseLimits,
                            std::uint32_t tileSize);

// A reader of the tiles of `dem`, the file at `path`: it opens its own GDAL
// dataset (GDAL datasets are not thread-safe: call it on the thread that
// reads, as a tiles::TileReaderFactory does) and copies what it needs of
// `dem` (the base samples, the layout, the range). Throws HeightmapError when
// the file can not be opened or no longer has the layout's size.
std::unique_ptr<tiles::TileReader> makeDemTileReader(const std::filesystem::path& path, const StreamedDem& dem);

// The size of GDAL's block cache (shared by every dataset of the process),
// which holds the file's blocks that neighbouring tiles read again.
void setGdalCacheBytes(std::size_t bytes);

}  // namespace dem
