// dem::loadTerrainSource: PNG files take the stb_image path (no real-world
// metadata), everything else the GDAL path (metres attached).
#include "DemTestFiles.h"

#include "dem/DemLoader.h"
#include "heightmap/HeightmapPngWriter.h"

#include <gtest/gtest.h>

namespace {

using dem::loadTerrainSource;
using dem::TerrainFileKind;
using dem::terrainFileKindOf;
using dem_test::ScratchDirectory;
using heightmap::HeightmapError;
using heightmap::HeightmapLimits;

TEST(TerrainSource, PngLoadsThroughTheLightPathWithoutMetres)
{
    const ScratchDirectory scratch;
    const std::vector<std::uint16_t> samples{0, 1000, 65535, 42};
    // The extension does not matter: the PNG signature does.
    const auto path = scratch.file("heights.data");
    heightmap::writePng16(path, 2, 2, samples);
    EXPECT_EQ(terrainFileKindOf(path), TerrainFileKind::Png);
    const dem::TerrainSource source = loadTerrainSource(path, HeightmapLimits{});
    EXPECT_FALSE(source.dem.has_value());
    EXPECT_EQ(source.heightmap.samples, samples);
    EXPECT_EQ(source.heightmap.bitDepth, 16);
}

TEST(TerrainSource, GeoTiffLoadsThroughGdalWithMetres)
{
    CBT_SKIP_WITHOUT_ETOPO_FIXTURES();
    const auto path = dem_test::fixture("etopo5-italy-int16.tif");
    EXPECT_EQ(terrainFileKindOf(path), TerrainFileKind::Dem);
    const dem::TerrainSource source = loadTerrainSource(path, HeightmapLimits{});
    ASSERT_TRUE(source.dem.has_value());
    EXPECT_LT(source.dem->minimumHeightMetres, 0.0);
    EXPECT_GT(source.dem->maximumHeightMetres, 0.0);
    EXPECT_TRUE(source.dem->extent.has_value());
    EXPECT_EQ(source.heightmap.width, 120u);
}

TEST(TerrainSource, PngExtensionWithoutSignatureGetsThePngLoadersError)
{
    const ScratchDirectory scratch;
    const auto path = scratch.file("fake.PNG");
    const std::string text = "not an image";
    dem_test::writeBytes(path, std::span(reinterpret_cast<const unsigned char*>(text.data()), text.size()));
    EXPECT_EQ(terrainFileKindOf(path), TerrainFileKind::Png);
    try {
        (void)loadTerrainSource(path, HeightmapLimits{});
        ADD_FAILURE() << "text loaded as a PNG";
    } catch (const HeightmapError& error) {
        EXPECT_NE(std::string(error.what()).find("is not a PNG file"), std::string::npos) << error.what();
        EXPECT_NE(std::string(error.what()).find(path.string()), std::string::npos) << error.what();
    }
}

TEST(TerrainSource, PngWithAnEmptyFirstIdatChunkIsRefused)
{
    // Found by tests/fuzz/HeightmapPngFuzzer.cpp: stb_image copied the empty
    // chunk into a null pointer (undefined behaviour under UBSan).
    const std::filesystem::path seed =
        std::filesystem::path(CBT_FUZZ_CORPUS_DIR) / "png" / "regression-empty-first-idat.png";
    try {
        (void)loadTerrainSource(seed, HeightmapLimits{});
        ADD_FAILURE() << "PNG with an empty first IDAT loaded";
    } catch (const HeightmapError& error) {
        const std::string message = error.what();
        EXPECT_NE(message.find("is a corrupt PNG (its first IDAT image data chunk at byte 33 is empty)"),
                  std::string::npos)
            << message;
    }
}

TEST(TerrainSource, MissingFilesAreReportedByTheirLoader)
{
    const ScratchDirectory scratch;
    EXPECT_EQ(terrainFileKindOf(scratch.file("absent.png")), TerrainFileKind::Png);
    EXPECT_EQ(terrainFileKindOf(scratch.file("absent.tif")), TerrainFileKind::Dem);
    EXPECT_THROW((void)loadTerrainSource(scratch.file("absent.png"), HeightmapLimits{}), HeightmapError);
    EXPECT_THROW((void)loadTerrainSource(scratch.file("absent.tif"), HeightmapLimits{}), HeightmapError);
}

}  // namespace
