// Clicking the ground in the window, as a user would under Xvfb: with the
// overlay hidden (F1), a click in the middle of a view straight down on a
// georeferenced DEM (700 m everywhere) says, on stdout and in the overlay,
// the latitude and longitude below the camera and the ground's height,
// read back from the frame's depth; two Shift+clicks measure the path
// between them (its length and climb); and nothing is said on stderr.
#include "ChildProcess.h"
#include "DemTestFiles.h"
#include "ViewerTestFiles.h"
#include "VirtualDisplay.h"

#include <gdal.h>
#include <gtest/gtest.h>

#include <array>
#include <chrono>
#include <cstdio>
#include <string>
#include <thread>
#include <vector>

namespace app_test {
namespace {

constexpr std::chrono::seconds kStepLimit{120};
constexpr int kWgs84 = 4326;

TEST(ClickWindowTest, AClickSaysWhereAndHowHighAndShiftClicksMeasure)
{
    VirtualDisplay display;
    ASSERT_TRUE(display.ready()) << "Xvfb did not start";
    ScratchFolder scratch("click");
    // 7.0..7.2 E, 46.0..46.2 N, a sample every 0.001 degree, 700 m high.
    const std::filesystem::path dem = scratch.file("plateau.tif");
    dem_test::writeBandsGeoTiff(dem, 200, 200, GDT_Float32, {std::vector<double>(200 * 200, 700.0)},
                                std::array<double, 6>{7.0, 0.001, 0.0, 46.2, 0.0, -0.001}, kWgs84);

    ProcessOptions options;
    options.arguments = {CBT_TERRAIN_BINARY, dem.string(),   "--validate",         "--size",
                         "320x180",          "--camera-geo", "46.1,7.1,3000,0,-90"};
    options.environment = {{"DISPLAY", display.name()}, {"WAYLAND_DISPLAY", std::nullopt}};
    ChildProcess viewer(options);
    const std::string window = display.findWindow(viewer, "^cbt-terrain", kStepLimit);
    ASSERT_FALSE(window.empty()) << "no window appeared: " << viewer.wait(std::chrono::seconds(1)).err;
    ASSERT_EQ(display.xdotool({"windowfocus", "--sync", window}).exitCode, 0);
    // The overlay away, then a click in the middle of the frame, then
    // Shift+clicks 60 pixels either side: a path measured on the ground.
    const std::vector<std::string> steps{"key",      "F1",    "sleep", "1",       "mousemove", "--window",  window,
                                         "160",      "90",    "click", "1",       "sleep",     "3",         "mousemove",
                                         "--window", window,  "100",   "90",      "keydown",   "shift",     "click",
                                         "1",        "keyup", "shift", "sleep",   "3",         "mousemove", "--window",
                                         window,     "220",   "90",    "keydown", "shift",     "click",     "1",
                                         "keyup",    "shift", "sleep", "3",       "key",       "Escape"};
    ASSERT_EQ(display.xdotool(steps).exitCode, 0);
    const ProcessResult result = viewer.wait(kStepLimit);
    EXPECT_FALSE(result.timedOut) << "Esc did not quit";
    EXPECT_EQ(result.exitCode, 0) << result.err;
    expectNoValidationOrErrors(result.err);
    const std::size_t at = result.out.find("cbt-terrain: clicked ");
    ASSERT_NE(at, std::string::npos) << result.out;
    int x = 0;
    int y = 0;
    double latitude = 0.0;
    double longitude = 0.0;
    double height = 0.0;
    ASSERT_EQ(std::sscanf(result.out.c_str() + at, "cbt-terrain: clicked %d,%d: %lf, %lf, %lf m", &x, &y, &latitude,
                          &longitude, &height),
              5)
        << result.out.substr(at);
    EXPECT_NEAR(x, 160, 2);
    EXPECT_NEAR(y, 90, 2);
    // A pixel is about 16 m (2.3 km seen across 180 rows); the frame's
    // middle is half a pixel off the nadir.
    EXPECT_NEAR(latitude, 46.1, 0.0005);
    EXPECT_NEAR(longitude, 7.1, 0.0005);
    EXPECT_NEAR(height, 700.0, 2.0);

    // 2.3 km above the ground, 180 rows see 2 x 2300 x tan 30 = 2656 m: the
    // two points 120 pixels apart are 1771 m apart, on level ground.
    const std::size_t measured = result.out.find("cbt-terrain: measured 2 points: ");
    ASSERT_NE(measured, std::string::npos) << result.out << result.err;
    double kilometres = 0.0;
    double climb = -1.0;
    ASSERT_EQ(std::sscanf(result.out.c_str() + measured, "cbt-terrain: measured 2 points: %lf km, climb %lf m",
                          &kilometres, &climb),
              2)
        << result.out.substr(measured);
    EXPECT_NEAR(kilometres, 1.771, 0.06);
    EXPECT_NEAR(climb, 0.0, 1.0);
    EXPECT_NE(result.out.find("cbt-terrain: measured 1 point\n"), std::string::npos) << result.out;
}

}  // namespace
}  // namespace app_test
