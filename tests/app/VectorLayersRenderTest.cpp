// --vector draws the user's layers on the ground, headless with the
// validation layer on: a GeoJSON line in WGS 84 over a DEM in UTM zone 33N
// lies where its coordinates project (straight down, along the frame's
// middle row) at the same width near the camera and far away; a ridge hides
// a line behind it, which a view from above shows along its whole length;
// the compute raster path draws what the graphics path does; a GPX track
// lies at the same place on the flat terrain and on the globe seen from the
// same --camera-geo; and bad layers give one line each, only a missing file
// failing the run.
#include "ChildProcess.h"
#include "DemTestFiles.h"
#include "ViewerTestFiles.h"

#include <gdal.h>
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <cstdlib>
#include <sstream>
#include <string>
#include <vector>

namespace app_test {
namespace {

constexpr int kColumns = 200;
constexpr int kRows = 160;
constexpr double kSpacing = 50.0;  // metres
constexpr double kWest = 495000.0;
constexpr double kNorth = 5000000.0;
constexpr int kUtm33North = 32633;
constexpr int kRidgeColumn = 120;

// A plain at 400 m with a north-south ridge 900 m high along column 120.
double heightAt(double column)
{
    const double across = (column - kRidgeColumn) / 6.0;
    return 400.0 + 900.0 * std::exp(-across * across);
}

std::array<double, 2> longitudeLatitudeOf(double column, double row)
{
    return dem_test::wgs84LongitudeLatitudeOf(kWest + (column + 0.5) * kSpacing, kNorth - (row + 0.5) * kSpacing,
                                              kUtm33North);
}

// "LAT,LON" of a sample, to 10 decimals.
std::string placeOf(double column, double row)
{
    const auto [longitude, latitude] = longitudeLatitudeOf(column, row);
    std::ostringstream text;
    text.precision(10);
    text << std::fixed << latitude << "," << longitude;
    return text.str();
}

// A GeoJSON line through samples (column, row), in WGS 84.
std::string geoJsonLine(const std::vector<std::array<double, 2>>& samples)
{
    std::ostringstream text;
    text.precision(10);
    text << std::fixed << R"({"type": "FeatureCollection", "features": [{"type": "Feature", "properties": {}, )"
         << R"("geometry": {"type": "LineString", "coordinates": [)";
    for (std::size_t i = 0; i < samples.size(); ++i) {
        const auto [longitude, latitude] = longitudeLatitudeOf(samples[i][0], samples[i][1]);
        text << (i == 0 ? "" : ", ") << "[" << longitude << ", " << latitude << "]";
    }
    text << "]}}]}";
    return text.str();
}

bool isMagenta(const DecodedImage& image, int x, int y)
{
    const uint8_t* pixel = image.pixel(x, y);
    return pixel[0] > 200 && pixel[1] < 80 && pixel[2] > 200;
}

bool isYellow(const DecodedImage& image, int x, int y)
{
    const uint8_t* pixel = image.pixel(x, y);
    return pixel[0] > 200 && pixel[1] > 200 && pixel[2] < 80;
}

int countIn(const DecodedImage& image, bool (*test)(const DecodedImage&, int, int), int x0, int y0, int x1, int y1)
{
    int count = 0;
    for (int y = y0; y < y1; ++y) {
        for (int x = x0; x < x1; ++x) {
            count += test(image, x, y) ? 1 : 0;
        }
    }
    return count;
}

// The mean column of the magenta pixels of row `y`, or -1 without any.
double meanMagentaColumn(const DecodedImage& image, int y)
{
    double sum = 0.0;
    int count = 0;
    for (int x = 0; x < image.width; ++x) {
        if (isMagenta(image, x, y)) {
            sum += x;
            ++count;
        }
    }
    return count > 0 ? sum / count : -1.0;
}

class VectorLayersRenderTest : public ::testing::Test {
protected:
    VectorLayersRenderTest() : scratch_("vector-layers")
    {
        std::vector<double> heights;
        for (int row = 0; row < kRows; ++row) {
            for (int column = 0; column < kColumns; ++column) {
                heights.push_back(heightAt(column));
            }
        }
        dem_test::writeBandsGeoTiff(scratch_.file("ridge.tif"), kColumns, kRows, GDT_Float32, {heights},
                                    std::array<double, 6>{kWest, kSpacing, 0.0, kNorth, 0.0, -kSpacing}, kUtm33North);
    }

