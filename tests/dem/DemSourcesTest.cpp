// Elevation models under any name GDAL resolves load exactly like the local
// GeoTIFF they hold: over HTTP ranges (/vsicurl/ from a local test server),
// inside a zip archive (/vsizip/), through a driver prefix (GTIFF_DIR:), and
// as a hand-written VRT mosaic of four tiles. A remote file that is not there
// is a one-line error naming the URL and GDAL's reason.
#include "DemSourceFiles.h"
#include "DemTestFiles.h"
#include "RangeHttpServer.h"

#include "dem/DemGdal.h"
#include "dem/DemLoader.h"

#include <cpl_conv.h>

#include <gtest/gtest.h>

#include <chrono>

namespace {

using dem::loadDem;
using dem_test::RasterSpec;
using dem_test::ScratchDirectory;
using heightmap::HeightmapError;
using heightmap::HeightmapLimits;

constexpr int kUtm33North = 32633;

// A 300 x 200 Float32 DEM in UTM zone 33N with a few no-data samples, in
// 64 x 64 tiles (so that a remote reader fetches it in parts).
RasterSpec remoteDemSpec()
{
    RasterSpec spec = dem_test::rasterOf(300, 200, GDT_Float32, dem_test::reliefHeights(300, 200));
    spec.geoTransform = std::array<double, 6>{376000.0, 30.0, 0.0, 4651000.0, 0.0, -30.0};
    spec.epsg = kUtm33North;
    spec.noData = -9999.0;
    for (const std::size_t hole : {0u, 4321u, 31000u, 59999u})
        spec.values[hole] = -9999.0;
    spec.creationOptions = {"TILED=YES", "BLOCKXSIZE=64", "BLOCKYSIZE=64"};
    return spec;
}

// Everything loadDem gives but the name it was given.
void expectSameDem(const dem::DemTerrain& actual, const dem::DemTerrain& expected, bool sameDriver = true)
{
    EXPECT_EQ(actual.heightmap.width, expected.heightmap.width);
    EXPECT_EQ(actual.heightmap.height, expected.heightmap.height);
    EXPECT_EQ(actual.heightmap.bitDepth, expected.heightmap.bitDepth);
    EXPECT_TRUE(actual.heightmap.samples == expected.heightmap.samples) << "the heightmaps' samples differ";
    const dem::DemMetadata& a = actual.metadata;
    const dem::DemMetadata& e = expected.metadata;
    EXPECT_EQ(a.minimumHeightMetres, e.minimumHeightMetres);
    EXPECT_EQ(a.maximumHeightMetres, e.maximumHeightMetres);
    ASSERT_EQ(a.extent.has_value(), e.extent.has_value());
    if (e.extent) {
        EXPECT_EQ(a.extent->xMetres, e.extent->xMetres);
        EXPECT_EQ(a.extent->zMetres, e.extent->zMetres);
    }
    EXPECT_EQ(a.extentSource, e.extentSource);
    EXPECT_EQ(a.centreLatitudeDegrees, e.centreLatitudeDegrees);
    EXPECT_EQ(a.noDataCount, e.noDataCount);
    if (sameDriver) {
        EXPECT_EQ(a.driverName, e.driverName);
    }
    ASSERT_EQ(a.grid.has_value(), e.grid.has_value());
    if (e.grid) {
        EXPECT_EQ(a.grid->geoTransform, e.grid->geoTransform);
        EXPECT_EQ(a.grid->crsWkt, e.grid->crsWkt);
        EXPECT_EQ(a.grid->columns, e.grid->columns);
        EXPECT_EQ(a.grid->rows, e.grid->rows);
        EXPECT_EQ(a.grid->flipRows, e.grid->flipRows);
        EXPECT_EQ(a.grid->flipColumns, e.grid->flipColumns);
    }
}

TEST(DemSources, RemoteReadsGiveUpOnASilentServerUnlessTheUserSaidOtherwise)
{
    const char* keys[] = {"GDAL_HTTP_CONNECTTIMEOUT", "GDAL_HTTP_LOW_SPEED_TIME", "GDAL_HTTP_LOW_SPEED_LIMIT",
                          "GDAL_HTTP_TIMEOUT",        "GDAL_HTTP_MAX_RETRY",      "GDAL_HTTP_RETRY_DELAY"};
    for (const char* key : keys) {
        CPLSetConfigOption(key, nullptr);
    }
    CPLSetConfigOption("GDAL_HTTP_CONNECTTIMEOUT", "7");  // the user's choice stays
    dem::setRemoteReadLimits(12.5);
    EXPECT_STREQ(CPLGetConfigOption("GDAL_HTTP_CONNECTTIMEOUT", ""), "7");
    EXPECT_STREQ(CPLGetConfigOption("GDAL_HTTP_LOW_SPEED_TIME", ""), "13");  // the deadline, under the silence
    EXPECT_STREQ(CPLGetConfigOption("GDAL_HTTP_LOW_SPEED_LIMIT", ""),
                 std::to_string(dem::kRemoteLowSpeedBytes).c_str());
    EXPECT_STREQ(CPLGetConfigOption("GDAL_HTTP_TIMEOUT", ""), "13");
    EXPECT_STREQ(CPLGetConfigOption("GDAL_HTTP_MAX_RETRY", ""), std::to_string(dem::kRemoteRetries).c_str());
    dem::setRemoteReadLimits();  // a later call changes nothing
    EXPECT_STREQ(CPLGetConfigOption("GDAL_HTTP_TIMEOUT", ""), "13");
    for (const char* key : keys) {
        CPLSetConfigOption(key, nullptr);
    }
    dem::setRemoteReadLimits();
    EXPECT_STREQ(CPLGetConfigOption("GDAL_HTTP_LOW_SPEED_TIME", ""),
                 std::to_string(dem::kRemoteSilenceSeconds).c_str());
    for (const char* key : keys) {
        CPLSetConfigOption(key, nullptr);
    }
}

TEST(DemSources, RemoteGeoTiffLoadsOverHttpRangesLikeTheLocalFile)
{
    const ScratchDirectory scratch;
    dem_test::writeRaster(scratch.file("dem.tif"), remoteDemSpec());
    const dem::DemTerrain local = loadDem(scratch.file("dem.tif"), HeightmapLimits{});
    ASSERT_EQ(local.metadata.noDataCount, 4u);

    const dem_test::ScopedLocalHttpEnvironment environment;
    const dem_test::RangeHttpServer server(scratch.file(""));
    const std::string url = "/vsicurl/" + server.urlOf("dem.tif");
    const dem::DemTerrain remote = loadDem(url, HeightmapLimits{});
    expectSameDem(remote, local);
    EXPECT_EQ(remote.heightmap.sourcePath, url);
    EXPECT_GT(server.rangeRequestCount(), 0u) << "GDAL did not read the file in ranges";
}

TEST(DemSources, RemoteFileThatIsNotThereIsAOneLineErrorWithGdalsReason)
{
    const ScratchDirectory scratch;
    const dem_test::ScopedLocalHttpEnvironment environment;
    const dem_test::RangeHttpServer server(scratch.file(""));
    const std::string url = "/vsicurl/" + server.urlOf("absent.tif");
    const auto start = std::chrono::steady_clock::now();
    try {
        (void)loadDem(url, HeightmapLimits{});
        ADD_FAILURE() << url << " loaded";
    } catch (const HeightmapError& error) {
        const std::string message = error.what();
        EXPECT_EQ(message.rfind("elevation model '" + url + "' ", 0), 0u) << message;
        EXPECT_NE(message.find("could not be opened as an elevation model"), std::string::npos) << message;
        EXPECT_NE(message.find("(GDAL: "), std::string::npos) << "no reason from GDAL: " << message;
        EXPECT_NE(message.find("404"), std::string::npos) << "GDAL's reason is not the server's answer: " << message;
        EXPECT_EQ(message.find('\n'), std::string::npos) << message;
    }
    EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(20)) << "a missing URL took long";
    EXPECT_GT(server.requestCount(), 0u) << "the name never reached GDAL's HTTP reader";
}

