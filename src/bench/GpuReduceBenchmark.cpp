// cbt-bench gpu-reduce: the GPU sum reduction (cbt::gpu::SumReductionPass) of
// a random bitfield, next to a vkCmdCopyBuffer of the heap's bytes; with
// --compare-shaders, also the reduction compiled from another shader root,
// in the same frames.
#include "bench/CpuBenchmarks.h"
#include "bench/GpuBenchmarks.h"
#include "bench/GpuFrameTimer.h"

#include "cbt/gpu/ConcurrentBinaryTree.h"
#include "cbt/gpu/SumReductionPass.h"

#include <algorithm>
#include <memory>
#include <optional>
#include <string>

namespace bench {

namespace {

// Dupuy 2020, Table 1: RTX 2080, D = 27, averaged over 100 frames.
constexpr int kPaperDepth = 27;
constexpr double kPaperSumReductionMs = 1.484;
constexpr double kBytesPerGigabyte = 1e9;

void clearBit(std::vector<std::byte>& bytes, std::uint64_t bit)
{
    bytes[bit / 8] &= ~std::byte{static_cast<unsigned char>(1U << (bit % 8))};
}

// The dispatches of the reduction: which levels each one folds.
ReportTable scheduleTable(const std::vector<cbt::gpu::SumReductionDispatch>& schedule)
{
    ReportTable table;
    table.key = "dispatches";
    table.title = "sum-reduction dispatches (one timestamp pair brackets them all)";
    table.columnKeys = {"dispatch", "reads", "writes_levels", "workgroups"};
    table.columnLabels = {"#", "reads", "writes levels", "workgroups"};
    for (std::size_t index = 0; index < schedule.size(); ++index) {
        const cbt::gpu::SumReductionDispatch& dispatch = schedule[index];
        const std::string input = dispatch.fromBitfield ? "bitfield (level " + std::to_string(dispatch.inputDepth) + ")"
                                                        : "level " + std::to_string(dispatch.inputDepth);
        table.rows.push_back({static_cast<std::int64_t>(index), input,
                              std::to_string(dispatch.inputDepth - 1U) + " .. " + std::to_string(dispatch.outputDepth),
                              std::int64_t{dispatch.workgroupCount}});
    }
    return table;
}

}  // namespace

std::vector<std::byte> withoutSumReduction(std::span<const std::byte> heapBytes, int maxDepth)
{
    std::vector<std::byte> bytes(heapBytes.begin(), heapBytes.end());
    const std::uint64_t last = std::uint64_t{3} << maxDepth;        // the bitfield's first bit
    std::uint64_t bit = static_cast<std::uint64_t>(maxDepth) + 3U;  // level 0's first bit
    for (; bit < last && bit % 8 != 0; ++bit) {
        clearBit(bytes, bit);
    }
    for (; bit + 8 <= last; bit += 8) {
        bytes[bit / 8] = std::byte{0};
    }
    for (; bit < last; ++bit) {
        clearBit(bytes, bit);
    }
    return bytes;
}

CommandOutcome runGpuReduce(const GpuReduceOptions& options)
{
    GpuSession session(options.gpu.deviceSelector, options.gpu.validate);
    vk::Device& device = session.device();

    cbt::ConcurrentBinaryTree reference(options.depth, 0);
    fillBitfieldRandomly(reference, options.seed);
    cbt::gpu::ConcurrentBinaryTree tree(device, options.depth);
    // The GPU starts from the bitfield alone, so the result shows the work.
    tree.uploadBytes(withoutSumReduction(reference.bytes(), options.depth));

    const cbt::gpu::SumReductionPass reduction(device, session.shaders(), tree);
    // The candidate kernel: the same pass compiled from the other shader root.
    std::optional<vk::ShaderLibrary> candidateShaders;
    std::unique_ptr<cbt::gpu::SumReductionPass> candidate;
    if (options.compareShaderRoot) {
        candidateShaders.emplace(vk::ShaderLibrary::fromSources(*options.compareShaderRoot));
        candidate = std::make_unique<cbt::gpu::SumReductionPass>(device, *candidateShaders, tree, reduction.variant());
    }
    const CopyFloor copy(device, tree.heapByteSize());
    constexpr std::size_t kReduction = 0;
    constexpr std::size_t kCopy = 1;
    constexpr std::size_t kCandidate = 2;
    vk::TimestampQueries timer(device, 1,
                               candidate ? std::vector<std::string>{"sum reduction", "copy", "candidate"}
                                         : std::vector<std::string>{"sum reduction", "copy"});
    const auto recordTimed = [&](VkCommandBuffer commands, vk::TimestampQueries& frameTimer, std::size_t slot,
                                 const cbt::gpu::SumReductionPass& pass) {
        frameTimer.writeStart(commands, static_cast<std::uint32_t>(slot));
        pass.record(commands);
        frameTimer.writeEnd(commands, static_cast<std::uint32_t>(slot));
        serializeAllCommands(device, commands);
    };
    PassSamples samples;
    runTimedFrames(
        device, timer, options.gpu.iterations,
        [&](VkCommandBuffer commands, vk::TimestampQueries& frameTimer, int frame) {
            // With a candidate, the two reductions swap places every frame.
            if (candidate && frame % 2 == 1) {
                recordTimed(commands, frameTimer, kCandidate, *candidate);
            }
            recordTimed(commands, frameTimer, kReduction, reduction);
            if (candidate && frame % 2 == 0) {
                recordTimed(commands, frameTimer, kCandidate, *candidate);
            }
            frameTimer.writeStart(commands, kCopy);
            copy.record(commands);
            frameTimer.writeEnd(commands, kCopy);
        },
        samples, kWarmUpFrames);
    const std::span<const std::byte> expected = reference.bytes();
    const auto matchesCpuAfter = [&](const cbt::gpu::SumReductionPass& pass) {
        tree.uploadBytes(withoutSumReduction(expected, options.depth));
        device.submitAndWait([&](VkCommandBuffer commands) {
            serializeAllCommands(device, commands);
            pass.record(commands);
            serializeAllCommands(device, commands);
        });
        const std::vector<std::byte> result = tree.downloadBytes();
        return std::equal(result.begin(), result.end(), expected.begin(), expected.end());
    };
    const bool matchesCpu = matchesCpuAfter(reduction);
    const bool candidateMatchesCpu = candidate && matchesCpuAfter(*candidate);

    Report report;
    report.command = "gpu-reduce";
    session.describe(report);
    report.addParameter("depth", "max depth D", std::int64_t{options.depth});
    report.addParameter("iterations", "runs", std::int64_t{options.gpu.iterations});
    report.addParameter("warm_up_frames", "warm-up frames (not timed)", std::int64_t{kWarmUpFrames});
    report.addParameter("seed", "seed", static_cast<std::int64_t>(options.seed));
    report.addParameter("sum_reduction_variant", "sum-reduction variant",
                        std::string(cbt::gpu::sumReductionVariantName(reduction.variant())));

    const double reduceMs = median(samples[kReduction]);
    const double copyMs = median(samples[kCopy]);
    const auto bytes = static_cast<double>(tree.heapByteSize());
    report.addFigure("heap_bytes", "heap size (= bytes copied)", static_cast<std::int64_t>(tree.heapByteSize()),
                     "bytes");
    report.addFigure("leaf_count", "leaf count (CBT[1])", std::int64_t{reference.nodeCount()});
    report.addFigure("dispatches", "reduction dispatches", static_cast<std::int64_t>(reduction.schedule().size()));
    report.addFigure("gpu_matches_cpu", "GPU heap equals CPU reduction", matchesCpu);
    report.addFigure("sum_reduction_median_ms", "sum reduction, median", reduceMs, "ms");
    report.addFigure("copy_median_ms", "copy of the heap, median", copyMs, "ms");
    report.addFigure("ratio_to_copy", "sum reduction / copy", reduceMs / copyMs, "x");
    report.addFigure("copy_gb_per_s", "copy throughput", bytes / (copyMs * 1e-3) / kBytesPerGigabyte, "GB/s");
    if (options.depth == kPaperDepth) {
        report.addFigure("paper_sum_reduction_ms", "paper Table 1 (RTX 2080)", kPaperSumReductionMs, "ms");
        report.notes.push_back(
            "the paper's 1.484 ms is about ten times what an RTX 2080 needs to move 64 MiB; "
            "absolute times compare only on the same device, the ratio is the figure to quote");
    }
    std::vector<PassRow> rows{{"sum reduction", samples[kReduction]}, {"copy (vkCmdCopyBuffer)", samples[kCopy]}};
    if (candidate) {
        const double candidateMs = median(samples[kCandidate]);
        report.addParameter("compare_shaders", "candidate shader root", options.compareShaderRoot->string());
        report.addFigure("candidate_matches_cpu", "candidate heap equals CPU reduction", candidateMatchesCpu);
        report.addFigure("candidate_median_ms", "candidate reduction, median", candidateMs, "ms");
        report.addFigure("candidate_to_built_in", "candidate / built-in reduction", candidateMs / reduceMs, "x");
        rows.push_back({"candidate sum reduction", samples[kCandidate]});
        if (!candidateMatchesCpu) {
            report.notes.push_back("the candidate reduction differs from the CPU reduction");
        }
    }
    report.tables.push_back(passTimeTable("passes", "GPU times (timestamps)", rows, copyMs));
    report.tables.push_back(scheduleTable(reduction.schedule()));
    if (!matchesCpu) {
        report.notes.push_back("the GPU reduction differs from the CPU reduction: the times above are not valid");
    }
    return finishGpuRun(session, std::move(report));
}

}  // namespace bench