    [[nodiscard]] std::string layer(const std::string& name, const std::string& text) const
    {
        writeText(scratch_.file(name), text);
        return scratch_.file(name).string();
    }

    DecodedImage render(const std::string& name, std::vector<std::string> extra,
                        const std::string& dem = "ridge.tif") const
    {
        const std::filesystem::path frame = scratch_.file(name + ".png");
        std::vector<std::string> arguments{CBT_TERRAIN_BINARY, "--headless", "--validate", "--msaa", "1",
                                           "--size",           "160x120",    "--frames",   "30",     "--screenshot",
                                           frame.string()};
        if (!dem.empty()) {
            arguments.insert(arguments.begin() + 1, scratch_.file(dem).string());
        }
        arguments.insert(arguments.end(), extra.begin(), extra.end());
        return runForScreenshot(arguments, frame).value_or(DecodedImage{});
    }

    // Two small headless frames of `dem` with the layer `vector`.
    [[nodiscard]] ProcessResult runBriefly(const std::string& dem, const std::string& vector) const
    {
        ProcessOptions options;
        options.arguments = {CBT_TERRAIN_BINARY,
                             scratch_.file(dem).string(),
                             "--headless",
                             "--frames",
                             "2",
                             "--size",
                             "64x48",
                             "--vector",
                             vector};
        return runProcess(options);
    }

