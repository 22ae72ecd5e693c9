// The real cbt-terrain binary, headless with the validation layer on
// (label render): the physically based sky is bluer at the zenith than at
// the horizon at noon and the same over any part of a continent-wide map,
// the light near the sun is redder at sunset than at
// noon, exposure and tone curve change the image, and --stats reports the
// atmosphere as its own line. Every run must exit 0 (a validation message
// makes a --validate run exit 1).
#include "ChildProcess.h"
#include "ViewerTestFiles.h"

#include <gtest/gtest.h>

#include <iostream>

#include <string>
#include <vector>

namespace app_test {
namespace {

constexpr int kWidth = 240;
constexpr int kHeight = 136;

struct ViewerRun {
    app_test::ProcessResult process;
    std::optional<app_test::DecodedImage> image;
    std::string stats;
};

class AtmosphereViewer : public ::testing::Test {
protected:
    AtmosphereViewer() : scratch_("atmosphere") { app_test::writeReliefHeightmap(heightmap(), 128); }

    [[nodiscard]] std::filesystem::path heightmap() const { return scratch_.file("relief.png"); }

    // Three frames of a 240x136 image from `camera` (X,Y,Z,YAW,PITCH) with the sun at `sun` (AZIMUTH,ELEVATION).
    ViewerRun run(const std::string& name, const std::string& camera, const std::string& sun,
                  const std::vector<std::string>& extra = {})
    {
        app_test::ProcessOptions options;
        options.arguments = {CBT_TERRAIN_BINARY,
                             heightmap().string(),
                             "--headless",
                             "--validate",
                             "--msaa",
                             "1",
                             "--shadows",
                             "off",
                             "--detail",
                             "off",
                             "--size",
                             std::to_string(kWidth) + "x" + std::to_string(kHeight),
                             "--depth",
                             "14",
                             "--frames",
                             "3",
                             "--camera",
                             camera,
                             "--sun",
                             sun,
                             "--screenshot",
                             scratch_.file(name + ".png").string(),
                             "--stats",
                             scratch_.file(name + ".json").string()};
        options.arguments.insert(options.arguments.end(), extra.begin(), extra.end());
        ViewerRun result;
        result.process = app_test::runProcess(options);
        EXPECT_FALSE(result.process.timedOut) << name;
        EXPECT_EQ(result.process.exitCode, 0) << name << ": " << result.process.err;
        app_test::expectNoValidationOrErrors(result.process.err);
        result.image = app_test::decodePng(scratch_.file(name + ".png"));
        const std::vector<unsigned char> bytes = app_test::readBytes(scratch_.file(name + ".json"));
        result.stats.assign(bytes.begin(), bytes.end());
        return result;
    }

private:
    app_test::ScratchFolder scratch_;
};

// Mean colour of the pixels in rows [top, bottom) and columns [left, right) (fractions of the image).
app_test::BandStatistics region(const app_test::DecodedImage& image, double top, double bottom, double left,
                                double right)
{
    app_test::BandStatistics mean;
    double count = 0.0;
    for (int y = static_cast<int>(top * image.height); y < static_cast<int>(bottom * image.height); ++y) {
        for (int x = static_cast<int>(left * image.width); x < static_cast<int>(right * image.width); ++x) {
            const uint8_t* pixel = image.pixel(x, y);
            mean.red += pixel[0];
            mean.green += pixel[1];
            mean.blue += pixel[2];
            count += 1.0;
        }
    }
    mean.red /= count;
    mean.green /= count;
    mean.blue /= count;
    mean.luminanceMean = 0.2126 * mean.red + 0.7152 * mean.green + 0.0722 * mean.blue;
    return mean;
}

double blueness(const app_test::BandStatistics& colour)
{
    return colour.blue / (colour.red + colour.green + colour.blue);
}

double redness(const app_test::BandStatistics& colour)
{
    return colour.red / std::max(colour.blue, 1.0);
}

TEST_F(AtmosphereViewer, NoonZenithIsBluerThanTheHorizon)
{
    // 7 km up (above every peak), looking north; the sun high in the south-east.
    const ViewerRun horizon = run("horizon", "0,7000,0,0,0", "135,65");
    const ViewerRun zenith = run("zenith", "0,7000,0,0,80", "135,65");
    ASSERT_TRUE(horizon.image && zenith.image);
    // Just above the horizontal (the image's middle row), and around 80 degrees up.
    const app_test::BandStatistics nearHorizon = region(*horizon.image, 0.40, 0.48, 0.0, 1.0);
    const app_test::BandStatistics nearZenith = region(*zenith.image, 0.45, 0.55, 0.0, 1.0);
    std::cout << "blueness: zenith " << blueness(nearZenith) << ", horizon " << blueness(nearHorizon) << "\n";
    EXPECT_GT(nearZenith.blue, nearZenith.red);
    EXPECT_GT(blueness(nearZenith), blueness(nearHorizon) + 0.03)
        << "zenith " << nearZenith.red << "," << nearZenith.green << "," << nearZenith.blue << " horizon "
        << nearHorizon.red << "," << nearHorizon.green << "," << nearHorizon.blue;
}

TEST_F(AtmosphereViewer, TheSkyIsTheSameFarFromTheMapsOrigin)
{
    // A map 10,000 km wide (a continent drawn flat): 4,000 km east of its
    // centre, 7 km up, the sky is the one above the centre, not the black
    // of space.
    const std::vector<std::string> wide{"--extent", "1e7"};
    const ViewerRun centre = run("sky-centre", "0,7000,0,0,20", "135,65", wide);
    const ViewerRun far = run("sky-far", "4e6,7000,0,0,20", "135,65", wide);
    ASSERT_TRUE(centre.image && far.image);
    const app_test::BandStatistics here = region(*centre.image, 0.0, 0.3, 0.0, 1.0);
    const app_test::BandStatistics there = region(*far.image, 0.0, 0.3, 0.0, 1.0);
    EXPECT_GT(there.luminanceMean, 25.0) << "a dark sky far from the origin";
    EXPECT_GT(there.blue, there.red);
    EXPECT_NEAR(there.luminanceMean, here.luminanceMean, 2.0);
    EXPECT_NEAR(there.blue, here.blue, 2.0);
}

TEST_F(AtmosphereViewer, LightNearTheSunIsRedderAtSunsetThanAtNoon)
{
    // Looking north at the sun: 2 degrees up at sunset, 60 degrees up at noon.
    const ViewerRun sunset = run("sunset", "0,7000,0,0,4", "0,2");
    const ViewerRun noon = run("noon", "0,7000,0,0,62", "0,60");
    ASSERT_TRUE(sunset.image && noon.image);
    const app_test::BandStatistics nearSunAtSunset = region(*sunset.image, 0.40, 0.62, 0.35, 0.65);
    const app_test::BandStatistics nearSunAtNoon = region(*noon.image, 0.40, 0.62, 0.35, 0.65);
    std::cout << "red / blue near the sun: sunset " << redness(nearSunAtSunset) << ", noon " << redness(nearSunAtNoon)
              << "\n";
    EXPECT_GT(redness(nearSunAtSunset), 1.5 * redness(nearSunAtNoon))
        << "sunset " << nearSunAtSunset.red << "," << nearSunAtSunset.green << "," << nearSunAtSunset.blue << " noon "
        << nearSunAtNoon.red << "," << nearSunAtNoon.green << "," << nearSunAtNoon.blue;
}

TEST_F(AtmosphereViewer, ExposureAndToneCurveChangeTheImage)
{
    const std::string camera = "0,4500,9000,0,-12";
    const ViewerRun dark = run("dark", camera, "135,35", {"--exposure", "0", "--tonemap", "aces"});
    const ViewerRun bright = run("bright", camera, "135,35", {"--exposure", "4", "--tonemap", "aces"});
    const ViewerRun clamped = run("clamped", camera, "135,35", {"--exposure", "4", "--tonemap", "none"});
    ASSERT_TRUE(dark.image && bright.image && clamped.image);
    EXPECT_GT(region(*bright.image, 0.0, 1.0, 0.0, 1.0).luminanceMean,
              region(*dark.image, 0.0, 1.0, 0.0, 1.0).luminanceMean + 20.0);
    EXPECT_GT(app_test::differingPixelFraction(*bright.image, *clamped.image, 4), 0.3);
}

TEST_F(AtmosphereViewer, StatsReportTheAtmosphereAsItsOwnLine)
{
    const ViewerRun result = run("stats", "0,4500,9000,0,-12", "135,35");
    const std::optional<double> perFrame = app_test::jsonNumberAt(result.stats, {"gpuTimesMs", "atmosphere", "median"});
    ASSERT_TRUE(perFrame.has_value()) << result.stats;
    EXPECT_GT(*perFrame, 0.0) << "the per-frame tables and the sky take time";
    const std::optional<double> tables = app_test::jsonNumber(result.stats, "atmosphereTablesMs");
    ASSERT_TRUE(tables.has_value()) << result.stats;
    EXPECT_GT(*tables, 0.0) << "the static tables were computed at start-up";
}

}  // namespace
}  // namespace app_test
