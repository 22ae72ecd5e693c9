// The steps of draping imagery that the texture read (dem/DemImagery.h) and
// the streamed tiles (dem/ImageryStreaming.h) share, inside the dem library:
// open a raster under any name GDAL takes, check its bands and
// georeferencing, warp its three colour bands onto a grid with a coverage
// band, and turn the warped bands into RGBA8.
#pragma once

#include "dem/DemGdal.h"
#include "dem/DemImagery.h"

#include <gdal_alg.h>
#include <gdal_priv.h>
#include <gdalwarper.h>

#include <array>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace dem::imagery {

// Throws heightmap::HeightmapError "imagery 'PATH' PROBLEM".
[[noreturn]] void fail(const std::filesystem::path& path, std::string_view problem);

// Any name GDAL opens (a file, /vsicurl/, a VRT, WMTS:...), a tile template
// (dem/TileTemplate.h) as GDAL's WMS description; a local file is checked
// first.
GdalDatasetHandle openImagery(const std::filesystem::path& path);
// Whether every chosen band holds 8-bit samples (taken as they are); fails
// on too few bands, a band not there, or samples that are not real.
bool checkBands(const std::filesystem::path& path, GDALDataset& dataset, const std::array<int, 3>& bands);
void checkGeoreferencing(const std::filesystem::path& path, GDALDataset& dataset);
// None when `dataset` has georeferencing, or is not twice as wide as high;
// else a virtual copy of it (VRT, in memory, reading `dataset`, which must
// outlive it) that lies over the whole Earth in WGS 84 degrees (`wkt`).
GdalDatasetHandle placedOnTheWholeEarth(const std::filesystem::path& path, GDALDataset& dataset,
                                        const std::string& wkt);
// WGS 84 in degrees, as GDAL's warper takes it (longitude first).
std::string wgs84Wkt();

using TransformerHandle = std::unique_ptr<void, void (*)(void*)>;
TransformerHandle transformer(GDALDatasetH source, GDALDatasetH target, char** options);

// A grid the imagery is warped onto: `width` x `height` texels at
// `geoTransform` in the target CRS.
struct WarpGrid {
    std::uint32_t width = 1;
    std::uint32_t height = 1;
    std::array<double, 6> geoTransform{};
    GDALResampleAlg resampling = GRA_Bilinear;
    // The source's pixels (at its own resolution) along one texel.
    double sourcePixelsPerTexel = 1.0;
};

// The resampling for texels that span `sourcePixelsPerTexel` source pixels:
// their average where many make one, else bilinear.
GDALResampleAlg resamplingFor(double sourcePixelsPerTexel);

// The coarsest overview of `source` whose pixels are no larger than `grid`'s
// texels, opened as a dataset of its own (GDAL's OVERVIEW_LEVEL open
// option); none when no overview is (or the source has none). A large
// source (an orthophoto COG, a tile service down to its finest level) is
// then read at the resolution the texels need, not whole.
GdalDatasetHandle overviewFor(GDALDataset& source, double sourcePixelsPerTexel);
// An alpha band of the source that is not one of the colour bands, or 0.
int sourceAlphaBand(GDALDataset& source, const std::array<int, 3>& bands);

// The chosen bands warped onto `grid` in `crsWkt` (bands 1 to 3) with the
// coverage as band 4 (0 where no imagery lies, 255 where it does). Fails
// with GDAL's first error.
GdalDatasetHandle warped(const std::filesystem::path& path, GDALDataset& source, int sourceAlpha,
                         const std::string& crsWkt, const WarpGrid& grid, const std::array<int, 3>& bands,
                         GDALDataType type);

// Texels of `warpedImagery` (a warp of `source` by `warped`) that the
// source's raster covers but that came out transparent: where a tile
// service left its raster empty (a tile it answered 404 or 204 for, or a
// transparent one). Counted on every fourth texel of every fourth row.
std::size_t emptyTexelsOverTheSource(GDALDataset& source, GDALDataset& warpedImagery);

// How the warped bands become 8-bit: taken as they are, or stretched per
// band over `ranges` (surface of dem::stretched).
struct BandScaling {
    bool bytes = true;
    std::array<std::array<double, 2>, 3> ranges{};
};

// The warped imagery as RGBA8 (`width` x `height` of `warpedImagery`),
// flipped as the grid it lies on was. With `scaling.bytes` false and
// `measureRanges`, the ranges are first measured over the covered texels
// (dem::stretchRangeOf) and set. Returns the coverage's texels that are not
// 0.
std::size_t rgbaOf(const std::filesystem::path& path, GDALDataset& warpedImagery, bool flipRows, bool flipColumns,
                   BandScaling& scaling, bool measureRanges, std::vector<std::uint8_t>& rgba);

// The grid of `width` x `height` texels over the ground of a grid of
// `columns` x `rows` at `geoTransform`, whose texels span
// `sourcePixelsPerTexel` of the source's pixels.
WarpGrid gridOver(const std::array<double, 6>& geoTransform, double columns, double rows, std::uint32_t width,
                  std::uint32_t height, double sourcePixelsPerTexel);

// The levels of tiles below the texture that imagery of `columns` x `rows`
// texels at its own resolution streams in `mode` (0: it does not stream),
// the texture then at most `maxTexels` a side.
std::uint32_t streamedLevels(double columns, double rows, std::uint32_t maxTexels, ImageryStreamMode mode);

// The tiles of the `levels` levels of kImageryTileSize below a texture of
// `width` x `height` texels (each level twice as fine as the next).
std::uint64_t tileEntries(std::uint32_t width, std::uint32_t height, std::uint32_t levels);

// What warps a streamed imagery's tiles as its texture was warped.
struct TileWarp {
    std::filesystem::path path;
    ImageryOptions options;  // the bands, the whole Earth
    std::string crsWkt;
    WarpGrid levelZero;  // the finest level, in the file's orientation
    bool flipRows = false;
    bool flipColumns = false;
    BandScaling scaling;
};

// The pyramid of `levels` levels below the texture (whose grid is
// levelZero reduced 2^levels times) and the factory of its tile reader.
ImageryStreaming streamingOf(TileWarp warp, std::uint32_t levels);

}  // namespace dem::imagery
