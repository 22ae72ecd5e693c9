// Statistics of a run (median/min/max, leaf history, JSON), screenshot
// pixels and names, and the swapchain's choices.
#include "viewer/RunStatistics.h"
#include "viewer/Screenshot.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <unistd.h>
#include <array>
#include <filesystem>
#include <fstream>
#include <limits>

namespace viewer {
namespace {

TEST(RunStatistics, SeriesSummaryIsMedianMinMax)
{
    SampleSeries series;
    EXPECT_FALSE(series.summary());
    for (const double sample : {5.0, 1.0, 3.0, 9.0}) {
        series.add(sample);
    }
    SeriesSummary summary = *series.summary();
    EXPECT_DOUBLE_EQ(summary.median, 4.0);
    EXPECT_DOUBLE_EQ(summary.minimum, 1.0);
    EXPECT_DOUBLE_EQ(summary.maximum, 9.0);
    EXPECT_EQ(summary.count, 4u);
    series.add(2.0);
    EXPECT_DOUBLE_EQ(series.summary()->median, 3.0);
}

TEST(RunStatistics, JsonHoldsTimingsLeavesAndDescription)
{
    RunStatistics statistics;
    statistics.addFrameTime(10.0);
    statistics.addFrameTime(30.0);
    statistics.addFrameTime(20.0);
    statistics.addFrameCpuTime(4.0);
    statistics.addFrameCpuTime(2.0);
    scene::FrameStatistics frame;
    frame.leafCount = 100;
    frame.triangleCount = 400;
    frame.cbtBytes = 65536;
    statistics.addFrameStatistics(frame);  // no timings yet
    frame.leafCount = 120;
    frame.timings = scene::PassTimings{
        .dispatcherMs = 0.5, .subdivisionMs = 1.5, .sumReductionMs = 2.5, .leafDecodeMs = 0.25, .drawMs = 3.5};
    statistics.addFrameStatistics(frame);
    EXPECT_EQ(statistics.dispatcherTimes().samples().size(), 1u);
    EXPECT_EQ(statistics.leafCounts().samples().size(), 2u);

    RunDescription description;
    description.deviceName = "test \"device\"";
    description.width = 320;
    description.height = 180;
    description.frames = 3;
    description.maxDepth = 18;
    description.shading = "lit";
    const nlohmann::json json = nlohmann::json::parse(statistics.toJson(description));
    EXPECT_EQ(json["device"], "test \"device\"");
    EXPECT_EQ(json["width"], 320);
    EXPECT_EQ(json["maxDepth"], 18);
    EXPECT_EQ(json["frameTimeMs"], nlohmann::json::parse(R"({"median": 20, "min": 10, "max": 30, "count": 3})"));
    EXPECT_EQ(json["frameCpuMs"], nlohmann::json::parse(R"({"median": 3, "min": 2, "max": 4, "count": 2})"));
    EXPECT_EQ(json["gpuTimesMs"]["subdivision"]["median"], 1.5);
    EXPECT_EQ(json["gpuTimesMs"]["leafDecode"]["median"], 0.25);
    EXPECT_EQ(json["gpuTimesMs"]["total"]["median"], 8.25);
    EXPECT_EQ(json["leafCount"], nlohmann::json::parse(R"({"last": 120, "min": 100, "max": 120})"));
    EXPECT_EQ(json["leafCountHistory"], nlohmann::json::parse("[100, 120]"));
    EXPECT_EQ(json["triangleCount"], 400);
    EXPECT_EQ(json["cbtBytes"], 65536);
    EXPECT_EQ(json["timedFrames"], 1);
}

TEST(RunStatistics, EmptyRunWritesNulls)
{
    const nlohmann::json json = nlohmann::json::parse(RunStatistics{}.toJson(RunDescription{}));
    EXPECT_TRUE(json.contains("frameTimeMs") && json["frameTimeMs"].is_null());
    EXPECT_TRUE(json.contains("frameCpuMs") && json["frameCpuMs"].is_null());
    EXPECT_TRUE(json.contains("leafCount") && json["leafCount"].is_null());
    EXPECT_EQ(jsonEscaped(std::string("a\tb\x01")), "a\\tb\\u0001");
}

TEST(Screenshot, BgraTexelsBecomeOpaqueRgba)
{
    const std::array<std::byte, 8> texels{std::byte{10}, std::byte{20}, std::byte{30}, std::byte{0},
                                          std::byte{40}, std::byte{50}, std::byte{60}, std::byte{7}};
    const Rgba8Image bgra = rgbaImageFromTexels(texels, VkExtent2D{2, 1}, VK_FORMAT_B8G8R8A8_SRGB);
    EXPECT_EQ(bgra.pixels, (std::vector<uint8_t>{30, 20, 10, 255, 60, 50, 40, 255}));
    const Rgba8Image rgba = rgbaImageFromTexels(texels, VkExtent2D{2, 1}, VK_FORMAT_R8G8B8A8_UNORM);
    EXPECT_EQ(rgba.pixels, (std::vector<uint8_t>{10, 20, 30, 255, 40, 50, 60, 255}));
    EXPECT_THROW(rgbaImageFromTexels(texels, VkExtent2D{3, 1}, VK_FORMAT_R8G8B8A8_UNORM), std::runtime_error);
    EXPECT_THROW(rgbaImageFromTexels(texels, VkExtent2D{2, 1}, VK_FORMAT_R16G16_UNORM), std::runtime_error);
}

TEST(Screenshot, TimestampedNamesNeverOverwrite)
{
    std::tm time{};
    time.tm_year = 2025 - 1900;
    time.tm_mon = 2;
    time.tm_mday = 7;
    time.tm_hour = 9;
    time.tm_min = 5;
    time.tm_sec = 3;
    EXPECT_EQ(screenshotFileName(time), "cbt-terrain-20250307-090503.png");
    const std::filesystem::path directory =
        std::filesystem::temp_directory_path() / ("cbt-app-shots-" + std::to_string(::getpid()));
    std::filesystem::create_directories(directory);
    const std::filesystem::path first = unusedScreenshotPath(directory, time);
    EXPECT_EQ(first.filename().string(), "cbt-terrain-20250307-090503.png");
    Rgba8Image image;
    image.width = 1;
    image.height = 1;
    image.pixels = {1, 2, 3, 255};
    writePng(first, image);
    EXPECT_TRUE(std::filesystem::exists(first));
    const std::filesystem::path second = unusedScreenshotPath(directory, time);
    EXPECT_EQ(second.filename().string(), "cbt-terrain-20250307-090503-2.png");
    std::filesystem::remove_all(directory);
    EXPECT_THROW(writePng(directory / "missing-folder" / "x.png", image), std::runtime_error);
}

}  // namespace
}  // namespace viewer
