// A streamed model's coarse level left to read later: when its read visits
// every sample (no overviews, more samples than the threshold) and the
// caller asks for it, openStreamedDem gives a placeholder of the right size
// and metadata with the range fixed, and StreamedBaseReader then gives, in
// the background, exactly the base an immediate open gives. Tile holes are
// filled from the base samples the reader holds now: the placeholder until
// they are replaced. loadDem stops when asked and reports its progress.
#include "DemTestFiles.h"

#include "dem/DemLoader.h"
#include "dem/DemStreaming.h"

#include <gtest/gtest.h>

#include <chrono>
#include <cmath>
#include <stop_token>
#include <thread>
#include <vector>

namespace {

constexpr std::uint32_t kColumns = 300;
constexpr std::uint32_t kRows = 200;
constexpr std::uint32_t kTileSize = 64;

// Hills, with a no-data square (-9999) in the north-west when `holes`.
dem_test::RasterSpec hillsSpec(bool holes)
{
    std::vector<double> heights;
    for (std::uint32_t row = 0; row < kRows; ++row) {
        for (std::uint32_t column = 0; column < kColumns; ++column) {
            const bool hole = holes && column >= 10 && column < 30 && row >= 10 && row < 30;
            heights.push_back(hole ? -9999.0 : 500.0 + 300.0 * std::sin(column * 0.05) * std::cos(row * 0.07));
        }
    }
    dem_test::RasterSpec spec = dem_test::rasterOf(kColumns, kRows, GDT_Float32, heights);
    spec.geoTransform = std::array<double, 6>{500000.0, 30.0, 0.0, 5000000.0, 0.0, -30.0};
    spec.epsg = 32633;
    spec.noData = -9999.0;
    spec.creationOptions = {"TILED=YES", "BLOCKXSIZE=64", "BLOCKYSIZE=64"};
    return spec;
}

// Levels 0 .. 3 streamed (the base at 1/16).
heightmap::HeightmapLimits limitsOfFourLevels()
{
    heightmap::HeightmapLimits limits;
    limits.maxTexels = 300;
    return limits;
}

dem::StreamedDemOptions costlyAbove(std::uint64_t samples, dem::StreamedBaseTiming timing)
{
    dem::StreamedDemOptions options;
    options.tileSize = kTileSize;
    options.baseTiming = timing;
    options.backgroundBaseAboveSamples = samples;
    return options;
}

dem::DemTerrain readInTheBackground(const dem::PendingBaseRead& pending)
{
    dem::StreamedBaseReader reader(pending);
    const auto limit = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    while (!reader.done() && std::chrono::steady_clock::now() < limit) {
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    EXPECT_TRUE(reader.done());
    EXPECT_DOUBLE_EQ(reader.progress(), 1.0);
    return reader.take();
}

TEST(DemStreamedBase, ACostlyBaseIsAPlaceholderUntilTheReaderGivesWhatAnImmediateOpenGives)
{
    const dem_test::ScratchDirectory scratch;
    const auto path = scratch.file("hills.tif");
    dem_test::writeRaster(path, hillsSpec(false));
    const dem::StreamedDem now =
        dem::openStreamedDem(path, limitsOfFourLevels(), costlyAbove(1000, dem::StreamedBaseTiming::Now));
    const dem::StreamedDem later =
        dem::openStreamedDem(path, limitsOfFourLevels(), costlyAbove(1000, dem::StreamedBaseTiming::LaterWhenCostly));
    EXPECT_FALSE(now.pendingBase);
    ASSERT_TRUE(later.pendingBase);

    // The placeholder: the base's size, range, georeferencing and levels.
    const heightmap::Heightmap& placeholder = later.base.heightmap;
    EXPECT_EQ(placeholder.width, now.base.heightmap.width);
    EXPECT_EQ(placeholder.height, now.base.heightmap.height);
    EXPECT_EQ(placeholder.samples,
              std::vector<std::uint16_t>(now.base.heightmap.samples.size(), dem::kPlaceholderSample));
    EXPECT_EQ(later.base.metadata.minimumHeightMetres, now.base.metadata.minimumHeightMetres);
    EXPECT_EQ(later.base.metadata.maximumHeightMetres, now.base.metadata.maximumHeightMetres);
    EXPECT_EQ(later.base.metadata.streamedLevels, now.base.metadata.streamedLevels);
    EXPECT_EQ(later.base.metadata.reduction, now.base.metadata.reduction);
    ASSERT_TRUE(later.base.metadata.grid && now.base.metadata.grid);
    EXPECT_EQ(later.base.metadata.grid->geoTransform, now.base.metadata.grid->geoTransform);
    EXPECT_EQ(*later.fillSamples->get(), placeholder.samples);

    const dem::DemTerrain read = readInTheBackground(*later.pendingBase);
    EXPECT_EQ(read.heightmap.samples, now.base.heightmap.samples);
    EXPECT_EQ(read.metadata.minimumHeightMetres, now.base.metadata.minimumHeightMetres);
    EXPECT_EQ(read.metadata.maximumHeightMetres, now.base.metadata.maximumHeightMetres);
}

TEST(DemStreamedBase, ABaseBelowTheThresholdIsReadAtOnce)
{
    const dem_test::ScratchDirectory scratch;
    const auto path = scratch.file("hills.tif");
    dem_test::writeRaster(path, hillsSpec(false));
    const dem::StreamedDem dem = dem::openStreamedDem(
        path, limitsOfFourLevels(), costlyAbove(kColumns * kRows, dem::StreamedBaseTiming::LaterWhenCostly));
    EXPECT_FALSE(dem.pendingBase);
    EXPECT_NE(dem.base.heightmap.samples,
              std::vector<std::uint16_t>(dem.base.heightmap.samples.size(), dem::kPlaceholderSample));
}

TEST(DemStreamedBase, TileHolesAreFilledFromTheBaseSamplesTheReaderHoldsNow)
{
    const dem_test::ScratchDirectory scratch;
    const auto path = scratch.file("holes.tif");
    dem_test::writeRaster(path, hillsSpec(true));
    const dem::StreamedDem now =
        dem::openStreamedDem(path, limitsOfFourLevels(), costlyAbove(1000, dem::StreamedBaseTiming::Now));
    const dem::StreamedDem later =
        dem::openStreamedDem(path, limitsOfFourLevels(), costlyAbove(1000, dem::StreamedBaseTiming::LaterWhenCostly));
    ASSERT_TRUE(later.pendingBase);
    const tiles::TileKey holey{0, 0, 0};
    const tiles::Tile expected = dem::makeDemTileReader(path, now)->read(holey);
    ASSERT_EQ(expected.filledSamples, 20u * 20u);

    const std::unique_ptr<tiles::TileReader> reader = dem::makeDemTileReader(path, later);
    const tiles::Tile early = reader->read(holey);
    EXPECT_EQ(early.filledSamples, expected.filledSamples);
    const std::uint32_t stored = later.layout.storedSize();
    EXPECT_EQ(early.samples[std::size_t{20} * stored + 20], dem::kPlaceholderSample);
    EXPECT_NE(early.samples, expected.samples);

    later.fillSamples->replace(readInTheBackground(*later.pendingBase).heightmap.samples);
    EXPECT_EQ(reader->read(holey).samples, expected.samples);
    EXPECT_THROW(later.fillSamples->replace({1, 2, 3}), std::invalid_argument);
}

TEST(DemStreamedBase, LoadDemReportsItsProgressAndStopsWhenAsked)
{
    const dem_test::ScratchDirectory scratch;
    const auto path = scratch.file("hills.tif");
    dem_test::writeRaster(path, hillsSpec(false));
    dem::DemLoadOverrides overrides;
    std::vector<double> shares;
    overrides.progress = [&shares](double share) { shares.push_back(share); };
    dem::loadDem(path, heightmap::HeightmapLimits{}, overrides);
    ASSERT_FALSE(shares.empty());
    EXPECT_TRUE(std::is_sorted(shares.begin(), shares.end()));
    EXPECT_GT(shares.front(), 0.0);
    EXPECT_DOUBLE_EQ(shares.back(), 1.0);

    std::stop_source stop;
    stop.request_stop();
    overrides.stop = stop.get_token();
    EXPECT_THROW(dem::loadDem(path, heightmap::HeightmapLimits{}, overrides), dem::DemLoadStopped);

    // A reader destroyed at once stops and joins; one asked for its base
    // before it is done refuses.
    const dem::StreamedDem later =
        dem::openStreamedDem(path, limitsOfFourLevels(), costlyAbove(1000, dem::StreamedBaseTiming::LaterWhenCostly));
    ASSERT_TRUE(later.pendingBase);
    {
        const dem::StreamedBaseReader destroyedAtOnce(*later.pendingBase);
    }
    dem::DemLoadOverrides placeholderWithoutRange;
    placeholderWithoutRange.placeholderSamples = true;
    EXPECT_THROW(dem::loadDem(path, heightmap::HeightmapLimits{}, placeholderWithoutRange), std::invalid_argument);
}

}  // namespace
