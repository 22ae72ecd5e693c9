#include "planet/ModelSamples.h"

#include "dem/NoDataDistance.h"

#include <cmath>
#include <utility>

namespace planet {

ModelSamples::ModelSamples(const std::filesystem::path& path, std::shared_ptr<const dem::StreamedDem> source)
    : source_(std::move(source)),
      levels_(source_->layout.levelCount()),
      tileSize_(source_->layout.tileSize()),
      reader_(dem::makeDemTileReader(path, *source_)),
      tileBytes_(std::size_t{source_->layout.storedSize()} * source_->layout.storedSize() *
                 (sizeof(std::uint16_t) + (source_->noDataDistanceReach > 0 ? 1 : 0))),
      kept_(kKeptTiles * tileBytes_)
{
}

std::uint32_t ModelSamples::columnsOf(std::uint32_t level) const
{
    return level >= levels_ ? source_->base.heightmap.width : source_->layout.levelColumns(level);
}

std::uint32_t ModelSamples::rowsOf(std::uint32_t level) const
{
    return level >= levels_ ? source_->base.heightmap.height : source_->layout.levelRows(level);
}

double ModelSamples::sampleMetres(std::uint32_t level, std::uint32_t column, std::uint32_t row)
{
    const dem::DemTerrain& base = source_->base;
    if (level >= levels_) {
        return base.metadata.heightOfSample(base.heightmap.sample(column, row));
    }
    const auto [read, index] = streamedSample(level, column, row);
    return base.metadata.heightOfSample(read.samples[index]);
}

double ModelSamples::distanceToNoData(std::uint32_t level, std::uint32_t column, std::uint32_t row)
{
    const auto unitsToSamples = [](std::uint8_t units) {
        return static_cast<double>(units) / dem::kNoDataDistanceUnitsPerSample;
    };
    if (level >= levels_) {
        return unitsToSamples(
            source_->baseDistanceToNoData.at(std::size_t{row} * source_->base.heightmap.width + column));
    }
    const auto [read, index] = streamedSample(level, column, row);
    return unitsToSamples(read.distanceToNoData.at(index));
}

void ModelSamples::keepTiles(std::size_t tiles)
{
    kept_.setBudgetBytes(std::max(tiles, kKeptTiles) * tileBytes_);
}

std::pair<const tiles::Tile&, std::size_t> ModelSamples::streamedSample(std::uint32_t level, std::uint32_t column,
                                                                        std::uint32_t row)
{
    const tiles::Tile& read = tile(tiles::TileKey{level, column / tileSize_, row / tileSize_});
    return {read, std::size_t{row % tileSize_} * source_->layout.storedSize() + column % tileSize_};
}

const tiles::Tile& ModelSamples::tile(const tiles::TileKey& key)
{
    if (const tiles::Tile* kept = kept_.find(key)) {
        return *kept;
    }
    kept_.insert(reader_->read(key));
    return *kept_.find(key);
}

std::pair<double, double> onModelLevel(std::uint32_t level, double column, double row) noexcept
{
    const double scale = std::ldexp(1.0, static_cast<int>(level));
    const double offset = 0.5 * (scale - 1.0);
    return {(column - offset) / scale, (row - offset) / scale};
}

}  // namespace planet
