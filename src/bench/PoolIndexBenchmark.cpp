// cbt-bench pool-index: the two occupancy indexes of the bisector pool
// (bisector::SumTreeIndex, bisector::FenwickIndex) on the same frames.
//
// The pool starts half full at random. One frame: K random slots flip in the
// bits; then each index
//   - applies the K flips with set / clear (its incremental instance),
//   - rebuilds from the bits (its rebuilt instance), and
//   - answers K selectFree queries at random ranks (the rebuilt instance).
// A frame's time is rebuild + selects, what the allocator pays when it
// rebuilds the tree every update; the incremental time is reported beside
// it. The indexes take turns at going first, frame by frame, so that drift
// of the machine's speed falls on both. The floors: a popcount pass over the
// bits (the least any rebuild does) and the memory of the bits alone.
#include "bench/CpuBenchmarks.h"

#include "bisector/OccupancyIndex.h"

#include <algorithm>
#include <bit>
#include <limits>
#include <memory>
#include <random>
#include <vector>

namespace bench {

namespace {

constexpr std::array<bisector::OccupancyIndexKind, 2> kIndexKinds{bisector::OccupancyIndexKind::SumTree,
                                                                  bisector::OccupancyIndexKind::Fenwick};
// Queries per frame asked of the incremental instance too, to compare it with the rebuilt one.
constexpr std::size_t kIncrementalCheckQueries = 1024;
constexpr double kMilliseconds = 1e3;
constexpr double kNanoseconds = 1e9;

struct SlotChange {
    std::uint32_t slot;
    bool used;  // the slot's state after the flip
};

struct FrameInput {
    std::vector<SlotChange> changes;
    std::vector<std::uint32_t> ranks;  // of free slots, each below the free count after the changes
};

// One kind of index: an instance rebuilt every frame and one kept up to date with set / clear.
struct IndexUnderTest {
    std::unique_ptr<bisector::OccupancyIndex> rebuilt;
    std::unique_ptr<bisector::OccupancyIndex> incremental;
    std::vector<std::uint32_t> answers;
    std::vector<double> rebuildSamples, selectSamples, frameSamples, incrementalSamples;
};

// A uniform integer below `bound` (>= 1) from the top 32 bits of a draw.
std::uint32_t randomBelow(std::mt19937_64& generator, std::uint32_t bound)
{
    return static_cast<std::uint32_t>(((generator() >> 32U) * bound) >> 32U);
}

bool slotIsUsed(const std::vector<std::uint64_t>& words, std::uint32_t slot)
{
    return ((words[slot / bisector::kSlotsPerWord] >> (slot % bisector::kSlotsPerWord)) & 1U) != 0;
}

std::vector<SlotChange> flipRandomSlots(std::vector<std::uint64_t>& words, std::uint32_t poolSize, std::uint32_t count,
                                        std::mt19937_64& generator)
{
    std::vector<SlotChange> changes(count);
    for (SlotChange& change : changes) {
        change.slot = randomBelow(generator, poolSize);
        words[change.slot / bisector::kSlotsPerWord] ^= std::uint64_t{1} << (change.slot % bisector::kSlotsPerWord);
        change.used = slotIsUsed(words, change.slot);
    }
    return changes;
}

std::uint64_t popcountPass(const std::vector<std::uint64_t>& words)
{
    std::uint64_t count = 0;
    for (const std::uint64_t word : words) {
        count += static_cast<std::uint64_t>(std::popcount(word));
    }
    return count;
}

// Runs one index through one frame; returns whether its incremental
// instance agrees with the rebuilt one (count and the first answers).
bool runIndexFrame(IndexUnderTest& index, const std::vector<std::uint64_t>& words, const FrameInput& frame, bool timed)
{
    Stopwatch stopwatch;
    for (const SlotChange& change : frame.changes) {
        change.used ? index.incremental->set(change.slot) : index.incremental->clear(change.slot);
    }
    const double incrementalSeconds = stopwatch.elapsedSeconds();
    stopwatch.restart();
    index.rebuilt->rebuild(words);
    const double rebuildSeconds = stopwatch.elapsedSeconds();
    stopwatch.restart();
    for (std::size_t query = 0; query < frame.ranks.size(); ++query) {
        index.answers[query] = index.rebuilt->selectFree(frame.ranks[query]);
    }
    const double selectSeconds = stopwatch.elapsedSeconds();
    if (timed) {
        index.incrementalSamples.push_back(incrementalSeconds);
        index.rebuildSamples.push_back(rebuildSeconds);
        index.selectSamples.push_back(selectSeconds);
        index.frameSamples.push_back(rebuildSeconds + selectSeconds);
    }
    bool matches = index.incremental->usedCount() == index.rebuilt->usedCount();
    for (std::size_t query = 0; query < std::min(frame.ranks.size(), kIncrementalCheckQueries); ++query) {
        matches = matches && index.incremental->selectFree(frame.ranks[query]) == index.answers[query];
    }
    return matches;
}

}  // namespace

PoolIndexMeasurement runPoolIndex(const PoolIndexOptions& options)
{
    const std::uint32_t poolSize = options.poolSize;
    std::mt19937_64 generator(options.seed);
    std::vector<std::uint64_t> words(bisector::occupancyWordCount(poolSize));
    std::generate(words.begin(), words.end(), [&generator] { return generator(); });

    std::array<IndexUnderTest, kIndexKinds.size()> indexes;
    for (std::size_t kind = 0; kind < kIndexKinds.size(); ++kind) {
        indexes[kind].rebuilt = bisector::makeOccupancyIndex(kIndexKinds[kind], poolSize);
        indexes[kind].incremental = bisector::makeOccupancyIndex(kIndexKinds[kind], poolSize);
        indexes[kind].incremental->rebuild(words);
        indexes[kind].answers.resize(options.changes);
    }

    PoolIndexMeasurement measurement;
    std::vector<double> popcountSamples;
    // Frame -1 is a warm-up: every page touched, every check made, nothing timed.
    for (int iteration = -1; iteration < options.iterations; ++iteration) {
        FrameInput frame;
        frame.changes = flipRandomSlots(words, poolSize, options.changes, generator);
        const Stopwatch popcountStopwatch;
        const std::uint64_t usedSlots = popcountPass(words);
        const double popcountSeconds = popcountStopwatch.elapsedSeconds();
        const auto freeSlots = static_cast<std::uint32_t>(poolSize - usedSlots);
        frame.ranks.resize(freeSlots == 0 ? 0U : options.changes);
        std::generate(frame.ranks.begin(), frame.ranks.end(),
                      [&generator, freeSlots] { return randomBelow(generator, freeSlots); });

        const bool timed = iteration >= 0;
        const std::size_t first = iteration % 2 == 0 ? 0U : 1U;
        for (const std::size_t kind : {first, 1U - first}) {
            indexes[kind].answers.resize(frame.ranks.size());
            measurement.incrementalMatchesRebuild =
                runIndexFrame(indexes[kind], words, frame, timed) && measurement.incrementalMatchesRebuild;
        }
        measurement.indexesAgree = measurement.indexesAgree && indexes[0].answers == indexes[1].answers;
        measurement.answersAreFree = measurement.answersAreFree &&
                                     std::none_of(indexes[0].answers.begin(), indexes[0].answers.end(),
                                                  [&words](std::uint32_t slot) { return slotIsUsed(words, slot); });
        if (timed) {
            popcountSamples.push_back(popcountSeconds);
        }
        measurement.usedSlots = static_cast<std::uint32_t>(usedSlots);
    }

    measurement.poolSize = poolSize;
    measurement.changes = options.changes;
    measurement.popcountSeconds = summarize(popcountSamples);
    for (std::size_t kind = 0; kind < kIndexKinds.size(); ++kind) {
        PoolIndexTimings& timings = measurement.indexes[kind];
        timings.name = std::string(indexes[kind].rebuilt->name());
        timings.bytes = indexes[kind].rebuilt->bytes();
        timings.rebuildSeconds = summarize(indexes[kind].rebuildSamples);
        timings.selectSeconds = summarize(indexes[kind].selectSamples);
        timings.frameSeconds = summarize(indexes[kind].frameSamples);
        timings.incrementalSeconds = summarize(indexes[kind].incrementalSamples);
    }
    return measurement;
}

Report poolIndexReport(const PoolIndexOptions& options, const PoolIndexMeasurement& measurement)
{
    Report report;
    report.command = "pool-index";
    report.addParameter("pool_size", "pool size P", std::int64_t{options.poolSize}, "slots");
    report.addParameter("changes", "flips and selects per frame K", std::int64_t{options.changes});
    report.addParameter("iterations", "frames timed", std::int64_t{options.iterations});
    report.addParameter("seed", "seed", static_cast<std::int64_t>(options.seed));

    const double slots = options.poolSize;
    const double bitBytes = slots / 8.0;
    const double popcountMs = measurement.popcountSeconds.median * kMilliseconds;
    const double changes = options.changes;
    report.addFigure("bitfield_bytes", "the bits alone (memory floor)", static_cast<std::int64_t>(bitBytes), "bytes");
    report.addFigure("popcount_ms", "popcount pass over the bits (rebuild floor)", popcountMs, "ms");
    report.addFigure("used_slots", "used slots after the last frame", std::int64_t{measurement.usedSlots});
    report.addFigure("indexes_agree", "both indexes give the same slot for every query", measurement.indexesAgree);
    report.addFigure("answers_are_free", "every answer is a free slot", measurement.answersAreFree);
    report.addFigure("incremental_matches_rebuild", "set / clear reach the state a rebuild gives",
                     measurement.incrementalMatchesRebuild);

    const PoolIndexTimings& sumTree = measurement.indexes[0];
    const PoolIndexTimings& fenwick = measurement.indexes[1];
    const double frameRatio = sumTree.frameSeconds.median / fenwick.frameSeconds.median;
    report.addFigure("faster_per_frame", "faster per frame (rebuild + selects)",
                     frameRatio > 1.0 ? fenwick.name : sumTree.name);
    report.addFigure("sum_tree_to_fenwick_frame", "sum-tree frame / fenwick frame", frameRatio, "x");
    report.addFigure("default_index", "bisector::kDefaultOccupancyIndex",
                     std::string(bisector::occupancyIndexName(bisector::kDefaultOccupancyIndex)));

    ReportTable table;
    table.key = "indexes";
    table.title = "per index (medians over the frames), and the floors";
    table.columnKeys = {"index",          "bytes",
                        "bytes_per_slot", "bytes_to_bits",
                        "rebuild_ms",     "rebuild_to_popcount",
                        "select_ns",      "frame_ms",
                        "incremental_ms", "incremental_ns_per_change"};
    table.columnLabels = {"index",      "bytes",     "bytes/slot", "/ bits",         "rebuild ms",
                          "/ popcount", "select ns", "frame ms",   "incremental ms", "ns/change"};
    for (const PoolIndexTimings& index : measurement.indexes) {
        const double bytes = static_cast<double>(index.bytes);
        const double rebuildMs = index.rebuildSeconds.median * kMilliseconds;
        const double incrementalSeconds = index.incrementalSeconds.median;
        table.rows.push_back({index.name, static_cast<std::int64_t>(index.bytes), bytes / slots, bytes / bitBytes,
                              rebuildMs, rebuildMs / popcountMs, index.selectSeconds.median / changes * kNanoseconds,
                              index.frameSeconds.median * kMilliseconds, incrementalSeconds * kMilliseconds,
                              incrementalSeconds / changes * kNanoseconds});
    }
    const double notMeasured = std::numeric_limits<double>::quiet_NaN();
    table.rows.push_back({std::string("floor: bits, popcount"), static_cast<std::int64_t>(bitBytes), bitBytes / slots,
                          1.0, popcountMs, 1.0, notMeasured, notMeasured, notMeasured, notMeasured});
    report.tables.push_back(std::move(table));

    report.notes.push_back(
        "a frame: K random slots flip, then each index rebuilds from the bits and answers K selects of a free slot "
        "at random ranks (frame = rebuild + selects); incremental: the same K flips applied with set / clear");
    report.notes.push_back("both indexes run on one thread and take turns at going first, frame by frame");
    return report;
}

std::string poolIndexFailedCheck(const PoolIndexMeasurement& measurement)
{
    if (!measurement.indexesAgree) {
        return "the sum-tree and fenwick indexes returned different slots for the same query";
    }
    if (!measurement.answersAreFree) {
        return "an index returned a slot that is in use";
    }
    if (!measurement.incrementalMatchesRebuild) {
        return "set / clear did not reach the state that a rebuild gives";
    }
    return {};
}

CommandOutcome runPoolIndexCommand(const PoolIndexOptions& options)
{
    const PoolIndexMeasurement measurement = runPoolIndex(options);
    CommandOutcome outcome;
    outcome.report = poolIndexReport(options, measurement);
    outcome.failedCheck = poolIndexFailedCheck(measurement);
    return outcome;
}

}  // namespace bench
