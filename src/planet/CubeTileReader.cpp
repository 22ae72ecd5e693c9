#include "planet/CubeTileReader.h"

#include "dem/DemGeodetic.h"
#include "geodesy/Wgs84.h"
#include "tiles/TileCache.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <set>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

namespace planet {

namespace {

constexpr std::uint32_t kMaxFinestIntervals = 1u << 20;
// The model's tiles a reader keeps: a cube tile reads a few, its neighbours
// mostly the same.
constexpr std::size_t kSourceTilesKept = 48;

// How many of the file's columns and rows one pixel of the base spans (the
// base is read at a reduction).
struct BaseReduction {
    double columns = 1.0;
    double rows = 1.0;
};

BaseReduction baseReductionOf(const dem::DemTerrain& base)
{
    return {static_cast<double>(base.metadata.fileColumns) / static_cast<double>(base.heightmap.width),
            static_cast<double>(base.metadata.fileRows) / static_cast<double>(base.heightmap.height)};
}

class CubeTileReader final : public tiles::TileReader {
public:
    explicit CubeTileReader(const StreamedGlobalElevation& model)
        : model_(model),
          sourceLevels_(model.source->layout.levelCount()),
          sourceTileSize_(model.source->layout.tileSize()),
          mapping_(levelZeroGridOf(model.source->base)),
          reader_(dem::makeDemTileReader(model.path, *model.source)),
          sourceTileBytes_(std::size_t{model.source->layout.storedSize()} * model.source->layout.storedSize() *
                           sizeof(std::uint16_t)),
          kept_(kSourceTilesKept * sourceTileBytes_)
    {
    }

    tiles::HeightTile read(const tiles::TileKey& key) override
    {
        const CubeTilePyramid& pyramid = model_.pyramid;
        if (!pyramid.layout().contains(key)) {
            throw std::invalid_argument("CubeTileReader: a tile outside the pyramid");
        }
        const std::uint32_t stored = pyramid.layout().storedSize();
        // Every sample's place on the base heightmap, and its latitude.
        places_.resize(std::size_t{stored} * stored);
        for (std::uint32_t row = 0; row < stored; ++row) {
            for (std::uint32_t column = 0; column < stored; ++column) {
                const geodesy::GeodeticCoordinates geo =
                    geodesy::ecefToGeodetic(cubeToEcef(pyramid.samplePoint(key, column, row)));
                const dem::HeightmapPoint point =
                    mapping_.pointOf(geo.latitudeDegrees, longitudeWithinTurn(geo.longitudeDegrees));
                places_[std::size_t{row} * stored + column] =
                    Place{point.column, point.row, geo.latitudeDegrees, geo.longitudeDegrees};
            }
        }
        const std::uint32_t level = sourceLevelFor(key.level);
        // Every model tile this one reads stays kept while it is made (near a
        // pole a tile spans every longitude: many of them).
        kept_.setBudgetBytes(std::max(kSourceTilesKept, sourceTilesRead(level)) * sourceTileBytes_);
        tiles::HeightTile tile;
        tile.key = key;
        tile.samples.resize(places_.size());
        for (std::size_t i = 0; i < places_.size(); ++i) {
            tile.samples[i] = model_.range.sampleOf(heightAboveSea(heightAt(level, places_[i]), places_[i]));
        }
        tiles::setShareStatistics(tile, pyramid.layout());
        kept_.setBudgetBytes(kSourceTilesKept * sourceTileBytes_);
        return tile;
    }

    std::vector<std::string> takeWarnings() override { return reader_->takeWarnings(); }

private:
    struct Place {
        double column = 0.0;  // on level 0, the model's own samples
        double row = 0.0;
        double latitude = 0.0;
        double longitude = 0.0;
    };

    // A height of the model's at `place` above sea level.
    double heightAboveSea(double height, const Place& place) const
    {
        if (!model_.ellipsoidalToSeaLevel) {
            return height;
        }
        return height - model_.ellipsoidalToSeaLevel->undulationAt(place.latitude, place.longitude);
    }

    // The model's level (sourceLevels_ = the base) for cube level `level`:
    // the coarsest whose spacing is no coarser than the cube's. One level
    // for every tile of a cube level, so that a point two tiles share (an
    // apron, a face's edge) gets one height.
    std::uint32_t sourceLevelFor(std::uint32_t level) const
    {
        const double ratio =
            static_cast<double>(model_.columnsPerTurn) / (4.0 * static_cast<double>(model_.pyramid.intervalsAt(level)));
        std::uint32_t source = 0;
        while (source < sourceLevels_ && ratio >= static_cast<double>(2u << source)) {
            ++source;
        }
        return source;
    }

    // Where a place lies on level `level`'s samples: sample j of level k
    // averages level 0's [j 2^k, (j + 1) 2^k), centred at j 2^k + (2^k - 1) / 2.
    static std::pair<double, double> onLevel(std::uint32_t level, const Place& place)
    {
        const double scale = std::ldexp(1.0, static_cast<int>(level));
        const double offset = 0.5 * (scale - 1.0);
        return {(place.column - offset) / scale, (place.row - offset) / scale};
    }

    std::uint32_t periodOf(std::uint32_t level) const { return model_.columnsPerTurn >> level; }

    std::uint32_t rowsOf(std::uint32_t level) const
    {
        return level >= sourceLevels_ ? model_.source->base.heightmap.height : model_.source->layout.levelRows(level);
    }

    // The cell of `level`'s samples bilinear filtering reads at a place.
    WrappedCell cellOf(std::uint32_t level, const Place& place) const
    {
        const auto [column, row] = onLevel(level, place);
        return wrappedCellOf(column, row, periodOf(level), rowsOf(level));
    }

