// The short version of scripts/soak.sh (label render): a 240-frame headless
// flight over a relief map that flies low, climbs, spins and changes the
// render size every few frames, with the validation layer on. The script's
// own checks must pass, and the test checks its outputs again: silent
// validation (exit code), a leaf count per frame that stays bounded and
// repeats with the flight, resident memory that does not grow after the
// first pass of the flight (the warm-up), and the last frame at the last
// size asked for. The remote version (--remote) streams the terrain from a
// local server that drops requests, and must pass the same checks.
#include "ChildProcess.h"
#include "ViewerTestFiles.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace app_test {
namespace {

constexpr int kFrames = 240;
constexpr int kPeriod = 80;  // frames of one pass of the flight (the script's --period)
constexpr int kDepth = 16;

// The WIDTHxHEIGHT in effect at the last frame: the last one the flight set
// on its lines up to that frame's line.
std::string lastRequestedSize(const std::filesystem::path& flight, int lastLine)
{
    std::ifstream file(flight);
    std::string line;
    std::string size;
    for (int number = 1; number <= lastLine && std::getline(file, line); ++number) {
        std::istringstream fields(line);
        std::vector<std::string> parts;
        for (std::string part; fields >> part;) {
            parts.push_back(part);
        }
        if (parts.size() == 6) {
            size = parts[5];
        }
    }
    return size;
}

double largestOf(const std::vector<double>& values, int first, int end)
{
    return *std::max_element(values.begin() + first, values.begin() + end);
}

TEST(SoakRun, ShortFlightIsValidationCleanBoundedAndFlatInMemory)
{
    const ScratchFolder scratch("soak");
    const std::filesystem::path map = scratch.file("relief.png");
    writeReliefHeightmap(map, 256);
    const std::filesystem::path out = scratch.file("soak");
    ProcessOptions options;
    options.arguments = {"bash",     CBT_SOAK_SCRIPT,
                         "--binary", CBT_TERRAIN_BINARY,
                         "--frames", std::to_string(kFrames),
                         "--period", std::to_string(kPeriod),
                         "--depth",  std::to_string(kDepth),
                         "--out",    out.string(),
                         "--",       map.string()};
    const ProcessResult result = runProcess(options, std::chrono::seconds(900));
    EXPECT_FALSE(result.timedOut);
    EXPECT_EQ(result.exitCode, 0) << result.out << result.err;
    EXPECT_NE(result.out.find("soak.sh: passed (240 frames)"), std::string::npos) << result.out;
    expectNoValidationOrErrors(fileText(out / "stderr.log"));

    const std::string stats = fileText(out / "stats.json");
    ASSERT_FALSE(stats.empty()) << "no stats";
    const std::vector<double> leaves = jsonNumberArray(stats, "leafCountHistory");
    ASSERT_EQ(leaves.size(), static_cast<size_t>(kFrames));
    EXPECT_GE(*std::min_element(leaves.begin(), leaves.end()), 1.0);
    EXPECT_LE(largestOf(leaves, 0, kFrames), std::ldexp(1.0, kDepth));
    // The second and third passes fly the same poses at the same sizes.
    EXPECT_GT(largestOf(leaves, kPeriod, 2 * kPeriod), 100.0) << "the tree did not refine";
    EXPECT_LE(largestOf(leaves, 2 * kPeriod, 3 * kPeriod), 1.1 * largestOf(leaves, kPeriod, 2 * kPeriod) + 64.0);

    const std::vector<double> resident = jsonNumberArray(stats, "residentMemoryHistoryMiB");
    ASSERT_EQ(resident.size(), static_cast<size_t>(kFrames));
    const double afterWarmUp = resident[kPeriod - 1];
    EXPECT_LE(resident[kFrames - 1], afterWarmUp + std::max(8.0, 0.02 * afterWarmUp))
        << "resident memory grows from " << afterWarmUp << " MiB (end of the first pass) to " << resident[kFrames - 1]
        << " MiB (end of the third)";

    const std::string lastSize = lastRequestedSize(out / "flight.path", (kFrames - 1) % kPeriod + 1);
    ASSERT_FALSE(lastSize.empty());
    const std::optional<DecodedImage> last = decodePng(out / "last.png");
    ASSERT_TRUE(last) << "no screenshot";
    EXPECT_EQ(std::to_string(last->width) + "x" + std::to_string(last->height), lastSize);
    EXPECT_EQ(jsonNumber(stats, "width"), static_cast<double>(last->width));
}

TEST(SoakRun, ARemoteFlightThatLosesRequestsEndsCleanAndFlatInMemory)
{
    // The script's --remote: the default terrain streamed through /vsicurl/
    // from the tests' server, which drops one range request in five here
    // (fifty in the long soak) so that a short flight meets several.
    const ScratchFolder scratch("soak-remote");
    const std::filesystem::path out = scratch.file("soak");
    ProcessOptions options;
    options.arguments = {"bash",
                         CBT_SOAK_SCRIPT,
                         "--binary",
                         CBT_TERRAIN_BINARY,
                         "--frames",
                         std::to_string(kFrames),
                         "--period",
                         std::to_string(kPeriod),
                         "--out",
                         out.string(),
                         "--remote",
                         "--server",
                         CBT_RANGE_HTTP_SERVER,
                         "--drop-one-in",
                         "5"};
    const ProcessResult result = runProcess(options, std::chrono::seconds(900));
    EXPECT_FALSE(result.timedOut);
    EXPECT_EQ(result.exitCode, 0) << result.out << result.err;
    EXPECT_NE(result.out.find("soak.sh: passed (240 frames)"), std::string::npos) << result.out;
    const std::string served = fileText(out / "server.log");
    const std::size_t dropped = served.find("dropped ");
    ASSERT_NE(dropped, std::string::npos) << served;
    EXPECT_GT(std::stoul(served.substr(dropped + 8)), 0u) << served;
    for (const std::string& line : linesOf(fileText(out / "stderr.log"))) {
        EXPECT_EQ(line.find("[vulkan]"), std::string::npos) << line;
        EXPECT_TRUE(line.empty() || line.rfind("cbt-terrain: warning: ", 0) == 0) << line;
    }
    const std::string stats = fileText(out / "stats.json");
    EXPECT_GT(jsonNumberAt(stats, {"stream", "tilesRead"}).value_or(0.0), 0.0) << stats;
    const std::optional<DecodedImage> last = decodePng(out / "last.png");
    ASSERT_TRUE(last) << "no screenshot";
    EXPECT_GT(bandStatistics(*last, last->height / 2, last->height).luminanceDeviation, 2.0) << "no terrain";
}

}  // namespace
}  // namespace app_test
