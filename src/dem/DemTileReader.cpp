#include "dem/DemTileReader.h"

#include "dem/DemDataset.h"
#include "dem/NoDataDistance.h"

#include <algorithm>
#include <cmath>
#include <span>
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

// What a sample of a tile's window is: a height, exactly 0 m where the sea
// is placed (a model without bathymetry may write its sea so), no-data (to
// fill), or anything else GDAL could not give as a height (taken from the
// base).
enum class TileSample : std::uint8_t { Height, AtSeaLevel, NoData, FromBase };

// The sea's margin around a tile: enough samples of its level to hold the
// coast of every base sample whose value reaches the tile (two base
// samples), at most this many.
constexpr std::uint32_t kMaxSeaMargin = 64;

// The smallest window holding both.
HeightmapWindow boundsOf(const HeightmapWindow& a, const HeightmapWindow& b)
{
    const std::uint32_t left = std::min(a.firstColumn, b.firstColumn);
    const std::uint32_t top = std::min(a.firstRow, b.firstRow);
    const std::uint32_t right = std::max(a.firstColumn + a.columns, b.firstColumn + b.columns);
    const std::uint32_t bottom = std::max(a.firstRow + a.rows, b.firstRow + b.rows);
    return {left, top, right - left, bottom - top};
}

// Whether a sample of a window whose sea is placed keeps the height it was
// read with: a height, or 0 m that stayed 0 m (land at sea level); the rest
// is filled.
bool keepsItsHeight(TileSample kind, float metres)
{
    return kind == TileSample::Height || (kind == TileSample::AtSeaLevel && metres == 0.0f);
}

// The distances to no-data (dem/NoDataDistance.h) of a tile's stored
// samples, from the kinds and heights of the samples around it (`columns` x
// `rows`, the tile's from (first, first) to (last, last), an edge sample
// repeated where the apron passes the level's edge as the heights are).
void storeDistancesToNoData(const std::vector<TileSample>& kinds, std::span<const float> metres, std::uint32_t columns,
                            std::uint32_t rows, std::uint32_t reach, std::uint32_t stored, std::uint32_t firstColumn,
                            std::uint32_t firstRow, std::uint32_t lastColumn, std::uint32_t lastRow, tiles::Tile& tile)
{
    std::vector<std::uint8_t> isData(kinds.size());
    for (std::size_t i = 0; i < kinds.size(); ++i) {
        isData[i] = keepsItsHeight(kinds[i], metres[i]) ? 1 : 0;
    }
    const std::vector<std::uint8_t> units = noDataDistances(isData, columns, rows, reach);
    tile.distanceToNoData.resize(tile.samples.size());
    for (std::uint32_t j = 0; j < stored; ++j) {
        const std::uint32_t row = std::min(firstRow + j, lastRow);
        for (std::uint32_t i = 0; i < stored; ++i) {
            const std::uint32_t column = std::min(firstColumn + i, lastColumn);
            tile.distanceToNoData[std::size_t{j} * stored + i] = units[std::size_t{row} * columns + column];
        }
    }
}

}  // namespace

DemTileReader::DemTileReader(const std::filesystem::path& path, const StreamedDem& dem)
    : path_(path),
      layout_(dem.layout),
      baseColumns_(dem.base.heightmap.width),
      baseRows_(dem.base.heightmap.height),
      baseSamples_(dem.fillSamples),
      minimumMetres_(dem.base.metadata.minimumHeightMetres),
      maximumMetres_(dem.base.metadata.maximumHeightMetres),
      landOnlySea_(dem.base.metadata.seaCount > 0 ? dem.landOnlySea : std::nullopt),
      metresPerFileRow_(dem.base.metadata.extent && dem.layout.rows() > 0
                            ? dem.base.metadata.extent->zMetres / dem.layout.rows()
                            : 0.0),
      noDataDistanceReach_(dem.noDataDistanceReach)
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

