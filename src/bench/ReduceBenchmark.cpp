// cbt-bench reduce: the full sum reduction of a random bitfield, next to the
// floor it chases, a memcpy of the heap's bytes on the same machine.
#include "bench/CpuBenchmarks.h"

#include <algorithm>
#include <bit>
#include <cstring>
#include <random>
#include <thread>
#include <vector>

namespace bench {

namespace {

constexpr double kBytesPerGigabyte = 1e9;

std::uint64_t countSetBitfieldBits(const cbt::ConcurrentBinaryTree& tree)
{
    const int maxDepth = tree.maxDepth();
    const std::uint64_t bitfieldBits = std::uint64_t{1} << maxDepth;
    const std::uint64_t firstBit = std::uint64_t{3} << maxDepth;
    const std::span<const std::byte> bytes = tree.bytes();
    std::uint64_t count = 0;
    if (maxDepth >= 3) {  // the bitfield is whole bytes
        for (std::uint64_t byte = firstBit / 8; byte < (firstBit + bitfieldBits) / 8; ++byte) {
            count += static_cast<std::uint64_t>(std::popcount(std::to_integer<unsigned>(bytes[byte])));
        }
        return count;
    }
    for (std::uint64_t bit = firstBit; bit < firstBit + bitfieldBits; ++bit) {
        count += (std::to_integer<unsigned>(bytes[bit / 8]) >> (bit % 8)) & 1U;
    }
    return count;
}

}  // namespace

void fillBitfieldRandomly(cbt::ConcurrentBinaryTree& tree, std::uint64_t seed)
{
    const int maxDepth = tree.maxDepth();
    const std::uint64_t bitfieldBits = std::uint64_t{1} << maxDepth;
    const cbt::HeapIndex firstDeepest = cbt::HeapIndex{1} << maxDepth;
    std::mt19937_64 generator(seed);
    for (std::uint64_t firstBit = 0; firstBit < bitfieldBits; firstBit += 64) {
        std::uint64_t randomBits = generator();
        if (bitfieldBits - firstBit < 64) {
            randomBits &= (std::uint64_t{1} << (bitfieldBits - firstBit)) - 1U;
        }
        while (randomBits != 0) {
            const int offset = std::countr_zero(randomBits);
            randomBits &= randomBits - 1U;
            const std::uint64_t bit = firstBit + static_cast<std::uint64_t>(offset);
            if (bit == 0) {
                continue;  // bitfield bit 0 is always set
            }
            // Bit b (b > 0) encodes node (2^D + b) >> ctz(b), a right child:
            // splitting its parent sets exactly that bit.
            const int zeros = std::countr_zero(bit);
            const auto node = static_cast<cbt::HeapIndex>((firstDeepest + bit) >> zeros);
            tree.splitNode(node / 2U);
        }
    }
    tree.computeSumReductionFull();
}

SampleSummary measureMemcpy(std::span<const std::byte> source, std::span<std::byte> destination, unsigned threads,
                            int iterations)
{
    const std::size_t size = std::min(source.size(), destination.size());
    const unsigned chunkCount = std::max(1U, threads);
    const auto copyChunk = [&](unsigned chunk) {
        const std::size_t first = size * chunk / chunkCount;
        const std::size_t last = size * (chunk + 1U) / chunkCount;
        std::memcpy(destination.data() + first, source.data() + first, last - first);
    };
    std::vector<double> samples;
    samples.reserve(static_cast<std::size_t>(iterations));
    // One untimed copy first so that every destination page is mapped.
    for (int iteration = -1; iteration < iterations; ++iteration) {
        const Stopwatch stopwatch;
        {
            std::vector<std::jthread> helpers;
            helpers.reserve(chunkCount);
            for (unsigned chunk = 1; chunk < chunkCount; ++chunk) {
                helpers.emplace_back(copyChunk, chunk);
            }
            copyChunk(0);
        }
        if (iteration >= 0) {
            samples.push_back(stopwatch.elapsedSeconds());
        }
    }
    return summarize(samples);
}

ReduceMeasurement runReduce(const ReduceOptions& options)
{
    cbt::ConcurrentBinaryTree tree(options.depth, 0);
    fillBitfieldRandomly(tree, options.seed);

    std::vector<double> samples;
    samples.reserve(static_cast<std::size_t>(options.iterations));
    for (int iteration = 0; iteration < options.iterations; ++iteration) {
        const Stopwatch stopwatch;
        tree.computeSumReductionFull();
        samples.push_back(stopwatch.elapsedSeconds());
    }

    ReduceMeasurement measurement;
    measurement.reduceSeconds = summarize(samples);
    measurement.heapBytes = tree.byteSize();
    measurement.leafCount = tree.nodeCount();
    measurement.setBits = countSetBitfieldBits(tree);

    std::vector<std::byte> destination(tree.byteSize());
    measurement.memcpySeconds = measureMemcpy(tree.bytes(), destination, options.threads, options.iterations);
    return measurement;
}

Report reduceReport(const ReduceOptions& options, const ReduceMeasurement& measurement)
{
    Report report;
    report.command = "reduce";
    report.addParameter("depth", "max depth D", std::int64_t{options.depth});
    report.addParameter("iterations", "iterations", std::int64_t{options.iterations});
    report.addParameter("seed", "seed", static_cast<std::int64_t>(options.seed));
    report.addParameter("memcpy_threads", "memcpy threads", std::int64_t{options.threads});
    report.addParameter("hardware_threads", "hardware threads",
                        std::int64_t{std::max(1U, std::thread::hardware_concurrency())});

    const auto bytes = static_cast<double>(measurement.heapBytes);
    const double reduceMs = measurement.reduceSeconds.median * 1e3;
    const double memcpyMs = measurement.memcpySeconds.median * 1e3;
    report.addFigure("heap_bytes", "heap size", static_cast<std::int64_t>(measurement.heapBytes), "bytes");
    report.addFigure("leaf_count", "leaf count (CBT[1])", std::int64_t{measurement.leafCount});
    report.addFigure("reduction_matches_bitfield", "CBT[1] equals the bitfield's set bits",
                     std::uint64_t{measurement.leafCount} == measurement.setBits);
    report.addFigure("reduce_median_ms", "reduction, median", reduceMs, "ms");
    report.addFigure("reduce_min_ms", "reduction, fastest", measurement.reduceSeconds.minimum * 1e3, "ms");
    report.addFigure("reduce_gb_per_s", "reduction throughput (heap bytes)",
                     bytes / measurement.reduceSeconds.median / kBytesPerGigabyte, "GB/s");
    report.addFigure("memcpy_median_ms", "memcpy of the heap, median", memcpyMs, "ms");
    report.addFigure("memcpy_gb_per_s", "memcpy throughput",
                     bytes / measurement.memcpySeconds.median / kBytesPerGigabyte, "GB/s");
    report.addFigure("reduce_to_memcpy_ratio", "reduction / memcpy", reduceMs / memcpyMs, "x");
    report.notes.push_back(
        "the reduction (cbt::ConcurrentBinaryTree::computeSumReductionFull) chooses its own thread count "
        "(up to the hardware threads); --threads sets the threads of the memcpy floor");
    return report;
}

}  // namespace bench
