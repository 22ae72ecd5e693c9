// Imagery draped over an elevation model (dem::loadImagery): a DEM in UTM
// zone 33N and imagery in geographic WGS 84 with a pattern of known
// longitudes and latitudes, written here through GDAL's C API; the warped
// texels carry the colour of the ground they cover. Also the stretch of
// 16-bit bands, the band choice, the flips of a south-up DEM and every
// refusal. For the globe, imagery in UTM warped onto a grid of WGS 84
// degrees over its own ground (dem::loadGeographicImagery).
#include "DemSourceFiles.h"
#include "DemTestFiles.h"
#include "RangeHttpServer.h"

#include "dem/DemImagery.h"
#include "dem/DemLoader.h"

#include <cpl_conv.h>
#include <gdal.h>
#include <ogr_srs_api.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <memory>
#include <string>
#include <vector>

namespace dem_test {
namespace {

// The DEM: 64 x 64 samples of 100 m in UTM 33N, west of the zone's central
// meridian (so that meridians are not grid columns), around 13.5 E, 42 N.
constexpr std::uint32_t kDemSamples = 64;
constexpr double kDemSpacing = 100.0;
constexpr double kDemWest = 376000.0;
constexpr double kDemNorth = 4651000.0;
constexpr int kUtm33North = 32633;
constexpr int kWgs84 = 4326;

// The imagery's checkerboard: cells of kCell degrees from (kWest, kNorth),
// kTexelsPerCell texels each, four colours.
constexpr double kCell = 0.01;
constexpr int kTexelsPerCell = 10;
constexpr double kImageryWest = 13.45;
constexpr double kImageryNorth = 42.03;
constexpr int kImageryCells = 16;
constexpr std::array<std::array<double, 3>, 4> kPalette{{{230, 20, 20}, {20, 200, 40}, {30, 40, 220}, {240, 240, 60}}};

struct Raster {
    std::uint32_t width = 0;
    std::uint32_t height = 0;
    GDALDataType type = GDT_Byte;
    std::vector<std::vector<double>> bands;  // width * height values each
    std::optional<std::array<double, 6>> geoTransform;
    int epsg = 0;
};

void writeGeoTiff(const std::filesystem::path& path, const Raster& raster)
{
    writeBandsGeoTiff(path, raster.width, raster.height, raster.type, raster.bands, raster.geoTransform, raster.epsg);
}

// Heights of a gentle ramp; `southUp` stores the rows south first.
void writeDem(const std::filesystem::path& path, bool southUp)
{
    Raster dem{kDemSamples, kDemSamples, GDT_Float32, {std::vector<double>(kDemSamples * kDemSamples)},
               {},          kUtm33North};
    for (std::uint32_t row = 0; row < kDemSamples; ++row) {
        for (std::uint32_t column = 0; column < kDemSamples; ++column) {
            const std::uint32_t northRow = southUp ? kDemSamples - 1 - row : row;
            dem.bands[0][row * kDemSamples + column] = 100.0 + 3.0 * northRow + column;
        }
    }
    const double span = kDemSpacing * kDemSamples;
    dem.geoTransform = southUp ? std::array<double, 6>{kDemWest, kDemSpacing, 0.0, kDemNorth - span, 0.0, kDemSpacing}
                               : std::array<double, 6>{kDemWest, kDemSpacing, 0.0, kDemNorth, 0.0, -kDemSpacing};
    writeGeoTiff(path, dem);
}

std::size_t paletteIndexOfCell(int column, int row)
{
    return static_cast<std::size_t>((column + 2 * row) % 4);
}

void writeCheckerboard(const std::filesystem::path& path, double west, double north)
{
    const std::uint32_t size = kImageryCells * kTexelsPerCell;
    Raster imagery{size, size,  GDT_Byte, std::vector<std::vector<double>>(3, std::vector<double>(size * size)),
                   {},   kWgs84};
    for (std::uint32_t y = 0; y < size; ++y) {
        for (std::uint32_t x = 0; x < size; ++x) {
            const auto& colour = kPalette[paletteIndexOfCell(static_cast<int>(x) / kTexelsPerCell,
                                                             static_cast<int>(y) / kTexelsPerCell)];
            for (std::size_t band = 0; band < 3; ++band) {
                imagery.bands[band][y * size + x] = colour[band];
            }
        }
    }
    const double texel = kCell / kTexelsPerCell;
    imagery.geoTransform = std::array<double, 6>{west, texel, 0.0, north, 0.0, -texel};
    writeGeoTiff(path, imagery);
}

// UTM 33N metres to WGS 84 longitude and latitude.
class ToGeographic {
public:
    ToGeographic() : utm_(OSRNewSpatialReference(nullptr)), wgs84_(OSRNewSpatialReference(nullptr))
    {
        OSRImportFromEPSG(utm_, kUtm33North);
        OSRImportFromEPSG(wgs84_, kWgs84);
        OSRSetAxisMappingStrategy(utm_, OAMS_TRADITIONAL_GIS_ORDER);
        OSRSetAxisMappingStrategy(wgs84_, OAMS_TRADITIONAL_GIS_ORDER);
        transform_ = OCTNewCoordinateTransformation(utm_, wgs84_);
    }
    ~ToGeographic()
    {
        OCTDestroyCoordinateTransformation(transform_);
        OSRDestroySpatialReference(utm_);
        OSRDestroySpatialReference(wgs84_);
    }
    ToGeographic(const ToGeographic&) = delete;
    ToGeographic& operator=(const ToGeographic&) = delete;

