// Opening an elevation model with GDAL, shared by the loader (loadDem) and
// the preparation of Cloud-Optimized GeoTIFFs (prepareCloudOptimizedGeoTiff).
//
// The name given is passed to GDAL unchanged, so that anything GDAL opens
// works: a local file, a remote one ("/vsicurl/https://host/dem.tif"), one
// inside an archive ("/vsizip/tiles.zip/dem.tif"), a VRT mosaic, a
// driver-prefixed name ("NETCDF:grid.nc:elevation"). A local file is checked
// first (missing, a directory, not a regular file) so that those problems get
// their own message; names GDAL resolves itself get GDAL's reason instead.
#pragma once

#include "dem/DemGdal.h"

#include <gdal_priv.h>

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

namespace dem {

// Why a remote source got no answer, from what the network layer said
// (GdalErrorCapture::transferFailure): "timed out: ..." for a server that
// stopped answering, "could not be reached: ..." otherwise.
std::string transferFailureProblem(std::string_view curlMessage);
// Throws heightmap::HeightmapError("elevation model 'PATH' PROBLEM").
[[noreturn]] void failElevationModel(const std::filesystem::path& path, std::string_view problem);

inline constexpr std::string_view kDoesNotExist = "does not exist";

// What keeps a name of the local file system from being opened as a raster
// file: it does not exist (kDoesNotExist), can not be read, is a directory
// ("is a directory, not " + `kind`) or is not a regular file; empty when it
// is a regular file.
std::optional<std::string> localFileProblem(const std::filesystem::path& path, std::string_view kind);

// Whether GDAL alone can resolve `path`: a virtual file system path
// ("/vsicurl/...", "/vsizip/...", "/vsimem/...") or an inline VRT document
// ("<VRTDataset ..."). Such a name is never looked up in the local file
// system.
bool isGdalVirtualName(const std::filesystem::path& path);
// Whether `path` reads over a network: one of GDAL's network file systems
// (/vsicurl/, /vsis3/, /vsigs/, /vsiaz/, ...), alone or under another
// (/vsizip//vsicurl/...), or a URL.
bool isRemoteName(const std::filesystem::path& path);

// Opens `path` read-only with the drivers of elevation models (GeoTIFF,
// SRTM .hgt, NetCDF, Arc/Info ASCII grid, ESRI .hdr, USGS DEM, DTED, Erdas
// .img, XYZ, Surfer grid, VTP .bt, VRT), after
// the checks of a local file. Throws heightmap::HeightmapError with one line
// naming the path and the problem (GDAL's reason when GDAL gives one).
GdalDatasetHandle openElevationDataset(const std::filesystem::path& path);

// GDAL reads and caches a band a block at a time, a whole block before any
// of its samples: the most a block of a band this project reads may hold.
// No elevation model or image needs more; a header that claims more (one
// compressed strip for a 100,000-sample square, in a file of 168 bytes) is
// damaged or hostile, and reading it would allocate what the header claims.
inline constexpr std::uint64_t kMaxBlockBytes = std::uint64_t{1} << 30;

// What is wrong with `band`'s blocks, in one line, when they hold more than
// kMaxBlockBytes; none otherwise. Asks the header only, reads no sample.
std::optional<std::string> oversizedBlocksProblem(GDALRasterBand& band);

// Band 1, after checking the dataset is one band of real numbers (plus an
// optional alpha band) in blocks a read can hold (oversizedBlocksProblem):
// colour, palette, multi-band and complex rasters and files of several
// grids are refused with a HeightmapError.
GDALRasterBand& elevationBand(const std::filesystem::path& path, GDALDataset& dataset);

}  // namespace dem
