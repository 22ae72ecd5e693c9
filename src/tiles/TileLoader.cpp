#include "tiles/TileLoader.h"

#include <condition_variable>
#include <deque>
#include <exception>
#include <mutex>
#include <set>
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

struct TileLoader::State {
    mutable std::mutex mutex;
    std::condition_variable wake;     // the thread: a request, or stopping
    std::condition_variable changed;  // waitUntilIdle: a tile done, or a failure
    std::deque<TileKey> pending;
    std::optional<TileKey> reading;
    bool dropFilledReading = false;  // dropFilled came while `reading` was read
    std::vector<Tile> completed;
    std::set<TileKey> completedKeys;
    std::vector<std::string> warnings;
    std::set<std::string> warningsSeen;
    LoaderStatistics statistics;
    std::optional<std::string> failure;
    bool stopping = false;

    [[nodiscard]] bool idleLocked() const { return pending.empty() && !reading; }

    void failLocked(std::string what)
    {
        failure = std::move(what);
        pending.clear();
        reading.reset();
    }

    void addWarningsLocked(std::vector<std::string> added)
    {
        for (std::string& warning : added) {
            if (warningsSeen.insert(warning).second) {
                warnings.push_back(std::move(warning));
            }
        }
    }
};

TileLoader::TileLoader(TileReaderFactory factory)
    : state_(std::make_shared<State>()),
      thread_([state = state_, factory = std::move(factory)](const std::stop_token&) { run(*state, factory); })
{
}

TileLoader::~TileLoader()
{
    {
        const std::lock_guard lock(state_->mutex);
        state_->stopping = true;
        state_->pending.clear();
    }
    state_->wake.notify_all();
    // thread_ goes first (the last member): it waits for the read in progress
    // within its grace.
}

void TileLoader::request(std::vector<TileKey> keys)
{
    State& state = *state_;
    {
        const std::lock_guard lock(state.mutex);
        state.pending.clear();
        if (state.failure || state.stopping) {
            return;
        }
        std::set<TileKey> queued;
        for (const TileKey& key : keys) {
            if ((state.reading && *state.reading == key) || state.completedKeys.contains(key) ||
                !queued.insert(key).second) {
                continue;
            }
            state.pending.push_back(key);
        }
    }
    state.wake.notify_one();
}

std::vector<Tile> TileLoader::takeCompleted()
{
    const std::lock_guard lock(state_->mutex);
    state_->completedKeys.clear();
    return std::exchange(state_->completed, {});
}

std::vector<std::string> TileLoader::takeWarnings()
{
    const std::lock_guard lock(state_->mutex);
    return std::exchange(state_->warnings, {});
}

void TileLoader::dropFilled()
{
    State& state = *state_;
    const std::lock_guard lock(state.mutex);
    std::erase_if(state.completed, [&state](const Tile& tile) {
        if (tile.filledSamples == 0) {
            return false;
        }
        state.completedKeys.erase(tile.key);
        return true;
    });
    state.dropFilledReading = state.reading.has_value();
}

bool TileLoader::waitUntilIdle(std::chrono::milliseconds timeout)
{
    State& state = *state_;
    std::unique_lock lock(state.mutex);
    return state.changed.wait_for(lock, timeout, [&state] { return state.idleLocked() || state.failure.has_value(); });
}

bool TileLoader::busy() const
{
    const std::lock_guard lock(state_->mutex);
    return !state_->idleLocked();
}

std::size_t TileLoader::pendingCount() const
{
    const std::lock_guard lock(state_->mutex);
    return state_->pending.size();
}

LoaderStatistics TileLoader::statistics() const
{
    const std::lock_guard lock(state_->mutex);
    return state_->statistics;
}

std::optional<std::string> TileLoader::failure() const
{
    const std::lock_guard lock(state_->mutex);
    return state_->failure;
}

void TileLoader::run(State& state, const TileReaderFactory& factory)
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
            const std::lock_guard lock(state.mutex);
            state.failLocked(what);
        }
        state.changed.notify_all();
        return;
    }
    readPending(state, *reader);
    // The reader is destroyed here, on the thread it was made on.
}

void TileLoader::readPending(State& state, TileReader& reader)
{
    std::unique_lock lock(state.mutex);
    while (true) {
        state.wake.wait(lock, [&state] { return state.stopping || !state.pending.empty(); });
        if (state.stopping) {
            return;
        }
        const TileKey key = state.pending.front();
        state.pending.pop_front();
        state.reading = key;
        state.dropFilledReading = false;
        lock.unlock();

        std::optional<Tile> tile;
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
        state.addWarningsLocked(std::move(warnings));
        state.statistics.readSeconds += seconds.count();
        if (error) {
            state.failLocked(what);
            lock.unlock();
            state.changed.notify_all();
            return;
        }
        ++state.statistics.tilesRead;
        state.statistics.bytesRead += tile->bytes();
        if (tile->filledSamples > 0) {
            ++state.statistics.filledTiles;
        }
        if (!state.dropFilledReading || tile->filledSamples == 0) {
            state.completedKeys.insert(key);
            state.completed.push_back(std::move(*tile));
        }
        state.reading.reset();
        state.changed.notify_all();
    }
}

}  // namespace tiles
