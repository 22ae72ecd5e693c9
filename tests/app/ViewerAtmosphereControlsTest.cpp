// The viewer's atmosphere controls on the CPU: the [ and ] keys, --exposure
// and --tonemap, the atmosphere's lines in the --stats report, and which
// colour formats receive HDR luminance.
#include "app/WindowInput.h"
#include "display/DisplayPass.h"
#include "scene/FrameTimings.h"
#include "viewer/CommandLine.h"
#include "viewer/RunStatistics.h"

#include <GLFW/glfw3.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <string>
#include <string_view>
#include <vector>

namespace app {
namespace {

using viewer::CommandLineError;
using viewer::kSunElevationStepDegrees;
using viewer::steppedSunElevation;

viewer::ViewerOptions parse(std::vector<std::string_view> arguments)
{
    return viewer::parseCommandLine(arguments);
}

TEST(ViewerAtmosphereControls, BracketKeysMoveTheSunWithinItsRange)
{
    EXPECT_EQ(actionForKey(GLFW_KEY_LEFT_BRACKET), viewer::ViewerAction::LowerSun);
    EXPECT_EQ(actionForKey(GLFW_KEY_RIGHT_BRACKET), viewer::ViewerAction::RaiseSun);
    EXPECT_FLOAT_EQ(steppedSunElevation(35.0f, 1), 35.0f + kSunElevationStepDegrees);
    EXPECT_FLOAT_EQ(steppedSunElevation(35.0f, -1), 35.0f - kSunElevationStepDegrees);
    EXPECT_FLOAT_EQ(steppedSunElevation(89.5f, 3), 90.0f);
    EXPECT_FLOAT_EQ(steppedSunElevation(-9.5f, -3), -10.0f);
}

TEST(ViewerAtmosphereControls, ExposureAndToneCurveFlags)
{
    const viewer::ViewerOptions defaults = parse({});
    EXPECT_EQ(defaults.display, display::DisplaySettings{});
    const viewer::ViewerOptions options = parse({"--exposure", "-1.5", "--tonemap", "hable", "--sun", "10,2"});
    EXPECT_FLOAT_EQ(options.display.exposureStops, -1.5f);
    EXPECT_EQ(options.display.tonemapper, display::Tonemapper::Hable);
    EXPECT_FLOAT_EQ(options.sun.elevationDegrees, 2.0f);
    try {
        parse({"--tonemap", "reinhard"});
        FAIL() << "an unknown tone curve was accepted";
    } catch (const CommandLineError& error) {
        EXPECT_NE(std::string(error.what()).find("--tonemap"), std::string::npos) << error.what();
    }
    EXPECT_THROW(parse({"--exposure", "many"}), CommandLineError);
    const std::string help = viewer::commandLineHelp();
    EXPECT_NE(help.find("--exposure"), std::string::npos);
    EXPECT_NE(help.find("--tonemap"), std::string::npos);
}

TEST(ViewerAtmosphereControls, StatsHaveAnAtmosphereLine)
{
    viewer::RunStatistics statistics;
    scene::FrameStatistics frame;
    frame.timings = scene::PassTimings{
        .dispatcherMs = 0.1, .subdivisionMs = 0.2, .sumReductionMs = 0.3, .drawMs = 0.4, .atmosphereMs = 0.5};
    frame.atmosphereTablesMs = 12.5;
    statistics.addFrameStatistics(frame);
    const nlohmann::json json = nlohmann::json::parse(statistics.toJson(viewer::RunDescription{}));
    EXPECT_EQ(json["gpuTimesMs"]["atmosphere"]["median"], 0.5);
    EXPECT_EQ(json["atmosphereTablesMs"], 12.5);
    EXPECT_EQ(json["gpuTimesMs"]["total"]["median"], 1.5);
    EXPECT_EQ(statistics.atmosphereTimes().samples().size(), 1u);
}

// The display pass encodes sRGB itself only where the target cannot: 8-bit
// UNORM targets (a swapchain may offer one), not SRGB ones, not the HDR image.
TEST(ViewerAtmosphereControls, TheDisplayPassEncodesSrgbOnlyForUnormTargets)
{
    EXPECT_TRUE(display::shaderEncodesSrgb(VK_FORMAT_B8G8R8A8_UNORM));
    EXPECT_TRUE(display::shaderEncodesSrgb(VK_FORMAT_R8G8B8A8_UNORM));
    EXPECT_FALSE(display::shaderEncodesSrgb(VK_FORMAT_R8G8B8A8_SRGB));
    EXPECT_FALSE(display::shaderEncodesSrgb(display::kHdrColorFormat));
}

}  // namespace
}  // namespace app
