#include "planet/CubeTileReader.h"

#include "dem/DemGeodetic.h"
#include "geodesy/Wgs84.h"
#include "planet/ModelSamples.h"

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
          global_(model.path, model.source),
          sourceLevels_(global_.levels()),
          mapping_(levelZeroGridOf(model.source->base)),
          overlays_(model_.overlays)
    {
    }

    tiles::Tile read(const tiles::TileKey& key) override
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
        global_.keepTiles(sourceTilesRead(level));
        points_.resize(places_.size());
        for (std::size_t i = 0; i < places_.size(); ++i) {
            const Place& place = places_[i];
            points_[i] =
                OverlaySampler::Point{place.latitude, place.longitude,
                                      dem::heightAboveSea(model_.ellipsoidalToSeaLevel.get(), heightAt(level, place),
                                                          place.latitude, place.longitude)};
        }
        global_.keepTiles(0);
        overlays_.layOver(points_, cubeGridSpacingMetres(pyramid.intervalsAt(key.level)));
        tiles::Tile tile;
        tile.key = key;
        tile.samples.resize(points_.size());
        for (std::size_t i = 0; i < points_.size(); ++i) {
            tile.samples[i] = model_.range.sampleOf(points_[i].heightMetres);
        }
        tiles::setShareStatistics(tile, pyramid.layout());
        return tile;
    }

    std::vector<std::string> takeWarnings() override
    {
        std::vector<std::string> warnings = global_.takeWarnings();
        for (std::string& warning : overlays_.takeWarnings()) {
            warnings.push_back(std::move(warning));
        }
        return warnings;
    }

private:
    struct Place {
        double column = 0.0;  // on level 0, the model's own samples
        double row = 0.0;
        double latitude = 0.0;
        double longitude = 0.0;
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

    std::uint32_t periodOf(std::uint32_t level) const { return model_.columnsPerTurn >> level; }

    // The cell of `level`'s samples bilinear filtering reads at a place.
    WrappedCell cellOf(std::uint32_t level, const Place& place) const
    {
        const auto [column, row] = onModelLevel(level, place.column, place.row);
        return wrappedCellOf(column, row, periodOf(level), global_.rowsOf(level));
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
                    touched.emplace(column / global_.tileSize(), row / global_.tileSize());
                }
            }
        }
        return touched.size();
    }

    double heightAt(std::uint32_t level, const Place& place)
    {
        const double height = wrappedBilinear(cellOf(level, place), [&](std::uint32_t column, std::uint32_t row) {
            return global_.sampleMetres(level, column, row);
        });
        const double spacing = model_.rowSpacingDegrees * std::ldexp(1.0, static_cast<int>(level));
        return blendedTowardsPole(height, place.latitude, spacing, model_.poleCaps);
    }

    StreamedGlobalElevation model_;
    ModelSamples global_;
    std::uint32_t sourceLevels_;
    dem::GeodeticToHeightmap mapping_;
    OverlaySampler overlays_;
    std::vector<Place> places_;
    std::vector<OverlaySampler::Point> points_;
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
                                                const CubeGeoid& seaLevel, std::vector<OverlaidElevation> overlays)
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
    double lowest = metadata.minimumHeightMetres - (ellipsoidal ? kLargestUndulationMetres : 0.0);
    double highest = metadata.maximumHeightMetres + (ellipsoidal ? kLargestUndulationMetres : 0.0);
    for (const OverlaidElevation& overlay : overlays) {
        const dem::DemMetadata& own = overlay.source->base.metadata;
        const double margin = overlay.ellipsoidalToSeaLevel ? kLargestUndulationMetres : 0.0;
        lowest = std::min(lowest, own.minimumHeightMetres - margin);
        highest = std::max(highest, own.maximumHeightMetres + margin);
    }
    return StreamedGlobalElevation{
        path,
        source,
        pyramid,
        StreamedHeightRange::spanning(lowest, highest),
        static_cast<std::uint32_t>(std::lround(360.0 * reduction.columns / base.columnSpacingDegrees())),
        base.rowSpacingDegrees() / reduction.rows,
        caps,
        ellipsoidal ? seaLevel.model() : nullptr,
        std::move(overlays)};
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
