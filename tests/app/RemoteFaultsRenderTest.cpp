// A remote Cloud-Optimized GeoTIFF served by a test server that misbehaves
// on purpose, in headless runs with a short --io-timeout. Whatever the
// server does, the run ends within its deadline plus a few seconds:
// - with exit 0, warnings only, and the coarser level drawn, when it fails
//   on the fine tiles (stall, one byte a second, a body cut short, 500, 404,
//   416), since the coarse level can fill them;
// - with one line that names the source and says it timed out, when it
//   stalls on the first request or on the coarse level's read.
// When GDAL's own silence limit passes first, a tile or the coarse level
// that got no answer is said to have timed out, with the network's reason.
#include "ChildProcess.h"
#include "DemSourceFiles.h"
#include "RangeHttpServer.h"
#include "ServedCog.h"
#include "ViewerTestFiles.h"

#include <gtest/gtest.h>

#include <chrono>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace app_test {
namespace {

using Fault = dem_test::RangeHttpServer::RangeFault;

constexpr int kIoTimeoutSeconds = 4;
// What a run may take beyond its deadline: start-up, a few frames, exit.
constexpr double kSlackSeconds = 10.0;

class RemoteFaultsRenderTest : public ::testing::Test {
protected:
    RemoteFaultsRenderTest() : scratch_("remote-faults"), cog_(scratch_, CBT_TERRAIN_BINARY) {}

    struct Run {
        ProcessResult result;
        double seconds = 0.0;
        std::optional<DecodedImage> frame;
    };

    // A headless run of the served COG, looking down on level-0 tile (1, 1).
    Run render(const dem_test::RangeHttpServer& server, const std::string& name,
               const std::vector<std::string>& extra = {},
               const std::map<std::string, std::optional<std::string>>& environment = {}) const
    {
        const std::filesystem::path frame = scratch_.file(name + ".png");
        ProcessOptions options;
        options.arguments = {CBT_TERRAIN_BINARY,
                             cog_.remoteName(server),
                             "--headless",
                             "--validate",
                             "--size",
                             "96x64",
                             "--msaa",
                             "1",
                             "--stream",
                             "on",
                             "--frames",
                             "6",
                             "--camera",
                             "-1275,2000,-1275,0,-89",
                             "--shading",
                             "normals",
                             "--texels-per-pixel",
                             "64",
                             "--io-timeout",
                             std::to_string(kIoTimeoutSeconds),
                             "--screenshot",
                             frame.string()};
        options.environment = dem_test::localHttpEnvironment();
        // The viewer's own limits, from --io-timeout, not the tests' ones.
        options.environment["GDAL_HTTP_TIMEOUT"] = std::nullopt;
        options.environment["GDAL_HTTP_CONNECTTIMEOUT"] = std::nullopt;
        options.arguments.insert(options.arguments.end(), extra.begin(), extra.end());
        for (const auto& [variable, value] : environment) {
            options.environment[variable] = value;
        }
        const auto start = std::chrono::steady_clock::now();
        Run run{runProcess(options, std::chrono::seconds(120)), 0.0, std::nullopt};
        run.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        run.frame = decodePng(frame);
        return run;
    }

