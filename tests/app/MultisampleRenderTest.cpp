// Multisample anti-aliasing (--msaa): the slanted crest of a cliff seen
// against the sky is a staircase of whole pixels with one sample per pixel,
// and a ramp of partly covered pixels with four. Headless frames with the
// validation layer on; a count the device lacks is a one-line error.
#include "ChildProcess.h"
#include "ViewerTestFiles.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <iostream>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace app_test {
namespace {

constexpr int kWidth = 320;
constexpr int kHeight = 180;
constexpr uint32_t kMapSize = 256;
constexpr uint32_t kCliffRow = 160;

using Colour = std::array<double, 3>;

Colour colourAt(const DecodedImage& image, int x, int y)
{
    const uint8_t* rgb = image.pixel(x, y);
    return {static_cast<double>(rgb[0]), static_cast<double>(rgb[1]), static_cast<double>(rgb[2])};
}

double distance(const Colour& a, const Colour& b)
{
    return std::hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
}

// How much of `sky` the colour `seen` shows over `cliff`: the projection of
// seen - cliff onto sky - cliff, 0 .. 1.
double skyShare(const Colour& seen, const Colour& sky, const Colour& cliff)
{
    double along = 0.0;
    double length2 = 0.0;
    for (size_t channel = 0; channel < 3; ++channel) {
        along += (seen[channel] - cliff[channel]) * (sky[channel] - cliff[channel]);
        length2 += (sky[channel] - cliff[channel]) * (sky[channel] - cliff[channel]);
    }
    return std::clamp(along / length2, 0.0, 1.0);
}

// Where the crest crosses column x, in rows, to a fraction of a pixel: the
// first change of colour from the sky to the cliff, going down the column,
// locates it, and each pixel around it counts by how much of the sky it
// shows. Empty when the column has no clear edge.
std::optional<double> crestRow(const DecodedImage& image, int x)
{
    constexpr int kReach = 3;
    constexpr double kChange = 25.0;  // of 255, over two rows
    for (int y = kReach + 1; y + kReach + 1 < image.height; ++y) {
        if (distance(colourAt(image, x, y - 1), colourAt(image, x, y + 1)) <= kChange) {
            continue;
        }
        const Colour sky = colourAt(image, x, y - 1 - kReach);
        const Colour cliff = colourAt(image, x, y + 1 + kReach);
        if (distance(sky, cliff) <= kChange) {
            return std::nullopt;
        }
        double row = y - kReach;
        for (int r = y - kReach; r <= y + kReach; ++r) {
            row += skyShare(colourAt(image, x, r), sky, cliff);
        }
        return row;
    }
    return std::nullopt;
}

struct CrestFit {
    int columns = 0;
    double rmsRows = 0.0;  // root mean square distance from straight lines
};

// The crest's rows over columns [first, end), against the least-squares line
// of each run of kWindow columns. The crest is straight only piecewise: the
// mesh's vertices along it sit on whole or half-height texel corners.
CrestFit fitCrest(const DecodedImage& image, int first, int end)
{
    constexpr int kWindow = 16;
    CrestFit fit;
    double squares = 0.0;
    for (int start = first; start + kWindow <= end; start += kWindow) {
        double n = 0.0, sx = 0.0, sy = 0.0, sxx = 0.0, sxy = 0.0;
        std::vector<std::pair<double, double>> points;
        for (int x = start; x < start + kWindow; ++x) {
            if (const std::optional<double> row = crestRow(image, x)) {
                points.emplace_back(x, *row);
                n += 1.0;
                sx += x;
                sy += *row;
                sxx += static_cast<double>(x) * x;
                sxy += x * *row;
            }
        }
        if (points.size() < kWindow / 2) {
            continue;
        }
        const double slope = (n * sxy - sx * sy) / (n * sxx - sx * sx);
        const double offset = (sy - slope * sx) / n;
        for (const auto& [x, row] : points) {
            squares += (row - (offset + slope * x)) * (row - (offset + slope * x));
        }
        fit.columns += static_cast<int>(points.size());
    }
    fit.rmsRows = fit.columns > 0 ? std::sqrt(squares / fit.columns) : 0.0;
    return fit;
}

class MultisampleRenderTest : public ::testing::Test {
protected:
    MultisampleRenderTest() : scratch_("msaa") { writeRampBehindACliffHeightmap(heightmap(), kMapSize, kCliffRow); }

