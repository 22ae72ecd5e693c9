// --video (src/viewer/VideoOutput.h): a keyframed path rendered into a
// video decodes (ffprobe, ffmpeg) to as many frames as the path holds, at
// the size and rate asked for, and its frame k is the headless screenshot
// of the path's first k + 1 frames within the codec's loss; a folder holds
// those frames as PNGs bit for bit. Ctrl+C leaves a playable file of the
// frames done, and bad outputs give one line. Validation layer on.
#include "ChildProcess.h"
#include "ViewerTestFiles.h"

#include <gtest/gtest.h>

#include <chrono>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <iomanip>
#include <optional>
#include <sstream>
#include <string>
#include <thread>
#include <utility>
#include <vector>

namespace app_test {
namespace {

constexpr int kWidth = 160;
constexpr int kHeight = 90;

class VideoRenderTest : public ::testing::Test {
protected:
    VideoRenderTest() : scratch_("video")
    {
        writeReliefHeightmap(heightmap(), 256);
        // 2 s at 6 frames a second: 13 frames, turning and descending.
        writeText(path(), "0 0 9000 22000 350 -22\n1 2000 6000 16000 10 -20\n2 0 3200 9500 20 -18\n");
    }

    [[nodiscard]] std::filesystem::path heightmap() const { return scratch_.file("relief.png"); }
    [[nodiscard]] std::filesystem::path path() const { return scratch_.file("keyframes.txt"); }

    [[nodiscard]] std::vector<std::string> arguments(std::vector<std::string> extra,
                                                     const std::string& framesPerSecond = "6") const
    {
        std::vector<std::string> all{CBT_TERRAIN_BINARY,
                                     heightmap().string(),
                                     "--headless",
                                     "--validate",
                                     "--msaa",
                                     "1",
                                     "--depth",
                                     "18",
                                     "--size",
                                     std::to_string(kWidth) + "x" + std::to_string(kHeight),
                                     "--fps",
                                     framesPerSecond,
                                     "--camera-path",
                                     path().string()};
        all.insert(all.end(), extra.begin(), extra.end());
        return all;
    }

    [[nodiscard]] ProcessResult run(std::vector<std::string> extra) const
    {
        ProcessOptions options;
        options.arguments = arguments(std::move(extra));
        return runProcess(options);
    }

    // The headless screenshot of the path's first `frames` frames.
    [[nodiscard]] std::optional<DecodedImage> screenshot(int frames) const
    {
        const std::filesystem::path shot = scratch_.file("shot-" + std::to_string(frames) + ".png");
        const ProcessResult result = run({"--frames", std::to_string(frames), "--screenshot", shot.string()});
        EXPECT_EQ(result.exitCode, 0) << result.err;
        return decodePng(shot);
    }

