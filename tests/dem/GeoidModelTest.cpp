// The EGM96 geoid of PROJ's egm96_15.gtx (src/dem/GeoidModel.h) against the
// test points NGA publishes with EGM96, computed from its spherical
// harmonics: a 15-minute grid read bilinearly stays within 6 cm of them;
// the date line and the poles; a grid that is not global and a missing one
// give one line.
#include "DemTestFiles.h"
#include "dem/GeoidModel.h"

#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <string>

namespace dem {
namespace {

bool geoidMissing()
{
    return !std::filesystem::exists(CBT_GEOID_GRID);
}

TEST(GeoidModel, AgreesWithNgasTestPoints)
{
    if (geoidMissing()) {
        GTEST_SKIP() << CBT_GEOID_GRID << " is missing (the Debian package proj-data)";
    }
    const GeoidModel geoid(CBT_GEOID_GRID);
    // Latitude, longitude (0..360 east), undulation in metres.
    const std::array<std::array<double, 3>, 6> points{{{38.6281550, 269.7791550, -31.628},
                                                       {-14.6212170, 305.0211140, -2.969},
                                                       {46.8743190, 102.4487290, -43.575},
                                                       {-23.6174460, 133.8747120, 15.871},
                                                       {38.6254730, 359.9995000, 50.066},
                                                       {-0.4667440, 0.0023000, 17.329}}};
    for (const auto& [latitude, longitude, undulation] : points) {
        EXPECT_NEAR(geoid.undulationAt(latitude, longitude), undulation, 0.08) << latitude << ", " << longitude;
        // The same place west of Greenwich, bit for bit.
        EXPECT_EQ(geoid.undulationAt(latitude, longitude - 360.0), geoid.undulationAt(latitude, longitude));
    }
    // Across the date line and at the poles the surface is continuous.
    EXPECT_NEAR(geoid.undulationAt(10.0, 179.9999), geoid.undulationAt(10.0, -179.9999), 0.001);
    EXPECT_NEAR(geoid.undulationAt(90.0, 0.0), geoid.undulationAt(90.0, 123.0), 1.0e-9);
    EXPECT_NEAR(geoid.undulationAt(-90.0, 0.0), geoid.undulationAt(-90.0, -77.0), 1.0e-9);
}

TEST(GeoidModel, AGridThatIsNotGlobalOrMissingGivesOneLine)
{
    const dem_test::ScratchDirectory scratch;
    const std::filesystem::path regional = scratch.file("regional.tif");
    dem_test::RasterSpec spec = dem_test::rasterOf(8, 8, GDT_Float32, std::vector<double>(64, 40.0));
    spec.geoTransform = std::array<double, 6>{5.0, 0.25, 0.0, 48.0, 0.0, -0.25};
    spec.epsg = 4326;
    dem_test::writeRaster(regional, spec);
    try {
        const GeoidModel geoid(regional);
        ADD_FAILURE() << "a regional grid was taken as a geoid";
    } catch (const GeoidError& error) {
        EXPECT_EQ(std::string(error.what()),
                  "geoid grid '" + regional.string() + "' does not cover the whole Earth in longitude and latitude");
    }
    const std::filesystem::path missing = scratch.file("missing.gtx");
    try {
        const GeoidModel geoid(missing);
        ADD_FAILURE() << "a missing grid was read";
    } catch (const GeoidError& error) {
        const std::string message = error.what();
        EXPECT_EQ(message.rfind("geoid grid '" + missing.string() + "' can not be read", 0), 0u) << message;
        EXPECT_EQ(message.find('\n'), std::string::npos);
    }
}

}  // namespace
}  // namespace dem