    ScratchFolder scratch_;
};

TEST_F(VectorLayersRenderTest, ALineLiesWhereItsCoordinatesProjectAtOneWidth)
{
    // West to east along row 80 across the plain, seen straight down from
    // 2.6 km above it over column 60: the frame's middle row.
    const std::string line = layer("east.geojson", geoJsonLine({{10, 80}, {110, 80}}));
    const DecodedImage down =
        render("down", {"--camera-geo", placeOf(60, 80) + ",3000,0,-90", "--vector", line + ":color=#ff00ff,width=5"});
    ASSERT_EQ(down.width, 160);
    EXPECT_GT(countIn(down, isMagenta, 5, 59, 155, 61), 2 * 140) << "the line is not along the middle row";
    EXPECT_EQ(countIn(down, isMagenta, 0, 0, 160, 52), 0) << "line colour far from the line";
    EXPECT_EQ(countIn(down, isMagenta, 0, 68, 160, 120), 0) << "line colour far from the line";
    for (const int x : {20, 80, 140}) {
        const int across = countIn(down, isMagenta, x, 50, x + 1, 70);
        EXPECT_GE(across, 4) << "at column " << x;
        EXPECT_LE(across, 6) << "at column " << x;
    }
    EXPECT_GT(bandStatistics(down, 70, 120).luminanceMean, 30.0) << "a dark ground";

    // North along column 60 from the camera's feet to the ridge, seen
    // obliquely: as wide 20 and 60 rows above the frame's bottom.
    const std::string ahead = layer("north.geojson", geoJsonLine({{60, 159}, {60, 10}}));
    const DecodedImage oblique = render(
        "oblique", {"--camera-geo", placeOf(60, 158) + ",700,0,-20", "--vector", ahead + ":color=#ff00ff,width=5"});
    ASSERT_EQ(oblique.width, 160);
    for (const int y : {100, 60}) {
        const int across = countIn(oblique, isMagenta, 0, y, 160, y + 1);
        EXPECT_GE(across, 4) << "at row " << y;
        EXPECT_LE(across, 6) << "at row " << y;
    }
    // The compute raster path draws the same line.
    const DecodedImage compute = render("compute", {"--camera-geo", placeOf(60, 158) + ",700,0,-20", "--vector",
                                                    ahead + ":color=#ff00ff,width=5", "--raster", "compute"});
    ASSERT_EQ(compute.width, 160);
    int differing = 0;
    for (int y = 0; y < 120; ++y) {
        for (int x = 0; x < 160; ++x) {
            differing += isMagenta(oblique, x, y) != isMagenta(compute, x, y) ? 1 : 0;
        }
    }
    EXPECT_LT(differing, 12);
}

TEST_F(VectorLayersRenderTest, APolygonIsFilledTranslucentlyAroundItsHole)
{
    // Columns 40..80 and rows 60..100 less columns 55..65 and rows 75..85,
    // straight down from 2.6 km over its middle: 25 m a pixel, the hole
    // 20 pixels across around the frame's middle.
    std::ostringstream park;
    park.precision(10);
    park << std::fixed << R"({"type": "FeatureCollection", "features": [{"type": "Feature", "properties": {}, )"
         << R"("geometry": {"type": "Polygon", "coordinates": [)";
    const std::vector<std::vector<std::array<double, 2>>> rings{{{40, 60}, {80, 60}, {80, 100}, {40, 100}, {40, 60}},
                                                                {{55, 75}, {55, 85}, {65, 85}, {65, 75}, {55, 75}}};
    for (std::size_t r = 0; r < rings.size(); ++r) {
        park << (r == 0 ? "[" : ", [");
        for (std::size_t i = 0; i < rings[r].size(); ++i) {
            const auto [longitude, latitude] = longitudeLatitudeOf(rings[r][i][0] - 0.5, rings[r][i][1] - 0.5);
            park << (i == 0 ? "" : ", ") << "[" << longitude << ", " << latitude << "]";
        }
        park << "]";
    }
    park << "]}}]}";
    const std::string polygon = layer("park.geojson", park.str());
    const std::vector<std::string> view{"--camera-geo", placeOf(59.5, 79.5) + ",3000,0,-90"};
    std::vector<std::string> filled = view;
    filled.insert(filled.end(), {"--vector", polygon + ":color=#0000ff"});
    const DecodedImage plain = render("plain", view);
    const DecodedImage park_ = render("park", filled);
    ASSERT_EQ(plain.width, 160);
    ASSERT_EQ(park_.width, 160);
    const auto bluer = [&](int x, int y) {
        const uint8_t* under = plain.pixel(x, y);
        const uint8_t* over = park_.pixel(x, y);
        return over[2] > under[2] + 20 && over[0] < under[0] && over[1] < under[1];
    };
    const auto same = [&](int x, int y) {
        for (int channel = 0; channel < 3; ++channel) {
            if (std::abs(plain.pixel(x, y)[channel] - park_.pixel(x, y)[channel]) > 3) {
                return false;
            }
        }
        return true;
    };
    // The fill: translucent blue over the ground, whose relief still shows.
    for (const auto [x, y] : std::vector<std::array<int, 2>>{{50, 30}, {110, 30}, {50, 90}, {110, 90}, {80, 35}}) {
        EXPECT_TRUE(bluer(x, y)) << x << ", " << y;
        EXPECT_GT(park_.pixel(x, y)[1], 20) << "an opaque fill at " << x << ", " << y;
    }
    // The hole and the ground outside are untouched.
    for (const auto [x, y] :
         std::vector<std::array<int, 2>>{{80, 60}, {76, 56}, {84, 64}, {15, 60}, {150, 60}, {80, 8}, {80, 112}}) {
        EXPECT_TRUE(same(x, y)) << x << ", " << y;
    }
}

TEST_F(VectorLayersRenderTest, ARidgeHidesALineThatAViewFromAboveShows)
{
    // From 300 m over the plain west of the ridge, looking east: a line in
    // front of the ridge (yellow) shows, one 1.5 km behind it (magenta) not.
    const std::string front = layer("front.geojson", geoJsonLine({{95, 20}, {95, 140}}));
    const std::string behind = layer("behind.geojson", geoJsonLine({{150, 20}, {150, 140}}));
    const std::vector<std::string> layers{"--vector", front + ":color=#ffff00,width=4", "--vector",
                                          behind + ":color=#ff00ff,width=4"};
    std::vector<std::string> low{"--camera-geo", placeOf(60, 80) + ",700,90,-4"};
    low.insert(low.end(), layers.begin(), layers.end());
    const DecodedImage hidden = render("hidden", low);
    ASSERT_EQ(hidden.width, 160);
    EXPECT_GT(countIn(hidden, isYellow, 0, 0, 160, 120), 80) << "the line in front of the ridge is hidden";
    EXPECT_EQ(countIn(hidden, isMagenta, 0, 0, 160, 120), 0) << "the line behind the ridge shows";

    std::vector<std::string> above{"--camera-geo", placeOf(150, 80) + ",6000,0,-90"};
    above.insert(above.end(), layers.begin(), layers.end());
    const DecodedImage shown = render("shown", above);
    ASSERT_EQ(shown.width, 160);
    // The 6 km line spans rows 5..115 of the frame; every row shows it.
    for (int y = 10; y < 110; ++y) {
        EXPECT_GT(countIn(shown, isMagenta, 70, y, 90, y + 1), 0) << "row " << y;
    }
}

// A GeoJSON layer of points named `names` at samples (column, row).
std::string geoJsonPoints(const std::vector<std::string>& names, const std::vector<std::array<double, 2>>& samples)
{
    std::ostringstream text;
    text.precision(10);
    text << std::fixed << R"({"type": "FeatureCollection", "features": [)";
    for (std::size_t i = 0; i < samples.size(); ++i) {
        const auto [longitude, latitude] = longitudeLatitudeOf(samples[i][0], samples[i][1]);
        text << (i == 0 ? "" : ", ") << R"({"type": "Feature", "properties": {"name": ")" << names[i]
             << R"("}, "geometry": {"type": "Point", "coordinates": [)" << longitude << ", " << latitude << "]}}";
    }
    text << "]}";
    return text.str();
}