    [[nodiscard]] std::filesystem::path heightmap() const { return scratch_.file("cliff.png"); }

    // From the plain, 15 m up and 700 m south of the cliff, looking north
    // 12 degrees up: the crest (87 m on the left to 243 m on the right of
    // the frame) runs up across the frame against the sky.
    DecodedImage render(const std::string& samples, const std::string& backend = "heap") const
    {
        const std::filesystem::path frame = scratch_.file("msaa" + samples + backend + ".png");
        const std::optional<DecodedImage> image =
            runForScreenshot({CBT_TERRAIN_BINARY,
                              heightmap().string(),
                              "--headless",
                              "--validate",
                              "--msaa",
                              samples,
                              "--cbt",
                              backend,
                              "--size",
                              std::to_string(kWidth) + "x" + std::to_string(kHeight),
                              "--frames",
                              "16",
                              "--extent",
                              "2000",
                              "--height-scale",
                              "300",
                              "--camera",
                              "0,15,950,0,12",
                              "--sun",
                              "180,20",
                              "--shadows",
                              "off",
                              "--screenshot",
                              frame.string()},
                             frame);
        return image.value_or(DecodedImage{});
    }

    ScratchFolder scratch_;
};

TEST_F(MultisampleRenderTest, FourSamplesSmoothTheStaircaseOfASlantedEdge)
{
    const DecodedImage single = render("1");
    const DecodedImage multi = render("4");
    ASSERT_EQ(single.width, kWidth);
    ASSERT_EQ(multi.width, kWidth);
    const CrestFit aliased = fitCrest(single, 20, kWidth - 20);
    const CrestFit smoothed = fitCrest(multi, 20, kWidth - 20);
    ASSERT_GT(aliased.columns, kWidth / 2) << "the crest is not in the frame";
    ASSERT_GT(smoothed.columns, kWidth / 2) << "the crest is not in the frame";
    // One sample per pixel puts the edge on whole rows: about 0.29 pixel
    // from the true line in root mean square.
    EXPECT_GT(aliased.rmsRows, 0.18) << "the single-sampled edge shows no staircase";
    EXPECT_LT(smoothed.rmsRows, 0.6 * aliased.rmsRows) << "four samples do not smooth the edge";
    std::cout << "crest RMS distance from a line: " << aliased.rmsRows << " px with 1 sample, " << smoothed.rmsRows
              << " px with 4\n";
}

TEST_F(MultisampleRenderTest, ThePoolBackendIsSmoothedAlike)
{
    const DecodedImage multi = render("4", "pool");
    ASSERT_EQ(multi.width, kWidth);
    const CrestFit smoothed = fitCrest(multi, 20, kWidth - 20);
    ASSERT_GT(smoothed.columns, kWidth / 2) << "the crest is not in the frame";
    EXPECT_LT(smoothed.rmsRows, 0.18) << "four samples do not smooth the pool's edge";
    std::cout << "the pool's crest with 4 samples: " << smoothed.rmsRows << " px from a line\n";
}

TEST_F(MultisampleRenderTest, ACountTheDeviceLacksIsAOneLineError)
{
    ProcessOptions options;
    options.arguments = {CBT_TERRAIN_BINARY, heightmap().string(), "--headless", "--msaa", "64", "--frames", "1"};
    const ProcessResult parse = runProcess(options, std::chrono::seconds(120));
    EXPECT_EQ(parse.exitCode, 2);
    // lavapipe renders 1 and 4 samples: 8 is a valid count it lacks.
    options.arguments = {CBT_TERRAIN_BINARY, heightmap().string(), "--headless", "--msaa", "8", "--frames", "1"};
    const ProcessResult result = runProcess(options, std::chrono::seconds(120));
    if (result.exitCode == 0) {
        GTEST_SKIP() << "this device renders 8 samples per pixel";
    }
    EXPECT_EQ(result.exitCode, 1);
    const std::vector<std::string> lines = linesOf(result.err);
    ASSERT_EQ(lines.size(), 1u) << result.err;
    EXPECT_NE(lines[0].find("--msaa 8"), std::string::npos) << lines[0];
    EXPECT_NE(lines[0].find("samples per pixel"), std::string::npos) << lines[0];
}

}  // namespace
}  // namespace app_test