    // The model's tiles the current places read at `level`.
    std::size_t sourceTilesRead(std::uint32_t level) const
    {
        if (level >= sourceLevels_) {
            return 0;
        }
        std::set<std::pair<std::uint32_t, std::uint32_t>> touched;
        for (const Place& place : places_) {
            const WrappedCell cell = cellOf(level, place);
            for (const std::uint32_t column : {cell.column0, cell.column1}) {
                for (const std::uint32_t row : {cell.row0, cell.row1}) {
                    touched.emplace(column / sourceTileSize_, row / sourceTileSize_);
                }
            }
        }
        return touched.size();
    }

    double heightAt(std::uint32_t level, const Place& place)
    {
        const double height = wrappedBilinear(cellOf(level, place), [&](std::uint32_t column, std::uint32_t row) {
            return sampleMetres(level, column, row);
        });
        const double spacing = model_.rowSpacingDegrees * std::ldexp(1.0, static_cast<int>(level));
        return blendedTowardsPole(height, place.latitude, spacing, model_.poleCaps);
    }

    double sampleMetres(std::uint32_t level, std::uint32_t column, std::uint32_t row)
    {
        const dem::DemTerrain& base = model_.source->base;
        if (level >= sourceLevels_) {
            return base.metadata.heightOfSample(base.heightmap.sample(column, row));
        }
        const tiles::TileKey key{level, column / sourceTileSize_, row / sourceTileSize_};
        const tiles::HeightTile& tile = sourceTile(key);
        const std::uint32_t stored = sourceTileSize_ + 1;
        const std::uint16_t sample =
            tile.samples[std::size_t{row % sourceTileSize_} * stored + column % sourceTileSize_];
        return base.metadata.heightOfSample(sample);
    }

    const tiles::HeightTile& sourceTile(const tiles::TileKey& key)
    {
        if (const tiles::HeightTile* kept = kept_.find(key)) {
            return *kept;
        }
        kept_.insert(reader_->read(key));
        return *kept_.find(key);
    }

    StreamedGlobalElevation model_;
    std::uint32_t sourceLevels_;
    std::uint32_t sourceTileSize_;
    dem::GeodeticToHeightmap mapping_;
    std::unique_ptr<tiles::TileReader> reader_;
    std::vector<Place> places_;
    std::size_t sourceTileBytes_;
    tiles::TileCache kept_;  // the model's tiles read last
};

}  // namespace

dem::DemGrid levelZeroGridOf(const dem::DemTerrain& base)
{
    dem::DemGrid grid = *base.metadata.grid;
    const BaseReduction reduction = baseReductionOf(base);
    grid.geoTransform[1] /= reduction.columns;
    grid.geoTransform[4] /= reduction.columns;
    grid.geoTransform[2] /= reduction.rows;
    grid.geoTransform[5] /= reduction.rows;
    grid.columns = base.metadata.fileColumns;
    grid.rows = base.metadata.fileRows;
    return grid;
}

std::optional<CubeTilePyramid> cubePyramidFor(std::uint32_t baseIntervals, std::uint32_t finestIntervals)
{
    if (finestIntervals <= baseIntervals) {
        return std::nullopt;
    }
    return CubeTilePyramid::between(baseIntervals, finestIntervals, 256);
}

std::uint32_t finestCubeIntervalsFor(std::uint32_t columnsPerTurn)
{
    return std::clamp(std::bit_floor(std::max(columnsPerTurn / 4, 1u)), 2u, kMaxFinestIntervals);
}

StreamedGlobalElevation streamedGlobalElevation(const std::filesystem::path& path,
                                                std::shared_ptr<const dem::StreamedDem> source,
                                                const GlobalElevation& base, const CubeTilePyramid& pyramid,
                                                const CubeGeoid& seaLevel)
{
    const dem::DemMetadata& metadata = source->base.metadata;
    const BaseReduction reduction = baseReductionOf(source->base);
    // The caps start where the model's own rows end, not the base's.
    PoleCaps caps = base.poleCaps();
    const dem::GeodeticToHeightmap levelZero(levelZeroGridOf(source->base));
    std::tie(caps.northmostRowDegrees, caps.southmostRowDegrees) = rowLatitudeRange(levelZero, metadata.fileRows);
    // Heights above the ellipsoid come down to sea level by the geoid's N,
    // within EGM96's -107..+86 m.
    constexpr double kLargestUndulationMetres = 110.0;
    const bool ellipsoidal = base.heightsAreEllipsoidal() && !seaLevel.isEllipsoid();
    const double margin = ellipsoidal ? kLargestUndulationMetres : 0.0;
    return StreamedGlobalElevation{
        path,
        source,
        pyramid,
        StreamedHeightRange::spanning(metadata.minimumHeightMetres - margin, metadata.maximumHeightMetres + margin),
        static_cast<std::uint32_t>(std::lround(360.0 * reduction.columns / base.columnSpacingDegrees())),
        base.rowSpacingDegrees() / reduction.rows,
        caps,
        ellipsoidal ? seaLevel.model() : nullptr};
}

std::unique_ptr<tiles::TileReader> makeCubeTileReader(const StreamedGlobalElevation& model)
{
    try {
        return std::make_unique<CubeTileReader>(model);
    } catch (const heightmap::HeightmapError& error) {
        throw GlobalElevationError(error.what());
    } catch (const dem::GeodeticMappingError& error) {
        throw GlobalElevationError("global elevation model '" + model.path.string() + "': " + error.what());
    }
}

}  // namespace planet
