// The window on a remote model whose server misbehaves, under a private
// Xvfb server: whatever the server does, the window opens within seconds;
// it quits at once on Esc while the data it waits for never comes, gives up
// with one timeout line at --io-timeout, and ends within seconds of its last
// frame while tile reads, or the coarse level's, hang.
#include "ChildProcess.h"
#include "DemSourceFiles.h"
#include "RangeHttpServer.h"
#include "ServedCog.h"
#include "ViewerTestFiles.h"
#include "VirtualDisplay.h"

#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

namespace app_test {
namespace {

using Clock = std::chrono::steady_clock;

// The window opens, and the process ends after its last frame or Esc,
// within this.
constexpr double kPromptSeconds = 5.0;
constexpr std::chrono::seconds kStepLimit{120};

double secondsSince(Clock::time_point start)
{
    return std::chrono::duration<double>(Clock::now() - start).count();
}

class RemoteFaultsWindowTest : public ::testing::Test {
protected:
    RemoteFaultsWindowTest() : scratch_("remote-faults-window"), cog_(scratch_, CBT_TERRAIN_BINARY) {}

    // The viewer in a window on the served COG, with `extra` arguments.
    ProcessOptions viewerOn(const dem_test::RangeHttpServer& server, const std::vector<std::string>& extra) const
    {
        ProcessOptions options;
        options.arguments = {CBT_TERRAIN_BINARY,
                             cog_.remoteName(server),
                             "--validate",
                             "--size",
                             "192x120",
                             "--msaa",
                             "1",
                             "--stream",
                             "on",
                             "--vsync",
                             "off",
                             "--camera",
                             "-1275,2000,-1275,0,-89"};
        options.arguments.insert(options.arguments.end(), extra.begin(), extra.end());
        options.environment = dem_test::localHttpEnvironment();
        options.environment["GDAL_HTTP_TIMEOUT"] = std::nullopt;
        options.environment["GDAL_HTTP_CONNECTTIMEOUT"] = std::nullopt;
        options.environment["DISPLAY"] = display_.name();
        options.environment["WAYLAND_DISPLAY"] = std::nullopt;
        return options;
    }

    // The viewer started in a window on the served COG, and that window,
    // expected on screen within kPromptSeconds whatever the server does.
    struct OpenedWindow {
        std::unique_ptr<ChildProcess> viewer;
        std::string window;  // empty when none appeared
        Clock::time_point start;
    };
    OpenedWindow openWindowOn(const dem_test::RangeHttpServer& server, const std::vector<std::string>& extra) const
    {
        OpenedWindow opened{nullptr, {}, Clock::now()};
        opened.viewer = std::make_unique<ChildProcess>(viewerOn(server, extra));
        opened.window = display_.findWindow(*opened.viewer, "^cbt-terrain", kStepLimit);
        EXPECT_FALSE(opened.window.empty()) << "no window appeared";
        EXPECT_LT(secondsSince(opened.start), kPromptSeconds) << "the window waited for the server";
        return opened;
    }

