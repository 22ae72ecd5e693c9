// Imagery draped over an elevation model: any raster GDAL reads with three
// colour bands (RGB, or three bands of multispectral data such as Landsat),
// in any CRS, warped by GDAL onto the elevation model's own grid (its
// geotransform and CRS, at that grid's resolution or finer) and flipped as
// the loader flipped the heights, so that texel row 0 is north and column 0
// west, like the heightmap's: the texture and the heightmap share their
// texture coordinates.
//
// Samples: 8-bit (Byte) bands are taken as they are (sRGB-encoded colour);
// other bands are stretched per band from their 2nd to their 98th percentile
// (over the warped samples that hold imagery) to 0..255, values beyond
// clipped. Where the imagery does not reach, alpha is 0 (partly at its edge).
//
// For the globe, the same imagery is warped instead onto a grid of WGS 84
// degrees over the ground it covers (loadGeographicImagery).
//
// Imagery finer than one texture streams (ImageryOptions::stream): the
// texture is then the coarsest level of a pyramid of tiles over the same
// grid, each level twice as fine as the next, the finest at the imagery's
// own resolution; the tiles are warped alike, one at a time, on the tile
// loader's thread (tiles::gpu::TileStream). Where the source gives nothing
// (a tile service's 404, a tile GDAL can not read) a tile is transparent,
// and the shaders lay each level over the coarser ones by its cover: the
// coarser level shows there.
//
// Every refusal is a heightmap::HeightmapError with one line naming the file
// and the problem.
#pragma once

#include "dem/DemLoader.h"
#include "tiles/TileLoader.h"
#include "tiles/TilePyramid.h"

#include <array>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace dem {

// Vulkan guarantees 2D images of 4096 texels a side on every device.
inline constexpr std::uint32_t kDefaultMaxImageryTexels = 4096;

// When imagery streams: never (the texture alone, at most maxTexels a side),
// when its own resolution needs more than one texture, or always (the
// texture then at most a quarter of that resolution).
enum class ImageryStreamMode { Off, Auto, On };

// Tiles of ImageryStreaming: 256 texels a side and the apron.
inline constexpr std::uint32_t kImageryTileSize = 256;
// The most tiles streamed imagery's pyramid has (its page table's entries,
// 16 MiB on the GPU): a finer level 0 is left out, the imagery then
// streaming down to the finest level within it (a tile service of the
// whole Earth to about 76 m at the equator).
inline constexpr std::uint32_t kMaxImageryTileEntries = 1u << 22;

struct ImageryOptions {
    // The bands that become red, green and blue, numbered from 1 as in GDAL
    // (3,2,1 is true colour for Landsat 7).
    std::array<int, 3> bands{1, 2, 3};
    // The warped image's largest side; the elevation model's grid, or finer
    // up to the imagery's own resolution, within this bound.
    std::uint32_t maxTexels = kDefaultMaxImageryTexels;
    // A raster without georeferencing that is twice as wide as high is
    // taken as a map of the whole Earth in WGS 84 degrees (plate carrée,
    // west edge at -180, north edge at 90), as Debian's xplanet-images are.
    bool wholeEarthWhenUngeoreferenced = false;
    ImageryStreamMode stream = ImageryStreamMode::Off;
};

// The finer levels of streamed imagery: a pyramid over the texture's grid
// (levels 0 .. layout.levelCount() - 1; the texture is level
// layout.levelCount()), the tiles in RGBA8 as the texture's texels, and what
// reads them (a reader of its own dataset, made on the loader's thread).
struct ImageryStreaming {
    tiles::TilePyramidLayout layout;
    tiles::TileReaderFactory readerFactory;
};

// Where a geographic grid lies, in WGS 84 degrees: its outer edges (not its
// texels' centres). East may pass 180 (a raster across the date line, or a
// global one over 0..360).
struct GeographicBounds {
    double west = -180.0;
    double south = -90.0;
    double east = 180.0;
    double north = 90.0;
};

struct Imagery {
    std::uint32_t width = 0;
    std::uint32_t height = 0;
    std::vector<std::uint8_t> rgba;  // width * height * 4, row 0 north, column 0 west
    bool stretched = false;          // the bands were not 8-bit: 2-98 % stretched
    std::string sourcePath;
    // loadGeographicImagery's grid: texels of equal degrees, row 0 at
    // `north`, column 0 at `west`; empty on an elevation model's grid.
    std::optional<GeographicBounds> geographic;
    // Set when the imagery streams: the texels above are the pyramid's
    // coarsest level.
    std::optional<ImageryStreaming> streaming;
};

// Reads `path` and warps it onto the elevation model `terrain`. Throws
// heightmap::HeightmapError when the file cannot be read, has fewer than
// three bands or lacks a band of options.bands, has no georeferencing, does
// not overlap the elevation model, or when `terrain` is a PNG or an
// elevation model without georeferencing.
Imagery loadImagery(const std::filesystem::path& path, const TerrainSource& terrain, const ImageryOptions& options);

// Layers of imagery on one elevation model's grid (loadImagery's, each at
// its own size) stacked in order, the last on top: each layer's texels over
// those below by its alpha, on the grid of the largest (the others filtered
// bilinearly onto it). `layers` must not be empty and none geographic. The
// result's sourcePath lists the layers, bottom first, joined by " + ".
Imagery stackedImagery(std::vector<Imagery> layers);

// Reads `path` and warps it onto a grid of WGS 84 degrees over the ground it
// covers, at its own resolution there (as GDAL suggests it) within
// options.maxTexels a side. Throws heightmap::HeightmapError as loadImagery
// does, and when GDAL finds no such grid for it.
Imagery loadGeographicImagery(const std::filesystem::path& path, const ImageryOptions& options);

// The 2nd and 98th percentiles of `values` (nearest rank), for the stretch.
std::array<double, 2> stretchRangeOf(std::vector<double> values);

// `value` from `range` to 0..255, clipped (128 when the range is empty).
std::uint8_t stretched(double value, const std::array<double, 2>& range);

}  // namespace dem
