// The real window under a private Xvfb server: it opens, renders, answers
// injected keys (Space freeze, F12 screenshot, F wireframe, F12), survives a
// resize, follows a camera path's size column, and exits cleanly on Esc with
// the validation layer silent; on the bisector pool it streams an elevation
// model's tiles; a model whose coarse level takes long to read (no
// overviews) has it read while the window draws, and taken in when read; in
// planet mode the flight climbs, Home returns to the whole Earth and F draws
// the wireframe.
#include "ChildProcess.h"
#include "ViewerTestFiles.h"
#include "VirtualDisplay.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <memory>
#include <string>

namespace app_test {
namespace {

constexpr std::chrono::seconds kStepLimit{120};

std::vector<std::filesystem::path> screenshotsIn(const std::filesystem::path& folder)
{
    std::vector<std::filesystem::path> found;
    for (const auto& entry : std::filesystem::directory_iterator(folder)) {
        const std::string name = entry.path().filename().string();
        if (name.rfind("cbt-terrain-", 0) == 0 && entry.path().extension() == ".png") {
            found.push_back(entry.path());
        }
    }
    return found;
}

// Adds the screenshots in `folder` that `seen` lacks to its end (in the
// order they appeared, as long as one new file is taken at a time).
void noteNewScreenshots(const std::filesystem::path& folder, std::vector<std::filesystem::path>& seen)
{
    for (const std::filesystem::path& shot : screenshotsIn(folder)) {
        if (std::find(seen.begin(), seen.end(), shot) == seen.end()) {
            seen.push_back(shot);
        }
    }
}

class ViewerWindowTest : public ::testing::Test {
protected:
    ViewerWindowTest() : scratch_("window") {}

    // Runs the viewer in a window on the virtual display until it exits by
    // itself (--frames), expecting a clean exit without validation messages.
    ProcessResult runViewerToTheEnd(std::vector<std::string> arguments) const
    {
        ProcessOptions options = programWithArguments(CBT_TERRAIN_BINARY, arguments);
        options.environment = {{"DISPLAY", display_.name()}, {"WAYLAND_DISPLAY", std::nullopt}};
        ProcessResult result = runProcess(options, kStepLimit);
        EXPECT_FALSE(result.timedOut);
        EXPECT_EQ(result.exitCode, 0) << result.err;
        expectNoValidationOrErrors(result.err);
        return result;
    }

    // The leaf count in the window title ("cbt-terrain - map.png - 1234 leaves"), 0 before it shows one.
    long leafCountInTitle(const std::string& window) const
    {
        const std::string title = display_.xdotool({"getwindowname", window}).out;
        const size_t suffix = title.find(" leaves");
        const size_t start = title.rfind(' ', suffix == std::string::npos ? 0 : suffix - 1);
        if (suffix == std::string::npos || start == std::string::npos) {
            return 0;
        }
        return std::strtol(title.c_str() + start + 1, nullptr, 10);
    }

