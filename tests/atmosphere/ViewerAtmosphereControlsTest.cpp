// The viewer's atmosphere controls on the CPU: the [ and ] keys, --exposure
// and --tonemap, the atmosphere's lines in the --stats report, and which
// colour formats receive HDR luminance.
#include "app/CommandLine.h"
#include "app/RunStatistics.h"
#include "app/WindowInput.h"
#include "atmosphere/TonemapPass.h"
#include "terrain/TerrainFrameUniforms.h"

#include <GLFW/glfw3.h>
#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <vector>

namespace atmosphere::test {
namespace {

app::ViewerOptions parse(std::vector<std::string_view> arguments)
{
    return app::parseCommandLine(arguments);
}

TEST(ViewerAtmosphereControls, BracketKeysMoveTheSunWithinItsRange)
{
    EXPECT_EQ(app::actionForKey(GLFW_KEY_LEFT_BRACKET), app::ViewerAction::LowerSun);
    EXPECT_EQ(app::actionForKey(GLFW_KEY_RIGHT_BRACKET), app::ViewerAction::RaiseSun);
    EXPECT_FLOAT_EQ(app::steppedSunElevation(35.0f, 1), 35.0f + app::kSunElevationStepDegrees);
    EXPECT_FLOAT_EQ(app::steppedSunElevation(35.0f, -1), 35.0f - app::kSunElevationStepDegrees);
    EXPECT_FLOAT_EQ(app::steppedSunElevation(89.5f, 3), 90.0f);
    EXPECT_FLOAT_EQ(app::steppedSunElevation(-9.5f, -3), -10.0f);
}

TEST(ViewerAtmosphereControls, ExposureAndToneCurveFlags)
{
    const app::ViewerOptions defaults = parse({});
    EXPECT_EQ(defaults.display, DisplaySettings{});
    const app::ViewerOptions options = parse({"--exposure", "-1.5", "--tonemap", "hable", "--sun", "10,2"});
    EXPECT_FLOAT_EQ(options.display.exposureStops, -1.5f);
    EXPECT_EQ(options.display.tonemapper, Tonemapper::Hable);
    EXPECT_FLOAT_EQ(options.sunElevationDegrees, 2.0f);
    try {
        parse({"--tonemap", "reinhard"});
        FAIL() << "an unknown tone curve was accepted";
    } catch (const app::CommandLineError& error) {
        EXPECT_NE(std::string(error.what()).find("--tonemap"), std::string::npos) << error.what();
    }
    EXPECT_THROW(parse({"--exposure", "many"}), app::CommandLineError);
    const std::string help = app::commandLineHelp();
    EXPECT_NE(help.find("--exposure"), std::string::npos);
    EXPECT_NE(help.find("--tonemap"), std::string::npos);
}

TEST(ViewerAtmosphereControls, StatsHaveAnAtmosphereLine)
{
    app::RunStatistics statistics;
    terrain::TerrainStatistics frame;
    frame.timings = terrain::PassTimings{
        .dispatcherMs = 0.1, .subdivisionMs = 0.2, .sumReductionMs = 0.3, .drawMs = 0.4, .atmosphereMs = 0.5};
    frame.atmosphereTablesMs = 12.5;
    statistics.addTerrainStatistics(frame);
    const std::string json = statistics.toJson(app::RunDescription{});
    EXPECT_NE(json.find("\"atmosphere\": {\"median\": 0.5"), std::string::npos) << json;
    EXPECT_NE(json.find("\"atmosphereTablesMs\": 12.5"), std::string::npos) << json;
    EXPECT_NE(json.find("\"total\": {\"median\": 1.5"), std::string::npos) << json;
    EXPECT_EQ(statistics.atmosphereTimes().samples().size(), 1u);
}

TEST(ViewerAtmosphereControls, FloatTargetsReceiveHdrLuminance)
{
    EXPECT_EQ(terrain::terrainOutputFor(kHdrColorFormat), terrain::TerrainOutput::HdrLuminance);
    EXPECT_EQ(terrain::terrainOutputFor(VK_FORMAT_B8G8R8A8_SRGB), terrain::TerrainOutput::DisplayColour);
    EXPECT_EQ(terrain::terrainOutputFor(VK_FORMAT_R8G8B8A8_UNORM), terrain::TerrainOutput::EncodedDisplayColour);
    EXPECT_TRUE(shaderEncodesSrgb(VK_FORMAT_B8G8R8A8_UNORM));
    EXPECT_FALSE(shaderEncodesSrgb(VK_FORMAT_R8G8B8A8_SRGB));
    EXPECT_FALSE(shaderEncodesSrgb(kHdrColorFormat));
}

}  // namespace
}  // namespace atmosphere::test
