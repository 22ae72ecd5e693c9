// --contours (surface/Contours.glsl) in both modes. Straight down over a
// plane rising eastwards from 150 to 350 m, lines every 20 m are the ten
// dark bands of the frame's middle row, each where its height lies, the index contours
// (200 and 300 m) the widest and darkest. On the
// globe over the Alps the lines ink the ground drawn from the materials and
// from the imagery alike, at the same places. Headless frames with the
// validation layer on.
#include "ChildProcess.h"
#include "ViewerTestFiles.h"

#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

namespace app_test {
namespace {

// Pixels `inked` darker than in `plain` by more than `threshold` levels.
std::vector<bool> inkOf(const DecodedImage& inked, const DecodedImage& plain, double threshold)
{
    std::vector<bool> ink(static_cast<std::size_t>(inked.width * inked.height));
    for (int y = 0; y < inked.height; ++y) {
        for (int x = 0; x < inked.width; ++x) {
            ink[static_cast<std::size_t>(y * inked.width + x)] =
                pixelLuminance(plain, x, y) - pixelLuminance(inked, x, y) > threshold;
        }
    }
    return ink;
}

struct InkRun {
    double centre = 0.0;  // weighted by the darkening
    double mass = 0.0;    // the darkening summed over the run (levels x pixels)
};

// The runs of pixels along row `y` that `inked` darkens against `plain` by
// more than 3 levels.
std::vector<InkRun> inkRunsAlongRow(const DecodedImage& inked, const DecodedImage& plain, int y)
{
    std::vector<InkRun> runs;
    double mass = 0.0;
    double moment = 0.0;
    for (int x = 0; x <= inked.width; ++x) {
        const double darker = x < inked.width ? pixelLuminance(plain, x, y) - pixelLuminance(inked, x, y) : 0.0;
        if (darker > 3.0) {
            mass += darker;
            moment += darker * x;
        } else if (mass > 0.0) {
            runs.push_back({moment / mass, mass});
            mass = 0.0;
            moment = 0.0;
        }
    }
    return runs;
}

TEST(ContoursRender, AnEvenSlopeShowsEvenlySpacedLinesAndWiderIndexContours)
{
    const ScratchFolder scratch("contours");
    const std::filesystem::path plane = scratch.file("slope.png");
    writeTiltedPlaneHeightmap(plane, 64, 0.3, 0.7);
    const auto render = [&](const std::string& name, std::vector<std::string> extra) {
        const std::filesystem::path frame = scratch.file(name + ".png");
        std::vector<std::string> arguments{CBT_TERRAIN_BINARY,
                                           plane.string(),
                                           "--headless",
                                           "--validate",
                                           "--msaa",
                                           "1",
                                           "--size",
                                           "256x144",
                                           "--frames",
                                           "12",
                                           "--extent",
                                           "2000",
                                           "--height-scale",
                                           "500",
                                           "--detail",
                                           "off",
                                           "--sun",
                                           "120,60",
                                           "--camera",
                                           "0,1500,1,0,-89",
                                           "--screenshot",
                                           frame.string()};
        arguments.insert(arguments.end(), extra.begin(), extra.end());
        return runForScreenshot(arguments, frame).value_or(DecodedImage{});
    };
    const DecodedImage plain = render("plain", {});
    const DecodedImage lined = render("lined", {"--contours", "20"});
    ASSERT_EQ(plain.width, 256);
    ASSERT_EQ(lined.width, 256);
    EXPECT_GT(bandStatistics(plain, 0, plain.height).luminanceMean, 40.0) << "a dark frame";
    const std::vector<InkRun> runs = inkRunsAlongRow(lined, plain, lined.height / 2);
    // 160, 180, ..., 340 m.
    ASSERT_EQ(runs.size(), 10u);
    // Where each line shows: 20 k + 160 m high, at x = 200 k - 900 m on the
    // 2 km map rising 0.1 m a metre eastwards, seen from 1,500 m up with a
    // horizontal focal length of 128 / (tan 30 x 256 / 144) pixels.
    const double focal = 128.0 / (std::tan(30.0 * 3.14159265358979 / 180.0) * 256.0 / 144.0);
    for (std::size_t k = 0; k < runs.size(); ++k) {
        const double height = 160.0 + 20.0 * static_cast<double>(k);
        const double x = 200.0 * static_cast<double>(k) - 900.0;
        EXPECT_NEAR(runs[k].centre + 0.5, 128.0 + focal * x / (1500.0 - height), 1.0) << "line " << k;
    }
    // Lines 2 (200 m) and 7 (300 m) are index contours: wider and darker.
    for (std::size_t i = 0; i < runs.size(); ++i) {
        if (i != 2 && i != 7) {
            EXPECT_GT(runs[2].mass, 2.0 * runs[i].mass) << "line " << i;
            EXPECT_GT(runs[7].mass, 2.0 * runs[i].mass) << "line " << i;
            EXPECT_GT(runs[i].mass, 15.0) << "line " << i;
        }
    }
    // Between the lines the ground is untouched.
    const std::vector<bool> ink = inkOf(lined, plain, 3.0);
    std::size_t inked = 0;
    for (const bool pixel : ink) {
        inked += pixel ? 1u : 0u;
    }
    EXPECT_LT(static_cast<double>(inked) / static_cast<double>(ink.size()), 0.3);
}

TEST(ContoursRender, TheGlobeInksTheMaterialsAndTheImageryAlike)
{
    if (!std::filesystem::exists(CBT_ETOPO5_GRID)) {
        GTEST_SKIP() << CBT_ETOPO5_GRID << " is missing";
    }
    const ScratchFolder scratch("planet-contours");
    const auto render = [&](const std::string& name, std::vector<std::string> extra) {
        const std::filesystem::path frame = scratch.file(name + ".png");
        std::vector<std::string> arguments{CBT_TERRAIN_BINARY, "--planet",    "--headless",   "--validate",
                                           "--msaa",           "1",           "--size",       "192x108",
                                           "--frames",         "40",          "--camera-geo", "45.6,6.5,25000,60,-35",
                                           "--screenshot",     frame.string()};
        arguments.insert(arguments.end(), extra.begin(), extra.end());
        return runForScreenshot(arguments, frame).value_or(DecodedImage{});
    };
    const DecodedImage materials = render("materials", {"--imagery", "none"});
    const DecodedImage materialsLined = render("materials-lined", {"--imagery", "none", "--contours", "500"});
    const DecodedImage imagery = render("imagery", {});
    const DecodedImage imageryLined = render("imagery-lined", {"--contours", "500"});
    for (const DecodedImage* image : {&materials, &materialsLined, &imagery, &imageryLined}) {
        ASSERT_EQ(image->width, 192);
    }
    const std::vector<bool> onMaterials = inkOf(materialsLined, materials, 6.0);
    const std::vector<bool> onImagery = inkOf(imageryLined, imagery, 6.0);
    std::size_t both = 0;
    std::size_t either = 0;
    std::size_t materialInk = 0;
    for (std::size_t i = 0; i < onMaterials.size(); ++i) {
        both += onMaterials[i] && onImagery[i] ? 1u : 0u;
        either += onMaterials[i] || onImagery[i] ? 1u : 0u;
        materialInk += onMaterials[i] ? 1u : 0u;
    }
    const double share = static_cast<double>(materialInk) / static_cast<double>(onMaterials.size());
    EXPECT_GT(share, 0.02) << "no contours on the materials";
    EXPECT_LT(share, 0.4) << "the ground is inked over";
    EXPECT_GT(static_cast<double>(both) / static_cast<double>(either), 0.6) << "the lines lie elsewhere on imagery";
}

}  // namespace
}  // namespace app_test
