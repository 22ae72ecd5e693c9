// Streaming a large elevation model: the file's own resolution and the
// power-of-two reductions down to the base heightmap the renderer keeps in
// memory are cut into the tiles of a tiles::TilePyramidLayout, read on demand
// (tiles::TileLoader) by a reader over GDAL.
//
// Every level is quantised to one height range (the streaming range), so
// that the samples of a tile and of the base compare directly. A tile of
// level k holds exactly the samples loadDem gives at reduction 2^k with that
// range (the same GDAL reads, the same sample rules and flips), except the
// no-data samples and the samples of blocks GDAL can not read: loadDem fills
// those from their neighbours, the tile reader from the base heightmap
// (bilinear, at the same ground position), as the renderer would show them
// without the tile.
#pragma once

#include "dem/DemLoader.h"
#include "tiles/ReadThread.h"
#include "tiles/TileLoader.h"
#include "tiles/TilePyramid.h"

#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <filesystem>
#include <memory>
#include <mutex>
#include <optional>
#include <vector>

namespace dem {

// Files of at most this many samples get the exact height range: all their
// samples are read once when opened.
inline constexpr std::uint64_t kMaxSamplesForExactRange = std::uint64_t{1} << 26;

// The base samples a tile reader fills the holes of a tile from: the base's
// own, replaced once when a base read in the background arrives. Shared
// between the thread that reads the tiles and the one that replaces them.
class StreamedBaseSamples {
public:
    explicit StreamedBaseSamples(std::vector<std::uint16_t> samples);
    [[nodiscard]] std::shared_ptr<const std::vector<std::uint16_t>> get() const;
    // Throws std::invalid_argument for a different sample count.
    void replace(std::vector<std::uint16_t> samples);

private:
    mutable std::mutex mutex_;
    std::shared_ptr<const std::vector<std::uint16_t>> samples_;
};

// A base whose samples are still to be read: loadDem(path, limits,
// overrides) gives them.
struct PendingBaseRead {
    std::filesystem::path path;
    heightmap::HeightmapLimits limits;
    DemLoadOverrides overrides;
    // The read averages every sample of the file (no overviews); else it
    // was left for later because it goes over a network.
    bool averagesEverySample = false;
};

struct StreamedDem {
    // The in-memory coarse level: the DEM read at reduction
    // 2^layout.levelCount(), quantised to the streaming range (its metadata's
    // minimum and maximum). A placeholder (kPlaceholderSample everywhere)
    // while pendingBase is set.
    DemTerrain base;
    // Level 0 = the file's size; levels 0 .. levelCount - 1 are streamed.
    tiles::TilePyramidLayout layout;
    // What the tile reader fills holes from (base.heightmap.samples).
    std::shared_ptr<StreamedBaseSamples> fillSamples;
    // Set when the base's samples are left for the caller to read
    // (StreamedBaseReader), with the range already fixed.
    std::optional<PendingBaseRead> pendingBase;
    // StreamedDemOptions::landOnlySea: the tile reader places the sea of a
    // model without bathymetry (one whose base has sea) from its coasts.
    std::optional<LandOnlySea> landOnlySea;
    // StreamedDemOptions::noDataDistanceReach: when not 0, the tiles carry
    // their samples' distances to no-data (tiles::Tile::distanceToNoData,
    // capped at dem::noDataDistanceReach of it at their level), and so does
    // the base here (all at the reach while its samples are pending).
    std::uint32_t noDataDistanceReach = 0;
    std::vector<std::uint8_t> baseDistanceToNoData;
};

// When openStreamedDem reads the base's samples.
enum class StreamedBaseTiming {
    Now,
    // Left to the caller (StreamedDem::pendingBase) when the read visits
    // every sample of the file (no overviews, more samples than
    // StreamedDemOptions::backgroundBaseAboveSamples), or when it goes over
    // a network (dem::isRemoteName) to a file that states its range
    // (STATISTICS_MINIMUM and _MAXIMUM, which prepare writes). A window
    // starts drawing on the placeholder while they are read, whatever the
    // server does.
    LaterWhenCostly,
};

struct StreamedDemOptions {
    std::uint32_t tileSize = 256;
    StreamedBaseTiming baseTiming = StreamedBaseTiming::Now;
    // A base read is costly, and its range is not widened to its samples
    // (whichever the timing, so that both give the same base), for a file
    // without overviews of more samples than this.
    std::uint64_t backgroundBaseAboveSamples = kMaxSamplesForExactRange;
    // The base's no-data that meets the coast of a model without bathymetry
    // becomes sea (DemLoadOverrides::landOnlySea), and the streaming range
    // reaches down to its depth; a tile's no-data is filled from the base.
    std::optional<LandOnlySea> landOnlySea;
    // For a model laid over another: the reach, in its own samples (level
    // 0), up to which its samples' distances to no-data are kept
    // (dem/NoDataDistance.h); 0 for none.
    std::uint32_t noDataDistanceReach = 0;
};

// The share of an approximate height range added below and above it.
inline constexpr double kApproximateRangeMargin = 1.0 / 16.0;

// Opens a DEM for streaming. The streaming range is the band's
// STATISTICS_MINIMUM / STATISTICS_MAXIMUM metadata (prepare writes them),
// else its exact lowest and highest height when it is a local file of at most
// kMaxSamplesForExactRange samples without overviews, else GDAL's approximate
// minimum and maximum widened by kApproximateRangeMargin, converted through
// the sample rules (scale, offset, unit) and widened to hold the base's own
// range unless the base read is costly (StreamedDemOptions). The base
// reduction is the smallest power of two >= 2 at which the base fits
// `baseLimits`. Throws HeightmapError (one line naming the file) as loadDem
// does, and std::invalid_argument for a tile size TilePyramidLayout refuses.
StreamedDem openStreamedDem(const std::filesystem::path& path, const heightmap::HeightmapLimits& baseLimits,
                            const StreamedDemOptions& options);
StreamedDem openStreamedDem(const std::filesystem::path& path, const heightmap::HeightmapLimits& baseLimits,
                            std::uint32_t tileSize);

// Puts the samples read for a pending base (StreamedBaseReader::take) in
// place, where nothing reads `streamed` meanwhile: the base, the samples the
// tile readers fill from, the base's distances to no-data; it is then no
// longer pending. Throws std::logic_error when it was not, and
// std::invalid_argument (StreamedBaseSamples::replace) for another size.
void placeStreamedBase(StreamedDem& streamed, DemTerrain base);

// Reads a pending base on a thread of its own (tiles::ReadThread).
// Destroying the reader stops the read (between row strips); a strip read
// blocked on a stalled source is left to end on its own.
class StreamedBaseReader {
public:
    explicit StreamedBaseReader(PendingBaseRead read);

