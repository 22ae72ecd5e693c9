// cbt-bench gpu-update: the CBT update pipeline (leb::gpu::UpdatePipeline:
// dispatcher -> subdivision -> sum reduction -> dispatcher) refining around
// a point with leb::gpu::PointCriterion, split and merge phases alternating
// frame by frame as leb::refineAroundPoint does. Timed while refining (from
// the root triangles to the fixed point, repeated until enough frames) and
// once converged (the fixed point, where no leaf splits or merges).
#include "bench/GpuBenchmarks.h"
#include "bench/GpuFrameTimer.h"
#include "bench/GpuHeapUpdate.h"

#include "cbt/gpu/ConcurrentBinaryTree.h"
#include "leb/PointRefinement.h"
#include "leb/gpu/PointCriterion.h"
#include "leb/gpu/UpdatePipeline.h"

#include <algorithm>
#include <numeric>

namespace bench {

namespace {

// Dupuy 2020, Table 1: RTX 2080, D = 27, terrain, averaged over 100 frames.
constexpr int kPaperDepth = 27;
constexpr double kPaperDispatcherMs = 0.017;
constexpr double kPaperSubdivisionMs = 0.035;
constexpr double kPaperSumReductionMs = 1.484;

// Pass indices of the timer: the pipeline's four, then the copy.
constexpr std::size_t kDispatcherPass = 0;
constexpr std::size_t kSubdivisionPass = 1;
constexpr std::size_t kSumReductionPass = 2;
constexpr std::size_t kNewTreeDispatcherPass = 3;
constexpr std::size_t kCopyPass = 4;

std::vector<std::string> timerPassNames()
{
    std::vector<std::string> names = leb::gpu::UpdatePipeline::timestampPassNames();
    names.emplace_back("copy");
    return names;
}

std::vector<PassRow> updateRows(const PassSamples& samples)
{
    return {
        {"dispatcher", samples[kDispatcherPass]},
        {"subdivision", samples[kSubdivisionPass]},
        {"sum reduction", samples[kSumReductionPass]},
        {"dispatcher (new tree)", samples[kNewTreeDispatcherPass]},
        {"update (4 passes)",
         summedPassTimes(samples, {kDispatcherPass, kSubdivisionPass, kSumReductionPass, kNewTreeDispatcherPass})},
        {"copy (vkCmdCopyBuffer)", samples[kCopyPass]},
    };
}

bool sameBytes(std::span<const std::byte> actual, std::span<const std::byte> expected)
{
    return std::equal(actual.begin(), actual.end(), expected.begin(), expected.end());
}

void addPhaseFigures(Report& report, const std::string& prefix, const std::string& phase, const PassSamples& samples)
{
    const double dispatcherMs = median(samples[kDispatcherPass]);
    const double subdivisionMs = median(samples[kSubdivisionPass]);
    const double reductionMs = median(samples[kSumReductionPass]);
    const double copyMs = median(samples[kCopyPass]);
    report.addFigure(prefix + "_frames", phase + ": frames timed", static_cast<std::int64_t>(samples[0].size()));
    report.addFigure(prefix + "_sum_reduction_ratio_to_copy", phase + ": sum reduction / copy", reductionMs / copyMs,
                     "x");
    report.addFigure(prefix + "_dispatcher_plus_subdivision_below_reduction",
                     phase + ": dispatcher + subdivision < sum reduction", dispatcherMs + subdivisionMs < reductionMs);
}

}  // namespace

HeapUpdateRun measureHeapUpdate(vk::Device& device, const vk::ShaderLibrary& shaders, int depth, glm::dvec2 point,
                                leb::Domain domain, int iterations)
{
    const int initDepth = domain == leb::Domain::Square ? 1 : 0;
    const cbt::ConcurrentBinaryTree initial(depth, initDepth);
    cbt::ConcurrentBinaryTree reference = initial;
    const leb::RefineResult cpu = leb::refineAroundPoint(reference, point, domain, 1);

    cbt::gpu::ConcurrentBinaryTree tree(device, initial);
    const leb::gpu::PointCriterion criterion(device, point);
    const leb::gpu::UpdatePipeline pipeline(device, shaders, tree, criterion.criterion(), domain);
    const CopyFloor copy(device, tree.heapByteSize());
    vk::TimestampQueries timer(device, 1, timerPassNames());
    const FrameRecorder recordFrame = [&](VkCommandBuffer commands, vk::TimestampQueries& frameTimer, int frame) {
        const auto phase = frame % 2 == 0 ? leb::gpu::SubdivisionPhase::Split : leb::gpu::SubdivisionPhase::Merge;
        pipeline.record(commands, phase, criterion.descriptorSet(), &frameTimer);
        serializeAllCommands(device, commands);
        frameTimer.writeStart(commands, static_cast<std::uint32_t>(kCopyPass));
        copy.record(commands);
        frameTimer.writeEnd(commands, static_cast<std::uint32_t>(kCopyPass));
    };

    HeapUpdateRun run;
    run.cpuPasses = cpu.passes;
    run.heapBytes = tree.heapByteSize();
    run.sumReductionVariant = cbt::gpu::sumReductionVariantName(pipeline.sumReduction().variant());
    // While refining: the CPU reference's number of passes from the initial
    // tree (its last round changes nothing), repeated until enough frames.
    while (run.refining.empty() || run.refining[0].size() < static_cast<std::size_t>(iterations)) {
        if (run.refinements > 0) {
            tree.upload(initial);
        }
        runTimedFrames(device, timer, cpu.passes, recordFrame, run.refining);
        ++run.refinements;
        run.matchesCpu = run.matchesCpu && sameBytes(tree.downloadBytes(), reference.bytes());
    }
    // Converged: the fixed point, split and merge phases still alternating.
    runTimedFrames(device, timer, iterations, recordFrame, run.converged);
    run.matchesCpu = run.matchesCpu && sameBytes(tree.downloadBytes(), reference.bytes());
    run.leafCount = pipeline.dispatcher().download().leafCount;
    return run;
}

std::vector<double> heapUpdateMilliseconds(const PassSamples& samples)
{
    return summedPassTimes(samples, {kDispatcherPass, kSubdivisionPass, kSumReductionPass, kNewTreeDispatcherPass});
}

CommandOutcome runGpuUpdate(const GpuUpdateOptions& options)
{
    GpuSession session(options.gpu.deviceSelector, options.gpu.validate);
    const HeapUpdateRun run = measureHeapUpdate(session.device(), session.shaders(), options.depth, options.point,
                                                options.domain, options.gpu.iterations);
    const PassSamples& refining = run.refining;
    const PassSamples& converged = run.converged;

    Report report;
    report.command = "gpu-update";
    session.describe(report);
    report.addParameter("depth", "max depth D", std::int64_t{options.depth});
    report.addParameter("point_x", "point x", options.point.x);
    report.addParameter("point_y", "point y", options.point.y);
    report.addParameter("domain", "domain", std::string(options.domain == leb::Domain::Square ? "square" : "triangle"));
    report.addParameter("iterations", "frames per phase (at least)", std::int64_t{options.gpu.iterations});
    report.addParameter("sum_reduction_variant", "sum-reduction variant", run.sumReductionVariant);

    report.addFigure("heap_bytes", "heap size (= bytes copied)", static_cast<std::int64_t>(run.heapBytes), "bytes");
    report.addFigure("leaf_count", "leaf count (GPU, converged)", std::int64_t{run.leafCount});
    report.addFigure("frames_to_converge", "frames per refinement (CPU passes)", std::int64_t{run.cpuPasses});
    report.addFigure("refinements", "refinements timed", std::int64_t{run.refinements});
    report.addFigure("gpu_matches_cpu", "GPU heap equals CPU refineAroundPoint", run.matchesCpu);
    addPhaseFigures(report, "refining", "refining", refining);
    addPhaseFigures(report, "converged", "converged", converged);
    if (options.depth == kPaperDepth) {
        report.addFigure("paper_dispatcher_ms", "paper Table 1 dispatcher (RTX 2080)", kPaperDispatcherMs, "ms");
        report.addFigure("paper_subdivision_ms", "paper Table 1 subdivision", kPaperSubdivisionMs, "ms");
        report.addFigure("paper_sum_reduction_ms", "paper Table 1 sum reduction", kPaperSumReductionMs, "ms");
    }

    report.tables.push_back(passTimeTable(
        "refining",
        "while refining (from the root triangles to the fixed point, " + std::to_string(run.refinements) + " times)",
        updateRows(refining), median(refining[kCopyPass])));
    report.tables.push_back(passTimeTable("converged", "converged (the fixed point; no leaf changes)",
                                          updateRows(converged), median(converged[kCopyPass])));
    report.notes.push_back(
        "the paper's Table 1 times a terrain with many leaves; refining around a point "
        "leaves few (see the leaf count), so the subdivision here is light");
    if (!run.matchesCpu) {
        report.notes.push_back("the GPU tree differs from the CPU reference: the times above are not valid");
    }
    return finishGpuRun(session, std::move(report));
}

}  // namespace bench
