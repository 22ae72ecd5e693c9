// A finer elevation model laid over the global one (planet::OverlaidElevation
// through the cube's tile reader): a regional model in UTM 32N, a plane whose
// height is exact wherever it is read, gives the cube tiles its heights
// where it lies (within the tiles' 16-bit quantum), leaves the global
// model's heights exactly as they were beyond it, blends between the two
// over its margin with no step larger than their difference, and two tiles
// that share samples give them one height; where the model has no-data the
// global model shows, blended around it over the same margin. A model with
// no georeferencing is one line naming it.
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

// A model to lay over the globe, in tiles of 64.
std::shared_ptr<const dem::StreamedDem> openOverlay(const std::filesystem::path& path)
{
    dem::StreamedDemOptions options = overlaidStreamOptions();
    options.tileSize = 64;
    return std::make_shared<const dem::StreamedDem>(dem::openStreamedDem(path, heightmap::HeightmapLimits{}, options));
}

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

    OverlaidElevation overlay() const { return overlaidElevationOf(overlayPath_, openOverlay(overlayPath_), nullptr); }

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

// A cube tile laid over with a plane model, against the same tile of the
// global model alone: the samples in the plane's core (at least the margin
// from its border and from its first `noDataColumns` columns, which are
// no-data) have the plane's heights within the quantum, those beyond it or in
// its no-data the global model's exactly, and those between lie between the
// two. Returns how many samples of each there are.
struct SamplesByPlace {
    int core = 0;
    int global = 0;
    int blended = 0;
};
SamplesByPlace checkTileOverThePlane(const CubeTilePyramid& pyramid, const tiles::TileKey& key,
                                     const StreamedGlobalElevation& laid, const tiles::Tile& tile,
                                     const StreamedGlobalElevation& bare, const tiles::Tile& bareTile,
                                     const dem_test::ProjectedPlane& plane, std::uint32_t noDataColumns)
{
    const std::uint32_t stored = pyramid.layout().storedSize();
    const double quantum = laid.range.metresPerStep;
    const auto margin = static_cast<double>(kOverlayMarginSamples);
    SamplesByPlace counts;
    for (std::uint32_t row = 0; row < stored; ++row) {
        for (std::uint32_t column = 0; column < stored; ++column) {
            const std::size_t index = std::size_t{row} * stored + column;
            const geodesy::GeodeticCoordinates place =
                geodesy::ecefToGeodetic(cubeToEcef(pyramid.samplePoint(key, column, row)));
            const auto [c, r] = plane.sampleOf(place.longitudeDegrees, place.latitudeDegrees);
            // The model's level 0 is read: the distance to its no-data grows
            // by one a column from its last no-data column.
            double inside = std::min({c, plane.samples - 1.0 - c, r, plane.samples - 1.0 - r});
            if (noDataColumns > 0) {
                inside = std::min(inside, c - (noDataColumns - 1.0));
            }
            const double height = laid.range.metresOf(tile.samples[index]);
            const double global = bare.range.metresOf(bareTile.samples[index]);
            if (inside >= margin) {
                ++counts.core;
                EXPECT_NEAR(height, dem_test::ProjectedPlane::heightAt(c, r), quantum)
                    << "sample " << column << ", " << row;
            } else if (inside <= 0.0) {
                ++counts.global;
                EXPECT_EQ(tile.samples[index], bareTile.samples[index]) << "sample " << column << ", " << row;
            } else {
                ++counts.blended;
                const double plain = dem_test::ProjectedPlane::heightAt(c, r);
                EXPECT_GE(height, std::min(plain, global) - quantum) << "sample " << column << ", " << row;
                EXPECT_LE(height, std::max(plain, global) + quantum) << "sample " << column << ", " << row;
            }
        }
    }
    return counts;
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
    const SamplesByPlace counts = checkTileOverThePlane(pyramid, key, laid, tile, bare, bareTile, plane_, 0);
    EXPECT_GT(counts.core, 1000) << "global " << counts.global << ", blended " << counts.blended;
    EXPECT_GT(counts.global, 1000);
    EXPECT_GT(counts.blended, 100);
    EXPECT_NEAR(bare.range.metresOf(bareTile.samples[0]), kGlobalMetres, bare.range.metresPerStep);

    // The tile east of it shares its last column of samples.
    const std::uint32_t stored = pyramid.layout().storedSize();
    const tiles::Tile east = reader->read(tiles::TileKey{key.level, key.column + 1, key.row});
    const std::uint32_t size = pyramid.tileSize();
    for (std::uint32_t row = 0; row < stored; ++row) {
        EXPECT_EQ(tile.samples[std::size_t{row} * stored + size], east.samples[std::size_t{row} * stored])
            << "row " << row;
    }
}

