#include "tiles/gpu/TileStream.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <functional>
#include <stdexcept>
#include <utility>

namespace tiles::gpu {

namespace {

// The tile over `key` one level coarser.
tiles::TileKey parentOf(const tiles::TileKey& key)
{
    return tiles::TileKey{key.level + 1, key.column / 2, key.row / 2};
}

}  // namespace

TileStream::TileStream(vk::Device& device, TileStreamSource source, std::uint32_t framesInFlight)
    : layout_(source.layout),
      texelsPerPixel_(source.texelsPerPixel),
      atlas_(device, source.layout, source.gpuBudgetBytes, framesInFlight, source.uploadsPerFrame, source.texels),
      cache_(source.cpuBudgetBytes),
      loader_(std::make_unique<tiles::TileLoader>(std::move(source.readerFactory))),
      slotFrames_(framesInFlight, 0),
      filledEntries_(layout_.entryCount(), false)
{
}

TileStream::~TileStream() = default;

void TileStream::readRequests(std::uint32_t frameSlot)
{
    const std::uint64_t drawnIn = slotFrames_.at(frameSlot);
    if (drawnIn == 0) {
        return;
    }
    wanted_.clear();
    missingTiles_ = 0;
    const std::span<const std::uint32_t> words = atlas_.requestWords(frameSlot);
    for (std::size_t word = 0; word < words.size(); ++word) {
        for (std::uint32_t bits = words[word]; bits != 0; bits &= bits - 1) {
            const auto entry = static_cast<std::uint32_t>(word * 32 + static_cast<std::size_t>(std::countr_zero(bits)));
            if (entry >= layout_.entryCount()) {
                continue;
            }
            wanted_.push_back(entry);
            if (!atlas_.resident(entry) || atlas_.residentSince(entry) > drawnIn) {
                ++missingTiles_;
            }
        }
    }
    misses_ += missingTiles_;
}

// Adds `entry` (not resident) and its coarser ancestors that are neither
// resident nor listed yet to `needed`, coarsest first. The first resident
// ancestor is what the shaders fall back to meanwhile: it is marked used so
// that it stays.
void TileStream::addWithAncestors(std::uint32_t entry, std::vector<std::uint32_t>& needed, std::vector<bool>& listed)
{
    std::vector<std::uint32_t> chain;
    for (tiles::TileKey key = layout_.keyOfEntry(entry);; key = parentOf(key)) {
        const std::uint32_t current = layout_.entryOf(key);
        if (atlas_.resident(current)) {
            atlas_.touch(current, frame_);
            break;
        }
        if (!listed[current]) {
            chain.push_back(current);
        }
        if (key.level + 1 >= layout_.levelCount()) {
            break;
        }
    }
    for (auto it = chain.rbegin(); it != chain.rend(); ++it) {
        listed[*it] = true;
        needed.push_back(*it);
    }
}

void TileStream::serveWanted(std::uint32_t frameSlot)
{
    // Coarse levels first (their entries come last): they are the fallback
    // of the finer ones, and few.
    std::sort(wanted_.begin(), wanted_.end(), std::greater<>());
    std::vector<std::uint32_t> needed;
    std::vector<bool> listed(layout_.entryCount(), false);
    for (const std::uint32_t entry : wanted_) {
        if (atlas_.resident(entry)) {
            atlas_.touch(entry, frame_);
            continue;
        }
        addWithAncestors(entry, needed, listed);
    }
    std::vector<tiles::TileKey> reads;
    unservedWanted_ = false;
    for (const std::uint32_t entry : needed) {
        const tiles::TileKey key = layout_.keyOfEntry(entry);
        if (const tiles::Tile* tile = cache_.find(key)) {
            if (atlas_.stage(*tile, entry, frameSlot, frame_)) {
                filledEntries_[entry] = tile->filledSamples > 0;
            } else {
                unservedWanted_ = true;
            }
            continue;
        }
        reads.push_back(key);
    }
    if (!reads.empty()) {
        unservedWanted_ = true;
    }
    loader_->request(std::move(reads));
}

void TileStream::beginFrame(std::uint32_t frameSlot)
{
    ++frame_;
    readRequests(frameSlot);
    for (tiles::Tile& tile : loader_->takeCompleted()) {
        cache_.insert(std::move(tile));
    }
    serveWanted(frameSlot);
    slotFrames_.at(frameSlot) = frame_;
}

void TileStream::dropFilledTiles()
{
    loader_->dropFilled();
    cache_.eraseFilled();
    for (std::uint32_t entry = 0; entry < layout_.entryCount(); ++entry) {
        if (filledEntries_[entry]) {
            atlas_.evict(entry);
            filledEntries_[entry] = false;
        }
    }
}

void TileStream::recordUploads(VkCommandBuffer commands, std::uint32_t frameSlot)
{
    atlas_.recordUploads(commands, frameSlot);
}

void TileStream::recordRequestReadback(VkCommandBuffer commands, std::uint32_t frameSlot)
{
    atlas_.recordRequestReadback(commands, frameSlot);
}

bool TileStream::waitForReads(std::chrono::milliseconds timeout)
{
    const bool idle = loader_->waitUntilIdle(timeout);
    if (const std::optional<std::string> failure = loader_->failure()) {
        throw std::runtime_error(*failure);
    }
    return idle;
}

bool TileStream::settled() const
{
    return missingTiles_ == 0 && !unservedWanted_ && !loader_->busy();
}

std::optional<TileStream::ProbedHeight> TileStream::probe(double levelZeroColumn, double levelZeroRow) const
{
    for (std::uint32_t level = 0; level < layout_.levelCount(); ++level) {
        // Level-k sample i averages level-0 samples [i 2^k, (i + 1) 2^k).
        const double scale = std::ldexp(1.0, -static_cast<int>(level));
        const double column = (levelZeroColumn + 0.5) * scale - 0.5;
        const double row = (levelZeroRow + 0.5) * scale - 0.5;
        const auto lastColumn = static_cast<std::int64_t>(layout_.levelColumns(level)) - 1;
        const auto lastRow = static_cast<std::int64_t>(layout_.levelRows(level)) - 1;
        const auto firstColumn = std::clamp(static_cast<std::int64_t>(std::floor(column)), std::int64_t{0}, lastColumn);
        const auto firstRow = std::clamp(static_cast<std::int64_t>(std::floor(row)), std::int64_t{0}, lastRow);
        const auto secondColumn =
            std::clamp(static_cast<std::int64_t>(std::floor(column)) + 1, std::int64_t{0}, lastColumn);
        const auto secondRow = std::clamp(static_cast<std::int64_t>(std::floor(row)) + 1, std::int64_t{0}, lastRow);
        const std::uint32_t size = layout_.tileSize();
        const tiles::TileKey key{level, static_cast<std::uint32_t>(firstColumn) / size,
                                 static_cast<std::uint32_t>(firstRow) / size};
        const std::uint32_t entry = layout_.entryOf(key);
        if (!atlas_.resident(entry)) {
            continue;
        }
        const std::vector<std::uint16_t> samples = atlas_.readBackTile(entry);
        const std::int64_t side = layout_.storedSize();
        const auto at = [&](std::int64_t x, std::int64_t y) {
            const std::int64_t localX = x - std::int64_t{key.column} * size;
            const std::int64_t localY = y - std::int64_t{key.row} * size;
            return static_cast<double>(samples[static_cast<std::size_t>(localY * side + localX)]) / 65535.0;
        };
        const double weightX = column - std::floor(column);
        const double weightY = row - std::floor(row);
        const double top = at(firstColumn, firstRow) * (1.0 - weightX) + at(secondColumn, firstRow) * weightX;
        const double bottom = at(firstColumn, secondRow) * (1.0 - weightX) + at(secondColumn, secondRow) * weightX;
        return ProbedHeight{level, top * (1.0 - weightY) + bottom * weightY};
    }
    return std::nullopt;
}

const std::uint16_t* TileStream::residentSamples(std::uint32_t entry)
{
    if (entry >= layout_.entryCount() || !atlas_.resident(entry)) {
        return nullptr;
    }
    const tiles::Tile* tile = cache_.find(layout_.keyOfEntry(entry));
    return tile == nullptr ? nullptr : tile->samples.data();
}

std::vector<std::string> TileStream::takeWarnings()
{
    return loader_->takeWarnings();
}

TileStreamStatistics TileStream::statistics() const
{
    TileStreamStatistics statistics;
    statistics.residentTiles = atlas_.residentCount();
    statistics.residentBytes = atlas_.residentBytes();
    statistics.atlasLayers = atlas_.layerCount();
    statistics.gpuBytes = atlas_.deviceBytes();
    statistics.cachedTiles = static_cast<std::uint32_t>(cache_.size());
    statistics.cachedBytes = cache_.bytes();
    statistics.cacheEvictions = cache_.evictions();
    statistics.atlasEvictions = atlas_.evictions();
    statistics.requestedTiles = static_cast<std::uint32_t>(wanted_.size());
    statistics.finestRequestedLevel = layout_.levelCount();
    for (const std::uint32_t entry : wanted_) {
        statistics.finestRequestedLevel = std::min(statistics.finestRequestedLevel, layout_.keyOfEntry(entry).level);
    }
    statistics.missingTiles = missingTiles_;
    statistics.misses = misses_;
    statistics.pendingReads = static_cast<std::uint32_t>(loader_->pendingCount());
    const tiles::LoaderStatistics reads = loader_->statistics();
    statistics.tilesRead = reads.tilesRead;
    statistics.bytesRead = reads.bytesRead;
    statistics.readSeconds = reads.readSeconds;
    statistics.filledTiles = reads.filledTiles;
    statistics.loading = !settled();
    return statistics;
}

}  // namespace tiles::gpu