bool isLabelText(const DecodedImage& image, int x, int y)
{
    const uint8_t* pixel = image.pixel(x, y);
    return pixel[0] > 230 && pixel[1] > 230 && pixel[2] > 230;
}

// The runs of rows in which columns [x0, x1) hold label text: their first
// row and height.
std::vector<std::array<int, 2>> textBands(const DecodedImage& image, int x0, int x1)
{
    std::vector<std::array<int, 2>> bands;
    for (int y = 0; y < image.height; ++y) {
        if (countIn(image, isLabelText, x0, y, x1, y + 1) == 0) {
            continue;
        }
        if (!bands.empty() && bands.back()[0] + bands.back()[1] == y) {
            ++bands.back()[1];
        } else {
            bands.push_back({y, 1});
        }
    }
    return bands;
}

TEST_F(VectorLayersRenderTest, NamedPointsShowLabelsThatNeverOverlapAndHideBehindTheRidge)
{
    // Eight named points 4 pixels apart down a column, straight down: a
    // label is 17 pixels high, so only some find a place, each clear of the
    // others.
    std::vector<std::string> names;
    std::vector<std::array<double, 2>> samples;
    for (int i = 0; i < 8; ++i) {
        names.push_back("Hut " + std::to_string(i + 1));
        samples.push_back({40.0, 66.0 + 2.0 * i});
    }
    const std::string huts = layer("huts.geojson", geoJsonPoints(names, samples));
    const DecodedImage down =
        render("huts", {"--camera-geo", placeOf(59.5, 79.5) + ",3000,0,-90", "--vector", huts + ":color=#ff00ff"});
    ASSERT_EQ(down.width, 160);
    // The markers stand at x 40; the text starts a few pixels right of them.
    const std::vector<std::array<int, 2>> bands = textBands(down, 46, 110);
    EXPECT_GE(bands.size(), 2u) << "too few labels";
    EXPECT_LT(bands.size(), 8u) << "labels over each other";
    for (const auto& [first, height] : bands) {
        EXPECT_LE(height, 14) << "labels over each other at row " << first;
    }
    EXPECT_EQ(countIn(down, isLabelText, 0, 0, 38, 120), 0) << "text left of the markers";

    // From 300 m over the plain west of the ridge, looking east: a named
    // point 1.5 km behind the ridge shows nothing; from above it shows.
    const std::string hidden = layer("hidden.geojson", geoJsonPoints({"Hut"}, {{150, 80}}));
    const std::vector<std::string> low{"--camera-geo", placeOf(60, 80) + ",700,90,-4"};
    std::vector<std::string> lowWithPoint = low;
    lowWithPoint.insert(lowWithPoint.end(), {"--vector", hidden});
    const DecodedImage without = render("without", low);
    const DecodedImage with = render("with", lowWithPoint);
    ASSERT_EQ(with.width, 160);
    int differing = 0;
    for (int y = 0; y < 120; ++y) {
        for (int x = 0; x < 160; ++x) {
            for (int channel = 0; channel < 3; ++channel) {
                differing += std::abs(with.pixel(x, y)[channel] - without.pixel(x, y)[channel]) > 24 ? 1 : 0;
            }
        }
    }
    EXPECT_EQ(differing, 0) << "the point behind the ridge shows";
    const DecodedImage above = render("above", {"--camera-geo", placeOf(150, 80) + ",6000,0,-90", "--vector", hidden});
    ASSERT_EQ(above.width, 160);
    EXPECT_GT(countIn(above, isLabelText, 84, 50, 160, 70), 20) << "no label from above";
}

