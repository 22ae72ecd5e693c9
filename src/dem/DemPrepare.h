// Preparing an elevation model of any size for reading in parts: a
// Cloud-Optimized GeoTIFF (COG) written by GDAL's COG driver, which every GIS
// tool reads as a plain GeoTIFF. Its samples are the input's, in 512 x 512
// tiles compressed with DEFLATE and a predictor (lossless), followed by
// internal overviews, each half the size of the one before, down to one that
// fits a tile (averaged, no-data samples left out), so that a reader fetches
// only the tiles of the part and the level of detail it shows, locally or
// over HTTP ranges (/vsicurl/). Georeferencing and the no-data value are
// kept; BigTIFF is used where the file may pass 4 GiB.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <string>

namespace dem {

// The COG driver's creation options, "KEY=VALUE".
inline constexpr const char* kCloudOptimizedGeoTiffOptions[] = {
    "BLOCKSIZE=512",
    "COMPRESS=DEFLATE",
    "PREDICTOR=YES",
    // Fresh overviews, averaged, whatever overviews the input has.
    "OVERVIEWS=IGNORE_EXISTING",
    "OVERVIEW_RESAMPLING=AVERAGE",
    "BIGTIFF=IF_SAFER",
    "NUM_THREADS=ALL_CPUS",
};

struct PreparedElevationModel {
    std::uint32_t columns = 0;
    std::uint32_t rows = 0;
    int overviewCount = 0;
    std::uint32_t smallestOverviewColumns = 0;  // the full size when there is no overview
    std::uint32_t smallestOverviewRows = 0;
    std::uint64_t bytes = 0;  // size of the file written; 0 when it can not be told
};

// Called with the fraction done, 0 to 1, as GDAL works.
using PrepareProgress = std::function<void(double fraction)>;

// Writes `input` (any name the loader accepts: a local file, /vsicurl/, a
// VRT mosaic, ...; one band of heights) to `output` as a Cloud-Optimized
// GeoTIFF, replacing any file there. Nothing is written beside the input.
// Throws heightmap::HeightmapError with one line naming the file and the
// problem: the input is missing, unreadable or not an elevation model (RGB,
// palette, ...), the output is the input, the output's folder is missing or
// not a folder, or GDAL can not write it (a partial output is removed).
PreparedElevationModel prepareCloudOptimizedGeoTiff(const std::filesystem::path& input,
                                                    const std::filesystem::path& output,
                                                    const PrepareProgress& progress);

}  // namespace dem