    std::array<double, 2> operator()(double x, double y) const
    {
        EXPECT_TRUE(OCTTransform(transform_, 1, &x, &y, nullptr));
        return {x, y};
    }

private:
    OGRSpatialReferenceH utm_;
    OGRSpatialReferenceH wgs84_;
    OGRCoordinateTransformationH transform_;
};

const std::uint8_t* texel(const dem::Imagery& imagery, std::uint32_t x, std::uint32_t y)
{
    return &imagery.rgba[(static_cast<std::size_t>(y) * imagery.width + x) * 4];
}

class DemImageryTest : public ::testing::Test {
protected:
    dem::TerrainSource demAt(const std::string& name, bool southUp = false) const
    {
        const std::filesystem::path path = scratch_.file(name);
        writeDem(path, southUp);
        return dem::loadTerrainSource(path, heightmap::HeightmapLimits{});
    }

    std::string errorOf(const std::filesystem::path& imagery, const dem::TerrainSource& terrain,
                        const dem::ImageryOptions& options = {}) const
    {
        try {
            static_cast<void>(dem::loadImagery(imagery, terrain, options));
        } catch (const heightmap::HeightmapError& error) {
            const std::string message = error.what();
            EXPECT_EQ(message.find('\n'), std::string::npos) << message;
            EXPECT_NE(message.find(imagery.string()), std::string::npos) << message;
            return message;
        }
        ADD_FAILURE() << imagery << " was accepted";
        return "";
    }

