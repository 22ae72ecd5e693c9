// cbt-bench refine --cbt pool: the Table 2 experiment on the bisector pool,
// past the heap's depth limit: from the unit square's four roots, every leaf
// whose closed triangle contains the point (taken as typed, decided exactly)
// splits conformingly until it reaches the max depth.
#include "bench/CpuBenchmarks.h"

#include "bisector/PointRefinement.h"

#include <algorithm>
#include <utility>

namespace bench {

namespace {

std::size_t cpuPoolBytes(const bisector::Pool& pool)
{
    const std::size_t slots = pool.capacity();
    return slots * (sizeof(bisector::Key) + sizeof(bisector::Links)) + pool.index().bytes();
}

}  // namespace

PoolRefineRun runPoolRefine(const RefineOptions& options)
{
    const Stopwatch allocation;
    bisector::Pool pool(bisector::HalfedgeMesh::unitSquare(),
                        {.capacity = options.poolSize, .maxDepth = options.depth, .rootDepth = kPoolRootDepth});
    const double allocationSeconds = allocation.elapsedSeconds();

    const Stopwatch refine;
    const bisector::PointRefineResult result = bisector::refineAroundPoint(pool, options.point);
    const double refineSeconds = refine.elapsedSeconds();

    PoolRefineMeasurement measurement;
    measurement.leafCount = result.leafCount;
    measurement.frames = result.frames;
    measurement.refineSeconds = refineSeconds;
    measurement.allocationSeconds = allocationSeconds;
    measurement.poolBytes = cpuPoolBytes(pool);
    for (const bisector::Slot slot : pool.liveSlots()) {
        measurement.deepestLeaf = std::max(measurement.deepestLeaf, pool.depth(slot));
    }
    return PoolRefineRun{std::move(pool), measurement};
}

Report poolRefineReport(const RefineOptions& options, const PoolRefineMeasurement& measurement)
{
    Report report;
    report.command = "refine";
    report.addParameter("cbt", "backend", std::string("pool"));
    report.addParameter("depth", "max depth D", std::int64_t{options.depth});
    report.addParameter("point_x", "point x (as typed)", options.point.x);
    report.addParameter("point_y", "point y (as typed)", options.point.y);
    report.addParameter("domain", "domain", std::string("square"));
    report.addParameter("root_depth", "root depth (the quad's four roots)", std::int64_t{kPoolRootDepth});
    report.addParameter("pool_size", "pool size P (slots)", std::int64_t{options.poolSize});
    report.addParameter("threads", "threads used (the pool's CPU reference is serial)", std::int64_t{1});

    report.addFigure("leaf_count", "leaf count (live bisectors)", std::int64_t{measurement.leafCount});
    report.addFigure("passes", "pool updates (the last changes nothing)", std::int64_t{measurement.frames});
    report.addFigure("deepest_leaf", "deepest leaf", std::int64_t{measurement.deepestLeaf});
    report.addFigure("refine_seconds", "refine time", measurement.refineSeconds, "s");
    report.addFigure("allocation_seconds", "allocation + init time", measurement.allocationSeconds, "s");
    report.addFigure("pool_bytes", "pool size (keys, links, occupancy index)",
                     static_cast<std::int64_t>(measurement.poolBytes), "bytes");
    if (options.threads != 1) {
        report.notes.push_back("--threads " + std::to_string(options.threads) +
                               ": the bisector pool's CPU reference runs one thread (a point refinement changes a "
                               "few bisectors per update)");
    }
    return report;
}

}  // namespace bench
