// cbt-bench decode: decode every leaf of a full tree (all 2^D leaves), the
// experiment of the 2023 paper's Fig. 11 (Grachev & Ushakov).
#include "bench/CpuBenchmarks.h"

#include <algorithm>
#include <array>
#include <thread>
#include <vector>

namespace bench {

namespace {

// Fig. 11 of Grachev & Ushakov 2023, Intel Core i7-11700: seconds to decode
// every leaf of a full tree, per depth and thread count (1, 2, 4, 8).
struct PaperDecodeRow {
    int depth;
    std::array<double, 4> secondsByThreads;
};
constexpr std::array<PaperDecodeRow, 5> kPaperDecodeTimes{{
    {10, {0.000180, 0.000073, 0.000042, 0.000022}},
    {15, {0.006158, 0.003586, 0.001915, 0.001127}},
    {20, {0.266135, 0.131800, 0.071508, 0.042104}},
    {25, {9.848790, 5.163936, 2.845855, 1.467655}},
    {30, {365.332272, 187.841708, 95.478423, 52.341579}},
}};

}  // namespace

std::uint64_t decodeEveryLeaf(const cbt::ConcurrentBinaryTree& tree, unsigned threads)
{
    const std::uint64_t leafCount = tree.nodeCount();
    const unsigned rangeCount = static_cast<unsigned>(std::clamp<std::uint64_t>(leafCount, 1, std::max(1U, threads)));
    std::vector<std::uint64_t> rangeSums(rangeCount, 0);
    const auto decodeRange = [&](unsigned range) {
        const std::uint64_t first = leafCount * range / rangeCount;
        const std::uint64_t last = leafCount * (range + 1U) / rangeCount;
        std::uint64_t sum = 0;
        for (std::uint64_t leaf = first; leaf < last; ++leaf) {
            sum += tree.decodeNode(static_cast<std::uint32_t>(leaf));
        }
        rangeSums[range] = sum;
    };
    {
        std::vector<std::jthread> helpers;
        helpers.reserve(rangeCount);
        for (unsigned range = 1; range < rangeCount; ++range) {
            helpers.emplace_back(decodeRange, range);
        }
        decodeRange(0);
    }
    std::uint64_t total = 0;
    for (const std::uint64_t sum : rangeSums) {
        total += sum;
    }
    return total;
}

std::uint64_t fullTreeHeapIndexSum(int maxDepth)
{
    const std::uint64_t leafCount = std::uint64_t{1} << maxDepth;
    // sum of 2^D + i for i in [0, 2^D)
    return leafCount * leafCount + leafCount * (leafCount - 1U) / 2U;
}

std::optional<double> paperDecodeSeconds(int depth, unsigned threads)
{
    const std::array<unsigned, 4> threadCounts{1, 2, 4, 8};
    const auto column = std::find(threadCounts.begin(), threadCounts.end(), threads);
    if (column == threadCounts.end()) {
        return std::nullopt;
    }
    for (const PaperDecodeRow& row : kPaperDecodeTimes) {
        if (row.depth == depth) {
            return row.secondsByThreads[static_cast<std::size_t>(column - threadCounts.begin())];
        }
    }
    return std::nullopt;
}

DecodeMeasurement runDecode(const DecodeOptions& options)
{
    DecodeMeasurement measurement;
    const Stopwatch allocation;
    const cbt::ConcurrentBinaryTree tree(options.depth, options.depth);
    measurement.allocationSeconds = allocation.elapsedSeconds();
    measurement.leafCount = tree.nodeCount();

    const std::uint64_t expectedSum = fullTreeHeapIndexSum(options.depth);
    bool verified = true;
    std::vector<double> samples;
    samples.reserve(static_cast<std::size_t>(options.iterations));
    for (int iteration = 0; iteration < options.iterations; ++iteration) {
        const Stopwatch stopwatch;
        const std::uint64_t sum = decodeEveryLeaf(tree, options.threads);
        samples.push_back(stopwatch.elapsedSeconds());
        verified = verified && sum == expectedSum;
    }
    measurement.seconds = summarize(samples);
    measurement.heapIndicesVerified = verified;
    return measurement;
}

Report decodeReport(const DecodeOptions& options, const DecodeMeasurement& measurement)
{
    Report report;
    report.command = "decode";
    report.addParameter("depth", "max depth D", std::int64_t{options.depth});
    report.addParameter("threads", "threads", std::int64_t{options.threads});
    report.addParameter("iterations", "iterations", std::int64_t{options.iterations});

    const double medianSeconds = measurement.seconds.median;
    report.addFigure("leaf_count", "leaves decoded", static_cast<std::int64_t>(measurement.leafCount));
    report.addFigure("heap_indices_verified", "heap indices verified (sum)", measurement.heapIndicesVerified);
    report.addFigure("decode_median_seconds", "decode all leaves, median", medianSeconds, "s");
    report.addFigure("decode_min_seconds", "decode all leaves, fastest", measurement.seconds.minimum, "s");
    report.addFigure("ns_per_leaf", "per leaf (wall clock / leaves)",
                     medianSeconds * 1e9 / static_cast<double>(measurement.leafCount), "ns");
    report.addFigure("allocation_seconds", "allocation + init time", measurement.allocationSeconds, "s");
    if (const auto paperSeconds = paperDecodeSeconds(options.depth, options.threads)) {
        report.addFigure("paper_seconds", "2023 paper Fig. 11, same threads", *paperSeconds, "s");
        report.addFigure("speedup_vs_paper", "speed-up vs 2023 paper", *paperSeconds / medianSeconds, "x");
        report.notes.push_back("the 2023 paper measured on an Intel Core i7-11700");
    }
    return report;
}

}  // namespace bench
