// The streamed levels of a global model on the cube (planet/CubeTilePyramid.h,
// planet/CubeTileReader.h):
// - a level's six faces lie side by side, a tile never spans two faces, and
//   its apron past a face's last interval lies on that face's edge;
// - the CPU reference of the streamed heights takes the finest resident
//   level and falls back to coarser ones and to the base, the detail below
//   the data starting under that grid's spacing;
// - the tiles the reader makes from a file hold the model's heights at
//   their samples' latitudes and longitudes, to the quantisation's step,
//   across the date line too, on a model of the land alone (its sea below
//   sea level), and on ETOPO5 (0..360, an odd row count);
//   samples that are one cube point (faces' shared edges and corners) hold
//   one value; a model that stops short of the poles is capped beyond its
//   rows at one height.
#include "DemTestFiles.h"
#include "GlobalRasterFiles.h"
#include "dem/DemStreaming.h"
#include "geodesy/Wgs84.h"
#include "planet/CubeElevation.h"
#include "planet/CubeSphere.h"
#include "planet/CubeTilePyramid.h"
#include "planet/CubeTileReader.h"
#include "planet/GlobalElevation.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <filesystem>
#include <limits>
#include <map>
#include <memory>
#include <set>
#include <tuple>
#include <vector>

namespace planet::test {
namespace {

constexpr double kPi = 3.14159265358979323846;

// A global field with relief finer than a coarse level holds.
double field(double latitude, double longitude)
{
    const double phi = latitude * kPi / 180.0;
    const double lambda = longitude * kPi / 180.0;
    return 2000.0 * std::sin(phi) + 800.0 * std::cos(phi) * std::cos(3.0 * lambda) +
           400.0 * std::sin(23.0 * lambda) * std::cos(17.0 * phi);
}

TEST(CubeTilePyramid, EachTileLiesOnOneFaceWithItsApronOnThatFacesEdge)
{
    const CubeTilePyramid pyramid = CubeTilePyramid::between(64, 256, 256);
    ASSERT_EQ(pyramid.levelCount(), 2u);
    EXPECT_EQ(pyramid.tileSize(), 128u);
    EXPECT_EQ(pyramid.baseIntervals(), 64u);
    const tiles::TilePyramidLayout& layout = pyramid.layout();
    for (std::uint32_t level = 0; level < pyramid.levelCount(); ++level) {
        const std::uint32_t intervals = pyramid.intervalsAt(level);
        EXPECT_EQ(layout.levelColumns(level), 6 * intervals);
        EXPECT_EQ(layout.levelRows(level), intervals);
        for (std::uint32_t row = 0; row < layout.tilesDown(level); ++row) {
            for (std::uint32_t column = 0; column < layout.tilesAcross(level); ++column) {
                const tiles::TileKey key{level, column, row};
                const std::uint32_t face = pyramid.faceOf(key);
                const std::uint32_t last = layout.tileSize();
                for (const std::uint32_t i : {0u, last / 2, last}) {
                    for (const std::uint32_t j : {0u, last / 2, last}) {
                        const glm::dvec3 point = pyramid.samplePoint(key, i, j);
                        const double outward = point[static_cast<int>(face / 2)];
                        EXPECT_EQ(outward, face % 2 == 0 ? 1.0 : -1.0) << level << " " << column << " " << row;
                        // The lookup of a sample point finds this tile, the
                        // sample (or the last cell, on the face's far edge).
                        const CubeTilePyramid::Lookup at = pyramid.lookup(level, cubeFacePointOn(face, point));
                        if (i < last && j < last) {
                            EXPECT_EQ(at.entry, layout.entryOf(key));
                            EXPECT_EQ(at.cell.column, i);
                            EXPECT_EQ(at.cell.row, j);
                            EXPECT_EQ(at.cell.columnWeight, 0.0);
                            EXPECT_EQ(at.cell.rowWeight, 0.0);
                        }
                    }
                }
            }
        }
    }
    EXPECT_THROW(CubeTilePyramid(256, 2, 256), std::invalid_argument) << "a tile wider than level 1's face";
    EXPECT_THROW(CubeTilePyramid::between(256, 256, 256), std::invalid_argument);
}

class StreamedCubeHeightsTest : public ::testing::Test {
protected:
    StreamedCubeHeightsTest()
    {
        writeGlobalRaster(scratch_.file("field.tif"), 360, field);
        global_ = std::make_unique<GlobalElevation>(scratch_.file("field.tif"), heightmap::HeightmapLimits{});
        base_ = std::make_unique<CubeElevation>(*global_, 64);
    }

