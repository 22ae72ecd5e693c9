#include "dem/DemBlockRecovery.h"

#include "dem/DemGdal.h"

#include <algorithm>
#include <vector>

namespace dem {

void StripRecovery::add(const StripRecovery& other)
{
    if (damaged() == 0 && other.damaged() > 0) {
        firstDamage = other.firstDamage;
        firstReason = other.firstReason;
    }
    fromOverviews += other.fromOverviews;
    unreadable += other.unreadable;
}

std::string StripRecovery::describe(const ReadScale& scale) const
{
    std::string line = std::to_string(damaged()) + " samples of damaged blocks could not be read (the first at rows " +
                       scale.fileRowsText(firstDamage.firstRow, firstDamage.rows) + ", columns " +
                       scale.fileColumnsText(firstDamage.firstColumn, firstDamage.columns);
    if (!firstReason.empty()) {
        line += ": " + firstReason;
    }
    return line + "); " + std::to_string(fromOverviews) + " were filled from the overviews, " +
           std::to_string(unreadable) + " from their neighbours";
}

StripRecovery readStripAroundDamage(GDALRasterBand& band, GDALRasterBand* validityBand, const ReadScale& scale,
                                    std::uint32_t firstRow, std::uint32_t count, std::span<double> strip,
                                    std::span<std::uint8_t> mask, std::uint64_t unreadableBudget)
{
    // Windows of about one block of the file, in heightmap samples.
    int blockColumns = 0;
    int blockRows = 0;
    band.GetBlockSize(&blockColumns, &blockRows);
    const std::uint32_t windowColumns =
        std::max<std::uint32_t>(static_cast<std::uint32_t>(blockColumns) / scale.reduction, 1);
    const std::uint32_t windowRows =
        std::max<std::uint32_t>(static_cast<std::uint32_t>(blockRows) / scale.reduction, 1);

    StripRecovery recovery;
    std::vector<double> values;
    std::vector<std::uint8_t> validity;
    for (std::uint32_t top = firstRow; top < firstRow + count; top += windowRows) {
        for (std::uint32_t left = 0; left < scale.columns; left += windowColumns) {
            const HeightmapWindow window{left, top, std::min(windowColumns, scale.columns - left),
                                         std::min(windowRows, firstRow + count - top)};
            const std::size_t samples = std::size_t{window.columns} * window.rows;
            values.assign(samples, 0.0);
            validity.assign(samples, 1);
            const GdalErrorCapture errors;
            bool read = readWindow(band, scale, window, values.data(), GDT_Float64) == CE_None;
            if (read && validityBand != nullptr &&
                readWindow(*validityBand, scale, window, validity.data(), GDT_Byte) != CE_None) {
                validity.assign(samples, 1);  // the heights came: take them as valid
            }
            if (!read) {
                StripRecovery damage;
                damage.firstDamage = window;
                damage.firstReason = errors.firstError();
                if (readWindowFromOverviews(band, scale, window, values.data())) {
                    damage.fromOverviews = samples;
                } else {
                    damage.unreadable = samples;
                    validity.assign(samples, 0);
                }
                recovery.add(damage);
                if (recovery.unreadable >= unreadableBudget) {
                    return recovery;
                }
            }
            for (std::uint32_t row = 0; row < window.rows; ++row) {
                const std::size_t destination = std::size_t{top - firstRow + row} * scale.columns + window.firstColumn;
                std::copy_n(values.begin() + std::ptrdiff_t(row) * window.columns, window.columns,
                            strip.begin() + static_cast<std::ptrdiff_t>(destination));
                std::copy_n(validity.begin() + std::ptrdiff_t(row) * window.columns, window.columns,
                            mask.begin() + static_cast<std::ptrdiff_t>(destination));
            }
        }
    }
    return recovery;
}

}  // namespace dem
