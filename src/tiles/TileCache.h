// The CPU side's cache of height tiles read from an elevation model: tiles
// kept within a byte budget, the least recently used one evicted first, so
// that a tile the renderer dropped from its GPU atlas can come back without
// being read from the file again.
#pragma once

#include "tiles/TilePyramid.h"

#include <cstddef>
#include <cstdint>
#include <list>
#include <map>
#include <vector>

namespace tiles {

class TileCache {
public:
    explicit TileCache(std::size_t budgetBytes);

    // The tile of `key`, marked most recently used; nullptr when absent. The
    // pointer stays valid until the tile is evicted or replaced.
    const Tile* find(const TileKey& key);
    // Whether the tile of `key` is held, without marking it used.
    [[nodiscard]] bool contains(const TileKey& key) const;
    // Adds `tile` as the most recently used one (replacing a tile of the same
    // key), then evicts the least recently used tiles while the cache holds
    // more than its budget: never `tile` itself, which therefore stays even
    // when it alone is larger than the budget.
    void insert(Tile tile);

    // Sets the budget, then evicts the least recently used tiles while the
    // cache holds more.
    void setBudgetBytes(std::size_t budgetBytes);

    // Removes every tile with filled samples (Tile::filledSamples);
    // their keys.
    std::vector<TileKey> eraseFilled();

    // Bytes of the samples held (Tile::bytes()).
    [[nodiscard]] std::size_t bytes() const noexcept { return bytes_; }
    [[nodiscard]] std::size_t size() const noexcept { return tiles_.size(); }
    // Tiles evicted for the budget since construction (replaced ones are not).
    [[nodiscard]] std::uint64_t evictions() const noexcept { return evictions_; }
    [[nodiscard]] std::size_t budgetBytes() const noexcept { return budgetBytes_; }

private:
    using UseOrder = std::list<Tile>;  // most recently used first

    void erase(UseOrder::iterator tile);
    // Evicts the least recently used tiles while over the budget, keeping
    // at least the `kept` most recently used.
    void evictBeyondBudget(std::size_t kept);

    std::size_t budgetBytes_;
    std::size_t bytes_ = 0;
    std::uint64_t evictions_ = 0;
    UseOrder tiles_;
    std::map<TileKey, UseOrder::iterator> byKey_;
};

}  // namespace tiles
