// Imagery on the globe (label render): `cbt-terrain --planet --imagery`
// drapes a regional GeoTIFF in another CRS (UTM) where it lies, over the
// Earth's colours, and leaves the globe as it was everywhere else; layers stack in
// the order given, each over those before it; bad imagery is one line and a
// non-zero exit.
#include "ChildProcess.h"
#include "DemTestFiles.h"
#include "ViewerTestFiles.h"

#include <gdal.h>
#include <ogr_srs_api.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace app_test {
namespace {

constexpr int kUtm32North = 32632;
constexpr int kWgs84 = 4326;

// UTM 32N easting and northing of a WGS 84 longitude and latitude.
std::array<double, 2> utm32Of(double longitude, double latitude)
{
    OGRSpatialReferenceH wgs84 = OSRNewSpatialReference(nullptr);
    OGRSpatialReferenceH utm = OSRNewSpatialReference(nullptr);
    OSRImportFromEPSG(wgs84, kWgs84);
    OSRImportFromEPSG(utm, kUtm32North);
    OSRSetAxisMappingStrategy(wgs84, OAMS_TRADITIONAL_GIS_ORDER);
    OSRSetAxisMappingStrategy(utm, OAMS_TRADITIONAL_GIS_ORDER);
    OGRCoordinateTransformationH transform = OCTNewCoordinateTransformation(wgs84, utm);
    double x = longitude;
    double y = latitude;
    EXPECT_TRUE(OCTTransform(transform, 1, &x, &y, nullptr));
    OCTDestroyCoordinateTransformation(transform);
    OSRDestroySpatialReference(utm);
    OSRDestroySpatialReference(wgs84);
    return {x, y};
}

// A 100 km square of magenta in UTM 32N, centred on 46 N, 8 E.
void writeMagentaSquare(const std::filesystem::path& path)
{
    constexpr std::uint32_t kTexels = 100;
    constexpr double kTexelMetres = 1000.0;
    const auto [easting, northing] = utm32Of(8.0, 46.0);
    const std::array<double, 3> magenta{230.0, 20.0, 200.0};
    std::vector<std::vector<double>> bands;
    for (const double value : magenta) {
        bands.emplace_back(std::size_t{kTexels} * kTexels, value);
    }
    const double half = kTexels * kTexelMetres / 2.0;
    dem_test::writeBandsGeoTiff(
        path, kTexels, kTexels, GDT_Byte, bands,
        std::array<double, 6>{easting - half, kTexelMetres, 0.0, northing + half, 0.0, -kTexelMetres}, kUtm32North);
}

// A square of cyan in WGS 84 degrees, about 180 km a side, centred on the
// magenta square.
void writeCyanSquare(const std::filesystem::path& path)
{
    constexpr std::uint32_t kTexels = 64;
    const std::array<double, 3> cyan{20.0, 200.0, 220.0};
    std::vector<std::vector<double>> bands;
    for (const double value : cyan) {
        bands.emplace_back(std::size_t{kTexels} * kTexels, value);
    }
    dem_test::writeBandsGeoTiff(path, kTexels, kTexels, GDT_Byte, bands,
                                std::array<double, 6>{6.85, 2.3 / kTexels, 0.0, 46.8, 0.0, -1.6 / kTexels}, kWgs84);
}

bool isMagenta(const std::uint8_t* p)
{
    return p[0] > p[1] + 40 && p[2] > p[1] + 40;
}

bool isCyan(const std::uint8_t* p)
{
    return p[1] > p[0] + 40 && p[2] > p[0] + 40;
}

class PlanetImageryRenderTest : public ::testing::Test {
protected:
    PlanetImageryRenderTest() : scratch_("planet-imagery") {}

    // The globe 400 km above 46 N, 8 E, looking straight down at noon.
    std::optional<DecodedImage> frame(const std::string& name, const std::vector<std::string>& extra) const
    {
        const std::filesystem::path image = scratch_.file(name + ".png");
        std::vector<std::string> arguments{
            CBT_TERRAIN_BINARY, "--planet",    "--headless",   "--validate",        "--msaa", "1",
            "--size",           "160x160",     "--camera-geo", "46,8,400000,0,-90", "--time", "2024-06-21T11:30Z",
            "--screenshot",     image.string()};
        arguments.insert(arguments.end(), extra.begin(), extra.end());
        return runForScreenshot(arguments, image);
    }