    // Tile `key`'s samples: the model at their points, quantised.
    std::vector<std::uint16_t> tileOf(const tiles::TileKey& key) const
    {
        const std::uint32_t stored = pyramid_.layout().storedSize();
        std::vector<std::uint16_t> samples;
        for (std::uint32_t row = 0; row < stored; ++row) {
            for (std::uint32_t column = 0; column < stored; ++column) {
                const geodesy::GeodeticCoordinates place =
                    geodesy::ecefToGeodetic(cubeToEcef(pyramid_.samplePoint(key, column, row)));
                samples.push_back(
                    range_.sampleOf(global_->heightMetres(place.latitudeDegrees, place.longitudeDegrees)));
            }
        }
        return samples;
    }

    dem_test::ScratchDirectory scratch_;
    std::unique_ptr<GlobalElevation> global_;
    std::unique_ptr<CubeElevation> base_;
    CubeTilePyramid pyramid_ = CubeTilePyramid::between(64, 256, 256);
    StreamedHeightRange range_ = StreamedHeightRange::spanning(-4000.0, 4000.0);
};

TEST_F(StreamedCubeHeightsTest, TheFinestResidentLevelGivesTheHeightElseACoarserOneElseTheBase)
{
    std::map<std::uint32_t, std::vector<std::uint16_t>> resident;
    const StreamedCubeHeights heights(*base_, pyramid_, range_, [&](std::uint32_t entry) -> const std::uint16_t* {
        const auto found = resident.find(entry);
        return found == resident.end() ? nullptr : found->second.data();
    });
    // A point inside level 0's tile (column 1, row 0) and level 1's (0, 0),
    // on face 0: level 0's sample (150, 20), level 1's (75, 10).
    const glm::dvec3 point = cubePointOf(0, -1.0 + 2.0 * 150.0 / 256.0, -1.0 + 2.0 * 20.0 / 256.0);
    EXPECT_EQ(heights.heightAt(point).metres, base_->heightAt(point)) << "nothing resident: the base";
    EXPECT_EQ(heights.heightAt(point).gridIntervals, 64u);
    EXPECT_EQ(heights.surfaceHeightAt(point), base_->surfaceHeightAt(point)) << "the detail starts as the base's";

    const tiles::TileKey coarse{1, 0, 0};
    resident[pyramid_.layout().entryOf(coarse)] = tileOf(coarse);
    const double fromCoarse = heights.heightAt(point).metres;
    EXPECT_EQ(fromCoarse, range_.metresOf(resident[pyramid_.layout().entryOf(coarse)][10 * 129 + 75]));
    EXPECT_NE(fromCoarse, base_->heightAt(point));
    EXPECT_EQ(heights.heightAt(point).gridIntervals, 128u) << "the detail starts under level 1's spacing";

    const tiles::TileKey fine{0, 1, 0};
    resident[pyramid_.layout().entryOf(fine)] = tileOf(fine);
    EXPECT_EQ(heights.heightAt(point).metres,
              range_.metresOf(resident[pyramid_.layout().entryOf(fine)][20 * 129 + 22]));
    EXPECT_EQ(heights.heightAt(point).gridIntervals, 256u);
    // Where the fine level is absent, the coarse one still serves.
    const glm::dvec3 elsewhere = cubePointOf(0, -1.0 + 2.0 * 40.0 / 256.0, -1.0 + 2.0 * 20.0 / 256.0);
    EXPECT_EQ(heights.heightAt(elsewhere).metres,
              range_.metresOf(resident[pyramid_.layout().entryOf(coarse)][10 * 129 + 20]));
    // Between samples: bilinear, as the base's grid is.
    const glm::dvec3 between = cubePointOf(0, -1.0 + 2.0 * 150.25 / 256.0, -1.0 + 2.0 * 20.5 / 256.0);
    const std::vector<std::uint16_t>& tile = resident[pyramid_.layout().entryOf(fine)];
    const auto at = [&](std::uint32_t c, std::uint32_t r) { return range_.metresOf(tile[r * 129 + c]); };
    const double lower = 0.75 * at(22, 20) + 0.25 * at(23, 20);
    const double upper = 0.75 * at(22, 21) + 0.25 * at(23, 21);
    EXPECT_EQ(heights.heightAt(between).metres, 0.5 * lower + 0.5 * upper);
}

// A model of `columns` columns of `written` from `north` to `south` and
// streamed on a base of a quarter of its columns, as the viewer streams a
// globe's (the sea of a model of the land alone placed), its tiles read one
// by one.
class StreamedModel {
public:
    StreamedModel(const dem_test::ScratchDirectory& scratch, std::uint32_t columns, double north, double south,
                  GlobalField written = field)
        : path_(scratch.file("global.tif"))
    {
        writeGlobalRaster(path_, columns, written, north, south);
        heightmap::HeightmapLimits baseLimits;
        baseLimits.maxDimension = columns / 4;
        dem::StreamedDemOptions options;
        options.tileSize = 64;
        options.landOnlySea = dem::LandOnlySea{};
        source_ = std::make_shared<const dem::StreamedDem>(dem::openStreamedDem(path_, baseLimits, options));
        base_ = std::make_unique<GlobalElevation>(source_->base, path_);
        full_ = std::make_unique<GlobalElevation>(path_, heightmap::HeightmapLimits{});
    }

