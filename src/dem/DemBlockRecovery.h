// Reading around damage: when a strip of an elevation model can not be read
// (a corrupt tile, a truncated file, a remote block that fails), the loader
// reads it again window by window, one block of the file at a time, so that
// only the damaged blocks are lost. A block the file can not give is taken
// from the finest overview that can (dem/DemReadScale.h), and failing that
// left as no-data for the hole filling (dem/DemNoDataFill.h).
#pragma once

#include "dem/DemReadScale.h"

#include <gdal_priv.h>

#include <cstdint>
#include <span>
#include <string>

namespace dem {

struct StripRecovery {
    std::uint64_t fromOverviews = 0;  // samples read from an overview instead
    std::uint64_t unreadable = 0;     // samples neither could give: no-data
    // The first window that failed (heightmap samples) and GDAL's reason.
    HeightmapWindow firstDamage;
    std::string firstReason;

    [[nodiscard]] std::uint64_t damaged() const { return fromOverviews + unreadable; }
    // One line for the user: how many samples, where the first damage lies in
    // the file (a read at `scale`), GDAL's reason, and how they were filled.
    [[nodiscard]] std::string describe(const ReadScale& scale) const;
    void add(const StripRecovery& other);
};

// Reads heightmap rows [firstRow, firstRow + count) of `band` at `scale`
// window by window into `strip` (count * scale.columns values) and `mask`
// (0 where the sample is no-data: by `validityBand` when there is one, or
// because nothing could give it). Stops as soon as `unreadableBudget`
// samples or more could not be given: the caller then refuses the file (a
// format whose failing reads are slow must not be read block by block to
// the end).
StripRecovery readStripAroundDamage(GDALRasterBand& band, GDALRasterBand* validityBand, const ReadScale& scale,
                                    std::uint32_t firstRow, std::uint32_t count, std::span<double> strip,
                                    std::span<std::uint8_t> mask, std::uint64_t unreadableBudget);

}  // namespace dem
