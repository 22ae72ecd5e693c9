#include "tiles/TileLoader.h"

#include <exception>
#include <stdexcept>
#include <utility>

namespace tiles {

namespace {

std::string whatOf(const std::exception_ptr& error)
{
    try {
        std::rethrow_exception(error);
    } catch (const std::exception& exception) {
        return exception.what();
    } catch (...) {
        return "unknown exception";
    }
}

}  // namespace

TileLoader::TileLoader(TileReaderFactory factory) : thread_([this, factory = std::move(factory)] { run(factory); }) {}

TileLoader::~TileLoader()
{
    {
        const std::lock_guard lock(mutex_);
        stopping_ = true;
        pending_.clear();
    }
    wake_.notify_all();
    thread_.join();
}

void TileLoader::request(std::vector<TileKey> keys)
{
    {
        const std::lock_guard lock(mutex_);
        pending_.clear();
        if (failure_ || stopping_) {
            return;
        }
        std::set<TileKey> queued;
        for (const TileKey& key : keys) {
            if ((reading_ && *reading_ == key) || completedKeys_.contains(key) || !queued.insert(key).second) {
                continue;
            }
            pending_.push_back(key);
        }
    }
    wake_.notify_one();
}

std::vector<HeightTile> TileLoader::takeCompleted()
{
    const std::lock_guard lock(mutex_);
    completedKeys_.clear();
    return std::exchange(completed_, {});
}

std::vector<std::string> TileLoader::takeWarnings()
{
    const std::lock_guard lock(mutex_);
    return std::exchange(warnings_, {});
}

void TileLoader::dropFilled()
{
    const std::lock_guard lock(mutex_);
    std::erase_if(completed_, [this](const HeightTile& tile) {
        if (tile.filledSamples == 0) {
            return false;
        }
        completedKeys_.erase(tile.key);
        return true;
    });
    dropFilledReading_ = reading_.has_value();
}

bool TileLoader::waitUntilIdle(std::chrono::milliseconds timeout)
{
    std::unique_lock lock(mutex_);
    return changed_.wait_for(lock, timeout, [this] { return idleLocked() || failure_.has_value(); });
}

bool TileLoader::busy() const
{
    const std::lock_guard lock(mutex_);
    return !idleLocked();
}

std::size_t TileLoader::pendingCount() const
{
    const std::lock_guard lock(mutex_);
    return pending_.size();
}

LoaderStatistics TileLoader::statistics() const
{
    const std::lock_guard lock(mutex_);
    return statistics_;
}

std::optional<std::string> TileLoader::failure() const
{
    const std::lock_guard lock(mutex_);
    return failure_;
}

bool TileLoader::idleLocked() const
{
    return pending_.empty() && !reading_;
}

void TileLoader::failLocked(std::string what)
{
    failure_ = std::move(what);
    pending_.clear();
    reading_.reset();
}

void TileLoader::addWarningsLocked(std::vector<std::string> warnings)
{
    for (std::string& warning : warnings) {
        if (warningsSeen_.insert(warning).second) {
            warnings_.push_back(std::move(warning));
        }
    }
}

void TileLoader::run(const TileReaderFactory& factory)
{
    std::unique_ptr<TileReader> reader;
    try {
        reader = factory();
        if (!reader) {
            throw std::runtime_error("the tile reader factory gave no reader");
        }
    } catch (...) {
        const std::string what = whatOf(std::current_exception());
        {
            const std::lock_guard lock(mutex_);
            failLocked(what);
        }
        changed_.notify_all();
        return;
    }
    readPending(*reader);
    // The reader is destroyed here, on the thread it was made on.
}

void TileLoader::readPending(TileReader& reader)
{
    std::unique_lock lock(mutex_);
    while (true) {
        wake_.wait(lock, [this] { return stopping_ || !pending_.empty(); });
        if (stopping_) {
            return;
        }
        const TileKey key = pending_.front();
        pending_.pop_front();
        reading_ = key;
        dropFilledReading_ = false;
        lock.unlock();

        std::optional<HeightTile> tile;
        std::exception_ptr error;
        std::vector<std::string> warnings;
        const auto start = std::chrono::steady_clock::now();
        try {
            tile = reader.read(key);
            warnings = reader.takeWarnings();
        } catch (...) {
            error = std::current_exception();
        }
        const std::chrono::duration<double> seconds = std::chrono::steady_clock::now() - start;
        const std::string what = error ? whatOf(error) : std::string();

        lock.lock();
        addWarningsLocked(std::move(warnings));
        statistics_.readSeconds += seconds.count();
        if (error) {
            failLocked(what);
            lock.unlock();
            changed_.notify_all();
            return;
        }
        ++statistics_.tilesRead;
        statistics_.bytesRead += tile->bytes();
        if (tile->filledSamples > 0) {
            ++statistics_.filledTiles;
        }
        if (!dropFilledReading_ || tile->filledSamples == 0) {
            completedKeys_.insert(key);
            completed_.push_back(std::move(*tile));
        }
        reading_.reset();
        changed_.notify_all();
    }
}

}  // namespace tiles