TEST_F(VectorLayersRenderTest, AGpxTrackLiesAtTheSamePlaceOnTheFlatTerrainAndOnTheGlobe)
{
    // A track south-west to north-east through the point straight below a
    // camera 20 km up (over the Kvarner coast on the globe).
    std::ostringstream gpx;
    gpx.precision(10);
    gpx << std::fixed
        << "<?xml version=\"1.0\"?>\n<gpx version=\"1.1\" creator=\"test\" "
           "xmlns=\"http://www.topografix.com/GPX/1/1\"><trk><name>diagonal</name><trkseg>";
    for (const std::array<double, 2>& sample : std::vector<std::array<double, 2>>{{40, 140}, {100, 80}, {160, 20}}) {
        const auto [longitude, latitude] = longitudeLatitudeOf(sample[0], sample[1]);
        gpx << "<trkpt lat=\"" << latitude << "\" lon=\"" << longitude << "\"/>";
    }
    gpx << "</trkseg></trk></gpx>\n";
    const std::string track = layer("diagonal.gpx", gpx.str());
    const std::vector<std::string> view{"--camera-geo", placeOf(100, 80) + ",20000,0,-90", "--vector",
                                        track + ":color=#ff00ff,width=3"};
    const DecodedImage flat = render("flat", view);
    std::vector<std::string> planet{"--planet", CBT_ETOPO5_GRID};
    planet.insert(planet.end(), view.begin(), view.end());
    const DecodedImage globe = render("globe", planet, "");
    ASSERT_EQ(flat.width, 160);
    ASSERT_EQ(globe.width, 160);
    // Within the DEM (+-4 km of the middle, 20 rows either way) the track
    // crosses each row at the same column in both, and rises to the right.
    for (int y = 45; y <= 75; y += 5) {
        const double flatColumn = meanMagentaColumn(flat, y);
        const double globeColumn = meanMagentaColumn(globe, y);
        ASSERT_GE(flatColumn, 0.0) << "row " << y;
        ASSERT_GE(globeColumn, 0.0) << "row " << y;
        EXPECT_NEAR(flatColumn, globeColumn, 1.5) << "row " << y;
    }
    EXPECT_GT(meanMagentaColumn(flat, 45), meanMagentaColumn(flat, 75) + 10.0);
}

