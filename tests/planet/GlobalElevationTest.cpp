// A global elevation model on the globe (planet::GlobalElevation): ETOPO5
// (the planet's default) samples the Earth where it should, continues across
// the date line with no seam, has one height at each pole, and equals its own
// samples at their centres; a model written over -180..180 and the same over
// 0..360 give the same heights; a model that stops short of the poles keeps
// its heights where it has rows and caps each pole beyond them at one height;
// a model of the land alone has its no-data drawn as sea; a projected, a
// regional and a missing raster are refused in one line that names the file.
#include "DemTestFiles.h"
#include "GlobalRasterFiles.h"
#include "dem/DemGeodetic.h"
#include "planet/GlobalElevation.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <filesystem>
#include <random>
#include <string>
#include <vector>

namespace planet::test {
namespace {

constexpr double kPi = 3.14159265358979323846;

const heightmap::HeightmapLimits kLimits{};

class Etopo5Test : public ::testing::Test {
protected:
    static void SetUpTestSuite() { etopo5_ = std::make_unique<GlobalElevation>(CBT_ETOPO5_GRID, kLimits); }
    static void TearDownTestSuite() { etopo5_.reset(); }

    static std::unique_ptr<GlobalElevation> etopo5_;
};

std::unique_ptr<GlobalElevation> Etopo5Test::etopo5_;

TEST_F(Etopo5Test, MountainsStandAndOceansLieWhereTheyAre)
{
    const GlobalElevation& earth = *etopo5_;
    EXPECT_EQ(earth.columnsPerTurn(), 4320u);
    EXPECT_GT(earth.heightMetres(27.988, 86.925), 5000.0) << "the Himalaya at Everest";
    EXPECT_GT(earth.heightMetres(45.833, 6.865), 1500.0) << "the Alps at Mont Blanc (9 km samples)";
    EXPECT_LT(earth.heightMetres(0.0, -150.0), -3000.0) << "the central Pacific";
    EXPECT_LT(earth.heightMetres(30.0, -40.0), -2000.0) << "the North Atlantic";
    EXPECT_GT(earth.heightMetres(-80.0, 0.0), 1500.0) << "the Antarctic ice sheet";
    // Longitudes beyond a turn wind back (to the rounding of the winding).
    EXPECT_NEAR(earth.heightMetres(27.988, 86.925 + 360.0), earth.heightMetres(27.988, 86.925), 1.0e-6);
    EXPECT_NEAR(earth.heightMetres(27.988, 86.925 - 720.0), earth.heightMetres(27.988, 86.925), 1.0e-6);
}

TEST_F(Etopo5Test, NoSeamAtTheDateLine)
{
    const GlobalElevation& earth = *etopo5_;
    for (double latitude = -80.0; latitude <= 80.0; latitude += 2.5) {
        EXPECT_EQ(earth.heightMetres(latitude, 180.0), earth.heightMetres(latitude, -180.0)) << latitude;
        // A step of 0.001 degrees across the line changes the height by no
        // more than one across any other meridian does.
        const double across =
            std::abs(earth.heightMetres(latitude, 179.9995) - earth.heightMetres(latitude, -179.9995));
        const double beside = std::abs(earth.heightMetres(latitude, 179.9985) - earth.heightMetres(latitude, 179.9995));
        EXPECT_LE(across, beside + 1.0) << latitude;
    }
}

TEST_F(Etopo5Test, EachPoleHasOneHeight)
{
    const GlobalElevation& earth = *etopo5_;
    for (const double pole : {90.0, -90.0}) {
        const double height = earth.heightMetres(pole, 0.0);
        for (double longitude = -180.0; longitude < 180.0; longitude += 7.5) {
            EXPECT_EQ(earth.heightMetres(pole, longitude), height) << pole << ", " << longitude;
        }
    }
    EXPECT_LT(earth.heightMetres(90.0, 0.0), -3000.0) << "the Arctic Ocean";
    EXPECT_GT(earth.heightMetres(-90.0, 0.0), 2000.0) << "the Antarctic plateau";
}

TEST_F(Etopo5Test, SampleCentresGiveTheSamples)
{
    const GlobalElevation& earth = *etopo5_;
    const dem::DemTerrain& terrain = earth.terrain();
    const dem::GeodeticToHeightmap mapping(*terrain.metadata.grid);
    std::mt19937 random(5);
    std::uniform_int_distribution<std::uint32_t> column(0, terrain.heightmap.width - 1);
    // Away from the rows that blend into the poles.
    std::uniform_int_distribution<std::uint32_t> row(2, terrain.heightmap.height - 3);
    for (int sample = 0; sample < 500; ++sample) {
        const std::uint32_t c = column(random);
        const std::uint32_t r = row(random);
        const dem::GeodeticPoint point = mapping.geodeticOf({static_cast<double>(c), static_cast<double>(r)});
        const double expected = terrain.metadata.heightOfSample(terrain.heightmap.sample(c, r));
        EXPECT_NEAR(earth.heightMetres(point.latitudeDegrees, point.longitudeDegrees), expected, 1.0e-3)
            << "sample " << c << ", " << r;
    }
}

// A smooth global field over pixel centres, in WGS 84 degrees.
double field(double latitude, double longitude)
{
    const double phi = latitude * kPi / 180.0;
    const double lambda = longitude * kPi / 180.0;
    return 2000.0 * std::sin(phi) + 800.0 * std::cos(phi) * std::cos(3.0 * lambda) + 300.0 * std::sin(2.0 * lambda);
}

// A 2-degree global grid whose first column starts at `west`.
void writeGlobalGrid(const std::filesystem::path& path, double west)
{
    constexpr std::uint32_t kColumns = 180;
    constexpr std::uint32_t kRows = 90;
    std::vector<double> values;
    for (std::uint32_t r = 0; r < kRows; ++r) {
        for (std::uint32_t c = 0; c < kColumns; ++c) {
            values.push_back(field(89.0 - 2.0 * r, west + 1.0 + 2.0 * c));
        }
    }
    dem_test::RasterSpec spec = dem_test::rasterOf(kColumns, kRows, GDT_Float32, values);
    spec.geoTransform = std::array<double, 6>{west, 2.0, 0.0, 90.0, 0.0, -2.0};
    spec.epsg = 4326;
    dem_test::writeRaster(path, spec);
}

TEST(GlobalElevation, EitherLongitudeWindowGivesTheSameHeights)
{
    const dem_test::ScratchDirectory scratch;
    writeGlobalGrid(scratch.file("west.tif"), -180.0);
    writeGlobalGrid(scratch.file("east.tif"), 0.0);
    const GlobalElevation west(scratch.file("west.tif"), kLimits);
    const GlobalElevation east(scratch.file("east.tif"), kLimits);
    EXPECT_EQ(west.columnsPerTurn(), 180u);
    std::mt19937 random(360);
    std::uniform_real_distribution<double> latitude(-88.0, 88.0);
    std::uniform_real_distribution<double> longitude(-540.0, 540.0);
    for (int sample = 0; sample < 1000; ++sample) {
        const double lat = latitude(random);
        const double lon = longitude(random);
        // Both quantise the same range to 16 bits: equal to a fraction of a
        // step (4600 m / 65535).
        EXPECT_NEAR(west.heightMetres(lat, lon), east.heightMetres(lat, lon), 1.0e-6) << lat << ", " << lon;
        // And near the field itself (bilinear over 2 degrees).
        EXPECT_NEAR(west.heightMetres(lat, lon), field(lat, lon), 60.0) << lat << ", " << lon;
    }
}

// A model global in longitude whose rows run from 84 N to 56 S (as
// GMTED2010's do): where it has rows its heights are the field's; beyond
// its last row they blend over one row spacing into the mean of that row,
// the same at every longitude, where clamping to the last row would draw
// that row out to the pole.
TEST(GlobalElevation, AModelThatStopsShortOfAPoleCapsItAtOneHeight)
{
    const dem_test::ScratchDirectory scratch;
    writeGlobalRaster(scratch.file("partial.tif"), 180, field, 84.0, -56.0);
    const GlobalElevation partial(scratch.file("partial.tif"), kLimits);
    const PoleCaps& caps = partial.poleCaps();
    EXPECT_NEAR(caps.northmostRowDegrees, 83.0, 1.0e-9);
    EXPECT_NEAR(caps.southmostRowDegrees, -55.0, 1.0e-9);
    double northRow = 0.0;
    double southRow = 0.0;
    for (int column = 0; column < 180; ++column) {
        northRow += partial.heightMetres(83.0, -179.0 + 2.0 * column) / 180.0;
        southRow += partial.heightMetres(-55.0, -179.0 + 2.0 * column) / 180.0;
    }
    EXPECT_NEAR(caps.northMetres, northRow, 1.0e-6);
    EXPECT_NEAR(caps.southMetres, southRow, 1.0e-6);

    std::mt19937 random(84);
    std::uniform_real_distribution<double> longitude(-180.0, 180.0);
    for (int sample = 0; sample < 500; ++sample) {
        const double lon = longitude(random);
        const double inside = std::uniform_real_distribution<double>(-55.0, 83.0)(random);
        EXPECT_NEAR(partial.heightMetres(inside, lon), field(inside, lon), 60.0) << inside << ", " << lon;
        const double north = std::uniform_real_distribution<double>(85.0, 90.0)(random);
        EXPECT_EQ(partial.heightMetres(north, lon), caps.northMetres) << north << ", " << lon;
        const double south = std::uniform_real_distribution<double>(-90.0, -57.0)(random);
        EXPECT_EQ(partial.heightMetres(south, lon), caps.southMetres) << south << ", " << lon;
        // Within the band, between the last row's height and the cap's.
        const double edge = partial.heightMetres(-55.0, lon);
        const double band = partial.heightMetres(-56.0, lon);
        EXPECT_NEAR(band, 0.5 * edge + 0.5 * caps.southMetres, 1.0e-6) << lon;
    }
}

// A model of the land alone, as GTOPO30 and GMTED2010 are: the sea is
// no-data (and so is a void in the northern mountains). Its land keeps its
// heights, its sea lies below sea level, and the void is filled as land.
TEST(GlobalElevation, TheNoDataOfAModelOfTheLandAloneIsSea)
{
    constexpr std::uint32_t kColumns = 180;
    constexpr std::uint32_t kRows = 90;
    constexpr double kNoData = -32768.0;
    const auto isVoid = [](std::uint32_t column, std::uint32_t row) {
        return row >= 10 && row < 12 && column >= 40 && column < 43;
    };
    std::vector<double> values;
    for (std::uint32_t r = 0; r < kRows; ++r) {
        for (std::uint32_t c = 0; c < kColumns; ++c) {
            const double height = std::round(field(89.0 - 2.0 * r, -179.0 + 2.0 * c));
            values.push_back(height < 1.0 || isVoid(c, r) ? kNoData : height);
        }
    }
    ASSERT_GT(field(89.0 - 2.0 * 10, -179.0 + 2.0 * 40), 1000.0);
    dem_test::RasterSpec spec = dem_test::rasterOf(kColumns, kRows, GDT_Int16, values);
    spec.noData = kNoData;
    spec.geoTransform = std::array<double, 6>{-180.0, 2.0, 0.0, 90.0, 0.0, -2.0};
    spec.epsg = 4326;
    const dem_test::ScratchDirectory scratch;
    dem_test::writeRaster(scratch.file("land.tif"), spec);
    const GlobalElevation land(scratch.file("land.tif"), kLimits);
    std::uint64_t sea = 0;
    for (std::uint32_t r = 1; r + 1 < kRows; ++r) {
        for (std::uint32_t c = 0; c < kColumns; ++c) {
            const double value = values[std::size_t{r} * kColumns + c];
            const double height = land.heightMetres(89.0 - 2.0 * r, -179.0 + 2.0 * c);
            if (isVoid(c, r)) {
                EXPECT_GT(height, 500.0) << r << ", " << c;
            } else if (value == kNoData) {
                EXPECT_LT(height, 0.0) << r << ", " << c;
                ++sea;
            } else {
                EXPECT_NEAR(height, value, 0.1) << r << ", " << c;
            }
        }
    }
    EXPECT_GT(sea, 1000u);
    EXPECT_GE(land.terrain().metadata.seaCount, sea);
    // Two samples and more from the coast, as deep as the sea goes.
    EXPECT_NEAR(land.heightMetres(-60.0, 0.0), -dem::LandOnlySea{}.depthMetres, 0.1);
}

std::string refusal(const std::filesystem::path& path)
{
    try {
        const GlobalElevation elevation(path, kLimits);
    } catch (const GlobalElevationError& error) {
        return error.what();
    }
    return "accepted";
}

TEST(GlobalElevation, RastersThatAreNotGlobalAreRefusedInOneLine)
{
    const dem_test::ScratchDirectory scratch;
    dem_test::RasterSpec projected = dem_test::rasterOf(32, 32, GDT_Float32, std::vector<double>(32 * 32, 100.0));
    projected.geoTransform = std::array<double, 6>{376000.0, 30.0, 0.0, 4651000.0, 0.0, -30.0};
    projected.epsg = 32633;
    dem_test::writeRaster(scratch.file("utm.tif"), projected);
    dem_test::RasterSpec regional = dem_test::rasterOf(45, 30, GDT_Float32, std::vector<double>(45 * 30, 100.0));
    regional.geoTransform = std::array<double, 6>{0.0, 2.0, 0.0, 60.0, 0.0, -2.0};
    regional.epsg = 4326;
    dem_test::writeRaster(scratch.file("europe.tif"), regional);

    const std::string utm = refusal(scratch.file("utm.tif"));
    EXPECT_NE(utm.find("utm.tif"), std::string::npos) << utm;
    EXPECT_NE(utm.find("not in geographic coordinates"), std::string::npos) << utm;
    const std::string europe = refusal(scratch.file("europe.tif"));
    EXPECT_NE(europe.find("europe.tif"), std::string::npos) << europe;
    EXPECT_NE(europe.find("spans 90"), std::string::npos) << europe;
    const std::string missing = refusal(scratch.file("missing.tif"));
    EXPECT_NE(missing.find("missing.tif"), std::string::npos) << missing;
    for (const std::string& message : {utm, europe, missing}) {
        EXPECT_EQ(message.find('\n'), std::string::npos) << message;
    }
}

}  // namespace
}  // namespace planet::test
