#include "planet/OverlaidElevation.h"

#include "dem/NoDataDistance.h"

#include "geodesy/Wgs84.h"
#include "planet/CubeElevation.h"
#include "planet/CubeTileReader.h"
#include "planet/GlobalElevation.h"
#include "surface/GlslOperations.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <utility>

namespace planet {

namespace {

// Points along each edge of a model's grid its bounds are found from, and
// the degrees they are widened by (its edges curve between them).
constexpr int kBorderSteps = 64;
constexpr double kBoundsPaddingDegrees = 0.01;

// Whether `longitude` lies within [west, east] (east may pass 180).
bool withinLongitudes(double longitude, double west, double east)
{
    double east0 = longitude - west;
    east0 -= 360.0 * std::floor(east0 / 360.0);
    return east0 <= east - west;
}

}  // namespace

dem::StreamedDemOptions overlaidStreamOptions()
{
    dem::StreamedDemOptions options;
    options.baseTiming = dem::StreamedBaseTiming::Now;
    options.noDataDistanceReach = kOverlayMarginSamples;
    return options;
}

OverlaidElevation overlaidElevationOf(const std::filesystem::path& path, std::shared_ptr<const dem::StreamedDem> source,
                                      std::shared_ptr<const dem::GeoidModel> geoid)
{
    const dem::DemMetadata& metadata = source->base.metadata;
    if (!metadata.grid || !metadata.extent || metadata.fileColumns < 2 || metadata.fileRows < 2) {
        throw GlobalElevationError("elevation model '" + path.string() +
                                   "': has no georeferencing to place it on the globe");
    }
    if (source->noDataDistanceReach != kOverlayMarginSamples) {
        throw std::invalid_argument("overlaidElevationOf: '" + path.string() +
                                    "' was not opened with overlaidStreamOptions");
    }
    OverlaidElevation model;
    model.path = path;
    model.spacingMetres = metadata.extent->xMetres / metadata.fileColumns;
    if (metadata.grid->ellipsoidalHeights) {
        model.ellipsoidalToSeaLevel = std::move(geoid);
    }
    // Its ground's bounds, along its border (longitudes unwrapped from the
    // first point's).
    const dem::GeodeticToHeightmap mapping(levelZeroGridOf(source->base));
    const double lastColumn = metadata.fileColumns - 1.0;
    const double lastRow = metadata.fileRows - 1.0;
    bool first = true;
    double reference = 0.0;
    for (int step = 0; step <= kBorderSteps; ++step) {
        const double along = static_cast<double>(step) / kBorderSteps;
        for (const dem::HeightmapPoint& point :
             {dem::HeightmapPoint{along * lastColumn, 0.0}, dem::HeightmapPoint{along * lastColumn, lastRow},
              dem::HeightmapPoint{0.0, along * lastRow}, dem::HeightmapPoint{lastColumn, along * lastRow}}) {
            const dem::GeodeticPoint place = mapping.geodeticOf(point);
            if (first) {
                reference = place.longitudeDegrees;
                model.south = model.north = place.latitudeDegrees;
                model.west = model.east = reference;
                first = false;
            }
            const double longitude = reference + std::remainder(place.longitudeDegrees - reference, 360.0);
            model.south = std::min(model.south, place.latitudeDegrees);
            model.north = std::max(model.north, place.latitudeDegrees);
            model.west = std::min(model.west, longitude);
            model.east = std::max(model.east, longitude);
        }
    }
    model.south -= kBoundsPaddingDegrees;
    model.north += kBoundsPaddingDegrees;
    model.west -= kBoundsPaddingDegrees;
    model.east += kBoundsPaddingDegrees;
    if (model.east - model.west >= 360.0) {
        model.west = -180.0;
        model.east = 180.0;
    }
    model.source = std::move(source);
    return model;
}

std::uint32_t finestCubeIntervalsFor(const OverlaidElevation& model)
{
    return finestCubeIntervalsFor(
        static_cast<std::uint32_t>(std::lround(geodesy::kWgs84EquatorMetres / model.spacingMetres)));
}

OverlaySampler::Model::Model(const OverlaidElevation& model)
    : description(&model),
      samples(model.path, model.source),
      mapping(levelZeroGridOf(model.source->base))
{
}

OverlaySampler::OverlaySampler(std::span<const OverlaidElevation> models)
{
    for (const OverlaidElevation& model : models) {
        models_.push_back(std::make_unique<Model>(model));
    }
}

void OverlaySampler::layOver(std::span<Point> points, double cubeSpacingMetres)
{
    for (const std::unique_ptr<Model>& model : models_) {
        layOver(*model, points, cubeSpacingMetres);
    }
}

void OverlaySampler::layOver(Model& model, std::span<Point> points, double cubeSpacingMetres)
{
    const OverlaidElevation& description = *model.description;
    ModelSamples& samples = model.samples;
    std::uint32_t level = 0;
    while (level < samples.levels() &&
           description.spacingMetres * std::ldexp(1.0, static_cast<int>(level) + 1) <= cubeSpacingMetres) {
        ++level;
    }
    const std::uint32_t columns = samples.columnsOf(level);
    const std::uint32_t rows = samples.rowsOf(level);
    const double lastColumn = columns - 1.0;
    const double lastRow = rows - 1.0;
    const auto margin = static_cast<double>(dem::noDataDistanceReach(kOverlayMarginSamples, level));
    for (Point& point : points) {
        if (point.latitudeDegrees < description.south || point.latitudeDegrees > description.north ||
            !withinLongitudes(point.longitudeDegrees, description.west, description.east)) {
            continue;
        }
        dem::HeightmapPoint onFile;
        try {
            onFile = model.mapping.pointOf(point.latitudeDegrees, point.longitudeDegrees);
        } catch (const dem::GeodeticMappingError&) {
            continue;  // outside the projection's domain: not on the model
        }
        const auto [column, row] = onModelLevel(level, onFile.column, onFile.row);
        const double inside = std::min({column, lastColumn - column, row, lastRow - row});
        if (!(inside > 0.0)) {
            continue;
        }
        GridCell cell;
        cell.column = std::min(static_cast<std::uint32_t>(column), columns - 2);
        cell.row = std::min(static_cast<std::uint32_t>(row), rows - 2);
        cell.columnWeight = column - cell.column;
        cell.rowWeight = row - cell.row;
        const double toNoData = bilinearIn(cell, [&](std::uint32_t sampleColumn, std::uint32_t sampleRow) {
            return samples.distanceToNoData(level, sampleColumn, sampleRow);
        });
        const double weight = surface::smoothStep(0.0, margin, std::min(inside, toNoData));
        if (!(weight > 0.0)) {
            continue;  // in a hole: the models under it stand
        }
        const double own = bilinearIn(cell, [&](std::uint32_t sampleColumn, std::uint32_t sampleRow) {
            return samples.sampleMetres(level, sampleColumn, sampleRow);
        });
        const double height = dem::heightAboveSea(description.ellipsoidalToSeaLevel.get(), own, point.latitudeDegrees,
                                                  point.longitudeDegrees);
        point.heightMetres = point.heightMetres * (1.0 - weight) + height * weight;
    }
}

std::vector<std::string> OverlaySampler::takeWarnings()
{
    std::vector<std::string> warnings;
    for (const std::unique_ptr<Model>& model : models_) {
        for (std::string& warning : model->samples.takeWarnings()) {
            warnings.push_back(std::move(warning));
        }
    }
    return warnings;
}

}  // namespace planet
