// --query (src/viewer/PointQuery.h): one JSON line a point, without a
// device. On a DEM in UTM zone 33N with a bay open to the map's border and
// a hollow below sea level inland: the bay is sea, the hollow is not (as the
// terrain draws them), --sea-level floods the land below it, heights above
// the ellipsoid are those above the geoid plus the geoid's undulation, and a
// point off the map says so. On the globe's ETOPO5, the Atlantic is sea and
// Everest stands above it. A PNG heightmap gives one line.
#include "DemTestFiles.h"
#include "viewer/CommandLine.h"
#include "viewer/GeodeticFrame.h"
#include "viewer/PointQuery.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <sstream>
#include <string>
#include <vector>

namespace viewer {
namespace {

constexpr int kUtm33North = 32633;
constexpr int kSide = 120;
constexpr double kCell = 25.0;
constexpr double kWest = 495000.0;
constexpr double kNorth = 5000000.0;

// The west third a bay 20 m deep; east of it land rising 0.1 m a metre
// eastwards from 5 m; in the land a hollow 30 m below sea level.
double heightAt(int column, int row)
{
    if (column < kSide / 3) {
        return -20.0;
    }
    if (column >= 80 && column < 90 && row >= 50 && row < 60) {
        return -30.0;
    }
    return 5.0 + 0.1 * kCell * (column - kSide / 3);
}

std::filesystem::path writeCoast(const dem_test::ScratchDirectory& scratch)
{
    std::vector<double> heights;
    for (int row = 0; row < kSide; ++row) {
        for (int column = 0; column < kSide; ++column) {
            heights.push_back(heightAt(column, row));
        }
    }
    const std::filesystem::path path = scratch.file("coast.tif");
    dem_test::writeBandsGeoTiff(path, kSide, kSide, GDT_Float32, {heights},
                                std::array<double, 6>{kWest, kCell, 0.0, kNorth, 0.0, -kCell}, kUtm33North);
    return path;
}

// "LAT,LON" of sample (column, row)'s centre.
dem::GeodeticPoint placeOf(double column, double row)
{
    const auto [longitude, latitude] =
        dem_test::wgs84LongitudeLatitudeOf(kWest + (column + 0.5) * kCell, kNorth - (row + 0.5) * kCell, kUtm33North);
    return {latitude, longitude};
}

std::vector<nlohmann::json> answersTo(ViewerOptions options)
{
    std::ostringstream out;
    std::ostringstream err;
    answerPointQueries(options, out, err);
    EXPECT_EQ(err.str(), "");
    std::vector<nlohmann::json> answers;
    std::istringstream lines(out.str());
    for (std::string line; std::getline(lines, line);) {
        answers.push_back(nlohmann::json::parse(line));
    }
    EXPECT_EQ(answers.size(), options.queries.size());
    return answers;
}

TEST(PointQuery, TellsTheSeaFromAHollowAndGivesHeightsAboveGeoidAndEllipsoid)
{
    const dem_test::ScratchDirectory scratch;
    ViewerOptions options;
    options.heightmapPath = writeCoast(scratch);
    options.queries = {placeOf(10, 60), placeOf(60.5, 30), placeOf(84.5, 54.5), placeOf(300, 60)};
    const std::vector<nlohmann::json> answers = answersTo(options);
    ASSERT_EQ(answers.size(), 4u);

    const nlohmann::json& bay = answers[0];
    EXPECT_TRUE(bay["onModel"].get<bool>());
    EXPECT_TRUE(bay["sea"].get<bool>());
    EXPECT_NEAR(bay["height"].get<double>(), -20.0, 1.0e-3);
    EXPECT_NEAR(bay["slopeDegrees"].get<double>(), 0.0, 1.0e-6);
    EXPECT_TRUE(bay["aspectDegrees"].is_null());

    const nlohmann::json& land = answers[1];
    EXPECT_FALSE(land["sea"].get<bool>());
    EXPECT_NEAR(land["height"].get<double>(), 5.0 + 0.1 * kCell * (60.5 - kSide / 3), 1.0e-3);
    EXPECT_NEAR(land["latitude"].get<double>(), options.queries[1].latitudeDegrees, 1.0e-8);
    // Rising eastwards: it faces west (the grid's north is within a
    // degree of true north here).
    EXPECT_NEAR(land["aspectDegrees"].get<double>(), 270.0, 1.0);
    EXPECT_NEAR(land["slopeDegrees"].get<double>(), 5.71, 0.05);
    EXPECT_EQ(land["models"][0]["model"].get<std::string>(), options.heightmapPath->string());
    if (std::filesystem::exists(defaultGeoidPath())) {
        const double undulation = land["geoidUndulation"].get<double>();
        EXPECT_GT(undulation, 30.0);  // EGM96 lies about 45 m above the ellipsoid at 45 N, 15 E
        EXPECT_LT(undulation, 60.0);
        EXPECT_NEAR(land["heightAboveEllipsoid"].get<double>(), land["heightAboveGeoid"].get<double>() + undulation,
                    2.0e-3);
    }

    const nlohmann::json& hollow = answers[2];
    EXPECT_NEAR(hollow["height"].get<double>(), -30.0, 1.0e-3);
    EXPECT_FALSE(hollow["sea"].get<bool>()) << "a hollow inland is not the sea";

    const nlohmann::json& off = answers[3];
    EXPECT_FALSE(off["onModel"].get<bool>());
    EXPECT_TRUE(off["height"].is_null());
    EXPECT_FALSE(off["sea"].get<bool>());

    // Sea level at 100 m floods the land below it, the hollow included.
    options.seaLevelMetres = 100.0f;
    const std::vector<nlohmann::json> flooded = answersTo(options);
    ASSERT_EQ(flooded.size(), 4u);
    EXPECT_TRUE(flooded[1]["sea"].get<bool>());
    EXPECT_TRUE(flooded[2]["sea"].get<bool>());
}

TEST(PointQuery, TheGlobesSeaAndSummits)
{
    if (!std::filesystem::exists(defaultGlobalDemPath())) {
        GTEST_SKIP() << defaultGlobalDemPath() << " is missing (the Debian package ferret-datasets)";
    }
    ViewerOptions options;
    options.planet = true;
    options.queries = {{0.0, -30.0}, {27.9881, 86.9250}};
    const std::vector<nlohmann::json> answers = answersTo(options);
    ASSERT_EQ(answers.size(), 2u);
    EXPECT_TRUE(answers[0]["sea"].get<bool>());
    EXPECT_LT(answers[0]["height"].get<double>(), -3000.0);
    EXPECT_FALSE(answers[1]["sea"].get<bool>());
    // ETOPO5's 9 km cells flatten the summit.
    EXPECT_GT(answers[1]["height"].get<double>(), 5000.0);
    if (std::filesystem::exists(defaultGeoidPath())) {
        EXPECT_NEAR(answers[1]["geoidUndulation"].get<double>(), -28.9, 0.5);
    }
}

TEST(PointQuery, OnTheGlobeEachModelLaidOverGivesItsOwnHeight)
{
    if (!std::filesystem::exists(defaultGlobalDemPath())) {
        GTEST_SKIP() << defaultGlobalDemPath() << " is missing (the Debian package ferret-datasets)";
    }
    const dem_test::ScratchDirectory scratch;
    ViewerOptions options;
    options.planet = true;
    options.elevationPaths = {writeCoast(scratch)};
    options.queries = {placeOf(60.5, 30), {0.0, -30.0}};
    const std::vector<nlohmann::json> answers = answersTo(options);
    ASSERT_EQ(answers.size(), 2u);
    // On the finer model: its height, and the global model's beside it.
    const nlohmann::json& land = answers[0];
    EXPECT_EQ(land["model"].get<std::string>(), options.elevationPaths[0].string());
    EXPECT_NEAR(land["height"].get<double>(), 5.0 + 0.1 * kCell * (60.5 - kSide / 3), 1.0e-3);
    ASSERT_EQ(land["models"].size(), 2u);
    EXPECT_EQ(land["models"][0]["model"].get<std::string>(), defaultGlobalDemPath().string());
    EXPECT_FALSE(land["models"][0]["height"].is_null());
    EXPECT_NEAR(land["models"][1]["height"].get<double>(), land["height"].get<double>(), 1.0e-9);
    // Off it: the global model's, and none of the finer one.
    const nlohmann::json& ocean = answers[1];
    EXPECT_EQ(ocean["model"].get<std::string>(), defaultGlobalDemPath().string());
    EXPECT_LT(ocean["height"].get<double>(), -3000.0);
    EXPECT_TRUE(ocean["models"][1]["height"].is_null());
}

TEST(PointQuery, APngHeightmapGivesOneLine)
{
    ViewerOptions options;
    options.queries = {{46.0, 7.0}};
    std::ostringstream out;
    std::ostringstream err;
    try {
        answerPointQueries(options, out, err);
        ADD_FAILURE() << "a PNG was queried";
    } catch (const GeodeticPlacementError& error) {
        EXPECT_EQ(std::string(error.what()), "--query: " + defaultHeightmapPath().string() +
                                                 " has no georeferencing to place a point on (a PNG heightmap)");
    }
    EXPECT_EQ(out.str(), "");
}

}  // namespace
}  // namespace viewer
