#include "planet/CubeTileReader.h"

#include "dem/DemGeodetic.h"
#include "geodesy/Wgs84.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <list>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace planet {

namespace {

constexpr std::uint32_t kMaxFinestIntervals = 1u << 20;
// The model's tiles a reader keeps: a cube tile reads a few, its neighbours
// mostly the same.
constexpr std::size_t kSourceTilesKept = 48;

class CubeTileReader final : public tiles::TileReader {
public:
    explicit CubeTileReader(const StreamedGlobalElevation& model)
        : model_(model),
          sourceLevels_(model.source->layout.levelCount()),
          sourceTileSize_(model.source->layout.tileSize()),
          mapping_(levelZeroGridOf(model.source->base)),
          reader_(dem::makeDemTileReader(model.path, *model.source))
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
                const double longitude =
                    geo.longitudeDegrees - 360.0 * std::ceil((geo.longitudeDegrees - 180.0) / 360.0);
                const dem::HeightmapPoint point = mapping_.pointOf(geo.latitudeDegrees, longitude);
                places_[std::size_t{row} * stored + column] = Place{point.column, point.row, geo.latitudeDegrees};
            }
        }
        const std::uint32_t level = sourceLevelFor(key.level);
        // Every model tile this one reads stays kept while it is made (near a
        // pole a tile spans every longitude: many of them).
        keptAtMost_ = std::max(kSourceTilesKept, sourceTilesRead(level));
        tiles::HeightTile tile;
        tile.key = key;
        tile.samples.resize(places_.size());
        for (std::size_t i = 0; i < places_.size(); ++i) {
            tile.samples[i] = model_.range.sampleOf(heightAt(level, places_[i]));
        }
        tiles::setShareStatistics(tile, pyramid.layout());
        keptAtMost_ = kSourceTilesKept;
        while (kept_.size() > keptAtMost_) {
            kept_.erase(order_.back());
            order_.pop_back();
        }
        return tile;
    }

    std::vector<std::string> takeWarnings() override { return reader_->takeWarnings(); }

private:
    struct Place {
        double column = 0.0;  // on level 0, the model's own samples
        double row = 0.0;
        double latitude = 0.0;
    };

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

    // The model's tiles the current places read at `level`.
    std::size_t sourceTilesRead(std::uint32_t level) const
    {
        if (level >= sourceLevels_) {
            return 0;
        }
        std::set<std::pair<std::uint32_t, std::uint32_t>> touched;
        const std::uint32_t period = periodOf(level);
        const std::uint32_t lastRow = rowsOf(level) - 1;
        for (const Place& place : places_) {
            const auto [column, row] = onLevel(level, place);
            const double wrapped = column - period * std::floor(column / period);
            const auto c = static_cast<std::uint32_t>(wrapped) % period;
            const auto r = static_cast<std::uint32_t>(std::clamp(std::floor(row), 0.0, static_cast<double>(lastRow)));
            for (const std::uint32_t across : {c, (c + 1) % period}) {
                for (const std::uint32_t next : {r, std::min(r + 1, lastRow)}) {
                    touched.emplace(across / sourceTileSize_, next / sourceTileSize_);
                }
            }
        }
        return touched.size();
    }

    double heightAt(std::uint32_t level, const Place& place)
    {
        const auto [column, row] = onLevel(level, place);
        const std::uint32_t period = periodOf(level);
        const double lastRow = static_cast<double>(rowsOf(level) - 1);
        const double clampedRow = std::clamp(row, 0.0, lastRow);
        const double firstRow = std::floor(clampedRow);
        const double rowWeight = clampedRow - firstRow;
        const auto row0 = static_cast<std::uint32_t>(firstRow);
        const std::uint32_t row1 = std::min(row0 + 1, rowsOf(level) - 1);
        const double wrapped = column - period * std::floor(column / period);
        const double firstColumn = std::floor(wrapped);
        const double columnWeight = wrapped - firstColumn;
        const auto column0 = static_cast<std::uint32_t>(firstColumn) % period;
        const std::uint32_t column1 = (column0 + 1) % period;
        const double top = sampleMetres(level, column0, row0) * (1.0 - columnWeight) +
                           sampleMetres(level, column1, row0) * columnWeight;
        const double bottom = sampleMetres(level, column0, row1) * (1.0 - columnWeight) +
                              sampleMetres(level, column1, row1) * columnWeight;
        const double height = top * (1.0 - rowWeight) + bottom * rowWeight;
        const double spacing = model_.rowSpacingDegrees * std::ldexp(1.0, static_cast<int>(level));
        const double blend = GlobalElevation::poleBlend(place.latitude, spacing);
        const double pole = place.latitude >= 0.0 ? model_.northPoleMetres : model_.southPoleMetres;
        return height * (1.0 - blend) + pole * blend;
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
        auto found = kept_.find(key);
        if (found != kept_.end()) {
            order_.splice(order_.begin(), order_, found->second.second);
            return found->second.first;
        }
        if (kept_.size() >= keptAtMost_) {
            kept_.erase(order_.back());
            order_.pop_back();
        }
        order_.push_front(key);
        auto [inserted, added] = kept_.emplace(key, std::make_pair(reader_->read(key), order_.begin()));
        return inserted->second.first;
    }

    StreamedGlobalElevation model_;
    std::uint32_t sourceLevels_;
    std::uint32_t sourceTileSize_;
    dem::GeodeticToHeightmap mapping_;
    std::unique_ptr<tiles::TileReader> reader_;
    std::vector<Place> places_;
    std::size_t keptAtMost_ = kSourceTilesKept;
    std::list<tiles::TileKey> order_;  // most recently used first
    std::map<tiles::TileKey, std::pair<tiles::HeightTile, std::list<tiles::TileKey>::iterator>> kept_;
};

}  // namespace

dem::DemGrid levelZeroGridOf(const dem::DemTerrain& base)
{
    dem::DemGrid grid = *base.metadata.grid;
    const double columnScale =
        static_cast<double>(base.metadata.fileColumns) / static_cast<double>(base.heightmap.width);
    const double rowScale = static_cast<double>(base.metadata.fileRows) / static_cast<double>(base.heightmap.height);
    grid.geoTransform[1] /= columnScale;
    grid.geoTransform[4] /= columnScale;
    grid.geoTransform[2] /= rowScale;
    grid.geoTransform[5] /= rowScale;
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
                                                const GlobalElevation& base, const CubeTilePyramid& pyramid)
{
    const dem::DemTerrain& terrain = source->base;
    const dem::DemMetadata& metadata = terrain.metadata;
    // The base's pixels are fileColumns / width (fileRows / height) times the file's.
    const double columnScale = static_cast<double>(metadata.fileColumns) / static_cast<double>(terrain.heightmap.width);
    const double rowScale = static_cast<double>(metadata.fileRows) / static_cast<double>(terrain.heightmap.height);
    return StreamedGlobalElevation{
        path,
        source,
        pyramid,
        StreamedHeightRange::spanning(metadata.minimumHeightMetres, metadata.maximumHeightMetres),
        static_cast<std::uint32_t>(std::lround(360.0 * columnScale / base.columnSpacingDegrees())),
        base.rowSpacingDegrees() / rowScale,
        base.poleMetres(true),
        base.poleMetres(false)};
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
