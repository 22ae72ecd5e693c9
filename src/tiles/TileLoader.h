// Reading height tiles off the render thread: a TileLoader owns one
// background thread that reads the tiles requested, most wanted first,
// through a TileReader (dem::makeDemTileReader reads them from a GDAL
// dataset), and hands them back when the renderer asks. Each request
// replaces the queue: the renderer asks every frame for what it lacks now,
// so tiles it no longer wants are not read.
#pragma once

#include "tiles/ReadThread.h"
#include "tiles/TilePyramid.h"

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace tiles {

class TileReader {
public:
    virtual ~TileReader() = default;
    // Reads one tile. Data problems (unreadable blocks, no-data) are filled
    // and reported through takeWarnings; throws only for programming errors.
    virtual Tile read(const TileKey& key) = 0;
    // The warnings of the reads since the last call, one line each.
    virtual std::vector<std::string> takeWarnings() = 0;
};

// Called once, on the loader's thread (GDAL datasets are not thread-safe):
// the reader lives and dies on that thread.
using TileReaderFactory = std::function<std::unique_ptr<TileReader>()>;

struct LoaderStatistics {
    std::uint64_t tilesRead = 0;
    std::uint64_t bytesRead = 0;    // tile bytes produced (Tile::bytes())
    std::uint64_t filledTiles = 0;  // tiles with filledSamples > 0
    double readSeconds = 0.0;       // time spent in TileReader::read
};

class TileLoader {
public:
    // Starts the background thread, which first calls `factory`.
    explicit TileLoader(TileReaderFactory factory);
    // Drops the pending requests and stops the thread once the tile it is
    // reading (if any) is read; waits for that at most kReadThreadStopGrace
    // (a read blocked on a stalled source is left to end on its own).
    ~TileLoader();
    TileLoader(const TileLoader&) = delete;
    TileLoader& operator=(const TileLoader&) = delete;

    // Replaces the pending queue with `keys`, in that order (first = read
    // first). Keys already being read, completed but not yet taken, or
    // repeated in `keys` are skipped.
    void request(std::vector<TileKey> keys);
    // The tiles read since the last call, in completion order.
    std::vector<Tile> takeCompleted();
    // The reader's warnings not yet taken: each distinct text once per
    // loader lifetime.
    std::vector<std::string> takeWarnings();
    // Forgets every tile read with filled samples (Tile::filledSamples)
    // so far: those completed but not taken, and the one being read, when
    // it has filled samples. For a reader whose fill source just changed.
    void dropFilled();
    // Blocks until nothing is pending or being read, or `timeout` passes;
    // true when idle. Also true once the loader failed.
    bool waitUntilIdle(std::chrono::milliseconds timeout);
    // Something is pending or being read.
    [[nodiscard]] bool busy() const;
    [[nodiscard]] std::size_t pendingCount() const;
    [[nodiscard]] LoaderStatistics statistics() const;
    // Set when the factory or a read threw: the exception's what(). The
    // thread then stops reading (the pending queue is dropped and later
    // requests are ignored).
    [[nodiscard]] std::optional<std::string> failure() const;

private:
    // Everything the thread touches: shared with it, since a thread stuck in
    // a read outlives the loader (ReadThread).
    struct State;
    static void run(State& state, const TileReaderFactory& factory);
    static void readPending(State& state, TileReader& reader);

    std::shared_ptr<State> state_;
    ReadThread thread_;  // last: started once the state exists
};

}  // namespace tiles