    // The share of the base's rows read (0..1).
    [[nodiscard]] double progress() const { return progress_->load(); }
    // The read finished, or failed.
    [[nodiscard]] bool done() const { return read_.done(); }
    // Blocks until done.
    void waitUntilDone() const { read_.wait(); }
    // Blocks until done or `timeout` passed; true when done.
    [[nodiscard]] bool waitUntilDone(std::chrono::milliseconds timeout) const { return read_.waitFor(timeout); }
    // Once done: the base, or the read's exception rethrown (HeightmapError).
    // Throws std::logic_error before, or when called twice.
    DemTerrain take() { return read_.take(); }

private:
    std::shared_ptr<std::atomic<double>> progress_ = std::make_shared<std::atomic<double>>(0.0);
    tiles::BackgroundRead<DemTerrain> read_;  // last: started once progress_ exists
};

// A reader of the tiles of `dem`, the file at `path`: it opens its own GDAL
// dataset (GDAL datasets are not thread-safe: call it on the thread that
// reads, as a tiles::TileReaderFactory does) and copies what it needs of
// `dem` (the base samples, the layout, the range). Throws HeightmapError when
// the file can not be opened or no longer has the layout's size.
std::unique_ptr<tiles::TileReader> makeDemTileReader(const std::filesystem::path& path, const StreamedDem& dem);

// The size of GDAL's block cache (shared by every dataset of the process),
// which holds the file's blocks that neighbouring tiles read again.
void setGdalCacheBytes(std::size_t bytes);

}  // namespace dem
