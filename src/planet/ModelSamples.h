// A streamed model's samples as one thread reads them (the tile loader's):
// sample (column, row) of level k in metres, from the model's tiles through
// its own reader of the file, a few tiles kept, or, at the base's level
// (k = levels()), from the coarse heightmap in memory. The global model's
// cube tiles and the finer models laid over it (--elevation) read through
// it alike.
#pragma once

#include "dem/DemStreaming.h"
#include "tiles/TileCache.h"
#include "tiles/TileLoader.h"

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace planet {

class ModelSamples {
public:
    // Opens its own reader of `path` (tiles::TileReader: call it on the
    // thread that reads). Throws heightmap::HeightmapError when it can not.
    ModelSamples(const std::filesystem::path& path, std::shared_ptr<const dem::StreamedDem> source);

    // The streamed levels; level levels() is the base in memory.
    [[nodiscard]] std::uint32_t levels() const noexcept { return levels_; }
    [[nodiscard]] std::uint32_t tileSize() const noexcept { return tileSize_; }
    [[nodiscard]] std::uint32_t columnsOf(std::uint32_t level) const;
    [[nodiscard]] std::uint32_t rowsOf(std::uint32_t level) const;
    [[nodiscard]] double sampleMetres(std::uint32_t level, std::uint32_t column, std::uint32_t row);
    // The sample's distance to the model's nearest no-data, in samples of
    // its level, capped at dem::noDataDistanceReach of the source's reach
    // (dem::StreamedDem::noDataDistanceReach), which must not be 0.
    [[nodiscard]] double distanceToNoData(std::uint32_t level, std::uint32_t column, std::uint32_t row);
    // Keeps at least `tiles` of the model's tiles (every one a cube tile
    // reads, while it is made); kKeptTiles otherwise.
    void keepTiles(std::size_t tiles);
    static constexpr std::size_t kKeptTiles = 48;
    [[nodiscard]] std::vector<std::string> takeWarnings() { return reader_->takeWarnings(); }
    [[nodiscard]] const dem::StreamedDem& source() const noexcept { return *source_; }

private:
    [[nodiscard]] const tiles::Tile& tile(const tiles::TileKey& key);
    // The tile that holds sample (column, row) of streamed level `level`, and
    // the sample's index among its stored samples.
    [[nodiscard]] std::pair<const tiles::Tile&, std::size_t> streamedSample(std::uint32_t level, std::uint32_t column,
                                                                            std::uint32_t row);

    std::shared_ptr<const dem::StreamedDem> source_;
    std::uint32_t levels_;
    std::uint32_t tileSize_;
    std::unique_ptr<tiles::TileReader> reader_;
    std::size_t tileBytes_;
    tiles::TileCache kept_;  // the model's tiles read last
};

// Where a point at (column, row) of a model's level 0 (its own samples) lies
// on level k: sample j of level k averages level 0's [j 2^k, (j + 1) 2^k),
// centred at j 2^k + (2^k - 1) / 2.
[[nodiscard]] std::pair<double, double> onModelLevel(std::uint32_t level, double column, double row) noexcept;

}  // namespace planet