TEST_F(OverlaidElevationTest, WhereTheFinerModelHasNoDataTheGlobalOneShowsBlendedAroundIt)
{
    // The plane's western half is no-data, as the ground outside a country
    // is in the rectangle of its national model.
    constexpr std::uint32_t kNoDataColumns = kOverlaySamples / 2;
    const std::filesystem::path path = scratch_.file("half-plane-utm32.tif");
    const dem_test::ProjectedPlane half =
        dem_test::writeProjectedPlane(path, kUtm32North, 8.0, 46.0, kOverlaySamples, kOverlaySpacing, kNoDataColumns);
    const OverlaidElevation model = overlaidElevationOf(path, openOverlay(path), nullptr);
    const CubeTilePyramid pyramid = CubeTilePyramid::between(256, finestCubeIntervalsFor(model), 256);
    const StreamedGlobalElevation laid = this->model(pyramid, {model});
    const StreamedGlobalElevation bare = this->model(pyramid, {});
    const std::unique_ptr<tiles::TileReader> reader = makeCubeTileReader(laid);
    const std::unique_ptr<tiles::TileReader> bareReader = makeCubeTileReader(bare);
    const tiles::TileKey key = finestTileUnder(pyramid, 46.0, 8.0);
    const tiles::Tile tile = reader->read(key);
    const tiles::Tile bareTile = bareReader->read(key);
    const SamplesByPlace counts = checkTileOverThePlane(pyramid, key, laid, tile, bare, bareTile, half, kNoDataColumns);
    EXPECT_GT(counts.core, 1000) << "global " << counts.global << ", blended " << counts.blended;
    EXPECT_GT(counts.global, 1000);
    EXPECT_GT(counts.blended, 100);

    // Across the hole's edge, along the row through the model's middle, the
    // height moves from the global model's to the plane's in steps no larger
    // than a tenth of their difference there: a blend, not a step.
    const std::uint32_t stored = pyramid.layout().storedSize();
    const auto margin = static_cast<double>(kOverlayMarginSamples);
    const std::uint32_t middle = stored / 2;
    const auto modelColumnOf = [&](std::uint32_t column) {
        const geodesy::GeodeticCoordinates place =
            geodesy::ecefToGeodetic(cubeToEcef(pyramid.samplePoint(key, column, middle)));
        return half.sampleOf(place.longitudeDegrees, place.latitudeDegrees);
    };
    double largestStep = 0.0;
    double difference = 0.0;
    int steps = 0;
    for (std::uint32_t column = 1; column < stored; ++column) {
        const auto [c, r] = modelColumnOf(column);
        if (c < kNoDataColumns - 8.0 || c > kNoDataColumns + margin + 8.0) {
            continue;  // away from the hole's edge (the border's blend beyond)
        }
        const double before = laid.range.metresOf(tile.samples[std::size_t{middle} * stored + column - 1]);
        const double after = laid.range.metresOf(tile.samples[std::size_t{middle} * stored + column]);
        largestStep = std::max(largestStep, std::abs(after - before));
        difference = dem_test::ProjectedPlane::heightAt(kNoDataColumns, r) - kGlobalMetres;
        ++steps;
    }
    EXPECT_GT(steps, 10);
    EXPECT_LT(largestStep, 0.1 * difference);
}

TEST_F(OverlaidElevationTest, AModelWithNoGeoreferencingIsOneLineNamingIt)
{
    const std::filesystem::path bare = scratch_.file("bare.tif");
    dem_test::writeRaster(bare, dem_test::rasterOf(16, 16, GDT_Float32, std::vector<double>(256, 100.0)));
    try {
        static_cast<void>(overlaidElevationOf(bare, openOverlay(bare), nullptr));
        FAIL() << "a model without georeferencing was laid over the globe";
    } catch (const GlobalElevationError& error) {
        EXPECT_EQ(std::string(error.what()),
                  "elevation model '" + bare.string() + "': has no georeferencing to place it on the globe");
    }
}

}  // namespace
}  // namespace planet::test