    ScratchFolder scratch_;
};

TEST_F(PlanetImageryRenderTest, ARegionalRasterInUtmIsDrapedWhereItLiesAndNowhereElse)
{
    if (!std::filesystem::exists(CBT_ETOPO5_GRID)) {
        GTEST_SKIP() << CBT_ETOPO5_GRID << " is missing (Debian package ferret-datasets, scripts/setup-debian.sh)";
    }
    const std::filesystem::path imagery = scratch_.file("magenta.tif");
    writeMagentaSquare(imagery);
    const std::optional<DecodedImage> plain = frame("plain", {});
    const std::optional<DecodedImage> draped = frame("draped", {"--imagery", imagery.string()});
    ASSERT_TRUE(plain && draped);
    // The square spans about 70 pixels around the centre: magenta there
    // under the sun and the air, where the materials are not.
    int magenta = 0;
    int plainMagenta = 0;
    for (int y = 70; y < 90; ++y) {
        for (int x = 70; x < 90; ++x) {
            magenta += isMagenta(draped->pixel(x, y)) ? 1 : 0;
            plainMagenta += isMagenta(plain->pixel(x, y)) ? 1 : 0;
        }
    }
    EXPECT_EQ(magenta, 400) << "the imagery is not where it lies";
    EXPECT_EQ(plainMagenta, 0);
    // Beyond it (more than 60 km from its edges) the globe is unchanged.
    int outside = 0;
    int changed = 0;
    for (int y = 0; y < 160; ++y) {
        for (int x = 0; x < 160; ++x) {
            if (std::max(std::abs(x - 80), std::abs(y - 80)) < 60) {
                continue;
            }
            ++outside;
            const std::uint8_t* a = plain->pixel(x, y);
            const std::uint8_t* b = draped->pixel(x, y);
            changed += std::max({std::abs(a[0] - b[0]), std::abs(a[1] - b[1]), std::abs(a[2] - b[2])}) > 0 ? 1 : 0;
        }
    }
    EXPECT_GT(outside, 1000);
    EXPECT_EQ(changed, 0) << "the imagery changed the globe where it does not lie";
}

TEST_F(PlanetImageryRenderTest, LayersStackInTheOrderGivenEachOverThoseBeforeIt)
{
    if (!std::filesystem::exists(CBT_ETOPO5_GRID)) {
        GTEST_SKIP() << CBT_ETOPO5_GRID << " is missing (Debian package ferret-datasets, scripts/setup-debian.sh)";
    }
    const std::filesystem::path magentaFile = scratch_.file("magenta.tif");
    const std::filesystem::path cyanFile = scratch_.file("cyan.tif");
    writeMagentaSquare(magentaFile);
    writeCyanSquare(cyanFile);
    const std::optional<DecodedImage> plain = frame("plain", {});
    const std::optional<DecodedImage> magentaOnTop =
        frame("magenta-on-top", {"--imagery", cyanFile.string(), "--imagery", magentaFile.string()});
    const std::optional<DecodedImage> cyanOnTop =
        frame("cyan-on-top", {"--imagery", magentaFile.string(), "--imagery", cyanFile.string()});
    ASSERT_TRUE(plain && magentaOnTop && cyanOnTop);
    int centreMagenta = 0;
    int centreCyan = 0;
    for (int y = 70; y < 90; ++y) {
        for (int x = 70; x < 90; ++x) {
            centreMagenta += isMagenta(magentaOnTop->pixel(x, y)) ? 1 : 0;
            centreCyan += isCyan(cyanOnTop->pixel(x, y)) ? 1 : 0;
        }
    }
    EXPECT_EQ(centreMagenta, 400) << "the last layer is not on top";
    EXPECT_EQ(centreCyan, 400) << "the last layer is not on top";
    int ring = 0;
    int magentaUnderCyan = 0;
    int changedOutside = 0;
    for (int y = 0; y < 160; ++y) {
        for (int x = 0; x < 160; ++x) {
            ring += isCyan(magentaOnTop->pixel(x, y)) ? 1 : 0;
            magentaUnderCyan += isMagenta(cyanOnTop->pixel(x, y)) ? 1 : 0;
            if (std::max(std::abs(x - 80), std::abs(y - 80)) >= 75) {
                const std::uint8_t* a = plain->pixel(x, y);
                const std::uint8_t* b = magentaOnTop->pixel(x, y);
                changedOutside += std::max({std::abs(a[0] - b[0]), std::abs(a[1] - b[1]), std::abs(a[2] - b[2])}) > 0;
            }
        }
    }
    EXPECT_GT(ring, 1000) << "the layer below shows nowhere around the one on top";
    EXPECT_EQ(magentaUnderCyan, 0) << "a covered layer shows through an opaque one";
    EXPECT_EQ(changedOutside, 0) << "the layers changed the globe where neither lies";
}

TEST_F(PlanetImageryRenderTest, ImageryThatCanNotBeReadIsOneLine)
{
    const ProcessResult result = runProcess(programWithArguments(
        CBT_TERRAIN_BINARY, {"--planet", "--headless", "--imagery", scratch_.file("missing.tif").string()}));
    EXPECT_NE(result.exitCode, 0);
    EXPECT_EQ(std::count(result.err.begin(), result.err.end(), '\n'), 1) << result.err;
    EXPECT_NE(result.err.find("imagery '" + scratch_.file("missing.tif").string() + "'"), std::string::npos)
        << result.err;
}

}  // namespace
}  // namespace app_test