TEST(DemSources, GeoTiffInsideAZipArchiveLoadsLikeTheFile)
{
    const ScratchDirectory scratch;
    dem_test::writeRaster(scratch.file("dem.tif"), remoteDemSpec());
    dem_test::writeZipWithMember(scratch.file("dems.zip"), "inner/dem.tif", scratch.file("dem.tif"));
    const dem::DemTerrain local = loadDem(scratch.file("dem.tif"), HeightmapLimits{});
    expectSameDem(loadDem("/vsizip/" + scratch.file("dems.zip").string() + "/inner/dem.tif", HeightmapLimits{}), local);
}

TEST(DemSources, DriverPrefixedNameReachesGdal)
{
    const ScratchDirectory scratch;
    dem_test::writeRaster(scratch.file("dem.tif"), remoteDemSpec());
    const dem::DemTerrain local = loadDem(scratch.file("dem.tif"), HeightmapLimits{});
    expectSameDem(loadDem("GTIFF_DIR:1:" + scratch.file("dem.tif").string(), HeightmapLimits{}), local);
}

TEST(DemSources, NameOnlyGdalResolvesIsAnElevationModelWhateverItsExtension)
{
    EXPECT_EQ(dem::terrainFileKindOf("/vsicurl/http://127.0.0.1:9/heights.png"), dem::TerrainFileKind::Dem);
    EXPECT_EQ(dem::terrainFileKindOf("/vsizip/archive.zip/heights.png"), dem::TerrainFileKind::Dem);
}

TEST(DemSources, VrtMosaicOfFourTilesLoadsLikeTheWholeFile)
{
    const ScratchDirectory scratch;
    RasterSpec whole = remoteDemSpec();
    whole.creationOptions.clear();
    // Holes on both sides of the seams, and one on their crossing.
    for (const std::size_t hole : {std::size_t{119} * 300 + 170, std::size_t{120} * 300 + 171,
                                   std::size_t{60} * 300 + 169, std::size_t{60} * 300 + 170})
        whole.values[hole] = -9999.0;
    dem_test::writeRaster(scratch.file("whole.tif"), whole);
    const std::filesystem::path vrt = dem_test::writeVrtMosaicOfFourTiles(scratch.file(""), "mosaic", whole, 170, 120);
    const dem::DemTerrain expected = loadDem(scratch.file("whole.tif"), HeightmapLimits{});
    const dem::DemTerrain mosaic = loadDem(vrt, HeightmapLimits{});
    EXPECT_EQ(mosaic.metadata.driverName, "VRT");
    EXPECT_EQ(mosaic.metadata.noDataCount, 8u);
    expectSameDem(mosaic, expected, false);
}

}  // namespace
