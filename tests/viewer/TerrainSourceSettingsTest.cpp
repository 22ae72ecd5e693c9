// initialSceneSettings with an elevation model's metadata: the extent, the
// depth along Z and the heights come from the DEM unless the command line
// gives them, and sea level stays at y = 0 (unit).
#include "surface/SnowLine.h"
#include "viewer/CommandLine.h"
#include "viewer/ViewerSetup.h"

#include <gtest/gtest.h>

namespace viewer {
namespace {

heightmap::Heightmap mapOf(uint32_t width, uint32_t height)
{
    heightmap::Heightmap heightmap;
    heightmap.width = width;
    heightmap.height = height;
    heightmap.samples.assign(size_t{width} * height, 0);
    return heightmap;
}

// The ETOPO5 cut of Italy (tests/dem): 865.8 x 888.1 km, -3913..1923 m.
dem::DemMetadata italy()
{
    dem::DemMetadata dem;
    dem.minimumHeightMetres = -3913.0;
    dem.maximumHeightMetres = 1923.0;
    dem.extent = dem::GroundExtent{865764.0, 888130.0};
    return dem;
}

TEST(TerrainSourceSettings, DemMetresSetExtentDepthHeightScaleAndSeaLevel)
{
    const terrain::TerrainSettings settings = initialSceneSettings(ViewerOptions{}, mapOf(120, 96), italy()).terrain;
    EXPECT_FLOAT_EQ(settings.extentMetres, 865764.0f);
    EXPECT_FLOAT_EQ(settings.extentMetres * settings.depthPerWidth, 888130.0f)
        << "non-square ground texels keep their real depth";
    EXPECT_FLOAT_EQ(settings.heightScaleMetres, 5836.0f);
    EXPECT_FLOAT_EQ(settings.heightOffsetMetres, -3913.0f) << "the lowest sample at its real height";
}

TEST(TerrainSourceSettings, CommandLineValuesWinAndKeepTheDemsProportionsAndSeaLevel)
{
    ViewerOptions options;
    options.extentMetres = 10000.0f;
    options.heightScaleMetres = 2.0f * 5836.0f;  // exaggerated twice
    const terrain::TerrainSettings settings = initialSceneSettings(options, mapOf(120, 96), italy()).terrain;
    EXPECT_FLOAT_EQ(settings.extentMetres, 10000.0f);
    EXPECT_FLOAT_EQ(settings.depthPerWidth, 888130.0f / 865764.0f);
    EXPECT_FLOAT_EQ(settings.heightScaleMetres, 11672.0f);
    EXPECT_FLOAT_EQ(settings.heightOffsetMetres, -7826.0f) << "sea level (y = 0) scales with the heights";
}

// The materials see real elevations: the snow line by the DEM's latitude (or
// --snow-line), the exaggeration undone, sea level known.
TEST(TerrainSourceSettings, MaterialsTakeTheSnowLineFromTheLatitudeAndUndoTheExaggeration)
{
    dem::DemMetadata dem = italy();
    dem.centreLatitudeDegrees = 42.0;
    ViewerOptions options;
    options.heightScaleMetres = 2.0f * 5836.0f;
    const terrain::TerrainSettings settings = initialSceneSettings(options, mapOf(120, 96), dem).terrain;
    EXPECT_FLOAT_EQ(settings.snowLineMetres, surface::permanentSnowLineMetres(42.0));
    EXPECT_FLOAT_EQ(settings.elevationPerWorldHeight, 0.5f);
    EXPECT_TRUE(settings.seaLevelKnown);
    options.snowLineMetres = 1234.0f;
    EXPECT_FLOAT_EQ(initialSceneSettings(options, mapOf(120, 96), dem).terrain.snowLineMetres, 1234.0f);
    const terrain::TerrainSettings png = initialSceneSettings(ViewerOptions{}, mapOf(64, 32), std::nullopt).terrain;
    EXPECT_FLOAT_EQ(png.snowLineMetres, surface::permanentSnowLineMetres(terrain::kDefaultMaterialLatitudeDegrees));
    EXPECT_FLOAT_EQ(png.elevationPerWorldHeight, 1.0f);
    EXPECT_FALSE(png.seaLevelKnown);
}

TEST(TerrainSourceSettings, DemWithoutGeoreferencingKeepsTheDefaultExtent)
{
    dem::DemMetadata dem = italy();
    dem.extent.reset();
    const terrain::TerrainSettings defaults;
    const terrain::TerrainSettings settings = initialSceneSettings(ViewerOptions{}, mapOf(120, 96), dem).terrain;
    EXPECT_FLOAT_EQ(settings.extentMetres, defaults.extentMetres);
    EXPECT_FLOAT_EQ(settings.depthPerWidth, 0.0f);
    EXPECT_FLOAT_EQ(settings.heightScaleMetres, 5836.0f);
    EXPECT_FLOAT_EQ(settings.heightOffsetMetres, -3913.0f);
}

TEST(TerrainSourceSettings, PngUsesTheCommandLineOrTheDefaults)
{
    const terrain::TerrainSettings defaults;
    const terrain::TerrainSettings plain = initialSceneSettings(ViewerOptions{}, mapOf(64, 32), std::nullopt).terrain;
    EXPECT_FLOAT_EQ(plain.extentMetres, defaults.extentMetres);
    EXPECT_FLOAT_EQ(plain.heightScaleMetres, defaults.heightScaleMetres);
    EXPECT_FLOAT_EQ(plain.depthPerWidth, 0.0f);
    EXPECT_FLOAT_EQ(plain.heightOffsetMetres, 0.0f);
    ViewerOptions options;
    options.extentMetres = 1234.0f;
    options.heightScaleMetres = 56.0f;
    const terrain::TerrainSettings given = initialSceneSettings(options, mapOf(64, 32), std::nullopt).terrain;
    EXPECT_FLOAT_EQ(given.extentMetres, 1234.0f);
    EXPECT_FLOAT_EQ(given.heightScaleMetres, 56.0f);
}

TEST(TerrainSourceSettings, ImageryIsShownWhenGiven)
{
    EXPECT_FALSE(initialSceneSettings(ViewerOptions{}, mapOf(64, 32), italy()).terrain.showImagery);
    ViewerOptions options;
    options.imageryPaths = {"landsat.tif"};
    EXPECT_TRUE(initialSceneSettings(options, mapOf(64, 32), italy()).terrain.showImagery);
    EXPECT_FALSE(loadViewerImagery(ViewerOptions{}, dem::TerrainSource{mapOf(4, 4), italy(), nullptr}));
    const std::optional<dem::Imagery> none;
    EXPECT_TRUE(imageryPixelsOf(none).rgba.empty());
    const std::optional<dem::Imagery> imagery =
        dem::Imagery{2, 1, {1, 2, 3, 4, 5, 6, 7, 8}, true, "landsat.tif", std::nullopt, std::nullopt};
    const terrain::ImageryPixels pixels = imageryPixelsOf(imagery);
    EXPECT_EQ(pixels.width, 2u);
    EXPECT_EQ(pixels.rgba.data(), imagery->rgba.data());
    EXPECT_EQ(describeImagery(*imagery),
              "imagery 'landsat.tif': 2x1 texels on the elevation model's grid, bands stretched 2-98 %");
    // On the globe: where its grid of degrees lies.
    dem::Imagery globe = *imagery;
    globe.stretched = false;
    globe.geographic = dem::GeographicBounds{5.5, 44.25, 11.0, 48.5};
    EXPECT_EQ(describeImagery(globe),
              "imagery 'landsat.tif': 2x1 texels of WGS 84 degrees over 5.500..11.000 E, 44.250..48.500 N");
}

TEST(TerrainSourceSettings, DescriptionLineOnlyForDems)
{
    dem::TerrainSource png{mapOf(4, 4), std::nullopt, nullptr};
    EXPECT_EQ(describeTerrainSource(png), "");
    dem::DemMetadata dem = italy();
    dem.driverName = "GTiff";
    dem.extentSource = "geographic coordinates (WGS 84) at latitude 39.042: 865.764 x 888.130 km";
    dem.noDataCount = 7;
    dem::TerrainSource source{mapOf(120, 96), dem, nullptr};
    source.heightmap.sourcePath = "italy.tif";
    EXPECT_EQ(describeTerrainSource(source),
              "elevation model 'italy.tif' (GTiff): 120x96 samples, heights -3913.0 to 1923.0 m, geographic "
              "coordinates (WGS 84) at latitude 39.042: 865.764 x 888.130 km, 7 no-data samples filled");
}

}  // namespace
}  // namespace viewer
