// Camera poses and camera path files: accepted forms and file:line errors.
#include "text/TextParsing.h"
#include "viewer/CameraPose.h"

#include <gtest/gtest.h>

#include <unistd.h>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

namespace viewer {
namespace {

std::string pathErrorOf(std::string_view text)
{
    try {
        parseCameraPath(text, "path.txt");
    } catch (const text::ParseError& error) {
        return error.what();
    }
    return "";
}

TEST(CameraPose, CommaAndSpaceSeparatedFormsAgree)
{
    const CameraPose commas = parseCameraPose("10, -20.5,3e2,90,-45");
    const CameraPose spaces = parseCameraPose("  10 -20.5\t3e2 90 -45 ");
    for (const CameraPose& pose : {commas, spaces}) {
        EXPECT_FLOAT_EQ(pose.position.x, 10.0f);
        EXPECT_FLOAT_EQ(pose.position.y, -20.5f);
        EXPECT_FLOAT_EQ(pose.position.z, 300.0f);
        EXPECT_FLOAT_EQ(pose.yawDegrees, 90.0f);
        EXPECT_FLOAT_EQ(pose.pitchDegrees, -45.0f);
    }
}

TEST(CameraPose, RejectsWrongCountsNonNumbersAndSteepPitch)
{
    EXPECT_THROW(parseCameraPose("1,2,3,4"), text::ParseError);
    EXPECT_THROW(parseCameraPose("1,2,3,4,5,6"), text::ParseError);
    EXPECT_THROW(parseCameraPose("1,,3,4,5"), text::ParseError);
    EXPECT_THROW(parseCameraPose("1,2,3,inf,5"), text::ParseError);
    EXPECT_THROW(parseCameraPose("1,2,3,4,-90"), text::ParseError);
    EXPECT_NO_THROW(parseCameraPose("1,2,3,4,-89"));
}

TEST(CameraPath, SkipsCommentsAndBlankLines)
{
    const std::vector<CameraPose> poses = parseCameraPath(
        "# a recorded flight\n"
        "0 100 200 0 -10\n"
        "\n"
        "   # indented comment\n"
        "5,100,190,2,-10   # trailing comment\r\n"
        "10 100 180 4 -10",
        "path.txt");
    ASSERT_EQ(poses.size(), 3u);
    EXPECT_FLOAT_EQ(poses[1].position.x, 5.0f);
    EXPECT_FLOAT_EQ(poses[1].yawDegrees, 2.0f);
    EXPECT_FLOAT_EQ(poses[2].position.z, 180.0f);
}

TEST(CameraPath, BadLinesNameTheFileAndLine)
{
    EXPECT_EQ(pathErrorOf("0 0 0 0 0\n# ok\n1 2 3 4\n"),
              "path.txt:3: expected 5 numbers X Y Z YAW PITCH and optionally WIDTHxHEIGHT, found 4 fields");
    EXPECT_EQ(pathErrorOf("0 0 0 0 0\n0 0 zero 0 0\n"), "path.txt:2: Z is not a finite number: 'zero'");
    EXPECT_EQ(pathErrorOf("0 0 0 0 120\n").rfind("path.txt:1: PITCH must be within", 0), 0u);
    EXPECT_EQ(pathErrorOf("# only a comment\n\n").rfind("path.txt: no camera pose", 0), 0u);
    EXPECT_EQ(pathErrorOf("").rfind("path.txt: no camera pose", 0), 0u);
}

TEST(CameraPose, ValuesBeyondAFloatsRangeAreRefused)
{
    // Found by tests/fuzz/CameraPathFuzzer.cpp: 9.3e44 parsed as a finite
    // double and became an infinite float position.
    EXPECT_THROW(parseCameraPose("1e4 -3 +93e43 93e4 -87"), text::ParseError);
    EXPECT_EQ(pathErrorOf("0 0 0 0 0\n1e4 -3 +93e43 0 -87\n"),
              "path.txt:2: Z must be within [-1e+08, 1e+08] metres, got '+93e43'");
    EXPECT_EQ(pathErrorOf("0 0 0 2e6 0\n"), "path.txt:1: YAW must be within [-1e+06, 1e+06] degrees, got '2e6'");
    EXPECT_NO_THROW(parseCameraPose("-1e8 1e8 0 -1e6 89"));
}

TEST(CameraPath, OptionalRenderSizeColumn)
{
    const std::vector<CameraPathFrame> frames = parseCameraPathFrames(
        "0 100 200 0 -10 640x360\n"
        "5,100,190,2,-10\n"
        "10 100 180 4 -10 32X24 # shrink\n",
        "path.txt");
    ASSERT_EQ(frames.size(), 3u);
    ASSERT_TRUE(frames[0].renderSize.has_value());
    EXPECT_EQ(frames[0].renderSize->width, 640u);
    EXPECT_EQ(frames[0].renderSize->height, 360u);
    EXPECT_FALSE(frames[1].renderSize.has_value());
    EXPECT_FLOAT_EQ(frames[1].pose.position.x, 5.0f);
    ASSERT_TRUE(frames[2].renderSize.has_value());
    EXPECT_EQ(frames[2].renderSize->width, 32u);
    EXPECT_EQ(frames[2].renderSize->height, 24u);
    EXPECT_EQ(parseCameraPath("0 100 200 0 -10 640x360\n", "path.txt").size(), 1u);

    EXPECT_EQ(pathErrorOf("0 0 0 0 0 0x10\n"),
              "path.txt:1: the render size must be WIDTHxHEIGHT with both in 1..16384, got '0x10'");
    EXPECT_EQ(pathErrorOf("0 0 0 0 0\n0 0 0 0 0 -5x10\n").rfind("path.txt:2: the render size must be", 0), 0u);
    EXPECT_EQ(pathErrorOf("0 0 0 0 0 16385x2\n").rfind("path.txt:1: the render size must be", 0), 0u);
    EXPECT_EQ(pathErrorOf("0 0 0 0 0 big\n").rfind("path.txt:1: the render size must be", 0), 0u);
    EXPECT_EQ(pathErrorOf("0 0 0 0 0 1x1 7\n").rfind("path.txt:1: expected 5 numbers", 0), 0u);
}

TEST(CameraPath, LoadsFilesAndNamesUnreadableOnes)
{
    const std::filesystem::path file =
        std::filesystem::temp_directory_path() / ("cbt-app-path-" + std::to_string(::getpid()) + ".txt");
    {
        std::ofstream out(file);
        out << "1 2 3 4 5\n6 7 8 9 10\n";
    }
    const std::vector<CameraPose> poses = loadCameraPath(file);
    std::filesystem::remove(file);
    ASSERT_EQ(poses.size(), 2u);
    EXPECT_FLOAT_EQ(poses[1].pitchDegrees, 10.0f);
    try {
        loadCameraPath(file);
        FAIL() << "a missing file loaded";
    } catch (const text::ParseError& error) {
        EXPECT_EQ(std::string(error.what()).rfind(file.string() + ": cannot read", 0), 0u) << error.what();
    }
}

TEST(TextParsing, StrictNumbers)
{
    EXPECT_EQ(text::parseInteger("42"), 42);
    EXPECT_EQ(text::parseInteger("+7"), 7);
    EXPECT_EQ(text::parseInteger("-3"), -3);
    EXPECT_FALSE(text::parseInteger("4x"));
    EXPECT_FALSE(text::parseInteger(""));
    EXPECT_FALSE(text::parseInteger("+-1"));
    EXPECT_FALSE(text::parseInteger("99999999999999999999"));
    EXPECT_DOUBLE_EQ(*text::parseNumber("2.5e3"), 2500.0);
    EXPECT_FALSE(text::parseNumber("1.5.2"));
    EXPECT_FALSE(text::parseNumber("nan"));
    EXPECT_FALSE(text::parseNumber("1e999"));
    EXPECT_EQ(text::splitAt("a, b,,c", ',').size(), 4u);
    EXPECT_EQ(text::splitAt("a, b,,c", ',')[1], "b");
    EXPECT_EQ(text::splitAtSpaces("  a \t bb  c ").size(), 3u);
    EXPECT_EQ(text::trimmed(" \tx y \r\n"), "x y");
}

}  // namespace
}  // namespace viewer
