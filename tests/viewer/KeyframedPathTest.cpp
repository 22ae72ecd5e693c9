// Keyframed camera paths (src/viewer/KeyframedPath.h) and their recording
// in the window (PathRecorder.h): the camera passes
// exactly through every keyframe at its time, its velocity is continuous
// there, a heading never turns the long way round, the globe's path
// follows the great circle, and a file of keyframes is sampled at the
// frame rate while the old one-pose-per-frame files read as before. Bad
// paths (one keyframe, times that do not increase, lines with and without
// times mixed) give one line naming the file and the line. A recording
// takes its keyframes' times from its clock, plays them back and writes a
// file that reads back to the same bits.
#include "text/TextParsing.h"
#include "viewer/CameraPose.h"
#include "viewer/GeodeticCamera.h"
#include "viewer/GeodeticSun.h"
#include "viewer/KeyframedPath.h"
#include "viewer/PathRecorder.h"
#include "viewer/ViewerMode.h"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace viewer {
namespace {

std::string pathErrorOf(const std::string& text)
{
    try {
        (void)parseCameraPathFrames(text, "path.txt");
    } catch (const text::ParseError& error) {
        return error.what();
    }
    return "";
}

const std::vector<CameraKeyframe> kKeyframes{
    {0.0, {{0.0f, 500.0f, 0.0f}, 350.0f, -10.0f}},
    {2.0, {{400.0f, 520.0f, -100.0f}, 10.0f, -20.0f}},
    {2.5, {{450.0f, 560.0f, -300.0f}, 40.0f, -5.0f}},
    {6.0, {{-200.0f, 700.0f, -900.0f}, 200.0f, 0.0f}},
};

TEST(KeyframedPath, PassesExactlyThroughEveryKeyframe)
{
    const KeyframeCurve curve = cameraKeyframeCurve(kKeyframes);
    for (const CameraKeyframe& keyframe : kKeyframes) {
        const CameraPose pose = cameraPoseOnCurve(curve, keyframe.seconds);
        EXPECT_EQ(pose.position, keyframe.pose.position) << "at " << keyframe.seconds << " s";
        EXPECT_EQ(pose.yawDegrees, keyframe.pose.yawDegrees) << "at " << keyframe.seconds << " s";
        EXPECT_EQ(pose.pitchDegrees, keyframe.pose.pitchDegrees) << "at " << keyframe.seconds << " s";
    }
    // Before the first and after the last, the ends.
    EXPECT_EQ(cameraPoseOnCurve(curve, -3.0).position, kKeyframes.front().pose.position);
    EXPECT_EQ(cameraPoseOnCurve(curve, 60.0).position, kKeyframes.back().pose.position);
}

TEST(KeyframedPath, TheVelocityIsContinuousAtEveryKeyframe)
{
    const KeyframeCurve curve = cameraKeyframeCurve(kKeyframes);
    const double h = 1.0e-4;
    for (std::size_t k = 1; k + 1 < kKeyframes.size(); ++k) {
        const double t = kKeyframes[k].seconds;
        const std::vector<double> at = curve.at(t);
        const std::vector<double> before = curve.at(t - h);
        const std::vector<double> after = curve.at(t + h);
        for (std::size_t c = 0; c < at.size(); ++c) {
            // The yaw (channel 3) comes back in each keyframe's turn.
            const double turn = c == 3 ? 360.0 : 0.0;
            const double left = (turn > 0.0 ? std::remainder(at[c] - before[c], turn) : at[c] - before[c]) / h;
            const double right = (turn > 0.0 ? std::remainder(after[c] - at[c], turn) : after[c] - at[c]) / h;
            // The two one-sided slopes differ by the curvature times h.
            EXPECT_NEAR(left, right, 0.05 * std::max(1.0, std::abs(left))) << "channel " << c << " at " << t << " s";
        }
    }
    // And moving between keyframes: not a jump from one to the next.
    const CameraPose middle = cameraPoseOnCurve(curve, 1.0);
    EXPECT_GT(middle.position.x, 50.0f);
    EXPECT_LT(middle.position.x, 350.0f);
}

TEST(KeyframedPath, AHeadingFrom350To10TurnsBy20)
{
    const KeyframeCurve curve =
        cameraKeyframeCurve({{0.0, {{0.0f, 0.0f, 0.0f}, 350.0f, 0.0f}}, {1.0, {{10.0f, 0.0f, 0.0f}, 10.0f, 0.0f}}});
    for (double t = 0.0; t <= 1.0; t += 0.05) {
        const float yaw = cameraPoseOnCurve(curve, t).yawDegrees;
        // Within the 20 degrees between 350 and 370 (10), whichever turn
        // it is written in.
        const double fromStart = std::remainder(static_cast<double>(yaw) - 350.0, 360.0);
        EXPECT_GE(fromStart, -1.0e-3) << "at " << t << " s: " << yaw;
        EXPECT_LE(fromStart, 20.0 + 1.0e-3) << "at " << t << " s: " << yaw;
    }
    EXPECT_NEAR(std::remainder(static_cast<double>(cameraPoseOnCurve(curve, 0.5).yawDegrees), 360.0), 0.0, 1.0e-3);
    EXPECT_EQ(unwrappedDegrees({350.0, 10.0, -340.0, 190.0}), (std::vector<double>{350.0, 370.0, 380.0, 550.0}));
}

TEST(KeyframedPath, OnTheGlobeItFollowsTheGreatCircle)
{
    const std::vector<GeodeticKeyframe> keyframes{{0.0, {0.0, 0.0, 1000.0, 90.0, -10.0}},
                                                  {10.0, {0.0, 90.0, 3000.0, 90.0, -10.0}}};
    const KeyframeCurve curve = geodeticKeyframeCurve(keyframes);
    for (double t = 0.0; t <= 10.0; t += 0.5) {
        const geodesy::GeodeticPose pose = geodeticPoseOnCurve(curve, t);
        EXPECT_NEAR(pose.latitudeDegrees, 0.0, 1.0e-9) << "at " << t << " s";
        EXPECT_GE(pose.longitudeDegrees, -1.0e-9);
        EXPECT_LE(pose.longitudeDegrees, 90.0 + 1.0e-9);
    }
    const geodesy::GeodeticPose middle = geodeticPoseOnCurve(curve, 5.0);
    EXPECT_NEAR(middle.longitudeDegrees, 45.0, 1.0e-9);
    EXPECT_NEAR(middle.heightMetres, 2000.0, 1.0e-9);

    const std::vector<geodesy::GeodeticPose> poses = sampleGeodeticKeyframes(keyframes, 2.0, "path.txt");
    ASSERT_EQ(poses.size(), 21u);
    EXPECT_EQ(poses.front().longitudeDegrees, 0.0);
    EXPECT_EQ(poses.back().longitudeDegrees, 90.0);
    EXPECT_EQ(poses.back().heightMetres, 3000.0);
}

TEST(KeyframedPath, AFileOfKeyframesIsSampledAtTheFrameRate)
{
    const std::vector<CameraPathFrame> frames = parseCameraPathFrames(
        "# T X Y Z YAW PITCH\n"
        "0 0 500 0 0 -10\n"
        "1.5, 300, 500, 0, 90, -10\n"
        "2 400 500 0 90 -10\n",
        "path.txt", 10.0);
    ASSERT_EQ(frames.size(), 21u);  // 0, 0.1, ..., 2.0 s
    EXPECT_EQ(frames[15].pose.position.x, 300.0f);
    EXPECT_EQ(frames[15].pose.yawDegrees, 90.0f);
    EXPECT_EQ(frames[20].pose.position.x, 400.0f);
    EXPECT_FALSE(frames[3].renderSize.has_value());
    // A duration that is not a whole number of frames stops short of it.
    EXPECT_EQ(parseCameraPathFrames("0 0 0 0 0 0\n1 1 0 0 0 0\n", "path.txt", 2.5).size(), 3u);
    EXPECT_EQ(pathSampleTimes(1.0, 2.0, 4.0), (std::vector<double>{1.0, 1.25, 1.5, 1.75, 2.0}));
    // The old form: one pose a frame, whatever the rate.
    EXPECT_EQ(parseCameraPathFrames("0 500 0 0 -10\n5 500 0 0 -10 64x32\n", "path.txt", 10.0).size(), 2u);
}

TEST(KeyframedPath, BadKeyframesGiveOneLineNamingTheLine)
{
    EXPECT_EQ(pathErrorOf("0 0 500 0 0 -10\n"), "path.txt: a keyframed path needs at least two keyframes, found 1");
    EXPECT_EQ(pathErrorOf("0 0 500 0 0 -10\n2 0 500 0 0 -10\n1 0 500 0 0 -10\n"),
              "path.txt:3: keyframe times must increase by 0.001 s or more: 1 s after 2 s");
    EXPECT_EQ(pathErrorOf("0 0 500 0 0 -10\n0 0 500 0 0 -10\n"),
              "path.txt:2: keyframe times must increase by 0.001 s or more: 0 s after 0 s");
    EXPECT_EQ(pathErrorOf("0 0 500 0 0 -10\n1e-300 1e8 500 0 0 -10\n"),
              "path.txt:2: keyframe times must increase by 0.001 s or more: 1e-300 s after 0 s");
    EXPECT_EQ(pathErrorOf("0 0 500 0 0 -10\n0 500 0 0 -10\n"),
              "path.txt:2: expected 6 numbers T X Y Z YAW PITCH: the path's first pose has a time, so every pose "
              "needs one");
    EXPECT_EQ(pathErrorOf("0 500 0 0 -10\n1 0 500 0 0 -10\n"),
              "path.txt:2: a pose with a time T in a path whose first pose has none");
    EXPECT_EQ(pathErrorOf("nan 0 500 0 0 -10\n").rfind("path.txt:1: the keyframe's time T is not a finite", 0), 0u);
    EXPECT_EQ(pathErrorOf("0 0 500 0 0 -100\n1 0 500 0 0 0\n").rfind("path.txt:1: PITCH must be within", 0), 0u);
    EXPECT_EQ(pathErrorOf("0 0 500 0 0 0\n1e7 0 500 0 0 0\n").rfind("path.txt: the path lasts", 0), 0u);

    try {
        (void)parseGeodeticCameraPathFrames("0 46 7 3000 0 -10\n", "geo.txt");
        ADD_FAILURE() << "one geodetic keyframe was accepted";
    } catch (const text::ParseError& error) {
        EXPECT_EQ(std::string(error.what()), "geo.txt: a keyframed path needs at least two keyframes, found 1");
    }
}

TEST(PathRecorder, KeyframesTakeTheClocksTimeAndPlayBack)
{
    PathRecorder<CameraPose> recorder;
    EXPECT_FALSE(recorder.play()) << "played without keyframes";
    EXPECT_FALSE(recorder.advance(3.0));  // the clock runs before the first keyframe too
    EXPECT_EQ(recorder.add(kKeyframes[0].pose).seconds, 0.0);
    EXPECT_FALSE(recorder.play()) << "played one keyframe";
    EXPECT_FALSE(recorder.advance(2.0));
    EXPECT_EQ(recorder.add(kKeyframes[1].pose).seconds, 2.0);
    // Two presses within a frame still give increasing times.
    EXPECT_EQ(recorder.add(kKeyframes[2].pose).seconds, 2.0 + kMinKeyframeSpacingSeconds);

    ASSERT_TRUE(recorder.play());
    EXPECT_TRUE(recorder.playing());
    const std::optional<CameraPose> middle = recorder.advance(1.0);
    ASSERT_TRUE(middle);
    EXPECT_GT(middle->position.x, 0.0f);
    EXPECT_LT(middle->position.x, 400.0f);
    const std::optional<CameraPose> second = recorder.advance(1.0);
    ASSERT_TRUE(second);
    EXPECT_EQ(second->position, kKeyframes[1].pose.position);
    EXPECT_FALSE(recorder.advance(1.0)) << "still playing past the last keyframe";
    EXPECT_FALSE(recorder.playing());
    // A keyframe added while playing stops it.
    ASSERT_TRUE(recorder.play());
    recorder.add(kKeyframes[3].pose);
    EXPECT_FALSE(recorder.playing());
    EXPECT_EQ(recorder.keyframes().size(), 4u);
}

TEST(PathRecorder, TheWrittenFileReadsBackToTheSameBits)
{
    PathRecorder<CameraPose> recorder;
    recorder.add({{0.1f, 2501.7f, -3.3333333f}, 359.9f, -17.25f});
    recorder.advance(1.0 / 3.0);
    recorder.add({{1.0e6f, 1.0e-3f, 7.0f}, -45.5f, 10.0f});
    const std::vector<CameraPathFrame> frames = parseCameraPathFrames(recorder.text(), "recorded.txt", 3.0);
    ASSERT_EQ(frames.size(), 2u);
    EXPECT_EQ(frames.front().pose.position, recorder.keyframes().front().pose.position);
    EXPECT_EQ(frames.front().pose.yawDegrees, 359.9f);
    EXPECT_EQ(frames.back().pose.position, recorder.keyframes().back().pose.position);
    EXPECT_EQ(frames.back().pose.pitchDegrees, 10.0f);

    PathRecorder<geodesy::GeodeticPose> globe;
    globe.add({46.123456789012, 7.5, 12345.678, 80.25, -10.0});
    globe.advance(2.0);
    globe.add({46.2, -179.9, 800.0, 100.0, -90.0});
    const std::vector<GeodeticPathFrame> geodetic = parseGeodeticCameraPathFrames(globe.text(), "globe.txt", 1.0);
    ASSERT_EQ(geodetic.size(), 3u);
    EXPECT_EQ(geodetic.front().pose.latitudeDegrees, 46.123456789012);
    EXPECT_EQ(geodetic.front().pose.heightMetres, 12345.678);
    EXPECT_EQ(geodetic.back().pose.longitudeDegrees, -179.9);
    EXPECT_EQ(geodetic.back().pose.pitchDegrees, -90.0);
}

TEST(PathRecorder, SavingWritesANewFileOrSaysWhyNot)
{
    const std::filesystem::path folder = std::filesystem::temp_directory_path() / "cbt-terrain-recorder-test";
    std::filesystem::remove_all(folder);
    std::filesystem::create_directories(folder);
    const auto first = writeRecordedPathFile(folder, "0 0 0 0 0 0\n1 1 0 0 0 0\n");
    const auto second = writeRecordedPathFile(folder, "0 0 0 0 0 0\n2 1 0 0 0 0\n");
    ASSERT_TRUE(std::holds_alternative<std::filesystem::path>(first));
    ASSERT_TRUE(std::holds_alternative<std::filesystem::path>(second));
    const std::filesystem::path firstFile = std::get<std::filesystem::path>(first);
    EXPECT_EQ(firstFile.filename().string().rfind("cbt-terrain-path-", 0), 0u);
    EXPECT_NE(firstFile, std::get<std::filesystem::path>(second)) << "the second save overwrote the first";
    std::ifstream stream(firstFile);
    std::stringstream contents;
    contents << stream.rdbuf();
    EXPECT_EQ(contents.str(), "0 0 0 0 0 0\n1 1 0 0 0 0\n");

    const auto missing = writeRecordedPathFile(folder / "no-such-folder", "0 0 0 0 0 0\n");
    ASSERT_TRUE(std::holds_alternative<std::string>(missing));
    const std::string error = std::get<std::string>(missing);
    EXPECT_NE(error.find("cannot write the keyframes: No such file or directory"), std::string::npos) << error;
    EXPECT_EQ(error.find('\n'), std::string::npos);
    std::filesystem::remove_all(folder);
}

TEST(PathSun, TheInstantsGoEvenlyFromStartToEnd)
{
    const geodesy::UtcInstant start{2024, 6, 20, 18, 0};
    const geodesy::UtcInstant end{2024, 6, 20, 21, 0};
    const std::vector<double> days = pathInstantDays(start, end, 7);
    ASSERT_EQ(days.size(), 7u);
    EXPECT_EQ(days.front(), geodesy::daysSinceJ2000(start));
    EXPECT_EQ(days.back(), geodesy::daysSinceJ2000(end));
    EXPECT_NEAR(days[2] - days[0], 1.0 / 24.0, 1.0e-9);  // half an hour a frame
    EXPECT_EQ(pathInstantDays(start, end, 1), std::vector<double>{geodesy::daysSinceJ2000(start)});
    // The sun of a fractional day lies between the whole minutes' suns.
    const geodesy::SubsolarPoint at = geodesy::subsolarPointAt(days[1]);
    EXPECT_NEAR(at.longitudeDegrees, geodesy::subsolarPoint({2024, 6, 20, 18, 30}).longitudeDegrees, 1.0e-6);
}

}  // namespace
}  // namespace viewer
