#include "bench/BenchMain.h"

#include "bench/BenchCommandLine.h"
#include "bench/BenchReport.h"
#include "bench/CpuBenchmarks.h"
#include "bench/GpuBenchmarks.h"
#include "bench/TriangleDump.h"

#include <exception>
#include <ostream>
#include <type_traits>

namespace bench {

namespace {

template <class... Handlers>
struct Overloaded : Handlers... {
    using Handlers::operator()...;
};

CommandOutcome outcomeOf(Report report)
{
    CommandOutcome outcome;
    outcome.report = std::move(report);
    return outcome;
}

CommandOutcome runRefineCommand(const RefineOptions& options)
{
    if (options.backend == Backend::Pool) {
        const PoolRefineRun run = runPoolRefine(options);
        Report report = poolRefineReport(options, run.measurement);
        if (options.dumpTrianglesPath) {
            const std::uint64_t lines = writePoolTriangleDumpFile(*options.dumpTrianglesPath, run.pool);
            report.addFigure("triangles_dumped", "triangles written to " + options.dumpTrianglesPath->string(),
                             static_cast<std::int64_t>(lines));
        }
        return outcomeOf(std::move(report));
    }
    const RefineRun run = runRefine(options);
    Report report = refineReport(options, run.measurement);
    if (options.dumpTrianglesPath) {
        const std::uint64_t lines = writeTriangleDumpFile(*options.dumpTrianglesPath, run.tree, options.domain);
        report.addFigure("triangles_dumped", "triangles written to " + options.dumpTrianglesPath->string(),
                         static_cast<std::int64_t>(lines));
    }
    return outcomeOf(std::move(report));
}

CommandOutcome runCommand(const CommandOptions& options)
{
    return std::visit(
        Overloaded{
            [](const HelpRequest&) { return CommandOutcome{}; },
            [](const RefineOptions& refine) { return runRefineCommand(refine); },
            [](const ReduceOptions& reduce) { return outcomeOf(reduceReport(reduce, runReduce(reduce))); },
            [](const DecodeOptions& decode) { return outcomeOf(decodeReport(decode, runDecode(decode))); },
            [](const PoolIndexOptions& pool) { return runPoolIndexCommand(pool); },
            [](const DevicesOptions& devices) { return runDevicesListing(devices); },
            [](const GpuReduceOptions& reduce) { return runGpuReduce(reduce); },
            [](const GpuUpdateOptions& update) {
                return update.backend == Backend::Pool ? runGpuPoolUpdate(update) : runGpuUpdate(update);
            },
            [](const GpuDecodeOptions& decode) { return runGpuDecode(decode); },
            [](const FlyoverOptions& flyover) { return runFlyover(flyover); },
        },
        options);
}

}  // namespace

int runBench(std::span<const std::string> arguments, std::ostream& out, std::ostream& err)
{
    Invocation invocation;
    try {
        invocation = parseCommandLine(arguments);
    } catch (const UsageError& error) {
        err << error.what() << "\n\n" << usageText();
        return kExitUsage;
    }
    if (std::holds_alternative<HelpRequest>(invocation.options)) {
        out << usageText();
        return kExitSuccess;
    }
    try {
        CommandOutcome outcome = runCommand(invocation.options);
        if (invocation.unquantizedPoint) {
            outcome.report.notes.push_back("--point was rounded to the nearest multiple of 2^-20");
        }
        printReport(out, outcome.report);
        if (invocation.jsonPath) {
            writeReportJson(*invocation.jsonPath, outcome.report);
        }
        if (outcome.validationMessageCount > 0) {
            err << "cbt-bench " << invocation.subcommand << ": the validation layer reported "
                << outcome.validationMessageCount << " message(s)\n";
            return kExitFailure;
        }
        if (!outcome.failedCheck.empty()) {
            err << "cbt-bench " << invocation.subcommand << ": " << outcome.failedCheck << '\n';
            return kExitFailure;
        }
        return kExitSuccess;
    } catch (const std::exception& error) {
        out.flush();
        err << "cbt-bench " << invocation.subcommand << ": " << error.what() << '\n';
        return kExitFailure;
    }
}

}  // namespace bench
