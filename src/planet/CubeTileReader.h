// Streaming a global elevation model onto the globe's cube: the model's file
// streams as a flat model does (dem::openStreamedDem: its own levels, in
// tiles read through GDAL, and a coarse base in memory), and each tile of the
// cube's pyramid (planet/CubeTilePyramid.h) is made from them on the
// loader's thread: every sample's cube point goes to the ellipsoid, to its
// WGS 84 latitude and longitude, and takes the model's height there as
// GlobalElevation does (bilinear, wrapping across the date line, blending
// into each pole's one height), read from the model's level whose spacing is
// the coarsest not coarser than the cube level's, one level for every tile
// of a cube level, so that points two tiles share get one height. Near a
// pole a tile spans every longitude and reads many of the model's tiles (a
// strip of its rows around the pole), all kept while it is made.
#pragma once

#include "dem/DemStreaming.h"
#include "dem/GeoidModel.h"
#include "planet/CubeGeoid.h"
#include "planet/CubeTilePyramid.h"
#include "planet/GlobalElevation.h"
#include "planet/OverlaidElevation.h"
#include "tiles/TileLoader.h"

#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <vector>

namespace planet {

// A global model that streams onto the cube.
struct StreamedGlobalElevation {
    std::filesystem::path path;
    std::shared_ptr<const dem::StreamedDem> source;
    CubeTilePyramid pyramid;
    StreamedHeightRange range;     // the source's streaming range
    std::uint32_t columnsPerTurn;  // of the model's own grid (level 0)
    double rowSpacingDegrees;      // of the model's own grid
    PoleCaps poleCaps;             // the base's (GlobalElevation::poleCaps)
    // Null unless the model's heights are above the ellipsoid: then the
    // geoid whose N brings each tile sample to sea level.
    std::shared_ptr<const dem::GeoidModel> ellipsoidalToSeaLevel;
    // Finer models laid over it, in order (--elevation).
    std::vector<OverlaidElevation> overlays;
};

// Whether a model whose own grid asks for `finestIntervals` a face side
// streams on a base of `baseIntervals`, and the pyramid between them; empty
// when the base holds it all.
std::optional<CubeTilePyramid> cubePyramidFor(std::uint32_t baseIntervals, std::uint32_t finestIntervals);

// The cube's finest grid for a model of `columnsPerTurn` samples around the
// equator: a power of two of about a quarter of them (one face spans a
// quarter turn), at most 2^20.
std::uint32_t finestCubeIntervalsFor(std::uint32_t columnsPerTurn);

// The streamed model over `source` (opened by dem::openStreamedDem from
// `path`), whose base `base` is (GlobalElevation of source->base).
StreamedGlobalElevation streamedGlobalElevation(const std::filesystem::path& path,
                                                std::shared_ptr<const dem::StreamedDem> source,
                                                const GlobalElevation& base, const CubeTilePyramid& pyramid,
                                                const CubeGeoid& seaLevel,
                                                std::vector<OverlaidElevation> overlays = {});

// The grid of the model's own samples (level 0) under a base read at a
// reduction: the base's grid has pixels fileColumns / columns (fileRows /
// rows) times larger over the same ground, while its level-k samples average
// 2^k x 2^k blocks of level 0's.
dem::DemGrid levelZeroGridOf(const dem::DemTerrain& base);

// A reader of the cube's tiles, for tiles::TileLoader: call it on the
// loader's thread (it opens its own GDAL dataset and coordinate
// transformation). Throws GlobalElevationError when the file can not be
// opened again.
std::unique_ptr<tiles::TileReader> makeCubeTileReader(const StreamedGlobalElevation& model);

}  // namespace planet
