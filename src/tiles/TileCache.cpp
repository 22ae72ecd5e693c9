#include "tiles/TileCache.h"

#include <iterator>
#include <utility>

namespace tiles {

TileCache::TileCache(std::size_t budgetBytes) : budgetBytes_(budgetBytes) {}

const Tile* TileCache::find(const TileKey& key)
{
    const auto found = byKey_.find(key);
    if (found == byKey_.end()) {
        return nullptr;
    }
    tiles_.splice(tiles_.begin(), tiles_, found->second);
    return &*found->second;
}

bool TileCache::contains(const TileKey& key) const
{
    return byKey_.contains(key);
}

void TileCache::insert(Tile tile)
{
    if (const auto found = byKey_.find(tile.key); found != byKey_.end()) {
        erase(found->second);
    }
    bytes_ += tile.bytes();
    const TileKey key = tile.key;
    tiles_.push_front(std::move(tile));
    byKey_.emplace(key, tiles_.begin());
    evictBeyondBudget(1);
}

void TileCache::setBudgetBytes(std::size_t budgetBytes)
{
    budgetBytes_ = budgetBytes;
    evictBeyondBudget(0);
}

void TileCache::evictBeyondBudget(std::size_t kept)
{
    while (bytes_ > budgetBytes_ && tiles_.size() > kept) {
        erase(std::prev(tiles_.end()));
        ++evictions_;
    }
}

void TileCache::erase(UseOrder::iterator tile)
{
    bytes_ -= tile->bytes();
    byKey_.erase(tile->key);
    tiles_.erase(tile);
}

std::vector<TileKey> TileCache::eraseFilled()
{
    std::vector<TileKey> erased;
    for (auto tile = tiles_.begin(); tile != tiles_.end();) {
        const auto next = std::next(tile);
        if (tile->filledSamples > 0) {
            erased.push_back(tile->key);
            erase(tile);
        }
        tile = next;
    }
    return erased;
}

}  // namespace tiles
