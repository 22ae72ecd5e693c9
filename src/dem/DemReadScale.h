// The size at which the loader reads a raster: the file's own, or, for a
// raster larger than the heightmap limits (the device's 2D image size, the
// texel budget), the finest power-of-two reduction that fits. A reduced read
// averages each 2^k x 2^k block of samples through GDAL (which serves it from
// the file's overviews where it has them) into one heightmap sample, over the
// same ground: the heightmap then shows the whole elevation model, coarser.
#pragma once

#include "heightmap/Heightmap.h"

#include <gdal_priv.h>

#include <array>
#include <cstdint>
#include <optional>
#include <string>

namespace dem {

struct ReadScale {
    std::uint32_t fileColumns = 0;
    std::uint32_t fileRows = 0;
    std::uint32_t columns = 0;    // of the heightmap: ceil(fileColumns / reduction)
    std::uint32_t rows = 0;       // ceil(fileRows / reduction)
    std::uint32_t reduction = 1;  // a power of two; 1: the file's own size

    [[nodiscard]] bool reduced() const noexcept { return reduction > 1; }
    // The geotransform of the heightmap's grid: the file's, with pixels
    // fileColumns / columns and fileRows / rows times larger.
    [[nodiscard]] std::array<double, 6> reducedGeoTransform(const std::array<double, 6>& fileGeoTransform) const;
    // "A to B": the file's rows (columns) under heightmap rows (columns)
    // [first, first + count), for messages.
    [[nodiscard]] std::string fileRowsText(std::uint32_t first, std::uint32_t count) const;
    [[nodiscard]] std::string fileColumnsText(std::uint32_t first, std::uint32_t count) const;
};

// The finest power-of-two reduction of a columns x rows raster within
// `limits` (empty when none is, which a 32-bit size never needs).
std::optional<ReadScale> readScaleFor(std::uint32_t columns, std::uint32_t rows,
                                      const heightmap::HeightmapLimits& limits);

// The read of a columns x rows raster at `reduction` (a power of two).
ReadScale readScaleAt(std::uint32_t columns, std::uint32_t rows, std::uint32_t reduction);

// Samples GDAL reads for a read at `scale`: those of the coarsest overview at
// least as fine as the heightmap, or of the whole file without one.
std::uint64_t samplesReadFor(GDALRasterBand& band, const ReadScale& scale);

// Rows of a `columns`-wide raster of `rows` rows read at once when a whole
// raster is read strip by strip: about a million samples, at least one row.
std::uint32_t rowsPerStrip(std::uint32_t columns, std::uint32_t rows);

// A rectangle of heightmap samples.
struct HeightmapWindow {
    std::uint32_t firstColumn = 0;
    std::uint32_t firstRow = 0;
    std::uint32_t columns = 0;
    std::uint32_t rows = 0;
};

// Reads the heightmap samples of `window` from `band` at `scale` into
// `destination` (window.columns * window.rows values of `type`), averaging
// blocks when reduced. Returns GDAL's error.
CPLErr readWindow(GDALRasterBand& band, const ReadScale& scale, const HeightmapWindow& window, void* destination,
                  GDALDataType type);
// readWindow over whole rows [firstRow, firstRow + count).
CPLErr readRows(GDALRasterBand& band, const ReadScale& scale, std::uint32_t firstRow, std::uint32_t count,
                void* destination, GDALDataType type);
// The samples of `window` from the finest of the band's overviews coarser
// than the file that can be read, interpolated bilinearly: the fallback for
// a part of the file that can not be read. False when none can.
bool readWindowFromOverviews(GDALRasterBand& band, const ReadScale& scale, const HeightmapWindow& window,
                             double* destination);

}  // namespace dem
