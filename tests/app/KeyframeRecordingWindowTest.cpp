// Recording a keyframed path in the window, as a user would under Xvfb: K
// adds the camera's pose, W moves it on, K adds the next, Ctrl+S writes the
// two keyframes as a --camera-path file in the working directory, and P
// flies them. The file reads back as a keyframed path from the start pose
// to the moved one, and nothing is said on stderr.
#include "ChildProcess.h"
#include "ViewerTestFiles.h"
#include "VirtualDisplay.h"

#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

namespace app_test {
namespace {

constexpr std::chrono::seconds kStepLimit{120};

std::vector<std::filesystem::path> recordedPathsIn(const std::filesystem::path& folder)
{
    std::vector<std::filesystem::path> found;
    for (const auto& entry : std::filesystem::directory_iterator(folder)) {
        const std::string name = entry.path().filename().string();
        if (name.rfind("cbt-terrain-path-", 0) == 0 && entry.path().extension() == ".txt") {
            found.push_back(entry.path());
        }
    }
    return found;
}

// The keyframe lines of a recorded path: T X Y Z YAW PITCH each.
std::vector<std::vector<double>> keyframesOf(const std::string& text)
{
    std::vector<std::vector<double>> keyframes;
    std::istringstream lines(text);
    for (std::string line; std::getline(lines, line);) {
        if (line.empty() || line[0] == '#') {
            continue;
        }
        std::istringstream fields(line);
        std::vector<double> values;
        for (double value = 0.0; fields >> value;) {
            values.push_back(value);
        }
        keyframes.push_back(values);
    }
    return keyframes;
}

TEST(KeyframeRecordingWindowTest, KAddsKeyframesCtrlSWritesThemAndPFliesThem)
{
    VirtualDisplay display;
    ASSERT_TRUE(display.ready()) << "Xvfb did not start";
    ScratchFolder scratch("recording");
    const std::filesystem::path map = scratch.file("relief.png");
    writeReliefHeightmap(map, 128);

    ProcessOptions options;
    options.arguments = {CBT_TERRAIN_BINARY, map.string(), "--validate", "--size",           "320x180",
                         "--depth",          "16",         "--camera",   "0,3200,9500,0,-18"};
    options.environment = {{"DISPLAY", display.name()}, {"WAYLAND_DISPLAY", std::nullopt}};
    options.workingDirectory = scratch.path();
    ChildProcess viewer(options);
    const std::string window = display.findWindow(viewer, "^cbt-terrain", kStepLimit);
    ASSERT_FALSE(window.empty()) << "no window appeared: " << viewer.wait(std::chrono::seconds(1)).err;
    ASSERT_EQ(display.xdotool({"windowfocus", "--sync", window}).exitCode, 0);

    ASSERT_EQ(display
                  .xdotool({"key", "k", "keydown", "w", "sleep", "1.5", "keyup", "w", "sleep", "0.5", "key", "k", "key",
                            "ctrl+s"})
                  .exitCode,
              0);
    ASSERT_TRUE(waitUntil([&] { return !recordedPathsIn(scratch.path()).empty() || !viewer.running(); }, kStepLimit))
        << "Ctrl+S wrote no path";
    ASSERT_TRUE(viewer.running()) << viewer.wait(std::chrono::seconds(1)).err;
    ASSERT_EQ(display.xdotool({"key", "p", "sleep", "1", "key", "Escape"}).exitCode, 0);
    const ProcessResult result = viewer.wait(kStepLimit);
    EXPECT_FALSE(result.timedOut) << "Esc did not quit";
    EXPECT_EQ(result.exitCode, 0) << result.err;
    expectNoValidationOrErrors(result.err);
    EXPECT_EQ(result.err, "");
    EXPECT_NE(result.out.find("cbt-terrain: keyframe 1 at 0.0 s"), std::string::npos) << result.out;
    EXPECT_NE(result.out.find("cbt-terrain: keyframe 2 at"), std::string::npos) << result.out;
    EXPECT_NE(result.out.find("cbt-terrain: wrote the keyframes to "), std::string::npos) << result.out;
    EXPECT_NE(result.out.find("cbt-terrain: playing 2 keyframes over"), std::string::npos) << result.out;

    const std::vector<std::filesystem::path> paths = recordedPathsIn(scratch.path());
    ASSERT_EQ(paths.size(), 1u);
    const std::vector<std::vector<double>> keyframes = keyframesOf(fileText(paths[0]));
    ASSERT_EQ(keyframes.size(), 2u) << fileText(paths[0]);
    ASSERT_EQ(keyframes[0].size(), 6u);
    ASSERT_EQ(keyframes[1].size(), 6u);
    // The start pose as --camera gave it, then the camera W moved forward
    // (yaw 0 looks along -Z) some time later.
    EXPECT_EQ(keyframes[0], (std::vector<double>{0.0, 0.0, 3200.0, 9500.0, 0.0, -18.0}));
    EXPECT_GT(keyframes[1][0], 0.5);
    EXPECT_LT(keyframes[1][3], 9500.0 - 10.0) << "W did not move the camera between the keyframes";

    // The file is a --camera-path the viewer flies.
    ProcessOptions replay =
        programWithArguments(CBT_TERRAIN_BINARY, {map.string(), "--headless", "--validate", "--size", "64x36",
                                                  "--depth", "16", "--fps", "4", "--camera-path", paths[0].string()});
    const ProcessResult replayed = runProcess(replay, kStepLimit);
    EXPECT_EQ(replayed.exitCode, 0) << replayed.err;
    expectNoValidationOrErrors(replayed.err);
    EXPECT_NE(replayed.out.find("rendered"), std::string::npos) << replayed.out;
}

}  // namespace
}  // namespace app_test
