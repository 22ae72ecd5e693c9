#include "dem/DemTileReader.h"

#include "dem/DemDataset.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string_view>
#include <utility>

namespace dem {

namespace {

std::string sizeText(std::uint32_t columns, std::uint32_t rows)
{
    return std::to_string(columns) + "x" + std::to_string(rows);
}

std::string reasonOrUnknown(std::string reason)
{
    return reason.empty() ? std::string("GDAL gave no reason") : reason;
}

// Columns of a read start at a multiple of this, and end at one or at the
// level's last column.
constexpr std::uint32_t kColumnAlignment = 16;

// `window` widened to aligned columns within a level `levelColumns` wide.
HeightmapWindow alignedColumns(const HeightmapWindow& window, std::uint32_t levelColumns)
{
    HeightmapWindow aligned = window;
    aligned.firstColumn = window.firstColumn / kColumnAlignment * kColumnAlignment;
    const std::uint64_t end = (std::uint64_t{window.firstColumn} + window.columns + kColumnAlignment - 1) /
                              kColumnAlignment * kColumnAlignment;
    aligned.columns = static_cast<std::uint32_t>(std::min<std::uint64_t>(end, levelColumns)) - aligned.firstColumn;
    return aligned;
}

// The smallest window holding both.
HeightmapWindow boundsOf(const HeightmapWindow& a, const HeightmapWindow& b)
{
    const std::uint32_t left = std::min(a.firstColumn, b.firstColumn);
    const std::uint32_t top = std::min(a.firstRow, b.firstRow);
    const std::uint32_t right = std::max(a.firstColumn + a.columns, b.firstColumn + b.columns);
    const std::uint32_t bottom = std::max(a.firstRow + a.rows, b.firstRow + b.rows);
    return {left, top, right - left, bottom - top};
}

}  // namespace

DemTileReader::DemTileReader(const std::filesystem::path& path, const StreamedDem& dem)
    : path_(path),
      layout_(dem.layout),
      baseColumns_(dem.base.heightmap.width),
      baseRows_(dem.base.heightmap.height),
      baseSamples_(dem.fillSamples),
      minimumMetres_(dem.base.metadata.minimumHeightMetres),
      maximumMetres_(dem.base.metadata.maximumHeightMetres)
{
    const std::uint32_t baseLevel = layout_.levelCount();
    if (baseColumns_ != layout_.levelColumns(baseLevel) || baseRows_ != layout_.levelRows(baseLevel) ||
        baseSamples_ == nullptr || baseSamples_->get()->size() != std::size_t{baseColumns_} * baseRows_) {
        throw std::invalid_argument("DemTileReader: the base heightmap is " + sizeText(baseColumns_, baseRows_) +
                                    ", not level " + std::to_string(baseLevel) + " of the layout");
    }
    const GdalErrorCapture quiet;
    dataset_ = openElevationDataset(path);
    band_ = &elevationBand(path, *dataset_);
    rules_ = sampleRulesOf(path, *dataset_, *band_);
    const char* driver = dataset_->GetDriverName();
    independentBlocks_ = driver != nullptr && std::string_view(driver) == "GTiff";
    const auto columns = static_cast<std::uint32_t>(std::max(dataset_->GetRasterXSize(), 0));
    const auto rows = static_cast<std::uint32_t>(std::max(dataset_->GetRasterYSize(), 0));
    if (columns != layout_.columns() || rows != layout_.rows()) {
        failElevationModel(path, "is " + sizeText(columns, rows) + " samples now, not the " +
                                     sizeText(layout_.columns(), layout_.rows()) + " it was opened for streaming with");
    }
}

std::vector<std::string> DemTileReader::takeWarnings()
{
    return std::exchange(warnings_, {});
}

tiles::HeightTile DemTileReader::read(const tiles::TileKey& key)
{
    if (!layout_.contains(key)) {
        throw std::invalid_argument("DemTileReader: tile (level " + std::to_string(key.level) + ", column " +
                                    std::to_string(key.column) + ", row " + std::to_string(key.row) +
                                    ") is not in the pyramid");
    }
    const GdalErrorCapture quiet;
    const ReadScale scale = readScaleAt(layout_.columns(), layout_.rows(), std::uint32_t{1} << key.level);
    const std::uint32_t tileSize = layout_.tileSize();
    const std::uint32_t stored = layout_.storedSize();
    // The tile's level samples in heightmap orientation, apron included,
    // clamped to the level.
    const std::uint32_t firstColumn = key.column * tileSize;
    const std::uint32_t firstRow = key.row * tileSize;
    const std::uint32_t lastColumn = std::min(firstColumn + tileSize, scale.columns - 1);
    const std::uint32_t lastRow = std::min(firstRow + tileSize, scale.rows - 1);
    // The same samples in the file's orientation.
    HeightmapWindow window;
    window.columns = lastColumn - firstColumn + 1;
    window.rows = lastRow - firstRow + 1;
    window.firstColumn = rules_.flipColumns ? scale.columns - 1 - lastColumn : firstColumn;
    window.firstRow = rules_.flipRows ? scale.rows - 1 - lastRow : firstRow;

    // GDAL averages groups of output columns at once (vector code for a 1/2
    // read) and the rest one by one, in single or double precision: read
    // columns aligned as whole rows of the level are, so that every sample
    // is computed as loadDem's read computes it.
    const HeightmapWindow read = alignedColumns(window, scale.columns);

    std::vector<double> values;
    std::vector<std::uint8_t> validity;
    std::vector<std::uint8_t> readable;
    const std::optional<Damage> damage = readWindowAroundDamage(scale, read, values, validity, readable);

    // The base as it is now: a placeholder until a base read in the
    // background replaces it.
    const std::shared_ptr<const std::vector<std::uint16_t>> base = baseSamples_->get();
    tiles::HeightTile tile;
    tile.key = key;
    tile.samples.resize(std::size_t{stored} * stored);
    std::uint64_t invalid = 0;
    for (std::uint32_t j = 0; j < stored; ++j) {
        const std::uint32_t row = std::min(firstRow + j, lastRow);
        const std::uint32_t fileRow = rules_.flipRows ? scale.rows - 1 - row : row;
        for (std::uint32_t i = 0; i < stored; ++i) {
            const std::uint32_t column = std::min(firstColumn + i, lastColumn);
            const std::uint32_t fileColumn = rules_.flipColumns ? scale.columns - 1 - column : column;
            const std::size_t source =
                std::size_t{fileRow - read.firstRow} * read.columns + (fileColumn - read.firstColumn);
            std::uint16_t& sample = tile.samples[std::size_t{j} * stored + i];
            if (readable[source] != 0) {
                const ConvertedSample converted = rules_.convert(values[source], validity[source] == 0);
                if (converted.kind == SampleKind::Height) {
                    sample = quantisedHeight(static_cast<float>(converted.metres), minimumMetres_, maximumMetres_);
                    continue;
                }
                if (converted.kind != SampleKind::NoData) {
                    ++invalid;
                }
            }
            sample = baseSampleUnder(*base, key.level, column, row);
            ++tile.filledSamples;
        }
    }

    tiles::setShareStatistics(tile, layout_);

    // One warning for the first unreadable tile: a source that stops
    // answering fails every tile after it for the same reason.
    if (damage && !warnedUnreadable_) {
        warnedUnreadable_ = true;
        warnings_.push_back(path_.string() + ": " + tileText(scale, damage->bounds) + " can not be read (" +
                            damage->reason + "); filled from the coarser level, here and wherever else a tile " +
                            "can not be read");
    }
    if (invalid > 0) {
        warnings_.push_back(path_.string() + ": " + tileText(scale, window) + " has " + std::to_string(invalid) +
                            " NaN, infinite or out-of-range samples; filled from the coarser level");
    }
    return tile;
}

std::optional<DemTileReader::Damage> DemTileReader::readWindowAroundDamage(const ReadScale& scale,
                                                                           const HeightmapWindow& window,
                                                                           std::vector<double>& values,
                                                                           std::vector<std::uint8_t>& validity,
                                                                           std::vector<std::uint8_t>& readable)
{
    const std::size_t samples = std::size_t{window.columns} * window.rows;
    values.assign(samples, 0.0);
    validity.assign(samples, 1);
    readable.assign(samples, 1);
    std::optional<std::string> failure = readPart(scale, window, values.data(), validity.data());
    if (!failure) {
        return std::nullopt;
    }
    if (!independentBlocks_) {
        readable.assign(samples, 0);
        return Damage{window, reasonOrUnknown(*failure)};
    }
    // Read again one block of the file at a time (in level samples), so that
    // only the damaged blocks are lost.
    int blockColumns = 0;
    int blockRows = 0;
    band_->GetBlockSize(&blockColumns, &blockRows);
    const std::uint32_t stepColumns =
        std::max<std::uint32_t>(static_cast<std::uint32_t>(std::max(blockColumns, 1)) / scale.reduction, 1);
    const std::uint32_t stepRows =
        std::max<std::uint32_t>(static_cast<std::uint32_t>(std::max(blockRows, 1)) / scale.reduction, 1);
    const std::uint32_t right = window.firstColumn + window.columns;
    const std::uint32_t bottom = window.firstRow + window.rows;
    std::optional<Damage> damage;
    std::vector<double> partValues;
    std::vector<std::uint8_t> partValidity;
    for (std::uint32_t top = window.firstRow / stepRows * stepRows; top < bottom; top += stepRows) {
        for (std::uint32_t left = window.firstColumn / stepColumns * stepColumns; left < right; left += stepColumns) {
            HeightmapWindow part;
            part.firstColumn = std::max(left, window.firstColumn);
            part.firstRow = std::max(top, window.firstRow);
            part.columns = std::min(left + stepColumns, right) - part.firstColumn;
            part.rows = std::min(top + stepRows, bottom) - part.firstRow;
            partValues.assign(std::size_t{part.columns} * part.rows, 0.0);
            partValidity.assign(partValues.size(), 1);
            failure = readPart(scale, part, partValues.data(), partValidity.data());
            if (failure) {
                damage = damage ? Damage{boundsOf(damage->bounds, part), damage->reason}
                                : Damage{part, reasonOrUnknown(*failure)};
            }
            for (std::uint32_t row = 0; row < part.rows; ++row) {
                const std::size_t from = std::size_t{row} * part.columns;
                const std::size_t to = std::size_t{part.firstRow - window.firstRow + row} * window.columns +
                                       (part.firstColumn - window.firstColumn);
                std::copy_n(partValues.begin() + static_cast<std::ptrdiff_t>(from), part.columns,
                            values.begin() + static_cast<std::ptrdiff_t>(to));
                std::copy_n(partValidity.begin() + static_cast<std::ptrdiff_t>(from), part.columns,
                            validity.begin() + static_cast<std::ptrdiff_t>(to));
                std::fill_n(readable.begin() + static_cast<std::ptrdiff_t>(to), part.columns,
                            static_cast<std::uint8_t>(failure ? 0 : 1));
            }
        }
    }
    if (!damage) {
        // Every block read on its own: the window's failure was elsewhere.
        return std::nullopt;
    }
    return damage;
}

std::optional<std::string> DemTileReader::readPart(const ReadScale& scale, const HeightmapWindow& window,
                                                   double* values, std::uint8_t* validity)
{
    const GdalErrorCapture errors;
    if (readWindow(*band_, scale, window, values, GDT_Float64) != CE_None) {
        return errors.firstError();
    }
    if (rules_.validityBand != nullptr &&
        readWindow(*rules_.validityBand, scale, window, validity, GDT_Byte) != CE_None) {
        // The heights came: take them as valid, as the loader does.
        std::fill_n(validity, std::size_t{window.columns} * window.rows, std::uint8_t{1});
    }
    return std::nullopt;
}

std::uint16_t DemTileReader::baseSampleUnder(const std::vector<std::uint16_t>& base, std::uint32_t level,
                                             std::uint32_t column, std::uint32_t row) const
{
    // Level-k sample i lies at base coordinate (i + 0.5) * 2^k / 2^K - 0.5.
    const double step = std::ldexp(1.0, static_cast<int>(level) - static_cast<int>(layout_.levelCount()));
    const double x =
        std::clamp((static_cast<double>(column) + 0.5) * step - 0.5, 0.0, static_cast<double>(baseColumns_ - 1));
    const double y = std::clamp((static_cast<double>(row) + 0.5) * step - 0.5, 0.0, static_cast<double>(baseRows_ - 1));
    const auto left = static_cast<std::uint32_t>(x);
    const auto top = static_cast<std::uint32_t>(y);
    const std::uint32_t right = std::min(left + 1, baseColumns_ - 1);
    const std::uint32_t bottom = std::min(top + 1, baseRows_ - 1);
    const double fx = x - static_cast<double>(left);
    const double fy = y - static_cast<double>(top);
    const auto at = [this, &base](std::uint32_t c, std::uint32_t r) {
        return static_cast<double>(base[std::size_t{r} * baseColumns_ + c]);
    };
    const double upper = at(left, top) + (at(right, top) - at(left, top)) * fx;
    const double lower = at(left, bottom) + (at(right, bottom) - at(left, bottom)) * fx;
    return static_cast<std::uint16_t>(std::lround(std::clamp(upper + (lower - upper) * fy, 0.0, 65535.0)));
}

std::string DemTileReader::tileText(const ReadScale& scale, const HeightmapWindow& window) const
{
    return "tile at 1/" + std::to_string(scale.reduction) + " rows " +
           scale.fileRowsText(window.firstRow, window.rows) + ", columns " +
           scale.fileColumnsText(window.firstColumn, window.columns);
}

}  // namespace dem
