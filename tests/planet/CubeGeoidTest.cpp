// Sea level on the cube (planet::CubeGeoid): EGM96 resampled onto the cube's
// face grids stays within a metre of the geoid grid's own bilinear N, and
// within centimetres on average,
// faces that share an edge give it bit for bit the same N, and a point of
// the globe at 0 m stands N above the ellipsoid (CubeElevation::ecefAt).
// Without a geoid grid sea level is the ellipsoid.
#include "DemTestFiles.h"
#include "GlobalRasterFiles.h"
#include "dem/GeoidModel.h"
#include "geodesy/Wgs84.h"
#include "planet/CubeElevation.h"
#include "planet/CubeGeoid.h"
#include "planet/CubeSphere.h"
#include "planet/GlobalElevation.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>

namespace planet::test {
namespace {

class CubeGeoidTest : public ::testing::Test {
protected:
    static void SetUpTestSuite()
    {
        model_ = std::make_shared<const dem::GeoidModel>(CBT_GEOID_GRID);
        geoid_.emplace(model_);
    }
    static void TearDownTestSuite()
    {
        geoid_.reset();
        model_.reset();
    }

    static std::shared_ptr<const dem::GeoidModel> model_;
    static std::optional<CubeGeoid> geoid_;
};

std::shared_ptr<const dem::GeoidModel> CubeGeoidTest::model_;
std::optional<CubeGeoid> CubeGeoidTest::geoid_;

TEST(CubeGeoid, WithoutAGridSeaLevelIsTheEllipsoid)
{
    const CubeGeoid ellipsoid;
    EXPECT_TRUE(ellipsoid.isEllipsoid());
    for (const glm::dvec3& cube :
         {glm::dvec3(1.0, 0.3, -0.2), glm::dvec3(0.0, 0.0, -1.0), glm::dvec3(-1.0, 1.0, 1.0)}) {
        EXPECT_EQ(ellipsoid.undulationAt(cube), 0.0);
    }
    const std::vector<std::uint32_t> words = ellipsoid.gpuWords();
    ASSERT_EQ(words.size(), 1u + 6u * 4u);
    EXPECT_EQ(words[0], 1u);
    EXPECT_TRUE(std::all_of(words.begin() + 1, words.end(), [](std::uint32_t word) { return word == 0u; }));
}

TEST_F(CubeGeoidTest, FollowsTheGeoidGridWithinAMetre)
{
    EXPECT_FALSE(geoid_->isEllipsoid());
    EXPECT_EQ(geoid_->model(), model_);
    constexpr int kPlaces = 50000;
    double worst = 0.0;
    double sum = 0.0;
    for (int k = 0; k < kPlaces; ++k) {
        const double latitude = -89.9 + 179.8 * std::fmod(k * 0.6180339887, 1.0);
        const double longitude = -180.0 + 360.0 * std::fmod(k * 0.4142135623, 1.0);
        const double cube = geoid_->undulationAt(cubePointUnder(latitude, longitude));
        const double error = std::abs(cube - model_->undulationAt(latitude, longitude));
        worst = std::max(worst, error);
        sum += error;
    }
    RecordProperty("worstMetres", std::to_string(worst));
    // Measured with EGM96: 0.61 m at worst, 1.2 cm on average.
    EXPECT_LT(worst, 1.0);
    EXPECT_LT(sum / kPlaces, 0.03);
    // EGM96's high over Iceland and its low south of India.
    EXPECT_NEAR(geoid_->undulationAt(cubePointUnder(64.9, -18.6)), model_->undulationAt(64.9, -18.6), 0.1);
    EXPECT_GT(geoid_->undulationAt(cubePointUnder(64.9, -18.6)), 55.0);
    EXPECT_LT(geoid_->undulationAt(cubePointUnder(5.0, 78.0)), -90.0);
}

TEST_F(CubeGeoidTest, FacesThatShareAnEdgeGiveItOneUndulation)
{
    for (std::uint32_t face = 0; face < 6; ++face) {
        for (int k = 0; k <= 64; ++k) {
            const double along = -1.0 + k / 32.0 + (k % 3) / 1024.0;
            for (const glm::dvec3& cube :
                 {cubePointOf(face, 1.0, std::min(along, 1.0)), cubePointOf(face, std::min(along, 1.0), -1.0)}) {
                // The two faces this edge point lies on.
                int faces = 0;
                double first = 0.0;
                for (std::uint32_t other = 0; other < 6; ++other) {
                    const std::uint32_t axis = other / 2;
                    const double side = (other % 2 == 0) ? 1.0 : -1.0;
                    if (cube[static_cast<int>(axis)] != side) {
                        continue;
                    }
                    const double undulation = geoid_->undulationOnFace(cubeFacePointOn(other, cube));
                    if (faces++ == 0) {
                        first = undulation;
                    } else {
                        EXPECT_EQ(undulation, first) << "face " << face << ", point " << k;
                    }
                }
                EXPECT_GE(faces, 2);
            }
        }
    }
}

TEST_F(CubeGeoidTest, AGlobesZeroMetresStandsOnTheGeoid)
{
    const GlobalElevation etopo(CBT_ETOPO5_GRID, heightmap::HeightmapLimits{});
    const CubeElevation elevation(etopo, 64, *geoid_);
    for (const auto& [latitude, longitude] : {std::pair{64.9, -18.6}, std::pair{5.0, 78.0}, std::pair{-40.0, 150.0}}) {
        const glm::dvec3 cube = cubePointUnder(latitude, longitude);
        const geodesy::GeodeticCoordinates atSeaLevel = geodesy::ecefToGeodetic(elevation.ecefAt(cube, 0.0));
        EXPECT_NEAR(atSeaLevel.heightMetres, model_->undulationAt(latitude, longitude), 0.5);
        const geodesy::GeodeticCoordinates higher = geodesy::ecefToGeodetic(elevation.ecefAt(cube, 1000.0));
        EXPECT_NEAR(higher.heightMetres - atSeaLevel.heightMetres, 1000.0, 1.0e-6);
    }
}

TEST_F(CubeGeoidTest, AModelWhoseHeightsAreAboveTheEllipsoidStaysThere)
{
    // The same 100 m everywhere, above the ellipsoid (EPSG:4979) and above
    // sea level (EPSG:4326).
    const dem_test::ScratchDirectory scratch;
    const GlobalField flat = [](double, double) { return 100.0; };
    writeGlobalRaster(scratch.file("ellipsoidal.tif"), 72, flat, 90.0, -90.0, 4979);
    writeGlobalRaster(scratch.file("orthometric.tif"), 72, flat, 90.0, -90.0, 4326);
    const GlobalElevation ellipsoidal(scratch.file("ellipsoidal.tif"), heightmap::HeightmapLimits{});
    const GlobalElevation orthometric(scratch.file("orthometric.tif"), heightmap::HeightmapLimits{});
    EXPECT_TRUE(ellipsoidal.heightsAreEllipsoidal());
    EXPECT_FALSE(orthometric.heightsAreEllipsoidal());
    const CubeElevation onEllipsoid(ellipsoidal, 64, *geoid_);
    const CubeElevation onGeoid(orthometric, 64, *geoid_);
    for (const auto& [latitude, longitude] : {std::pair{64.9, -18.6}, std::pair{5.0, 78.0}, std::pair{-40.0, 150.0}}) {
        const glm::dvec3 cube = cubePointUnder(latitude, longitude);
        const double undulation = model_->undulationAt(latitude, longitude);
        // Drawn 100 m above the ellipsoid, and as high above sea level as
        // that is.
        EXPECT_NEAR(geodesy::ecefToGeodetic(onEllipsoid.ecefAt(cube, onEllipsoid.heightAt(cube))).heightMetres, 100.0,
                    1.0);
        EXPECT_NEAR(onEllipsoid.heightAt(cube), 100.0 - undulation, 1.0);
        // Drawn 100 m above sea level.
        EXPECT_NEAR(geodesy::ecefToGeodetic(onGeoid.ecefAt(cube, onGeoid.heightAt(cube))).heightMetres,
                    100.0 + undulation, 1.0);
    }
}

TEST_F(CubeGeoidTest, RefusesAGridThatIsNotAPowerOfTwo)
{
    EXPECT_THROW(CubeGeoid(model_, 100), std::invalid_argument);
    EXPECT_THROW(CubeGeoid(model_, 1), std::invalid_argument);
}

}  // namespace
}  // namespace planet::test
