// cbt-bench refine: the paper's Table 2 experiment (refine around a point to
// the max depth with alternating conforming split and merge passes).
#include "bench/CpuBenchmarks.h"

#include "leb/PointRefinement.h"

#include <array>
#include <utility>

namespace bench {

namespace {

// Table 2 of Dupuy 2020: D = 27, AMD Ryzen Threadripper 3960X.
struct PaperRefineTime {
    unsigned threads;
    double seconds;
};
constexpr std::array<PaperRefineTime, 5> kPaperRefineTimes{{
    {1, 12.55},
    {2, 6.32},
    {4, 3.19},
    {8, 1.62},
    {16, 0.88},
}};
constexpr int kPaperRefineDepth = 27;
constexpr double kPaperGpuRefineSeconds = 0.03;

const char* domainName(leb::Domain domain)
{
    return domain == leb::Domain::Square ? "square" : "triangle";
}

}  // namespace

std::optional<double> paperRefineSeconds(unsigned threads)
{
    for (const PaperRefineTime& entry : kPaperRefineTimes) {
        if (entry.threads == threads) {
            return entry.seconds;
        }
    }
    return std::nullopt;
}

RefineRun runRefine(const RefineOptions& options)
{
    const int initDepth = options.domain == leb::Domain::Square ? 1 : 0;
    Stopwatch allocation;
    cbt::ConcurrentBinaryTree tree(options.depth, initDepth);
    const double allocationSeconds = allocation.elapsedSeconds();

    const Stopwatch refine;
    const leb::RefineResult result = leb::refineAroundPoint(tree, options.point, options.domain, options.threads);
    const double refineSeconds = refine.elapsedSeconds();

    RefineMeasurement measurement;
    measurement.leafCount = result.leafCount;
    measurement.passes = result.passes;
    measurement.refineSeconds = refineSeconds;
    measurement.allocationSeconds = allocationSeconds;
    measurement.initDepth = initDepth;
    measurement.heapBytes = tree.byteSize();
    return RefineRun{std::move(tree), measurement};
}

Report refineReport(const RefineOptions& options, const RefineMeasurement& measurement)
{
    Report report;
    report.command = "refine";
    report.addParameter("depth", "max depth D", std::int64_t{options.depth});
    report.addParameter("point_x", "point x", options.point.x);
    report.addParameter("point_y", "point y", options.point.y);
    report.addParameter("domain", "domain", std::string(domainName(options.domain)));
    report.addParameter("init_depth", "initial depth", std::int64_t{measurement.initDepth});
    report.addParameter("threads", "threads", std::int64_t{options.threads});

    report.addFigure("leaf_count", "leaf count", std::int64_t{measurement.leafCount});
    report.addFigure("passes", "passes (split + merge)", std::int64_t{measurement.passes});
    report.addFigure("refine_seconds", "refine time", measurement.refineSeconds, "s");
    report.addFigure("allocation_seconds", "allocation + init time", measurement.allocationSeconds, "s");
    report.addFigure("heap_bytes", "heap size", static_cast<std::int64_t>(measurement.heapBytes), "bytes");

    const std::optional<double> paperSeconds = paperRefineSeconds(options.threads);
    if (options.depth == kPaperRefineDepth && paperSeconds) {
        const double speedup = *paperSeconds / measurement.refineSeconds;
        report.addFigure("paper_seconds", "paper Table 2, same threads", *paperSeconds, "s");
        report.addFigure("speedup_vs_paper", "speed-up vs paper", speedup, "x");
        report.addFigure("paper_gpu_seconds", "paper Table 2, RTX 2080", kPaperGpuRefineSeconds, "s");
        report.notes.push_back(
            "the paper refines on a Threadripper 3960X; figures from different CPUs only "
            "compare roughly");
    }
    return report;
}

}  // namespace bench