tiles::Tile DemTileReader::read(const tiles::TileKey& key)
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
    // The samples read: the tile's, and around them the sea's margin and
    // the reach of the distances to no-data, whichever is wider.
    const std::uint32_t margin = seaMarginAt(key.level);
    const std::uint32_t reach = noDataDistanceReach_ > 0 ? noDataDistanceReach(noDataDistanceReach_, key.level) : 0;
    const std::uint32_t wide = std::max(margin, reach);
    const HeightmapWindow around{firstColumn - std::min(firstColumn, wide), firstRow - std::min(firstRow, wide), 0, 0};
    const std::uint32_t aroundLastColumn = std::min(lastColumn + wide, scale.columns - 1);
    const std::uint32_t aroundLastRow = std::min(lastRow + wide, scale.rows - 1);
    // The same samples in the file's orientation.
    HeightmapWindow window;
    window.columns = aroundLastColumn - around.firstColumn + 1;
    window.rows = aroundLastRow - around.firstRow + 1;
    window.firstColumn = rules_.flipColumns ? scale.columns - 1 - aroundLastColumn : around.firstColumn;
    window.firstRow = rules_.flipRows ? scale.rows - 1 - aroundLastRow : around.firstRow;

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
    // Every sample around the tile in metres, heightmap orientation: no-data
    // left invalid, what GDAL could not give taken from the base.
    SeaWindow sea;
    sea.columns = window.columns;
    sea.rows = window.rows;
    sea.metres.resize(std::size_t{sea.columns} * sea.rows);
    sea.valid.resize(sea.metres.size());
    sea.knownSea.resize(margin > 0 ? sea.metres.size() : 0);
    std::vector<TileSample> kinds(sea.metres.size(), TileSample::FromBase);
    std::uint64_t invalid = 0;
    for (std::uint32_t j = 0; j < sea.rows; ++j) {
        const std::uint32_t row = around.firstRow + j;
        const std::uint32_t fileRow = rules_.flipRows ? scale.rows - 1 - row : row;
        for (std::uint32_t i = 0; i < sea.columns; ++i) {
            const std::uint32_t column = around.firstColumn + i;
            const std::uint32_t fileColumn = rules_.flipColumns ? scale.columns - 1 - column : column;
            const std::size_t source =
                std::size_t{fileRow - read.firstRow} * read.columns + (fileColumn - read.firstColumn);
            const std::size_t at = std::size_t{j} * sea.columns + i;
            const bool inTile = column >= firstColumn && column <= lastColumn && row >= firstRow && row <= lastRow;
            TileSample kind = TileSample::FromBase;
            if (readable[source] != 0) {
                const ConvertedSample converted = rules_.convert(values[source], validity[source] == 0);
                kind = converted.kind == SampleKind::Height   ? TileSample::Height
                       : converted.kind == SampleKind::NoData ? TileSample::NoData
                                                              : TileSample::FromBase;
                if (kind == TileSample::Height && margin > 0 && static_cast<float>(converted.metres) == 0.0f) {
                    kind = TileSample::AtSeaLevel;
                }
                invalid += kind == TileSample::FromBase && inTile ? 1u : 0u;
                sea.metres[at] = static_cast<float>(converted.metres);
            }
            kinds[at] = kind;
            sea.valid[at] = kind == TileSample::NoData ? 0 : 1;
            if (kind == TileSample::FromBase || margin > 0) {
                const double baseMetres =
                    heightOfQuantised(baseSampleUnder(*base, key.level, column, row), minimumMetres_, maximumMetres_);
                if (kind == TileSample::FromBase) {
                    sea.metres[at] = static_cast<float>(baseMetres);
                }
                if (margin > 0) {
                    sea.knownSea[at] = baseMetres < 0.0 ? 1 : 0;
                }
            }
        }
    }
    if (margin > 0) {
        placeSea(key.level, sea);
    }

    tiles::Tile tile;
    tile.key = key;
    tile.samples.resize(std::size_t{stored} * stored);
    for (std::uint32_t j = 0; j < stored; ++j) {
        const std::uint32_t row = std::min(firstRow + j, lastRow);
        for (std::uint32_t i = 0; i < stored; ++i) {
            const std::uint32_t column = std::min(firstColumn + i, lastColumn);
            const std::size_t at = std::size_t{row - around.firstRow} * sea.columns + (column - around.firstColumn);
            std::uint16_t& sample = tile.samples[std::size_t{j} * stored + i];
            const TileSample kind = kinds[at];
            if (keepsItsHeight(kind, sea.metres[at])) {
                sample = quantisedHeight(sea.metres[at], minimumMetres_, maximumMetres_);
                continue;
            }
            ++tile.filledSamples;
            const std::uint16_t under = baseSampleUnder(*base, key.level, column, row);
            const bool placed = kind == TileSample::AtSeaLevel || (kind == TileSample::NoData && margin > 0);
            sample = placed ? seaSample(sea, at, under) : under;
        }
    }
    tiles::setShareStatistics(tile, layout_);
    if (reach > 0) {
        storeDistancesToNoData(kinds, sea.metres, sea.columns, sea.rows, reach, stored,
                               firstColumn - around.firstColumn, firstRow - around.firstRow,
                               lastColumn - around.firstColumn, lastRow - around.firstRow, tile);
    }

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
    std::optional<ReadFailure> failure = readPart(scale, window, values.data(), validity.data());
    if (!failure) {
        return std::nullopt;
    }
    // A server that gave no answer would give none block by block either.
    if (!independentBlocks_ || failure->noAnswer) {
        readable.assign(samples, 0);
        return Damage{window, reasonOrUnknown(failure->reason)};
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
                // The damaged block as a whole, which the window may only
                // touch (a tile's stored edge is its neighbour's first row).
                const HeightmapWindow block{left, top, std::min(stepColumns, scale.columns - left),
                                            std::min(stepRows, scale.rows - top)};
                damage = damage ? Damage{boundsOf(damage->bounds, block), damage->reason}
                                : Damage{block, reasonOrUnknown(failure->reason)};
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

std::optional<DemTileReader::ReadFailure> DemTileReader::readPart(const ReadScale& scale, const HeightmapWindow& window,
                                                                  double* values, std::uint8_t* validity)
{
    const GdalTransferDiagnostics transfers;
    const GdalErrorCapture errors;
    if (readWindow(*band_, scale, window, values, GDT_Float64) != CE_None) {
        if (!errors.transferFailure().empty()) {
            return ReadFailure{transferFailureProblem(errors.transferFailure()), true};
        }
        return ReadFailure{errors.firstError(), false};
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

std::uint32_t DemTileReader::seaMarginAt(std::uint32_t level) const
{
    if (!landOnlySea_) {
        return 0;
    }
    const std::uint32_t levelsAbove = layout_.levelCount() - std::min(level, layout_.levelCount());
    return std::min<std::uint32_t>(kMaxSeaMargin, std::uint32_t{2} << std::min<std::uint32_t>(levelsAbove, 16));
}

void DemTileReader::placeSea(std::uint32_t level, SeaWindow& window) const
{
    // Within the window the model counts as one of the land alone (all that
    // decides that is the base), a hole is sea by its coast or by the base's
    // sea under it (not by its size: a void on land can fill much of a
    // window), and the shelf stops at the margin's depth.
    LandOnlySea sea = *landOnlySea_;
    const double spacing = metresPerFileRow_ * std::ldexp(1.0, static_cast<int>(level));
    sea.depthMetres = std::clamp(sea.shelfSlope * spacing * seaMarginAt(level), 1.0, sea.depthMetres);
    sea.bathymetryShare = 1.0;
    sea.seaHoleShare = 1.0;
    markLandOnlySea(window.metres, window.valid, window.columns, window.rows, spacing, sea, window.knownSea);
    window.marginDepthMetres = sea.depthMetres;
}

std::uint16_t DemTileReader::seaSample(const SeaWindow& window, std::size_t at, std::uint16_t under) const
{
    const double baseMetres = heightOfQuantised(under, minimumMetres_, maximumMetres_);
    if (window.valid[at] != 0) {
        // Sea from the coast in the window while it is shallower than the
        // margin's depth: the same in every window that holds the sample.
        // Deeper (farther than the margin from the coast), the base's sea
        // where it is deeper still.
        const double depth = -static_cast<double>(window.metres[at]);
        if (depth < static_cast<double>(static_cast<float>(window.marginDepthMetres))) {
            return quantisedHeight(window.metres[at], minimumMetres_, maximumMetres_);
        }
        return quantisedHeight(static_cast<float>(-std::max(window.marginDepthMetres, -baseMetres)), minimumMetres_,
                               maximumMetres_);
    }
    if (baseMetres < 0.0) {
        // No coast in the window: the open sea of the base, at least as deep
        // as the margin's sea.
        return quantisedHeight(static_cast<float>(-std::max(-baseMetres, window.marginDepthMetres)), minimumMetres_,
                               maximumMetres_);
    }
    return under;  // a void on land
}

std::string DemTileReader::tileText(const ReadScale& scale, const HeightmapWindow& window) const
{
    return "tile at 1/" + std::to_string(scale.reduction) + " rows " +
           scale.fileRowsText(window.firstRow, window.rows) + ", columns " +
           scale.fileColumnsText(window.firstColumn, window.columns);
}

}  // namespace dem
