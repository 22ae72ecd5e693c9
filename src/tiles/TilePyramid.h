// The tiled pyramid a large elevation model is streamed from (namespace
// tiles). Level 0 is the raster at its own resolution, in the heightmap's
// orientation (row 0 north, column 0 west); level k averages 2^k x 2^k blocks
// of it (as dem::readWindow at reduction 2^k does) and has ceil(columns / 2^k)
// x ceil(rows / 2^k) samples. Each level is cut into tiles of tileSize x
// tileSize samples; tile (column, row) of level k holds the level's samples
// [column * tileSize, column * tileSize + tileSize] x [row * tileSize, row *
// tileSize + tileSize]: one sample more than its share on the east and south
// side (the apron), so that bilinear filtering anywhere in the tile's share
// reads that tile alone. Indices past the level's last column (row) repeat
// the last one, as a clamp-to-edge sampler does.
//
// The renderer keeps levels >= levelCount in memory (the coarse base
// heightmap); levels 0 .. levelCount - 1 are streamed. Every tile of every
// streamed level has an entry: an index into the GPU page table and the
// request bitset (tiles::gpu::TileAtlas).
#pragma once

#include <compare>
#include <cstdint>
#include <vector>

namespace tiles {

struct TileKey {
    std::uint32_t level = 0;
    std::uint32_t column = 0;
    std::uint32_t row = 0;

    auto operator<=>(const TileKey&) const = default;
};

class TilePyramidLayout {
public:
    // Most streamed levels (a 2^32-sample side at tile size 2^16 needs 16).
    static constexpr std::uint32_t kMaxLevels = 16;

    // columns x rows at level 0; tileSize a power of two in [8, 4096];
    // levelCount in [1, kMaxLevels]. Throws std::invalid_argument otherwise.
    TilePyramidLayout(std::uint32_t columns, std::uint32_t rows, std::uint32_t tileSize, std::uint32_t levelCount);

    [[nodiscard]] std::uint32_t columns() const noexcept { return columns_; }
    [[nodiscard]] std::uint32_t rows() const noexcept { return rows_; }
    [[nodiscard]] std::uint32_t tileSize() const noexcept { return tileSize_; }
    // Samples per side of a stored tile: tileSize + 1 (the apron).
    [[nodiscard]] std::uint32_t storedSize() const noexcept { return tileSize_ + 1; }
    [[nodiscard]] std::uint32_t levelCount() const noexcept { return levelCount_; }

    // Samples of `level` (any level, also past levelCount): ceil(columns /
    // 2^level), at least 1.
    [[nodiscard]] std::uint32_t levelColumns(std::uint32_t level) const noexcept;
    [[nodiscard]] std::uint32_t levelRows(std::uint32_t level) const noexcept;
    // Tiles of a streamed level.
    [[nodiscard]] std::uint32_t tilesAcross(std::uint32_t level) const noexcept;
    [[nodiscard]] std::uint32_t tilesDown(std::uint32_t level) const noexcept;

    // Entries of all streamed levels, level 0 first, row-major in each.
    [[nodiscard]] std::uint32_t entryCount() const noexcept { return entryCount_; }
    [[nodiscard]] std::uint32_t firstEntry(std::uint32_t level) const noexcept { return firstEntries_[level]; }
    [[nodiscard]] std::uint32_t entryOf(const TileKey& key) const noexcept;
    [[nodiscard]] TileKey keyOfEntry(std::uint32_t entry) const noexcept;
    [[nodiscard]] bool contains(const TileKey& key) const noexcept;
    // Samples of a tile's share: tileSize x tileSize, clipped to its level.
    [[nodiscard]] std::uint64_t shareSamples(const TileKey& key) const noexcept;

private:
    std::uint32_t columns_;
    std::uint32_t rows_;
    std::uint32_t tileSize_;
    std::uint32_t levelCount_;
    std::uint32_t entryCount_ = 0;
    std::vector<std::uint32_t> firstEntries_;
};

// One tile of a streamed raster, storedSize x storedSize texels row-major,
// of one of two kinds:
// - heights (`samples`): quantised as the base heightmap is (the height
//   range's minimum -> 0, maximum -> 65535), with the statistics of the
//   tile's share (the tileSize x tileSize samples without the apron, clipped
//   to the level) that the level-of-detail criterion reads;
// - colours (`colours`): RGBA8, sRGB-encoded colour and its cover (alpha),
//   for imagery; `samples` is then empty and the statistics unused.
struct Tile {
    TileKey key;
    std::vector<std::uint16_t> samples;
    std::vector<std::uint8_t> colours;
    std::uint16_t lowest = 0;
    std::uint16_t highest = 0;
    float meanHeight = 0.0F;         // mean of sample / 65535
    float meanSquaredHeight = 0.0F;  // mean of (sample / 65535)^2
    // Samples that were no-data or could not be read, filled from the base.
    std::uint32_t filledSamples = 0;
    // Empty unless the reader was asked for it (an elevation model laid over
    // another): per sample, its distance to the nearest one filled from the
    // base (no-data, or not readable), in the reader's units
    // (dem/NoDataDistance.h), capped at a reach.
    std::vector<std::uint8_t> distanceToNoData;

    [[nodiscard]] std::size_t bytes() const noexcept
    {
        return samples.size() * sizeof(std::uint16_t) + colours.size() + distanceToNoData.size();
    }
    // The texels as the atlas stores them.
    [[nodiscard]] const void* texels() const noexcept
    {
        return samples.empty() ? static_cast<const void*>(colours.data()) : static_cast<const void*>(samples.data());
    }
};

// Sets `tile`'s lowest, highest, meanHeight and meanSquaredHeight from its
// samples over its share (layout.shareSamples of them, without the apron).
void setShareStatistics(Tile& tile, const TilePyramidLayout& layout);

}  // namespace tiles