    ScratchFolder scratch_;
    ServedCog cog_;
};

// The server fails the fine tiles one way: the run shows the coarser level,
// warns, and ends in time.
class FineTileFaultTest : public RemoteFaultsRenderTest, public ::testing::WithParamInterface<Fault> {};

TEST_P(FineTileFaultTest, TheRunWarnsAndEndsInTimeOnTheCoarserLevel)
{
    dem_test::RangeHttpServer server(cog_.folder());
    server.misbehaveFrom(cog_.firstBlockOffset(false), GetParam());
    const Run run = render(server, "fine-tile-fault");
    EXPECT_FALSE(run.result.timedOut);
    EXPECT_EQ(run.result.exitCode, 0) << run.result.err;
    EXPECT_LT(run.seconds, kIoTimeoutSeconds + kSlackSeconds) << run.result.err;
    EXPECT_GT(server.faultCount(), 0u) << "no request reached the faulty part";
    const std::vector<std::string> lines = linesOf(run.result.err);
    EXPECT_FALSE(lines.empty()) << "no warning";
    for (const std::string& line : lines) {
        EXPECT_EQ(line.rfind("cbt-terrain: warning: ", 0), 0u) << line;
    }
    ASSERT_TRUE(run.frame);
    EXPECT_GT(bandStatistics(*run.frame, 0, 64).luminanceDeviation, 2.0) << "the coarser level is not shown";
}

std::string faultName(const ::testing::TestParamInfo<Fault>& fault)
{
    switch (fault.param) {
        case Fault::Stall: return "Stall";
        case Fault::Trickle: return "Trickle";
        case Fault::CloseMidBody: return "CloseMidBody";
        case Fault::Answer500: return "Answer500";
        case Fault::Answer404: return "Answer404";
        case Fault::Answer416: return "Answer416";
        case Fault::Drop: return "Drop";
    }
    return "Unknown";
}

INSTANTIATE_TEST_SUITE_P(EveryFault, FineTileFaultTest,
                         ::testing::Values(Fault::Stall, Fault::Trickle, Fault::CloseMidBody, Fault::Answer500,
                                           Fault::Answer404, Fault::Answer416),
                         faultName);

TEST_F(RemoteFaultsRenderTest, ATileReadThatGetsNoAnswerIsReportedAsATimeout)
{
    // GDAL's silence limit (the user's, 1 s) passes long before the run's
    // deadline: the reader fills the tile and says why.
    dem_test::RangeHttpServer server(cog_.folder());
    server.misbehaveFrom(cog_.firstBlockOffset(false), Fault::Stall);
    const Run run = render(server, "tile-timeout", {"--io-timeout", "60"},
                           {{"GDAL_HTTP_LOW_SPEED_TIME", "1"}, {"GDAL_HTTP_MAX_RETRY", "0"}});
    EXPECT_EQ(run.result.exitCode, 0) << run.result.err;
    EXPECT_LT(run.seconds, 30.0) << run.result.err;
    const std::vector<std::string> lines = linesOf(run.result.err);
    ASSERT_EQ(lines.size(), 1u) << run.result.err;
    EXPECT_EQ(lines[0].rfind("cbt-terrain: warning: ", 0), 0u) << lines[0];
    EXPECT_NE(lines[0].find("timed out: its server did not answer in time"), std::string::npos) << lines[0];
    EXPECT_NE(lines[0].find("filled from the coarser level"), std::string::npos) << lines[0];
}

// One line that names the source and says it timed out, in time.
void expectOneTimeoutLine(const std::string& source, const ProcessResult& result, double seconds)
{
    EXPECT_FALSE(result.timedOut);
    EXPECT_EQ(result.exitCode, 1) << result.err;
    EXPECT_LT(seconds, kIoTimeoutSeconds + kSlackSeconds) << result.err;
    const std::vector<std::string> lines = linesOf(result.err);
    ASSERT_EQ(lines.size(), 1u) << result.err;
    EXPECT_EQ(lines[0].rfind("cbt-terrain: elevation model '" + source + "' timed out", 0), 0u) << lines[0];
}

TEST_F(RemoteFaultsRenderTest, AServerThatNeverAnswersIsOneTimeoutLine)
{
    dem_test::RangeHttpServer server(cog_.folder());
    server.stallConnections();
    const Run run = render(server, "first-request");
    expectOneTimeoutLine(cog_.remoteName(server), run.result, run.seconds);
    EXPECT_GT(server.stalledCount(), 0u);
}

TEST_F(RemoteFaultsRenderTest, AServerThatStallsOnTheCoarseLevelIsOneTimeoutLine)
{
    dem_test::RangeHttpServer server(cog_.folder());
    server.misbehaveFrom(cog_.firstBlockOffset(true), Fault::Stall);
    const Run run = render(server, "coarse-level");
    expectOneTimeoutLine(cog_.remoteName(server), run.result, run.seconds);
    EXPECT_GT(server.faultCount(), 0u) << "no request reached the overviews";
}

TEST_F(RemoteFaultsRenderTest, ACoarseLevelReadThatGetsNoAnswerIsReportedAsATimeout)
{
    // GDAL's silence limit (the user's, 1 s) passes long before the run's
    // deadline: the load fails at once, saying why, rather than reading
    // block by block from a server that answers none.
    dem_test::RangeHttpServer server(cog_.folder());
    server.misbehaveFrom(cog_.firstBlockOffset(true), Fault::Stall);
    const Run run = render(server, "coarse-level-timeout", {"--io-timeout", "60"},
                           {{"GDAL_HTTP_LOW_SPEED_TIME", "1"}, {"GDAL_HTTP_MAX_RETRY", "0"}});
    expectOneTimeoutLine(cog_.remoteName(server), run.result, run.seconds);
    EXPECT_NE(run.result.err.find("its server did not answer in time (network: "), std::string::npos)
        << run.result.err;
}

}  // namespace
}  // namespace app_test
