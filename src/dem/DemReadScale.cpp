#include "dem/DemReadScale.h"

#include <algorithm>
#include <cmath>

namespace dem {

std::uint32_t rowsPerStrip(std::uint32_t columns, std::uint32_t rows)
{
    constexpr std::size_t kSamplesPerStrip = std::size_t{1} << 20;
    return static_cast<std::uint32_t>(std::clamp<std::size_t>(kSamplesPerStrip / std::max(columns, 1u), 1, rows));
}

namespace {

std::uint32_t reducedSize(std::uint32_t size, std::uint32_t reduction)
{
    return static_cast<std::uint32_t>((std::uint64_t{size} + reduction - 1) / reduction);
}

}  // namespace

std::array<double, 6> ReadScale::reducedGeoTransform(const std::array<double, 6>& fileGeoTransform) const
{
    const double columnScale = static_cast<double>(fileColumns) / static_cast<double>(columns);
    const double rowScale = static_cast<double>(fileRows) / static_cast<double>(rows);
    std::array<double, 6> t = fileGeoTransform;
    t[1] *= columnScale;
    t[4] *= columnScale;
    t[2] *= rowScale;
    t[5] *= rowScale;
    return t;
}

std::string ReadScale::fileRowsText(std::uint32_t first, std::uint32_t count) const
{
    return std::to_string(first * reduction) + " to " +
           std::to_string(std::min((first + count) * reduction, fileRows) - 1);
}

std::string ReadScale::fileColumnsText(std::uint32_t first, std::uint32_t count) const
{
    return std::to_string(first * reduction) + " to " +
           std::to_string(std::min((first + count) * reduction, fileColumns) - 1);
}

std::optional<ReadScale> readScaleFor(std::uint32_t columns, std::uint32_t rows,
                                      const heightmap::HeightmapLimits& limits)
{
    for (std::uint32_t shift = 0; shift < 32; ++shift) {
        const std::uint32_t reduction = std::uint32_t{1} << shift;
        ReadScale scale{columns, rows, reducedSize(columns, reduction), reducedSize(rows, reduction), reduction};
        if (scale.columns <= limits.maxDimension && scale.rows <= limits.maxDimension &&
            std::uint64_t{scale.columns} * scale.rows <= limits.maxTexels) {
            return scale;
        }
    }
    return std::nullopt;
}

ReadScale readScaleAt(std::uint32_t columns, std::uint32_t rows, std::uint32_t reduction)
{
    return ReadScale{columns, rows, reducedSize(columns, reduction), reducedSize(rows, reduction), reduction};
}

std::uint64_t samplesReadFor(GDALRasterBand& band, const ReadScale& scale)
{
    std::uint64_t samples = std::uint64_t{scale.fileColumns} * scale.fileRows;
    if (!scale.reduced()) {
        return samples;
    }
    for (int i = 0; i < band.GetOverviewCount(); ++i) {
        GDALRasterBand* overview = band.GetOverview(i);
        if (overview == nullptr) {
            continue;
        }
        const auto width = static_cast<std::uint64_t>(std::max(overview->GetXSize(), 0));
        const auto height = static_cast<std::uint64_t>(std::max(overview->GetYSize(), 0));
        if (width >= scale.columns && height >= scale.rows) {
            samples = std::min(samples, width * height);
        }
    }
    return samples;
}

namespace {

// Reads the ground under heightmap samples `window` from `band`, a raster of
// bandColumns x bandRows over the same ground as the file (the file itself
// or one of its overviews), resampling with `algorithm` when the sizes
// differ.
CPLErr readGround(GDALRasterBand& band, const ReadScale& scale, const HeightmapWindow& window, void* destination,
                  GDALDataType type, GDALRIOResampleAlg algorithm)
{
    const auto bandColumns = static_cast<double>(band.GetXSize());
    const auto bandRows = static_cast<double>(band.GetYSize());
    const double columnsPerSample = bandColumns / static_cast<double>(scale.columns);
    const double rowsPerSample = bandRows / static_cast<double>(scale.rows);
    const double left = static_cast<double>(window.firstColumn) * columnsPerSample;
    const double right =
        std::min(static_cast<double>(window.firstColumn + window.columns) * columnsPerSample, bandColumns);
    const double top = static_cast<double>(window.firstRow) * rowsPerSample;
    const double bottom = std::min(static_cast<double>(window.firstRow + window.rows) * rowsPerSample, bandRows);
    const auto bufferColumns = static_cast<int>(window.columns);
    const auto bufferRows = static_cast<int>(window.rows);
    const auto windowLeft = static_cast<int>(std::floor(left));
    const auto windowTop = static_cast<int>(std::floor(top));
    const int windowRight = std::min(static_cast<int>(std::ceil(right)), band.GetXSize());
    const int windowBottom = std::min(static_cast<int>(std::ceil(bottom)), band.GetYSize());
    if (windowRight - windowLeft == bufferColumns && windowBottom - windowTop == bufferRows && left == windowLeft &&
        top == windowTop) {
        return band.RasterIO(GF_Read, windowLeft, windowTop, bufferColumns, bufferRows, destination, bufferColumns,
                             bufferRows, type, 0, 0, nullptr);
    }
    // A window of fractional samples when the reduction does not divide the
    // size (or an overview's scale is not a whole one).
    GDALRasterIOExtraArg extra;
    INIT_RASTERIO_EXTRA_ARG(extra);
    extra.eResampleAlg = algorithm;
    extra.bFloatingPointWindowValidity = TRUE;
    extra.dfXOff = left;
    extra.dfYOff = top;
    extra.dfXSize = right - left;
    extra.dfYSize = bottom - top;
    return band.RasterIO(GF_Read, windowLeft, windowTop, windowRight - windowLeft, windowBottom - windowTop,
                         destination, bufferColumns, bufferRows, type, 0, 0, &extra);
}

}  // namespace

CPLErr readWindow(GDALRasterBand& band, const ReadScale& scale, const HeightmapWindow& window, void* destination,
                  GDALDataType type)
{
    return readGround(band, scale, window, destination, type, GRIORA_Average);
}

CPLErr readRows(GDALRasterBand& band, const ReadScale& scale, std::uint32_t firstRow, std::uint32_t count,
                void* destination, GDALDataType type)
{
    return readWindow(band, scale, HeightmapWindow{0, firstRow, scale.columns, count}, destination, type);
}

bool readWindowFromOverviews(GDALRasterBand& band, const ReadScale& scale, const HeightmapWindow& window,
                             double* destination)
{
    // Overviews come finest first in GDAL's usual order; try each one that is
    // coarser than the read itself.
    for (int i = 0; i < band.GetOverviewCount(); ++i) {
        GDALRasterBand* overview = band.GetOverview(i);
        if (overview == nullptr || overview->GetXSize() >= static_cast<int>(scale.fileColumns)) {
            continue;
        }
        if (readGround(*overview, scale, window, destination, GDT_Float64, GRIORA_Bilinear) == CE_None) {
            return true;
        }
    }
    return false;
}

}  // namespace dem