    [[nodiscard]] const GlobalElevation& base() const { return *base_; }
    [[nodiscard]] const GlobalElevation& full() const { return *full_; }
    [[nodiscard]] std::uint32_t levelCount() const { return source_->layout.levelCount(); }
    [[nodiscard]] StreamedGlobalElevation streamed(const CubeTilePyramid& pyramid) const
    {
        return streamedGlobalElevation(path_, source_, *base_, pyramid, CubeGeoid());
    }

private:
    std::filesystem::path path_;
    std::shared_ptr<const dem::StreamedDem> source_;
    std::unique_ptr<GlobalElevation> base_;
    std::unique_ptr<GlobalElevation> full_;
};

// Each sample of each tile of `model`'s finest level: its face, place on the
// globe, cube point and value.
struct TileSample {
    std::uint32_t face;
    geodesy::GeodeticCoordinates place;
    glm::dvec3 point;
    std::uint16_t value;
};
template <typename Visit>
void forEachFinestSample(const StreamedGlobalElevation& model, const Visit& visit)
{
    const std::unique_ptr<tiles::TileReader> reader = makeCubeTileReader(model);
    const tiles::TilePyramidLayout& layout = model.pyramid.layout();
    const std::uint32_t stored = layout.storedSize();
    for (std::uint32_t column = 0; column < layout.tilesAcross(0); ++column) {
        const tiles::TileKey key{0, column, 0};
        const tiles::Tile tile = reader->read(key);
        ASSERT_EQ(tile.samples.size(), std::size_t{stored} * stored);
        for (std::uint32_t row = 0; row < stored; ++row) {
            for (std::uint32_t i = 0; i < stored; ++i) {
                const glm::dvec3 point = model.pyramid.samplePoint(key, i, row);
                visit(TileSample{model.pyramid.faceOf(key), geodesy::ecefToGeodetic(cubeToEcef(point)), point,
                                 tile.samples[std::size_t{row} * stored + i]});
            }
        }
    }
}

TEST(CubeTileReader, TilesHoldTheModelsHeightsAndSharedPointsOneValue)
{
    const dem_test::ScratchDirectory scratch;
    const StreamedModel written(scratch, 720, 90.0, -90.0);  // the base at 1/4: 180 x 90
    const std::uint32_t finest = finestCubeIntervalsFor(written.base().columnsPerTurn() << written.levelCount());
    EXPECT_EQ(finest, 128u);
    const std::optional<CubeTilePyramid> pyramid = cubePyramidFor(64, finest);
    ASSERT_TRUE(pyramid);
    ASSERT_EQ(pyramid->levelCount(), 1u);
    EXPECT_FALSE(cubePyramidFor(128, finest)) << "a base as fine as the model streams nothing";
    const StreamedGlobalElevation model = written.streamed(*pyramid);

    std::map<std::tuple<double, double, double>, std::uint16_t> byPoint;
    std::uint32_t sharedPoints = 0;
    std::uint32_t nearTheDateLine = 0;
    forEachFinestSample(model, [&](const TileSample& sample) {
        const auto [entry, added] =
            byPoint.emplace(std::make_tuple(sample.point.x, sample.point.y, sample.point.z), sample.value);
        if (!added) {
            ++sharedPoints;
            EXPECT_EQ(entry->second, sample.value) << "face " << sample.face;
        }
        if (std::abs(sample.place.latitudeDegrees) > 89.75) {
            return;  // within a row of a pole: the pole's one height blends in
        }
        nearTheDateLine += std::abs(sample.place.longitudeDegrees) > 179.0 ? 1u : 0u;
        const double expected =
            written.full().heightMetres(sample.place.latitudeDegrees, sample.place.longitudeDegrees);
        EXPECT_NEAR(model.range.metresOf(sample.value), expected, model.range.metresPerStep + 1.0e-3)
            << "face " << sample.face << " at " << sample.place.latitudeDegrees << ", "
            << sample.place.longitudeDegrees;
    });
    EXPECT_GE(sharedPoints, 12u * 127u) << "every face edge is met twice";
    EXPECT_GT(nearTheDateLine, 100u);
}

// A model whose rows stop at 60 N and 50 S: the tiles hold its heights where
// it has rows, and beyond one row spacing past its last rows one height per
// cap, where they would otherwise hold the last row drawn out to the pole.
TEST(CubeTileReader, TilesCapAModelThatStopsShortOfThePoles)
{
    const dem_test::ScratchDirectory scratch;
    const StreamedModel written(scratch, 720, 60.0, -50.0);
    const std::uint32_t finest = finestCubeIntervalsFor(written.base().columnsPerTurn() << written.levelCount());
    const std::optional<CubeTilePyramid> pyramid = cubePyramidFor(64, finest);
    ASSERT_TRUE(pyramid);
    const StreamedGlobalElevation model = written.streamed(*pyramid);
    EXPECT_NEAR(model.poleCaps.northmostRowDegrees, 59.75, 1.0e-9) << "the model's own rows, not the base's";
    EXPECT_NEAR(model.poleCaps.southmostRowDegrees, -49.75, 1.0e-9);

    std::uint32_t inside = 0;
    std::map<bool, std::set<std::uint16_t>> capValues;
    forEachFinestSample(model, [&](const TileSample& sample) {
        const double latitude = sample.place.latitudeDegrees;
        if (latitude > 60.5 || latitude < -50.5) {
            capValues[latitude > 0.0].insert(sample.value);
        } else if (latitude < 59.75 && latitude > -49.75) {
            ++inside;
            const double expected = written.full().heightMetres(latitude, sample.place.longitudeDegrees);
            EXPECT_NEAR(model.range.metresOf(sample.value), expected, model.range.metresPerStep + 1.0e-3)
                << "face " << sample.face << " at " << latitude << ", " << sample.place.longitudeDegrees;
        }
    });
    EXPECT_GT(inside, 10000u);
    for (const bool north : {true, false}) {
        ASSERT_EQ(capValues[north].size(), 1u) << (north ? "north" : "south");
        EXPECT_NEAR(model.range.metresOf(*capValues[north].begin()),
                    north ? model.poleCaps.northMetres : model.poleCaps.southMetres, model.range.metresPerStep);
    }
}

// The field's land alone, its sea no-data (as GTOPO30's).
double landOfField(double latitude, double longitude)
{
    const double height = field(latitude, longitude);
    return height > 0.0 ? height : std::numeric_limits<double>::quiet_NaN();
}

// A model of the land alone, streamed: its tiles hold its land's heights and
// lie below sea level where the whole model read at once has its sea.
TEST(CubeTileReader, TilesOfAModelOfTheLandAloneHoldItsSea)
{
    const dem_test::ScratchDirectory scratch;
    const StreamedModel written(scratch, 720, 90.0, -90.0, landOfField);
    ASSERT_GT(written.full().terrain().metadata.seaCount, 0u);
    const std::uint32_t finest = finestCubeIntervalsFor(written.base().columnsPerTurn() << written.levelCount());
    const std::optional<CubeTilePyramid> pyramid = cubePyramidFor(64, finest);
    ASSERT_TRUE(pyramid);
    const StreamedGlobalElevation model = written.streamed(*pyramid);
    std::uint32_t land = 0;
    std::uint32_t sea = 0;
    forEachFinestSample(model, [&](const TileSample& sample) {
        if (std::abs(sample.place.latitudeDegrees) > 89.75) {
            return;
        }
        const double whole = written.full().heightMetres(sample.place.latitudeDegrees, sample.place.longitudeDegrees);
        const double tile = model.range.metresOf(sample.value);
        const std::string where =
            std::to_string(sample.place.latitudeDegrees) + ", " + std::to_string(sample.place.longitudeDegrees);
        if (whole > 200.0) {
            ++land;
            EXPECT_NEAR(tile, whole, model.range.metresPerStep + 1.0e-3) << where;
        } else if (whole < -200.0) {
            ++sea;
            EXPECT_LT(tile, 0.0) << where;
        }
    });
    EXPECT_GT(land, 10000u);
    EXPECT_GT(sea, 10000u);
}

// ETOPO5 (netCDF, longitudes 0..360, 2161 rows: its half-resolution base
// has stretched pixels): a tile over the Alps holds the full model's heights.
TEST(CubeTileReader, AnEtopo5TileOverTheAlpsHoldsTheFullModelsHeights)
{
    if (!std::filesystem::exists(CBT_ETOPO5_GRID)) {
        GTEST_SKIP() << CBT_ETOPO5_GRID << " is missing (Debian package ferret-datasets)";
    }
    const auto source = std::make_shared<const dem::StreamedDem>(
        dem::openStreamedDem(CBT_ETOPO5_GRID, heightmap::HeightmapLimits{}, 256));
    ASSERT_EQ(source->base.metadata.fileRows, 2161u);
    const GlobalElevation base(source->base, CBT_ETOPO5_GRID);
    const std::uint32_t finest = finestCubeIntervalsFor(base.columnsPerTurn() << source->layout.levelCount());
    const std::optional<CubeTilePyramid> pyramid = cubePyramidFor(512, finest);
    ASSERT_TRUE(pyramid);
    const StreamedGlobalElevation model = streamedGlobalElevation(CBT_ETOPO5_GRID, source, base, *pyramid, CubeGeoid());
    EXPECT_EQ(model.columnsPerTurn, 4320u);
    const GlobalElevation full(CBT_ETOPO5_GRID, heightmap::HeightmapLimits{});
    const std::unique_ptr<tiles::TileReader> reader = makeCubeTileReader(model);
    const CubeTilePyramid::Lookup alps = pyramid->lookup(0, cubeFaceOf(cubePointUnder(46.55, 7.98)));
    const tiles::TileKey key = pyramid->layout().keyOfEntry(alps.entry);
    const tiles::Tile tile = reader->read(key);
    const std::uint32_t stored = pyramid->layout().storedSize();
    double worst = 0.0;
    for (std::uint32_t row = 0; row < stored; row += 4) {
        for (std::uint32_t column = 0; column < stored; column += 4) {
            const geodesy::GeodeticCoordinates place =
                geodesy::ecefToGeodetic(cubeToEcef(pyramid->samplePoint(key, column, row)));
            const double expected = full.heightMetres(place.latitudeDegrees, place.longitudeDegrees);
            worst = std::max(worst, std::abs(model.range.metresOf(tile.samples[row * stored + column]) - expected));
        }
    }
    EXPECT_LE(worst, model.range.metresPerStep + 1.0e-3);
}

}  // namespace
}  // namespace planet::test