    ScratchFolder scratch_;
};

// "FRAMES,WIDTH,HEIGHT,RATE" of a video's first stream, as ffprobe counts them.
std::string probe(const std::filesystem::path& video)
{
    ProcessOptions options;
    options.arguments = {"ffprobe",
                         "-v",
                         "error",
                         "-count_frames",
                         "-select_streams",
                         "v:0",
                         "-show_entries",
                         "stream=nb_read_frames,width,height,r_frame_rate",
                         "-of",
                         "csv=p=0",
                         video.string()};
    const ProcessResult result = runProcess(options);
    EXPECT_EQ(result.exitCode, 0) << result.err;
    std::string line = result.out.substr(0, result.out.find('\n'));
    return line;
}

TEST_F(VideoRenderTest, AVideoHasEveryFrameAtItsSizeAndRateAndShowsThePath)
{
    for (const std::string extension : {".mp4", ".mkv", ".webm"}) {
        const std::filesystem::path video = scratch_.file("flight" + extension);
        const ProcessResult result = run({"--video", video.string(), "--video-quality", "10"});
        ASSERT_EQ(result.exitCode, 0) << result.err;
        expectNoValidationOrErrors(result.err);
        EXPECT_NE(result.out.find("wrote 13 frames to " + video.string()), std::string::npos) << result.out;
        // ffprobe lists width, height, rate and frames in its own order.
        EXPECT_EQ(probe(video), "160,90,6/1,13") << extension;
        EXPECT_FALSE(std::filesystem::exists(video.string() + ".ffmpeg.log"));
    }
    // Frame 6 (1 s) of the MP4 is the screenshot of the first 7 frames,
    // within H.264's loss at quality 10.
    const std::filesystem::path frame = scratch_.file("frame-6.png");
    ProcessOptions extract;
    extract.arguments = {
        "ffmpeg",           "-v",       "error", "-y",          "-i", scratch_.file("flight.mp4").string(), "-vf",
        "select=eq(n\\,6)", "-vframes", "1",     frame.string()};
    ASSERT_EQ(runProcess(extract).exitCode, 0);
    const std::optional<DecodedImage> decoded = decodePng(frame);
    const std::optional<DecodedImage> expected = screenshot(7);
    ASSERT_TRUE(decoded && expected);
    EXPECT_LT(differingPixelFraction(*decoded, *expected, 24), 0.05);
    // A frame further on is another picture: the frames follow the path.
    const std::optional<DecodedImage> other = screenshot(11);
    ASSERT_TRUE(other);
    EXPECT_GT(differingPixelFraction(*decoded, *other, 24), 0.1);
}

TEST_F(VideoRenderTest, AFolderHoldsEveryFrameAsTheScreenshotBitForBit)
{
    const std::filesystem::path folder = scratch_.file("frames");
    const ProcessResult result = run({"--video", folder.string() + "/"});
    ASSERT_EQ(result.exitCode, 0) << result.err;
    expectNoValidationOrErrors(result.err);
    for (int k = 0; k < 13; ++k) {
        std::ostringstream name;
        name << "frame-" << std::setw(6) << std::setfill('0') << k << ".png";
        EXPECT_TRUE(std::filesystem::exists(folder / name.str())) << name.str();
    }
    EXPECT_FALSE(std::filesystem::exists(folder / "frame-000013.png"));
    ASSERT_TRUE(screenshot(5));
    EXPECT_EQ(readBytes(folder / "frame-000004.png"), readBytes(scratch_.file("shot-5.png")));
}

TEST_F(VideoRenderTest, CtrlCLeavesAPlayableFileOfTheFramesDone)
{
    // A long path: 400 s at 30 frames a second.
    writeText(path(), "0 0 9000 22000 0 -22\n400 0 3200 9500 0 -18\n");
    const std::filesystem::path video = scratch_.file("stopped.mp4");
    ProcessOptions options;
    options.arguments = arguments({"--video", video.string()}, "30");
    ChildProcess viewer(options);
    // Some frames in: the encoder has written the file's start.
    ASSERT_TRUE(waitUntil(
        [&] { return (std::filesystem::exists(video) && std::filesystem::file_size(video) > 0) || !viewer.running(); },
        std::chrono::seconds(120)));
    std::this_thread::sleep_for(std::chrono::seconds(2));
    ASSERT_TRUE(viewer.running());
    ASSERT_EQ(::kill(viewer.pid(), SIGINT), 0);
    const ProcessResult result = viewer.wait(std::chrono::seconds(60));
    EXPECT_FALSE(result.timedOut);
    EXPECT_EQ(result.exitCode, 130) << result.err;
    expectNoValidationOrErrors(result.err);
    EXPECT_NE(result.out.find("cbt-terrain: stopped: wrote "), std::string::npos) << result.out;
    const std::string probed = probe(video);
    const long frames = std::strtol(probed.substr(probed.rfind(',') + 1).c_str(), nullptr, 10);
    EXPECT_GT(frames, 0) << probed;
    EXPECT_LT(frames, 12001) << probed;
}

TEST_F(VideoRenderTest, BadOutputsGiveOneLine)
{
    const std::vector<std::pair<std::vector<std::string>, std::string>> cases{
        {{"--video", scratch_.file("out.avi").string()},
         "a video is .mp4 (H.264), .mkv (H.264), .webm (VP9) or a "
         "folder for numbered PNGs, not .avi"},
        {{"--video", scratch_.file("odd.mp4").string(), "--size", "161x90"}, "need an even width and height"},
        {{"--video", "/nonexistent-folder/out.mp4"}, "/nonexistent-folder/out.mp4: cannot write the video"},
    };
    for (const auto& [extra, expected] : cases) {
        const ProcessResult result = run(extra);
        EXPECT_NE(result.exitCode, 0) << expected;
        EXPECT_EQ(linesOf(result.err).size(), 1u) << result.err;
        EXPECT_NE(result.err.find(expected), std::string::npos) << result.err;
    }
}

}  // namespace
}  // namespace app_test