TEST_F(VectorLayersRenderTest, BadLayersGiveOneLineEachAndOnlyAMissingFileStopsTheRun)
{
    const std::string missing = scratch_.file("missing.geojson").string();
    ProcessOptions stop;
    stop.arguments = {CBT_TERRAIN_BINARY, scratch_.file("ridge.tif").string(), "--headless", "--vector", missing};
    const ProcessResult stopped = runProcess(stop);
    EXPECT_NE(stopped.exitCode, 0);
    EXPECT_EQ(stopped.err, "cbt-terrain: --vector: " + missing + ": no such file\n");

    const std::string good = layer("good.geojson", geoJsonLine({{10, 80}, {110, 80}}));
    const std::string away = layer("away.geojson", geoJsonLine({{400, 80}, {500, 80}}));
    const std::string empty = layer("empty.geojson", R"({"type": "FeatureCollection", "features": [
  {"type": "Feature", "properties": {"name": "a"}, "geometry": null}]})");
    const std::string broken = layer("broken.gpx", "<?xml version=\"1.0\"?><gpx><trk><trkseg><trkpt lat=");
    const std::string metres = layer("metres.csv", "WKT,name\n\"LINESTRING (500000 5100000, 500100 5100100)\",a\n");
    ProcessOptions run;
    run.arguments = {CBT_TERRAIN_BINARY, scratch_.file("ridge.tif").string(),
                     "--headless",       "--validate",
                     "--frames",         "2",
                     "--size",           "64x48",
                     "--vector",         good,
                     "--vector",         away,
                     "--vector",         empty,
                     "--vector",         broken,
                     "--vector",         metres};
    const ProcessResult result = runProcess(run);
    EXPECT_EQ(result.exitCode, 0) << result.err;
    for (const std::string& left : {away, empty, broken, metres}) {
        const std::size_t at = result.err.find("cbt-terrain: warning: --vector " + left);
        EXPECT_NE(at, std::string::npos) << left << "\n" << result.err;
    }
    EXPECT_NE(result.err.find(away + ": no part of it lies on the terrain; it is left out"), std::string::npos)
        << result.err;
    EXPECT_NE(result.err.find(metres + ": layer metres, feature 1 has no CRS"), std::string::npos) << result.err;
    // Degrees without a CRS are taken as WGS 84, and said to be.
    const auto [west, north] = longitudeLatitudeOf(10, 80);
    const auto [east, south] = longitudeLatitudeOf(110, 90);
    std::ostringstream csv;
    csv.precision(10);
    csv << std::fixed << "WKT,name\n\"LINESTRING (" << west << " " << north << ", " << east << " " << south
        << ")\",a\n";
    const std::string degrees = layer("degrees.csv", csv.str());
    const ProcessResult taken = runBriefly("ridge.tif", degrees);
    EXPECT_EQ(taken.exitCode, 0) << taken.err;
    EXPECT_EQ(taken.err, "cbt-terrain: warning: --vector " + degrees +
                             ": layer degrees names no CRS; its coordinates are taken as WGS 84 longitudes and "
                             "latitudes\n");
    EXPECT_NE(taken.out.find("cbt-terrain: --vector " + degrees + ": 1 line"), std::string::npos) << taken.out;
    EXPECT_NE(result.out.find("cbt-terrain: --vector " + good + ": 1 line, 0 polygons, 0 points, "), std::string::npos)
        << result.out;
    EXPECT_EQ(result.err.find("Validation"), std::string::npos) << result.err;

    // A heightmap without georeferencing can place no layer.
    writeReliefHeightmap(scratch_.file("relief.png"), 64);
    const ProcessResult plain = runBriefly("relief.png", good);
    EXPECT_EQ(plain.exitCode, 0) << plain.err;
    EXPECT_NE(plain.err.find("the vector layers are left out"), std::string::npos) << plain.err;
}

}  // namespace
}  // namespace app_test