    ScratchFolder scratch_;
    ServedCog cog_;
    VirtualDisplay display_;
};

TEST_F(RemoteFaultsWindowTest, TheWindowOpensOnASilentServerAndEscQuitsAtOnce)
{
    ASSERT_TRUE(display_.ready()) << "Xvfb did not start";
    dem_test::RangeHttpServer server(cog_.folder());
    server.stallConnections();
    const OpenedWindow opened = openWindowOn(server, {"--io-timeout", "300"});
    ASSERT_FALSE(opened.window.empty()) << opened.viewer->wait(std::chrono::seconds(1)).err;
    ASSERT_EQ(display_.xdotool({"windowfocus", "--sync", opened.window}).exitCode, 0);
    ASSERT_EQ(display_.xdotool({"key", "Escape"}).exitCode, 0);
    const Clock::time_point escape = Clock::now();
    const ProcessResult result = opened.viewer->wait(kStepLimit);
    EXPECT_LT(secondsSince(escape), kPromptSeconds) << "Esc did not quit while the data was awaited";
    EXPECT_EQ(result.exitCode, 0) << result.err;
    expectNoValidationOrErrors(result.err);
    EXPECT_GT(server.stalledCount(), 0u);
}

TEST_F(RemoteFaultsWindowTest, TheWindowGivesUpOnASilentServerAtItsDeadline)
{
    ASSERT_TRUE(display_.ready()) << "Xvfb did not start";
    dem_test::RangeHttpServer server(cog_.folder());
    server.stallConnections();
    const OpenedWindow opened = openWindowOn(server, {"--io-timeout", "6"});
    const ProcessResult result = opened.viewer->wait(kStepLimit);
    EXPECT_LT(secondsSince(opened.start), 6.0 + 10.0);
    EXPECT_EQ(result.exitCode, 1) << result.err;
    const std::vector<std::string> lines = linesOf(result.err);
    ASSERT_EQ(lines.size(), 1u) << result.err;
    EXPECT_EQ(lines[0].rfind("cbt-terrain: elevation model '" + cog_.remoteName(server) + "' timed out", 0), 0u)
        << lines[0];
}

TEST_F(RemoteFaultsWindowTest, TheWindowEndsSoonAfterItsLastFrameWhileTileReadsHang)
{
    ASSERT_TRUE(display_.ready()) << "Xvfb did not start";
    dem_test::RangeHttpServer server(cog_.folder());
    server.misbehaveFrom(cog_.firstBlockOffset(false), dem_test::RangeHttpServer::RangeFault::Stall);
    const std::filesystem::path stats = scratch_.file("stalled-tiles.json");
    const OpenedWindow opened =
        openWindowOn(server, {"--io-timeout", "300", "--frames", "40", "--stats", stats.string()});
    const ProcessResult result = opened.viewer->wait(kStepLimit);
    EXPECT_FALSE(result.timedOut) << "the window hung after its last frame";
    EXPECT_EQ(result.exitCode, 0) << result.err;
    expectNoValidationOrErrors(result.err);
    EXPECT_GT(server.stalledCount(), 0u) << "no tile read reached the stalled part";
    // The statistics are written after the last frame; the exit follows.
    ASSERT_TRUE(std::filesystem::exists(stats));
    const auto written = std::filesystem::last_write_time(stats);
    const double afterLastFrame =
        std::chrono::duration<double>(std::filesystem::file_time_type::clock::now() - written).count();
    EXPECT_LT(afterLastFrame, kPromptSeconds) << "the window took long to end after its last frame";
}

TEST_F(RemoteFaultsWindowTest, AStalledCoarseLevelLeavesTheWindowDrawingOnThePlaceholder)
{
    // The COG states its range (prepare writes it), so its coarse level is
    // read in the background: the window draws its frames meanwhile and
    // ends after its last one, the read still hanging.
    ASSERT_TRUE(display_.ready()) << "Xvfb did not start";
    dem_test::RangeHttpServer server(cog_.folder());
    server.misbehaveFrom(cog_.firstBlockOffset(true), dem_test::RangeHttpServer::RangeFault::Stall);
    const std::filesystem::path stats = scratch_.file("stalled-coarse.json");
    const OpenedWindow opened =
        openWindowOn(server, {"--io-timeout", "300", "--frames", "20", "--stats", stats.string()});
    const ProcessResult result = opened.viewer->wait(kStepLimit);
    EXPECT_FALSE(result.timedOut) << "the window hung on the coarse level";
    EXPECT_EQ(result.exitCode, 0) << result.err;
    expectNoValidationOrErrors(result.err);
    EXPECT_NE(result.out.find("onto a coarse level read in the background"), std::string::npos) << result.out;
    EXPECT_GT(server.faultCount(), 0u) << "no read reached the overviews";
    const std::string json = fileText(stats);
    EXPECT_EQ(jsonNumberAt(json, {"frames"}), 20.0) << json;
    EXPECT_FALSE(jsonNumberAt(json, {"coarseLevel", "readSeconds"})) << "the stalled coarse level came: " << json;
}

}  // namespace
}  // namespace app_test
