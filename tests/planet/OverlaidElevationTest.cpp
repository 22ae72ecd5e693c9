// A finer elevation model laid over the global one (planet::OverlaidElevation
// through the cube's tile reader): a regional model in UTM 32N, a plane whose
// height is exact wherever it is read, gives the cube tiles its heights
// where it lies (within the tiles' 16-bit quantum), leaves the global
// model's heights exactly as they were beyond it, blends between the two
// over its margin with no step larger than their difference, and two tiles
// that share samples give them one height. A model with no georeferencing
// is one line naming it.
#include "DemTestFiles.h"
#include "GlobalRasterFiles.h"
#include "dem/DemStreaming.h"
#include "geodesy/Wgs84.h"
#include "planet/CubeSphere.h"
#include "planet/CubeTilePyramid.h"
#include "planet/CubeTileReader.h"
#include "planet/GlobalElevation.h"
#include "planet/OverlaidElevation.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <memory>
#include <string>
#include <vector>

namespace planet::test {
namespace {

constexpr int kUtm32North = 32632;
constexpr std::uint32_t kOverlaySamples = 200;
constexpr double kOverlaySpacing = 100.0;
constexpr double kGlobalMetres = 500.0;

class OverlaidElevationTest : public ::testing::Test {
protected:
    void SetUp() override
    {
        const std::filesystem::path global = scratch_.file("global.tif");
        writeGlobalRaster(global, 720, [](double, double) { return kGlobalMetres; });
        heightmap::HeightmapLimits baseLimits;
        baseLimits.maxDimension = 360;
        globalSource_ = std::make_shared<const dem::StreamedDem>(dem::openStreamedDem(global, baseLimits, 64));
        base_ = std::make_unique<GlobalElevation>(globalSource_->base, global);
        globalPath_ = global;

        // 20 km of plane in UTM 32N around 46 N, 8 E.
        overlayPath_ = scratch_.file("plane-utm32.tif");
        plane_ = dem_test::writeProjectedPlane(overlayPath_, kUtm32North, 8.0, 46.0, kOverlaySamples, kOverlaySpacing);
    }

    OverlaidElevation overlay() const
    {
        return overlaidElevationOf(overlayPath_,
                                   std::make_shared<const dem::StreamedDem>(
                                       dem::openStreamedDem(overlayPath_, heightmap::HeightmapLimits{}, 64)),
                                   nullptr);
    }

    StreamedGlobalElevation model(const CubeTilePyramid& pyramid, std::vector<OverlaidElevation> overlays) const
    {
        return streamedGlobalElevation(globalPath_, globalSource_, *base_, pyramid, CubeGeoid(), std::move(overlays));
    }

