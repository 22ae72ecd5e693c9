#include "tiles/TilePyramid.h"

#include <algorithm>
#include <bit>
#include <limits>
#include <stdexcept>
#include <string>

namespace tiles {

namespace {

constexpr std::uint32_t kMinTileSize = 8;
constexpr std::uint32_t kMaxTileSize = 4096;

std::uint32_t reducedSize(std::uint32_t size, std::uint32_t level) noexcept
{
    if (level >= 32) {
        return 1;
    }
    const std::uint64_t reduction = std::uint64_t{1} << level;
    const auto reduced = static_cast<std::uint32_t>((std::uint64_t{size} + reduction - 1) / reduction);
    return std::max<std::uint32_t>(reduced, 1);
}

std::uint32_t tilesCovering(std::uint32_t samples, std::uint32_t tileSize) noexcept
{
    return static_cast<std::uint32_t>((std::uint64_t{samples} + tileSize - 1) / tileSize);
}

}  // namespace

TilePyramidLayout::TilePyramidLayout(std::uint32_t columns, std::uint32_t rows, std::uint32_t tileSize,
                                     std::uint32_t levelCount)
    : columns_(columns),
      rows_(rows),
      tileSize_(tileSize),
      levelCount_(levelCount)
{
    if (columns == 0 || rows == 0) {
        throw std::invalid_argument("tile pyramid of " + std::to_string(columns) + "x" + std::to_string(rows) +
                                    " samples: both sides must be at least 1");
    }
    if (tileSize < kMinTileSize || tileSize > kMaxTileSize || !std::has_single_bit(tileSize)) {
        throw std::invalid_argument("tile size " + std::to_string(tileSize) + " is not a power of two in [" +
                                    std::to_string(kMinTileSize) + ", " + std::to_string(kMaxTileSize) + "]");
    }
    if (levelCount < 1 || levelCount > kMaxLevels) {
        throw std::invalid_argument("tile pyramid of " + std::to_string(levelCount) + " levels: 1 to " +
                                    std::to_string(kMaxLevels) + " are allowed");
    }
    std::uint64_t entries = 0;
    firstEntries_.reserve(levelCount);
    for (std::uint32_t level = 0; level < levelCount; ++level) {
        firstEntries_.push_back(static_cast<std::uint32_t>(entries));
        entries += std::uint64_t{tilesAcross(level)} * tilesDown(level);
        if (entries > std::numeric_limits<std::uint32_t>::max()) {
            throw std::invalid_argument("tile pyramid of " + std::to_string(columns) + "x" + std::to_string(rows) +
                                        " samples in tiles of " + std::to_string(tileSize) +
                                        " has more tiles than 32-bit entries can index");
        }
    }
    entryCount_ = static_cast<std::uint32_t>(entries);
}

std::uint32_t TilePyramidLayout::levelColumns(std::uint32_t level) const noexcept
{
    return reducedSize(columns_, level);
}

std::uint32_t TilePyramidLayout::levelRows(std::uint32_t level) const noexcept
{
    return reducedSize(rows_, level);
}

std::uint32_t TilePyramidLayout::tilesAcross(std::uint32_t level) const noexcept
{
    return tilesCovering(levelColumns(level), tileSize_);
}

std::uint32_t TilePyramidLayout::tilesDown(std::uint32_t level) const noexcept
{
    return tilesCovering(levelRows(level), tileSize_);
}

std::uint32_t TilePyramidLayout::entryOf(const TileKey& key) const noexcept
{
    return firstEntries_[key.level] + key.row * tilesAcross(key.level) + key.column;
}

TileKey TilePyramidLayout::keyOfEntry(std::uint32_t entry) const noexcept
{
    // The last level whose first entry is at most `entry`.
    const auto after = std::upper_bound(firstEntries_.begin(), firstEntries_.end(), entry);
    const auto level = static_cast<std::uint32_t>(std::distance(firstEntries_.begin(), after) - 1);
    const std::uint32_t index = entry - firstEntries_[level];
    const std::uint32_t across = tilesAcross(level);
    return TileKey{level, index % across, index / across};
}

bool TilePyramidLayout::contains(const TileKey& key) const noexcept
{
    return key.level < levelCount_ && key.column < tilesAcross(key.level) && key.row < tilesDown(key.level);
}

std::uint64_t TilePyramidLayout::shareSamples(const TileKey& key) const noexcept
{
    const std::uint32_t columns = std::min(tileSize_, levelColumns(key.level) - key.column * tileSize_);
    const std::uint32_t rows = std::min(tileSize_, levelRows(key.level) - key.row * tileSize_);
    return std::uint64_t{columns} * rows;
}

void setShareStatistics(Tile& tile, const TilePyramidLayout& layout)
{
    const std::uint32_t tileSize = layout.tileSize();
    const std::uint32_t stored = layout.storedSize();
    const std::uint32_t shareColumns =
        std::min(tileSize, layout.levelColumns(tile.key.level) - tile.key.column * tileSize);
    const std::uint32_t shareRows = std::min(tileSize, layout.levelRows(tile.key.level) - tile.key.row * tileSize);
    std::uint16_t lowest = 65535;
    std::uint16_t highest = 0;
    double sum = 0.0;
    double sumOfSquares = 0.0;
    for (std::uint32_t j = 0; j < shareRows; ++j) {
        for (std::uint32_t i = 0; i < shareColumns; ++i) {
            const std::uint16_t sample = tile.samples[std::size_t{j} * stored + i];
            lowest = std::min(lowest, sample);
            highest = std::max(highest, sample);
            const double height = static_cast<double>(sample) / 65535.0;
            sum += height;
            sumOfSquares += height * height;
        }
    }
    const auto count = static_cast<double>(std::uint64_t{shareColumns} * shareRows);
    tile.lowest = lowest;
    tile.highest = highest;
    tile.meanHeight = static_cast<float>(sum / count);
    tile.meanSquaredHeight = static_cast<float>(sumOfSquares / count);
}

}  // namespace tiles