    ScratchFolder scratch_;
    VirtualDisplay display_;
};

TEST_F(ViewerWindowTest, KeysFreezeScreenshotWireframeResizeAndQuit)
{
    ASSERT_TRUE(display_.ready()) << "Xvfb did not start";
    const std::filesystem::path map = scratch_.file("relief.png");
    writeReliefHeightmap(map, 256);

    ProcessOptions options;
    options.arguments = {CBT_TERRAIN_BINARY, map.string(), "--validate", "--size",           "480x270",
                         "--depth",          "18",         "--camera",   "0,3200,9500,0,-18"};
    options.environment = {{"DISPLAY", display_.name()}, {"WAYLAND_DISPLAY", std::nullopt}};
    options.workingDirectory = scratch_.path();
    ChildProcess viewer(options);

    const std::string window = display_.findWindow(viewer, "^cbt-terrain", kStepLimit);
    ASSERT_FALSE(window.empty()) << "no window appeared: " << viewer.wait(std::chrono::seconds(1)).err;
    ASSERT_EQ(display_.xdotool({"windowfocus", "--sync", window}).exitCode, 0);

    // Once the tree has refined (the title shows the leaf count), Space
    // freezes the subdivision, so the two screenshots differ only by F.
    ASSERT_TRUE(waitUntil([&] { return leafCountInTitle(window) >= 2000 || !viewer.running(); }, kStepLimit))
        << "the title never showed 2000 leaves";
    ASSERT_TRUE(viewer.running()) << viewer.wait(std::chrono::seconds(1)).err;
    ASSERT_EQ(display_.xdotool({"key", "space", "F12"}).exitCode, 0);
    ASSERT_TRUE(waitUntil([&] { return screenshotsIn(scratch_.path()).size() >= 1 || !viewer.running(); }, kStepLimit));
    ASSERT_EQ(screenshotsIn(scratch_.path()).size(), 1u) << viewer.wait(std::chrono::seconds(1)).err;
    std::vector<std::filesystem::path> shots;  // in the order they were taken
    noteNewScreenshots(scratch_.path(), shots);

    ASSERT_EQ(display_.xdotool({"key", "f"}).exitCode, 0);
    ASSERT_EQ(display_.xdotool({"key", "F12"}).exitCode, 0);
    ASSERT_TRUE(waitUntil([&] { return screenshotsIn(scratch_.path()).size() >= 2 || !viewer.running(); }, kStepLimit));
    noteNewScreenshots(scratch_.path(), shots);

    // A resized window gets a new swapchain and new render targets.
    ASSERT_EQ(display_.xdotool({"windowsize", "--sync", window, "320", "200"}).exitCode, 0);
    ASSERT_EQ(display_.xdotool({"key", "F12"}).exitCode, 0);
    ASSERT_TRUE(waitUntil([&] { return screenshotsIn(scratch_.path()).size() >= 3 || !viewer.running(); }, kStepLimit));
    noteNewScreenshots(scratch_.path(), shots);

    ASSERT_EQ(display_.xdotool({"key", "Escape"}).exitCode, 0);
    const ProcessResult result = viewer.wait(kStepLimit);
    EXPECT_FALSE(result.timedOut) << "Esc did not quit";
    EXPECT_EQ(result.exitCode, 0) << result.err;
    expectNoValidationOrErrors(result.err);

    ASSERT_EQ(shots.size(), 3u);
    const std::optional<DecodedImage> resized = decodePng(shots[2]);
    ASSERT_TRUE(resized);
    EXPECT_EQ(resized->width, 320);
    EXPECT_EQ(resized->height, 200);
    const std::optional<DecodedImage> plain = decodePng(shots[0]);
    const std::optional<DecodedImage> wireframe = decodePng(shots[1]);
    ASSERT_TRUE(plain && wireframe);
    EXPECT_EQ(plain->width, 480);
    EXPECT_EQ(plain->height, 270);
    const BandStatistics sky = bandStatistics(*plain, 0, plain->height / 10);
    const BandStatistics ground = bandStatistics(*plain, plain->height * 6 / 10, plain->height);
    EXPECT_GT(sky.blue, sky.red + 5.0) << "no sky at the top";
    EXPECT_GT(ground.luminanceDeviation, 12.0) << "no shaded terrain at the bottom";
    EXPECT_GT(differingPixelFraction(*plain, *wireframe, 16), 0.05) << "F did not show the wireframe";
}

TEST_F(ViewerWindowTest, FramesLimitWritesScreenshotAndStatsOfTheLastFrame)
{
    ASSERT_TRUE(display_.ready()) << "Xvfb did not start";
    const std::filesystem::path map = scratch_.file("relief.png");
    writeReliefHeightmap(map, 128);
    runViewerToTheEnd({map.string(), "--validate", "--size", "256x160", "--depth", "16", "--frames", "12", "--vsync",
                       "off", "--screenshot", scratch_.file("last.png").string(), "--stats",
                       scratch_.file("last.json").string()});
    const std::optional<DecodedImage> last = decodePng(scratch_.file("last.png"));
    ASSERT_TRUE(last);
    EXPECT_EQ(last->width, 256);
    const std::vector<unsigned char> bytes = readBytes(scratch_.file("last.json"));
    const std::string stats(bytes.begin(), bytes.end());
    EXPECT_EQ(jsonNumber(stats, "frames"), 12.0);
    EXPECT_EQ(jsonNumber(stats, "maxDepth"), 16.0);
    EXPECT_EQ(jsonNumberArray(stats, "leafCountHistory").size(), 10u);  // the last 2 frames are still in flight
}

TEST_F(ViewerWindowTest, CameraPathSizeColumnResizesTheWindow)
{
    ASSERT_TRUE(display_.ready()) << "Xvfb did not start";
    const std::filesystem::path map = scratch_.file("relief.png");
    writeReliefHeightmap(map, 128);
    // The window opens at 256x160; from the third frame on the path asks for
    // 200x120, then for 176x144 (the last frame, the one --screenshot saves).
    const std::filesystem::path path = scratch_.file("path.txt");
    writeText(path,
              "0 3200 9500 0 -18\n"
              "0 3100 9400 0 -18\n"
              "0 3000 9300 0 -18 200x120\n"
              "0 2900 9200 0 -18\n"
              "0 2800 9100 0 -18 176x144\n");
    runViewerToTheEnd({map.string(), "--validate", "--size", "256x160", "--depth", "16", "--camera-path", path.string(),
                       "--frames", "5", "--vsync", "off", "--screenshot", scratch_.file("last.png").string(), "--stats",
                       scratch_.file("last.json").string()});
    const std::optional<DecodedImage> last = decodePng(scratch_.file("last.png"));
    ASSERT_TRUE(last);
    EXPECT_EQ(last->width, 176);
    EXPECT_EQ(last->height, 144);
    const std::vector<unsigned char> bytes = readBytes(scratch_.file("last.json"));
    const std::string stats(bytes.begin(), bytes.end());
    EXPECT_EQ(jsonNumber(stats, "width"), 176.0);
    EXPECT_EQ(jsonNumber(stats, "height"), 144.0);
    EXPECT_EQ(jsonNumber(stats, "frames"), 5.0);
}

// An ASCII grid of `size` x `size` samples 10 m apart: hills with ridges a
// few samples across on them.
void writeReliefGrid(const std::filesystem::path& path, std::uint32_t size)
{
    std::string text = "ncols " + std::to_string(size) + "\nnrows " + std::to_string(size) +
                       "\nxllcorner 0\nyllcorner 0\ncellsize 10\n";
    for (std::uint32_t y = 0; y < size; ++y) {
        for (std::uint32_t x = 0; x < size; ++x) {
            const double height = 400.0 + 200.0 * std::sin(x * 0.02) * std::cos(y * 0.015) + 8.0 * std::sin(x * 0.9);
            text += std::to_string(static_cast<int>(std::lround(height))) + (x + 1 == size ? "\n" : " ");
        }
    }
    writeText(path, text);
}

TEST_F(ViewerWindowTest, ThePoolStreamsAnElevationModelsTilesInTheWindow)
{
    ASSERT_TRUE(display_.ready()) << "Xvfb did not start";
    const std::filesystem::path grid = scratch_.file("relief.asc");
    writeReliefGrid(grid, 512);
    const std::filesystem::path stats = scratch_.file("stream.json");
    const ProcessResult result = runViewerToTheEnd(
        {grid.string(), "--validate", "--size", "256x160", "--cbt", "pool", "--stream", "on", "--texels-per-pixel",
         "64", "--camera", "0,900,1200,0,-35", "--frames", "40", "--vsync", "off", "--stats", stats.string()});
    EXPECT_NE(result.out.find("512x512 samples streamed"), std::string::npos) << result.out;
    const std::vector<unsigned char> bytes = readBytes(stats);
    const std::string json(bytes.begin(), bytes.end());
    EXPECT_NE(json.find("\"backend\": \"pool\""), std::string::npos) << json;
    EXPECT_GT(jsonNumberAt(json, {"stream", "tilesRead"}).value_or(0.0), 0.0) << json;
    EXPECT_GT(jsonNumberAt(json, {"stream", "residentTiles"}).value_or(0.0), 0.0) << json;
    EXPECT_EQ(jsonNumberAt(json, {"stream", "finestRequestedLevel"}), 0.0) << json;
    EXPECT_GT(jsonNumberAt(json, {"pool", "visibleBisectors"}).value_or(0.0), 100.0) << json;
}

// A 9,000 x 9,000 model without overviews: a VRT that repeats a 1000 x 1000
// raw 16-bit tile (ESRI .hdr/.bil) 9 x 9 times. Its coarse level averages
// all 81 million samples: more than a read at load is left for.
std::filesystem::path writeModelWithoutOverviews(const ScratchFolder& scratch)
{
    constexpr std::uint32_t kTile = 1000;
    constexpr std::uint32_t kRepeats = 9;
    std::vector<unsigned char> bytes;
    for (std::uint32_t y = 0; y < kTile; ++y) {
        for (std::uint32_t x = 0; x < kTile; ++x) {
            const double metres = 300.0 + 120.0 * std::sin(x * 0.0126) * std::cos(y * 0.0094) + 6.0 * std::sin(x * 0.7);
            const auto sample = static_cast<std::uint16_t>(static_cast<std::int16_t>(std::lround(metres)));
            bytes.push_back(static_cast<unsigned char>(sample & 0xff));
            bytes.push_back(static_cast<unsigned char>(sample >> 8));
        }
    }
    writeBytes(scratch.file("tile.bil"), bytes);
    writeText(scratch.file("tile.hdr"),
              "NROWS 1000\nNCOLS 1000\nNBANDS 1\nNBITS 16\nBYTEORDER I\nLAYOUT BIL\n"
              "PIXELTYPE SIGNEDINT\n");
    std::string vrt =
        "<VRTDataset rasterXSize=\"9000\" rasterYSize=\"9000\">\n  <SRS>EPSG:32633</SRS>\n"
        "  <GeoTransform>300000, 1, 0, 5000000, 0, -1</GeoTransform>\n"
        "  <VRTRasterBand dataType=\"Int16\" band=\"1\">\n";
    for (std::uint32_t row = 0; row < kRepeats; ++row) {
        for (std::uint32_t column = 0; column < kRepeats; ++column) {
            vrt +=
                "    <SimpleSource><SourceFilename relativeToVRT=\"1\">tile.bil</SourceFilename><SourceBand>1"
                "</SourceBand><SrcRect xOff=\"0\" yOff=\"0\" xSize=\"1000\" ySize=\"1000\"/><DstRect xOff=\"" +
                std::to_string(column * kTile) + "\" yOff=\"" + std::to_string(row * kTile) +
                "\" xSize=\"1000\" ySize=\"1000\"/></SimpleSource>\n";
        }
    }
    vrt += "  </VRTRasterBand>\n</VRTDataset>\n";
    const std::filesystem::path path = scratch.file("large.vrt");
    writeText(path, vrt);
    return path;
}

TEST_F(ViewerWindowTest, ACostlyCoarseLevelIsReadWhileTheWindowDraws)
{
    ASSERT_TRUE(display_.ready()) << "Xvfb did not start";
    const std::filesystem::path model = writeModelWithoutOverviews(scratch_);
    const std::filesystem::path stats = scratch_.file("coarse.json");
    const std::filesystem::path frame = scratch_.file("coarse.png");
    const ProcessResult result = runViewerToTheEnd({model.string(), "--validate", "--size", "256x160", "--camera",
                                                    "0,1500,3000,0,-25", "--frames", "40", "--vsync", "off", "--stats",
                                                    stats.string(), "--screenshot", frame.string()});
    EXPECT_NE(result.out.find("9000x9000 samples streamed in tiles of 256x256 over 3 levels onto a coarse level "
                              "read in the background"),
              std::string::npos)
        << result.out;
    const std::vector<unsigned char> bytes = readBytes(stats);
    const std::string json(bytes.begin(), bytes.end());
    // Taken into the scene during the run.
    EXPECT_GT(jsonNumberAt(json, {"coarseLevel", "readSeconds"}).value_or(0.0), 0.0) << json;
    EXPECT_TRUE(jsonNumberAt(json, {"coarseLevel", "framesDrawnBefore"})) << json;
    EXPECT_GT(jsonNumberAt(json, {"firstFrameSeconds"}).value_or(0.0), 0.0) << json;
    const std::optional<DecodedImage> image = decodePng(frame);
    ASSERT_TRUE(image);
    EXPECT_GT(bandStatistics(*image, 80, 160).luminanceDeviation, 1.0) << "no relief below the horizon";
}

// With --stream on, ETOPO5's finer level streams in tiles in the window too.
TEST_F(ViewerWindowTest, PlanetModeFliesTheGlobeAndHomeReturnsToTheWholeEarth)
{
    ASSERT_TRUE(display_.ready()) << "Xvfb did not start";
    if (!std::filesystem::exists("/usr/share/ferret-vis/data/etopo5.cdf")) {
        GTEST_SKIP() << "ETOPO5 is missing (Debian package ferret-datasets)";
    }
    const std::filesystem::path stats = scratch_.file("planet.json");
    ProcessOptions options;
    options.arguments = {
        CBT_TERRAIN_BINARY, "--planet",           "--validate", "--size",       "320x180",  "--msaa", "1",
        "--camera-geo",     "46.5,8,20000,0,-30", "--stats",    stats.string(), "--stream", "on"};
    options.environment = {{"DISPLAY", display_.name()}, {"WAYLAND_DISPLAY", std::nullopt}};
    options.workingDirectory = scratch_.path();
    ChildProcess viewer(options);

    const std::string window = display_.findWindow(viewer, "^cbt-terrain", kStepLimit);
    ASSERT_FALSE(window.empty()) << "no window appeared: " << viewer.wait(std::chrono::seconds(1)).err;
    ASSERT_EQ(display_.xdotool({"windowfocus", "--sync", window}).exitCode, 0);
    // The window opens before the model is read; its title counts the
    // bisectors once frames are drawn.
    ASSERT_TRUE(waitUntil([&] { return leafCountInTitle(window) > 0 || !viewer.running(); }, kStepLimit));
    // 20 km over the Alps asks for the finer level's tiles: a few frames
    // there let the loader read them before the climb leaves them behind.
    // E climbs: held for a while, at a speed that grows with the height.
    ASSERT_EQ(display_.xdotool({"sleep", "2", "keydown", "e", "sleep", "1.5", "keyup", "e"}).exitCode, 0);
    ASSERT_EQ(display_.xdotool({"key", "F12"}).exitCode, 0);
    ASSERT_TRUE(waitUntil([&] { return screenshotsIn(scratch_.path()).size() >= 1 || !viewer.running(); }, kStepLimit));
    std::vector<std::filesystem::path> shots;
    noteNewScreenshots(scratch_.path(), shots);
    ASSERT_EQ(display_.xdotool({"key", "Home", "F12"}).exitCode, 0);
    ASSERT_TRUE(waitUntil([&] { return screenshotsIn(scratch_.path()).size() >= 2 || !viewer.running(); }, kStepLimit));
    noteNewScreenshots(scratch_.path(), shots);
    // Without the overlay, once the whole Earth settled (two shots a second
    // apart alike: the mesh merges and the tiles change at the machine's
    // pace): F draws the wireframe, and F again takes it away.
    const auto shoot = [&](const std::vector<std::string>& keys) {
        const std::size_t before = shots.size();
        std::vector<std::string> arguments = keys;
        arguments.insert(arguments.end(), {"key", "F12"});
        const bool sent = display_.xdotool(arguments).exitCode == 0;
        const bool written =
            waitUntil([&] { return screenshotsIn(scratch_.path()).size() > before || !viewer.running(); }, kStepLimit);
        noteNewScreenshots(scratch_.path(), shots);
        return sent && written && shots.size() > before ? decodePng(shots.back()) : std::nullopt;
    };
    std::optional<DecodedImage> settled = shoot({"key", "F1"});
    for (int attempt = 0; settled && attempt < 30; ++attempt) {
        const std::optional<DecodedImage> later = shoot({"sleep", "1"});
        ASSERT_TRUE(later) << "no screenshot";
        const bool alike = differingPixelFraction(*settled, *later, 16) < 0.001;
        settled = later;
        if (alike) {
            break;
        }
    }
    ASSERT_TRUE(settled) << "no screenshot";
    const std::optional<DecodedImage> wireframe = shoot({"key", "f"});
    const std::optional<DecodedImage> unwired = shoot({"key", "f"});
    ASSERT_EQ(display_.xdotool({"key", "Escape"}).exitCode, 0);
    const ProcessResult result = viewer.wait(kStepLimit);
    EXPECT_FALSE(result.timedOut) << "Esc did not quit";
    EXPECT_EQ(result.exitCode, 0) << result.err;
    expectNoValidationOrErrors(result.err);

    const std::optional<DecodedImage> climbed = decodePng(shots.at(0));
    const std::optional<DecodedImage> home = decodePng(shots.at(1));
    ASSERT_TRUE(climbed && home);
    // Home: the whole Earth, space in the corners.
    const std::uint8_t* corner = home->pixel(0, 0);
    EXPECT_LT(corner[0] + corner[1] + corner[2], 10);
    const std::uint8_t* centre = home->pixel(home->width / 2, home->height / 2);
    EXPECT_GT(centre[0] + centre[1] + centre[2], 120);
    EXPECT_GT(differingPixelFraction(*climbed, *home, 16), 0.3);
    ASSERT_TRUE(wireframe && unwired);
    EXPECT_GT(differingPixelFraction(*settled, *wireframe, 16), 0.05) << "F drew no wireframe";
    EXPECT_LT(differingPixelFraction(*settled, *unwired, 16), 0.01) << "F again left something behind";
    const std::uint8_t* wireCorner = wireframe->pixel(0, 0);
    EXPECT_LT(wireCorner[0] + wireCorner[1] + wireCorner[2], 10);
    const std::vector<unsigned char> bytes = readBytes(stats);
    const std::string json(bytes.begin(), bytes.end());
    EXPECT_EQ(jsonNumberAt(json, {"cameraGeo", "height"}), 1.2e7) << json;
    EXPECT_EQ(jsonNumberAt(json, {"cameraGeo", "latitude"}), 20.0) << json;
    EXPECT_TRUE(jsonNumberAt(json, {"gpuTimesMs", "classify", "median"})) << json;
    EXPECT_GT(jsonNumberAt(json, {"stream", "tilesRead"}).value_or(0.0), 0.0) << json;
}

}  // namespace
}  // namespace app_test