    dem_test::ScratchDirectory scratch_;
    std::filesystem::path globalPath_;
    std::filesystem::path overlayPath_;
    std::shared_ptr<const dem::StreamedDem> globalSource_;
    std::unique_ptr<GlobalElevation> base_;
    dem_test::ProjectedPlane plane_;
};

// The key of the finest level's tile under a WGS 84 point.
tiles::TileKey finestTileUnder(const CubeTilePyramid& pyramid, double latitude, double longitude)
{
    const CubeFacePoint point = cubeFaceOf(cubePointUnder(latitude, longitude));
    const std::uint32_t intervals = pyramid.intervalsAt(0);
    const GridCell cell = gridCellOf(point, intervals);
    const std::uint32_t size = pyramid.tileSize();
    return tiles::TileKey{0, (point.face * intervals + cell.column) / size, cell.row / size};
}

TEST_F(OverlaidElevationTest, TheFinerModelWinsWhereItLiesAndBlendsAtItsBorder)
{
    const OverlaidElevation plane = overlay();
    EXPECT_NEAR(plane.spacingMetres, kOverlaySpacing, 1.0e-6);
    EXPECT_LT(plane.south, 46.0);
    EXPECT_GT(plane.north, 46.0);
    EXPECT_LT(plane.west, 8.0);
    EXPECT_GT(plane.east, 8.0);
    const std::uint32_t finest = finestCubeIntervalsFor(plane);
    EXPECT_EQ(finest, 65536u) << "the cube's finest grid resolves 100 m samples";
    const CubeTilePyramid pyramid = CubeTilePyramid::between(256, finest, 256);
    const StreamedGlobalElevation laid = model(pyramid, {plane});
    const StreamedGlobalElevation bare = model(pyramid, {});
    const std::unique_ptr<tiles::TileReader> reader = makeCubeTileReader(laid);
    const std::unique_ptr<tiles::TileReader> bareReader = makeCubeTileReader(bare);

    // The tile under the model's middle (39 km across, it holds the whole
    // 20 km model or a part of it and ground beyond), and its eastern
    // neighbour.
    const tiles::TileKey key = finestTileUnder(pyramid, 46.0, 8.0);
    const tiles::Tile tile = reader->read(key);
    const tiles::Tile bareTile = bareReader->read(key);
    const std::uint32_t stored = pyramid.layout().storedSize();
    const double quantum = laid.range.metresPerStep;
    const double margin = kOverlayMarginSamples;
    int core = 0;
    int outside = 0;
    int blended = 0;
    for (std::uint32_t row = 0; row < stored; ++row) {
        for (std::uint32_t column = 0; column < stored; ++column) {
            const std::size_t index = std::size_t{row} * stored + column;
            const geodesy::GeodeticCoordinates place =
                geodesy::ecefToGeodetic(cubeToEcef(pyramid.samplePoint(key, column, row)));
            const auto [c, r] = plane_.sampleOf(place.longitudeDegrees, place.latitudeDegrees);
            const double inside = std::min({c, kOverlaySamples - 1.0 - c, r, kOverlaySamples - 1.0 - r});
            const double height = laid.range.metresOf(tile.samples[index]);
            const double global = bare.range.metresOf(bareTile.samples[index]);
            if (inside >= margin) {
                ++core;
                EXPECT_NEAR(height, dem_test::ProjectedPlane::heightAt(c, r), quantum)
                    << "sample " << column << ", " << row;
            } else if (inside <= 0.0) {
                ++outside;
                EXPECT_EQ(tile.samples[index], bareTile.samples[index]) << "sample " << column << ", " << row;
            } else {
                ++blended;
                const double plain = dem_test::ProjectedPlane::heightAt(c, r);
                EXPECT_GE(height, std::min(plain, global) - quantum) << "sample " << column << ", " << row;
                EXPECT_LE(height, std::max(plain, global) + quantum) << "sample " << column << ", " << row;
            }
        }
    }
    EXPECT_GT(core, 1000) << "outside " << outside << ", blended " << blended;
    EXPECT_GT(outside, 1000);
    EXPECT_GT(blended, 100);
    EXPECT_NEAR(bare.range.metresOf(bareTile.samples[0]), kGlobalMetres, bare.range.metresPerStep);

    // The tile east of it shares its last column of samples.
    const tiles::Tile east = reader->read(tiles::TileKey{key.level, key.column + 1, key.row});
    const std::uint32_t size = pyramid.tileSize();
    for (std::uint32_t row = 0; row < stored; ++row) {
        EXPECT_EQ(tile.samples[std::size_t{row} * stored + size], east.samples[std::size_t{row} * stored])
            << "row " << row;
    }
}

TEST_F(OverlaidElevationTest, AModelWithNoGeoreferencingIsOneLineNamingIt)
{
    const std::filesystem::path bare = scratch_.file("bare.tif");
    dem_test::writeRaster(bare, dem_test::rasterOf(16, 16, GDT_Float32, std::vector<double>(256, 100.0)));
    try {
        static_cast<void>(overlaidElevationOf(
            bare,
            std::make_shared<const dem::StreamedDem>(dem::openStreamedDem(bare, heightmap::HeightmapLimits{}, 64)),
            nullptr));
        FAIL() << "a model without georeferencing was laid over the globe";
    } catch (const GlobalElevationError& error) {
        EXPECT_EQ(std::string(error.what()),
                  "elevation model '" + bare.string() + "': has no georeferencing to place it on the globe");
    }
}

}  // namespace
}  // namespace planet::test
