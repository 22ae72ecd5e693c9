#include "dem/DemReadScale.h"

#include <algorithm>
#include <cmath>

namespace dem {

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

CPLErr readRows(GDALRasterBand& band, const ReadScale& scale, std::uint32_t firstRow, std::uint32_t count,
                void* destination, GDALDataType type)
{
    const auto bufferColumns = static_cast<int>(scale.columns);
    const auto bufferRows = static_cast<int>(count);
    if (!scale.reduced()) {
        return band.RasterIO(GF_Read, 0, static_cast<int>(firstRow), bufferColumns, bufferRows, destination,
                             bufferColumns, bufferRows, type, 0, 0, nullptr);
    }
    // The file rows under heightmap rows [firstRow, firstRow + count): a
    // window of fractional rows when the reduction does not divide the size.
    const double rowsPerRow = static_cast<double>(scale.fileRows) / static_cast<double>(scale.rows);
    const double top = static_cast<double>(firstRow) * rowsPerRow;
    const double bottom = std::min(static_cast<double>(firstRow + count) * rowsPerRow, static_cast<double>(scale.fileRows));
    GDALRasterIOExtraArg extra;
    INIT_RASTERIO_EXTRA_ARG(extra);
    extra.eResampleAlg = GRIORA_Average;
    extra.bFloatingPointWindowValidity = TRUE;
    extra.dfXOff = 0.0;
    extra.dfYOff = top;
    extra.dfXSize = static_cast<double>(scale.fileColumns);
    extra.dfYSize = bottom - top;
    const auto windowTop = static_cast<int>(std::floor(top));
    const int windowBottom = std::min(static_cast<int>(std::ceil(bottom)), static_cast<int>(scale.fileRows));
    return band.RasterIO(GF_Read, 0, windowTop, static_cast<int>(scale.fileColumns), windowBottom - windowTop,
                         destination, bufferColumns, bufferRows, type, 0, 0, &extra);
}

}  // namespace dem