    ScratchDirectory scratch_;
};

TEST_F(DemImageryTest, TexelsHaveTheColourOfTheGroundTheyCoverInAnotherCrs)
{
    const dem::TerrainSource terrain = demAt("dem.tif");
    ASSERT_TRUE(terrain.dem && terrain.dem->grid);
    const std::filesystem::path path = scratch_.file("imagery.tif");
    writeCheckerboard(path, kImageryWest, kImageryNorth);
    const dem::Imagery imagery = dem::loadImagery(path, terrain, {});
    // The imagery's texels (about 82 m x 111 m) are finer than the DEM's 100 m.
    EXPECT_GE(imagery.width, kDemSamples);
    EXPECT_GE(imagery.height, kDemSamples);
    EXPECT_FALSE(imagery.stretched);
    ASSERT_EQ(imagery.rgba.size(), std::size_t{imagery.width} * imagery.height * 4);

    const ToGeographic toGeographic;
    int checked = 0;
    std::array<int, 4> coloursSeen{};
    for (std::uint32_t y = 0; y < imagery.height; ++y) {
        for (std::uint32_t x = 0; x < imagery.width; ++x) {
            const double easting = kDemWest + (x + 0.5) * kDemSpacing * kDemSamples / imagery.width;
            const double northing = kDemNorth - (y + 0.5) * kDemSpacing * kDemSamples / imagery.height;
            const auto [longitude, latitude] = toGeographic(easting, northing);
            const double column = (longitude - kImageryWest) / kCell;
            const double row = (kImageryNorth - latitude) / kCell;
            const auto inside = [](double cell) { return std::abs(cell - std::floor(cell) - 0.5) < 0.3; };
            if (!inside(column) || !inside(row)) {
                continue;  // near a cell's edge, where resampling mixes two colours
            }
            const std::size_t expected =
                paletteIndexOfCell(static_cast<int>(std::floor(column)), static_cast<int>(std::floor(row)));
            const std::uint8_t* colour = texel(imagery, x, y);
            for (std::size_t channel = 0; channel < 3; ++channel) {
                ASSERT_NEAR(colour[channel], kPalette[expected][channel], 1.0)
                    << "texel " << x << ", " << y << " at " << longitude << ", " << latitude;
            }
            EXPECT_EQ(colour[3], 255);
            ++checked;
            ++coloursSeen[expected];
        }
    }
    EXPECT_GT(checked, static_cast<int>(imagery.width * imagery.height / 4));
    for (const int seen : coloursSeen) {
        EXPECT_GT(seen, 20);
    }
}

TEST_F(DemImageryTest, RemoteImageryDrapesLikeTheLocalFile)
{
    const dem::TerrainSource terrain = demAt("dem.tif");
    writeCheckerboard(scratch_.file("imagery.tif"), kImageryWest, kImageryNorth);
    const dem::Imagery local = dem::loadImagery(scratch_.file("imagery.tif"), terrain, {});
    const dem_test::ScopedLocalHttpEnvironment environment;
    const dem_test::RangeHttpServer server(scratch_.file(""));
    const dem::Imagery remote = dem::loadImagery("/vsicurl/" + server.urlOf("imagery.tif"), terrain, {});
    EXPECT_EQ(remote.width, local.width);
    EXPECT_EQ(remote.height, local.height);
    EXPECT_TRUE(remote.rgba == local.rgba);
    EXPECT_GT(server.rangeRequestCount(), 0u);
}

TEST_F(DemImageryTest, ASouthUpDemGetsTheSameImagery)
{
    const std::filesystem::path path = scratch_.file("imagery.tif");
    writeCheckerboard(path, kImageryWest, kImageryNorth);
    const dem::Imagery northUp = dem::loadImagery(path, demAt("north-up.tif"), {});
    const dem::TerrainSource southUpDem = demAt("south-up.tif", true);
    ASSERT_TRUE(southUpDem.dem->grid->flipRows);
    const dem::Imagery southUp = dem::loadImagery(path, southUpDem, {});
    ASSERT_EQ(southUp.width, northUp.width);
    ASSERT_EQ(southUp.height, northUp.height);
    int differing = 0;
    for (std::size_t i = 0; i < northUp.rgba.size(); ++i) {
        differing += std::abs(northUp.rgba[i] - southUp.rgba[i]) > 1 ? 1 : 0;
    }
    EXPECT_EQ(differing, 0);
}

TEST_F(DemImageryTest, SixteenBitBandsAreStretchedFromTheSecondToTheNinetyEighthPercentile)
{
    // Imagery on the DEM's own grid: warping keeps every sample where it is.
    const std::uint32_t n = kDemSamples;
    Raster imagery{n, n, GDT_UInt16, std::vector<std::vector<double>>(3, std::vector<double>(n * n)), {}, kUtm33North};
    for (std::uint32_t i = 0; i < n * n; ++i) {
        imagery.bands[0][i] = 1000.0 + 10.0 * i;
        imagery.bands[1][i] = 1000.0 + 10.0 * (n * n - 1 - i);
        imagery.bands[2][i] = i % 97 == 0 ? 65535.0 : 500.0 + i % 7;  // a few bright outliers
    }
    imagery.geoTransform = std::array<double, 6>{kDemWest, kDemSpacing, 0.0, kDemNorth, 0.0, -kDemSpacing};
    const std::filesystem::path path = scratch_.file("sixteen.tif");
    writeGeoTiff(path, imagery);
    const dem::Imagery result = dem::loadImagery(path, demAt("dem.tif"), {});
    ASSERT_EQ(result.width, n);
    ASSERT_EQ(result.height, n);
    EXPECT_TRUE(result.stretched);
    // Nearest-rank percentiles of 0..4095: ranks 82 and 4013.
    const double low = 1000.0 + 10.0 * 82;
    const double high = 1000.0 + 10.0 * 4013;
    for (std::uint32_t i = 0; i < n * n; i += 37) {
        const double expected = std::clamp((1000.0 + 10.0 * i - low) / (high - low), 0.0, 1.0) * 255.0;
        EXPECT_NEAR(result.rgba[i * 4], expected, 1.0) << i;
        const double reversed = std::clamp((1000.0 + 10.0 * (n * n - 1 - i) - low) / (high - low), 0.0, 1.0) * 255.0;
        EXPECT_NEAR(result.rgba[i * 4 + 1], reversed, 1.0) << i;
    }
    EXPECT_EQ(result.rgba[0], 0);                  // below the 2nd percentile: clipped
    EXPECT_EQ(result.rgba[(n * n - 1) * 4], 255);  // above the 98th
    // The outliers clip to white; the rest spreads over 500..506.
    EXPECT_EQ(result.rgba[97 * 4 + 2], 255);
    EXPECT_NEAR(result.rgba[1 * 4 + 2], 1.0 / 6.0 * 255.0, 1.0);
    EXPECT_EQ(result.rgba[6 * 4 + 2], 255);
}

TEST(DemImageryStretch, PercentilesAreNearestRank)
{
    std::vector<double> values;
    for (int i = 100; i >= 0; --i) {
        values.push_back(i);
    }
    const std::array<double, 2> range = dem::stretchRangeOf(values);
    EXPECT_EQ(range[0], 2.0);
    EXPECT_EQ(range[1], 98.0);
    EXPECT_EQ(dem::stretched(1.0, range), 0);
    EXPECT_EQ(dem::stretched(50.0, range), 128);
    EXPECT_EQ(dem::stretched(99.0, range), 255);
    EXPECT_EQ(dem::stretched(7.0, std::array<double, 2>{7.0, 7.0}), 128);
}

TEST_F(DemImageryTest, ImageryBandsPickTheBandsInTheirOrder)
{
    Raster imagery{8, 8, GDT_Byte, {}, std::array<double, 6>{13.4, 0.02, 0.0, 42.05, 0.0, -0.02}, kWgs84};
    for (const double value : {10.0, 20.0, 30.0, 40.0}) {
        imagery.bands.emplace_back(64, value);
    }
    const std::filesystem::path path = scratch_.file("four-bands.tif");
    writeGeoTiff(path, imagery);
    const dem::TerrainSource terrain = demAt("dem.tif");
    const dem::Imagery reversed = dem::loadImagery(path, terrain, dem::ImageryOptions{{3, 2, 1}});
    EXPECT_EQ(reversed.rgba[0], 30);
    EXPECT_EQ(reversed.rgba[1], 20);
    EXPECT_EQ(reversed.rgba[2], 10);
    // GDAL reads band 4 of a 4-band GeoTIFF as alpha: not shown, it says
    // how much imagery lies there.
    EXPECT_EQ(reversed.rgba[3], 40);
    const dem::Imagery infrared = dem::loadImagery(path, terrain, dem::ImageryOptions{{4, 1, 2}});
    EXPECT_EQ(infrared.rgba[0], 40);
    EXPECT_EQ(infrared.rgba[1], 10);
    EXPECT_EQ(infrared.rgba[2], 20);
    EXPECT_EQ(infrared.rgba[3], 255);
    EXPECT_NE(errorOf(path, terrain, dem::ImageryOptions{{1, 2, 5}}).find("has 4 bands; --imagery-bands names band 5"),
              std::string::npos);
}

TEST_F(DemImageryTest, ImageryElsewhereDoesNotOverlap)
{
    const std::filesystem::path path = scratch_.file("elsewhere.tif");
    writeCheckerboard(path, 100.0, 10.0);
    const dem::TerrainSource terrain = demAt("dem.tif");
    const std::string message = errorOf(path, terrain);
    EXPECT_NE(message.find("does not overlap the elevation model '" + terrain.heightmap.sourcePath + "'"),
              std::string::npos)
        << message;
}

TEST_F(DemImageryTest, RefusesTooFewBandsAndMissingGeoreferencing)
{
    const dem::TerrainSource terrain = demAt("dem.tif");
    Raster two{8,
               8,
               GDT_Byte,
               {std::vector<double>(64, 1.0), std::vector<double>(64, 2.0)},
               std::array<double, 6>{13.4, 0.02, 0.0, 42.05, 0.0, -0.02},
               kWgs84};
    writeGeoTiff(scratch_.file("two.tif"), two);
    EXPECT_NE(errorOf(scratch_.file("two.tif"), terrain).find("has 2 bands; imagery needs three"), std::string::npos);

    Raster plain{8, 8, GDT_Byte, std::vector<std::vector<double>>(3, std::vector<double>(64, 1.0)), {}, 0};
    writeGeoTiff(scratch_.file("plain.tif"), plain);
    EXPECT_NE(errorOf(scratch_.file("plain.tif"), terrain).find("has no georeferencing"), std::string::npos);

    plain.geoTransform = std::array<double, 6>{13.4, 0.02, 0.0, 42.05, 0.0, -0.02};
    writeGeoTiff(scratch_.file("no-crs.tif"), plain);
    EXPECT_NE(errorOf(scratch_.file("no-crs.tif"), terrain).find("has no coordinate system"), std::string::npos);

    EXPECT_NE(errorOf(scratch_.file("missing.tif"), terrain).find("does not exist"), std::string::npos);
    writeBytes(scratch_.file("text.tif"), std::vector<unsigned char>{'h', 'i', '\n'});
    EXPECT_NE(errorOf(scratch_.file("text.tif"), terrain).find("is not a raster GDAL can read"), std::string::npos);
}

TEST_F(DemImageryTest, NeedsAGeoreferencedElevationModel)
{
    const std::filesystem::path path = scratch_.file("imagery.tif");
    writeCheckerboard(path, kImageryWest, kImageryNorth);
    dem::TerrainSource png;
    png.heightmap.sourcePath = "map.png";
    EXPECT_NE(errorOf(path, png).find("'map.png' is a PNG heightmap"), std::string::npos);

    dem::TerrainSource unreferenced = demAt("dem.tif");
    unreferenced.dem->grid.reset();
    unreferenced.dem->extentSource = "no georeferencing in the file";
    EXPECT_NE(errorOf(path, unreferenced).find("has none (no georeferencing in the file)"), std::string::npos);
}

// Imagery in UTM 33N over the DEM's ground, a colour per quadrant (north-west
// red, north-east green, south-west blue, south-east yellow).
void writeUtmQuadrants(const std::filesystem::path& path)
{
    constexpr std::uint32_t kSize = 64;
    Raster imagery{kSize,
                   kSize,
                   GDT_Byte,
                   std::vector<std::vector<double>>(3, std::vector<double>(kSize * kSize)),
                   std::array<double, 6>{kDemWest, kDemSpacing, 0.0, kDemNorth, 0.0, -kDemSpacing},
                   kUtm33North};
    for (std::uint32_t y = 0; y < kSize; ++y) {
        for (std::uint32_t x = 0; x < kSize; ++x) {
            const auto& colour = kPalette[(x < kSize / 2 ? 0u : 1u) + (y < kSize / 2 ? 0u : 2u)];
            for (std::size_t band = 0; band < 3; ++band) {
                imagery.bands[band][y * kSize + x] = colour[band];
            }
        }
    }
    writeGeoTiff(path, imagery);
}

TEST_F(DemImageryTest, OnTheGlobeImageryInAnotherCrsLiesOnAGridOfDegreesOverItsGround)
{
    const std::filesystem::path path = scratch_.file("utm.tif");
    writeUtmQuadrants(path);
    const dem::Imagery imagery = dem::loadGeographicImagery(path, {});
    ASSERT_TRUE(imagery.geographic);
    const dem::GeographicBounds& bounds = *imagery.geographic;
    ASSERT_EQ(imagery.rgba.size(), std::size_t{imagery.width} * imagery.height * 4);
    // The grid's edges hold the UTM rectangle's corners, within a texel.
    const ToGeographic toGeographic;
    const double span = kDemSpacing * kDemSamples;
    const double texelDegrees = (bounds.east - bounds.west) / imagery.width;
    for (const auto& [easting, northing] :
         std::array<std::array<double, 2>, 4>{{{kDemWest, kDemNorth},
                                               {kDemWest + span, kDemNorth},
                                               {kDemWest, kDemNorth - span},
                                               {kDemWest + span, kDemNorth - span}}}) {
        const auto [longitude, latitude] = toGeographic(easting, northing);
        EXPECT_GE(longitude, bounds.west - texelDegrees);
        EXPECT_LE(longitude, bounds.east + texelDegrees);
        EXPECT_GE(latitude, bounds.south - texelDegrees);
        EXPECT_LE(latitude, bounds.north + texelDegrees);
    }
    EXPECT_LT(bounds.east - bounds.west, 0.1);
    EXPECT_LT(bounds.north - bounds.south, 0.1);
    // Each quadrant's middle is its colour, where its longitude and latitude lie.
    const auto texelAt = [&](double longitude, double latitude) {
        const auto x =
            static_cast<std::uint32_t>((longitude - bounds.west) / (bounds.east - bounds.west) * imagery.width);
        const auto y =
            static_cast<std::uint32_t>((bounds.north - latitude) / (bounds.north - bounds.south) * imagery.height);
        return texel(imagery, x, y);
    };
    for (int quadrant = 0; quadrant < 4; ++quadrant) {
        const double easting = kDemWest + span * (quadrant % 2 == 0 ? 0.25 : 0.75);
        const double northing = kDemNorth - span * (quadrant < 2 ? 0.25 : 0.75);
        const auto [longitude, latitude] = toGeographic(easting, northing);
        const std::uint8_t* colour = texelAt(longitude, latitude);
        for (std::size_t channel = 0; channel < 3; ++channel) {
            EXPECT_NEAR(colour[channel], kPalette[static_cast<std::size_t>(quadrant)][channel], 1.0) << quadrant;
        }
        EXPECT_EQ(colour[3], 255);
    }
    // UTM's grid is turned from the meridians here: a corner of the grid of
    // degrees lies outside the rectangle, and holds no imagery.
    EXPECT_EQ(texel(imagery, 0, 0)[3] == 0 || texel(imagery, imagery.width - 1, 0)[3] == 0, true);
}

// The whole Earth in WGS 84 degrees, `columns` x `columns / 2` texels of
// three bands at `value`.
Raster globalRaster(std::uint32_t columns, double value)
{
    const double texel = 360.0 / columns;
    return Raster{columns,
                  columns / 2,
                  GDT_Byte,
                  std::vector<std::vector<double>>(3, std::vector<double>(std::size_t{columns} * columns / 2, value)),
                  std::array<double, 6>{-180.0, texel, 0.0, 90.0, 0.0, -texel},
                  kWgs84};
}

TEST_F(DemImageryTest, OnTheGlobeAGlobalRasterInDegreesKeepsItsGrid)
{
    const Raster global = globalRaster(360, 90.0);
    writeGeoTiff(scratch_.file("world.tif"), global);
    const dem::Imagery imagery = dem::loadGeographicImagery(scratch_.file("world.tif"), {});
    ASSERT_TRUE(imagery.geographic);
    EXPECT_NEAR(imagery.geographic->west, -180.0, 1.0e-6);
    EXPECT_NEAR(imagery.geographic->east, 180.0, 1.0e-6);
    EXPECT_NEAR(imagery.geographic->south, -90.0, 1.0e-6);
    EXPECT_NEAR(imagery.geographic->north, 90.0, 1.0e-6);
    EXPECT_EQ(imagery.width, 360u);
    EXPECT_EQ(imagery.height, 180u);
    EXPECT_EQ(texel(imagery, 180, 90)[0], 90);
    EXPECT_EQ(texel(imagery, 180, 90)[3], 255);
}

TEST_F(DemImageryTest, OnTheGlobeLargeImageryIsAveragedWithinTheTexelBound)
{
    Raster global = globalRaster(720, 0.0);
    for (std::size_t i = 0; i < global.bands[0].size(); ++i) {
        global.bands[0][i] = (i % 2 == 0) ? 0.0 : 200.0;  // alternate columns
    }
    writeGeoTiff(scratch_.file("fine.tif"), global);
    dem::ImageryOptions options;
    options.maxTexels = 360;
    const dem::Imagery imagery = dem::loadGeographicImagery(scratch_.file("fine.tif"), options);
    EXPECT_EQ(imagery.width, 360u);
    EXPECT_EQ(imagery.height, 180u);
    EXPECT_NEAR(texel(imagery, 100, 50)[0], 100, 2) << "two columns to one texel: their average";
}

}  // namespace
}  // namespace dem_test
