// The CPU subcommands of cbt-bench: refine (paper Table 2), reduce and decode
// (2023 paper Fig. 11), pool-index (the bisector pool's occupancy indexes). Each has a measuring function returning plain
// figures (used by the tests) and a function turning them into a Report.
#pragma once

#include "bench/BenchCommandLine.h"
#include "bench/BenchReport.h"
#include "bench/Timing.h"
#include "bisector/Pool.h"
#include "cbt/ConcurrentBinaryTree.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>

namespace bench {

// ---- refine -----------------------------------------------------------------

struct RefineMeasurement {
    std::uint32_t leafCount = 0;
    int passes = 0;
    double refineSeconds = 0.0;      // refineAroundPoint only
    double allocationSeconds = 0.0;  // allocating the heap and initialising it (init depth below)
    int initDepth = 0;               // 1 for the square domain (its two root triangles), 0 for the triangle
    std::size_t heapBytes = 0;
};

struct RefineRun {
    cbt::ConcurrentBinaryTree tree;  // the refined tree
    RefineMeasurement measurement;
};

// Allocates a tree of max depth options.depth at the domain's init depth and
// refines it around options.point (leb::refineAroundPoint).
RefineRun runRefine(const RefineOptions& options);

// The paper's Table 2 time (AMD Threadripper 3960X, D = 27) for a thread
// count it lists (1, 2, 4, 8, 16), if any.
std::optional<double> paperRefineSeconds(unsigned threads);

Report refineReport(const RefineOptions& options, const RefineMeasurement& measurement);

// ---- refine --cbt pool ----------------------------------------------------------

struct PoolRefineMeasurement {
    std::uint32_t leafCount = 0;
    int frames = 0;              // pool updates, the last of which changed nothing
    int deepestLeaf = 0;         // the greatest leaf depth reached (counted as the heap counts)
    double refineSeconds = 0.0;  // bisector::refineAroundPoint only
    double allocationSeconds = 0.0;
    std::size_t poolBytes = 0;  // keys, links and the occupancy index of the CPU pool
};

struct PoolRefineRun {
    bisector::Pool pool;  // the refined pool
    PoolRefineMeasurement measurement;
};

// A pool of options.poolSize slots on the unit square's four roots, max
// depth options.depth, refined around options.point as typed
// (bisector::refineAroundPoint). Throws std::runtime_error when the pool is
// too small for the depth.
PoolRefineRun runPoolRefine(const RefineOptions& options);
Report poolRefineReport(const RefineOptions& options, const PoolRefineMeasurement& measurement);

// ---- reduce -----------------------------------------------------------------

// Sets each bitfield bit but the first (which is always set) with
// probability 1/2, from a seeded generator, through splitNode, then runs a
// full reduction. The same seed gives the same bytes.
void fillBitfieldRandomly(cbt::ConcurrentBinaryTree& tree, std::uint64_t seed);

// Median time of copying `source` into `destination` (same size) with
// std::memcpy split over `threads` threads, over `iterations` runs.
SampleSummary measureMemcpy(std::span<const std::byte> source, std::span<std::byte> destination, unsigned threads,
                            int iterations);

struct ReduceMeasurement {
    SampleSummary reduceSeconds;  // computeSumReductionFull
    SampleSummary memcpySeconds;  // memcpy of the heap's bytes
    std::size_t heapBytes = 0;
    std::uint32_t leafCount = 0;  // CBT[1] after the reduction
    std::uint64_t setBits = 0;    // bits set in the bitfield (must equal leafCount)
};

ReduceMeasurement runReduce(const ReduceOptions& options);
Report reduceReport(const ReduceOptions& options, const ReduceMeasurement& measurement);

// ---- decode -----------------------------------------------------------------

// Decodes leaves [0, nodeCount) of `tree` over `threads` threads (contiguous
// ranges) and returns the sum of the heap indices found.
std::uint64_t decodeEveryLeaf(const cbt::ConcurrentBinaryTree& tree, unsigned threads);

// The sum of the heap indices of every leaf of a full tree of max depth D:
// leaves are 2^D .. 2^(D+1) - 1.
std::uint64_t fullTreeHeapIndexSum(int maxDepth);

// The 2023 paper's Fig. 11 time (Intel Core i7-11700) for depths 10, 15,
// 20, 25, 30 and 1, 2, 4 or 8 threads, if listed.
std::optional<double> paperDecodeSeconds(int depth, unsigned threads);

struct DecodeMeasurement {
    SampleSummary seconds;
    std::uint64_t leafCount = 0;
    double allocationSeconds = 0.0;
    bool heapIndicesVerified = false;  // every run's heap-index sum equals fullTreeHeapIndexSum
};

DecodeMeasurement runDecode(const DecodeOptions& options);
Report decodeReport(const DecodeOptions& options, const DecodeMeasurement& measurement);

// ---- pool-index ----------------------------------------------------------------

// One index's figures over the timed frames.
struct PoolIndexTimings {
    std::string name;  // "sum-tree", "fenwick"
    std::size_t bytes = 0;
    SampleSummary rebuildSeconds;      // rebuild from the bits
    SampleSummary selectSeconds;       // the K selects of a free slot
    SampleSummary frameSeconds;        // rebuild + selects of the same frame
    SampleSummary incrementalSeconds;  // the K flips applied with set / clear
};

struct PoolIndexMeasurement {
    std::uint32_t poolSize = 0;
    std::uint32_t changes = 0;
    std::uint32_t usedSlots = 0;    // after the last frame
    SampleSummary popcountSeconds;  // a popcount pass over the bits: the floor of any rebuild
    // In bisector::OccupancyIndexKind order: sum tree, then Fenwick.
    std::array<PoolIndexTimings, 2> indexes;
    bool indexesAgree = true;               // both gave the same slot for every query
    bool answersAreFree = true;             // every answer is a free slot of the bits
    bool incrementalMatchesRebuild = true;  // set / clear led to the state a rebuild gives
};

// Half the slots used at random, then one untimed and options.iterations
// timed frames, the two indexes taking turns at going first.
PoolIndexMeasurement runPoolIndex(const PoolIndexOptions& options);
Report poolIndexReport(const PoolIndexOptions& options, const PoolIndexMeasurement& measurement);
// What went wrong, in one line, when a check of the run failed; empty otherwise.
std::string poolIndexFailedCheck(const PoolIndexMeasurement& measurement);
// runPoolIndex, its report, and poolIndexFailedCheck (which makes cbt-bench exit 1).
CommandOutcome runPoolIndexCommand(const PoolIndexOptions& options);

}  // namespace bench
