// cbt-bench gpu-update --cbt pool: the bisector pool's update passes
// (bisector::gpu::PoolPipeline, reset to index) refining around a point with
// bisector::gpu::PointCriterion, from the unit square's four roots to the
// fixed point and once converged; every refinement and the converged pool
// are checked against the CPU pool in canonical form. When the depth allows
// it, the heap backend's update runs in the same session at the same depth
// for the pool-to-heap ratio.
#include "bench/GpuBenchmarks.h"
#include "bench/GpuFrameTimer.h"
#include "bench/GpuHeapUpdate.h"

#include "bisector/PointRefinement.h"
#include "bisector/Pool.h"
#include "bisector/PoolInvariants.h"
#include "bisector/gpu/PointCriterion.h"
#include "bisector/gpu/PoolBuffers.h"
#include "bisector/gpu/PoolPipeline.h"
#include "leb/PointRefinement.h"

#include <cmath>
#include <numeric>
#include <optional>
#include <vector>

namespace bench {

namespace {

// The timer's passes: the pipeline's, then the copy floor.
std::vector<std::string> timerPassNames()
{
    std::vector<std::string> names = bisector::gpu::PoolPipeline::timestampPassNames();
    names.emplace_back("copy");
    return names;
}

std::vector<std::size_t> updatePasses()
{
    std::vector<std::size_t> passes(bisector::gpu::PoolPipeline::timestampPassNames().size());
    std::iota(passes.begin(), passes.end(), std::size_t{0});
    return passes;
}

std::vector<PassRow> poolRows(const PassSamples& samples)
{
    const std::vector<std::string>& names = bisector::gpu::PoolPipeline::timestampPassNames();
    std::vector<PassRow> rows;
    for (std::size_t pass = 0; pass < names.size(); ++pass) {
        rows.push_back({names[pass], samples[pass]});
    }
    rows.push_back({"update (all passes)", summedPassTimes(samples, updatePasses())});
    rows.push_back({"copy of the live topology", samples[names.size()]});
    return rows;
}

double poolUpdateMs(const PassSamples& samples)
{
    return median(summedPassTimes(samples, updatePasses()));
}

// The floor: one copy of every live bisector's topology, what an update that
// touched each of them once would move (rounded up to whole words).
VkDeviceSize liveTopologyBytes(std::uint32_t liveCount)
{
    const double bytes = bisector::gpu::kTopologyBytesPerSlot * static_cast<double>(liveCount);
    return (static_cast<VkDeviceSize>(std::ceil(bytes)) + 3u) / 4u * 4u;
}

bool sameMesh(const bisector::gpu::PoolBuffers& buffers, const std::vector<bisector::CanonicalBisector>& expected)
{
    return bisector::canonicalForm(buffers.download()) == expected;
}

}  // namespace

CommandOutcome runGpuPoolUpdate(const GpuUpdateOptions& options)
{
    GpuSession session(options.gpu.deviceSelector, options.gpu.validate);
    vk::Device& device = session.device();

    const bisector::PoolSettings settings{
        .capacity = options.poolSize, .maxDepth = options.depth, .rootDepth = kPoolRootDepth};
    const bisector::Pool initial(bisector::HalfedgeMesh::unitSquare(), settings);
    bisector::gpu::PointCriterion criterion(device, options.point);
    bisector::Pool reference(bisector::HalfedgeMesh::unitSquare(), settings);
    const bisector::PointRefineResult cpu = bisector::refineAroundPoint(reference, criterion.target());
    const std::vector<bisector::CanonicalBisector> expected = bisector::canonicalForm(reference.state());

    bisector::gpu::PoolBuffers buffers(device, options.poolSize);
    buffers.upload(initial);
    bisector::gpu::PoolPipeline update(device, session.shaders(), buffers, initial.layout(), criterion.programs());
    const CopyFloor copy(device, liveTopologyBytes(reference.liveCount()));
    const std::uint32_t copyPass = static_cast<std::uint32_t>(bisector::gpu::PoolPipeline::timestampPassNames().size());
    vk::TimestampQueries timer(device, 1, timerPassNames());
    const FrameRecorder recordFrame = [&](VkCommandBuffer commands, vk::TimestampQueries& frameTimer, int frame) {
        update.record(commands,
                      bisector::gpu::PoolFrame{.frame = static_cast<std::uint32_t>(frame),
                                               .maxDepth = options.depth,
                                               .criterionSet = criterion.descriptorSet()},
                      &frameTimer);
        serializeAllCommands(device, commands);
        frameTimer.writeStart(commands, copyPass);
        copy.record(commands);
        frameTimer.writeEnd(commands, copyPass);
    };

    PassSamples refining;
    int refinements = 0;
    bool matchesCpu = true;
    while (refining.empty() || refining[0].size() < static_cast<std::size_t>(options.gpu.iterations)) {
        if (refinements > 0) {
            buffers.upload(initial);
        }
        runTimedFrames(device, timer, cpu.frames, recordFrame, refining);
        ++refinements;
        matchesCpu = matchesCpu && sameMesh(buffers, expected);
    }
    PassSamples converged;
    runTimedFrames(device, timer, options.gpu.iterations, recordFrame, converged);
    matchesCpu = matchesCpu && sameMesh(buffers, expected);
    const bisector::gpu::PoolCounters counters = buffers.downloadCounters();

    // The heap at the same depth, on the nearest point of its 2^-20 grid.
    std::optional<HeapUpdateRun> heap;
    if (options.depth <= kMaxComparedHeapDepth) {
        heap = measureHeapUpdate(device, session.shaders(), options.depth, leb::quantizePoint(options.point),
                                 leb::Domain::Square, options.gpu.iterations);
    }

    Report report;
    report.command = "gpu-update";
    session.describe(report);
    report.addParameter("cbt", "backend", std::string("pool"));
    report.addParameter("depth", "max depth D", std::int64_t{options.depth});
    report.addParameter("point_x", "point x (as the GPU tests it, on the 2^-60 grid)", criterion.target().x);
    report.addParameter("point_y", "point y (as the GPU tests it, on the 2^-60 grid)", criterion.target().y);
    report.addParameter("domain", "domain", std::string("square"));
    report.addParameter("pool_size", "pool size P (slots)", std::int64_t{options.poolSize});
    report.addParameter("iterations", "frames per phase (at least)", std::int64_t{options.gpu.iterations});

    const double bytesPerBisector = bisector::gpu::kTopologyBytesPerSlot;
    report.addFigure("pool_bytes", "pool topology buffers",
                     static_cast<std::int64_t>(bytesPerBisector * static_cast<double>(options.poolSize)), "bytes");
    report.addFigure("copy_bytes", "copy floor: the live bisectors' topology", static_cast<std::int64_t>(copy.bytes()),
                     "bytes");
    report.addFigure("bytes_per_bisector", "bytes per bisector (topology, no geometry cache)", bytesPerBisector,
                     "bytes");
    report.addFigure("leaf_count", "live bisectors (GPU, converged)", std::int64_t{counters.counts[0]});
    report.addFigure("frames_to_converge", "frames per refinement (CPU updates)", std::int64_t{cpu.frames});
    report.addFigure("refinements", "refinements timed", std::int64_t{refinements});
    report.addFigure("gpu_matches_cpu", "GPU pool equals the CPU pool (canonical form)", matchesCpu);
    report.addFigure("refining_frames", "refining: frames timed", static_cast<std::int64_t>(refining[0].size()));
    report.addFigure("converged_frames", "converged: frames timed", static_cast<std::int64_t>(converged[0].size()));
    report.addFigure("refining_update_ms", "refining: pool update", poolUpdateMs(refining), "ms");
    const double convergedMs = poolUpdateMs(converged);
    report.addFigure("converged_update_ms", "converged: pool update", convergedMs, "ms");
    if (heap) {
        const double heapMs = median(heapUpdateMilliseconds(heap->converged));
        report.addFigure("heap_converged_update_ms", "converged: heap update, same depth, same run", heapMs, "ms");
        report.addFigure("converged_pool_to_heap", "converged: pool update / heap update", convergedMs / heapMs, "x");
        report.addFigure("heap_matches_cpu", "GPU heap equals CPU refineAroundPoint", heap->matchesCpu);
        report.notes.push_back("the heap refines around the point rounded to its 2^-20 grid");
    }

    report.tables.push_back(passTimeTable(
        "refining",
        "while refining (from the four roots to the fixed point, " + std::to_string(refinements) + " times)",
        poolRows(refining), median(refining[copyPass])));
    report.tables.push_back(passTimeTable("converged", "converged (the fixed point; no bisector changes)",
                                          poolRows(converged), median(converged[copyPass])));
    if (!matchesCpu) {
        report.notes.push_back("the GPU pool differs from the CPU pool: the times above are not valid");
    }
    return finishGpuRun(session, std::move(report));
}

}  // namespace bench
