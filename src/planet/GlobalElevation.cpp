#include "planet/GlobalElevation.h"

#include "dem/DemGeodetic.h"

#include <ogr_spatialref.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <utility>

namespace planet {

namespace {

constexpr double kPi = 3.14159265358979323846;

std::string named(const std::filesystem::path& path)
{
    return "global elevation model '" + path.string() + "'";
}

// Degrees of one heightmap column and one row of a geographic grid; throws
// for a grid without one.
std::pair<double, double> sampleSpacingDegrees(const std::filesystem::path& path, const dem::DemGrid& grid)
{
    OGRSpatialReference crs;
    if (grid.crsWkt.empty() || crs.importFromWkt(grid.crsWkt.c_str()) != OGRERR_NONE || !crs.IsGeographic()) {
        throw GlobalElevationError(named(path) + ": not in geographic coordinates (latitude and longitude)");
    }
    const double degreesPerUnit = crs.GetAngularUnits(nullptr) * 180.0 / kPi;
    const std::array<double, 6>& t = grid.geoTransform;
    if (t[2] != 0.0 || t[4] != 0.0) {
        throw GlobalElevationError(named(path) + ": its grid is rotated; a global model runs along the meridians");
    }
    return {std::abs(t[1]) * degreesPerUnit, std::abs(t[5]) * degreesPerUnit};
}

}  // namespace

GlobalElevation::GlobalElevation(const std::filesystem::path& path, const heightmap::HeightmapLimits& limits)
{
    try {
        terrain_ = dem::loadDem(path, limits);
    } catch (const heightmap::HeightmapError& error) {
        throw GlobalElevationError(error.what());
    }
    checkAndMap(path);
}

GlobalElevation::GlobalElevation(dem::DemTerrain terrain, const std::filesystem::path& path)
    : terrain_(std::move(terrain))
{
    checkAndMap(path);
}

void GlobalElevation::checkAndMap(const std::filesystem::path& path)
{
    if (!terrain_.metadata.grid) {
        throw GlobalElevationError(named(path) + ": no georeferencing (" + terrain_.metadata.extentSource + ")");
    }
    const dem::DemGrid& grid = *terrain_.metadata.grid;
    const auto [columnDegrees, rowDegrees] = sampleSpacingDegrees(path, grid);
    // 360 degrees of columns: all of them, or all but a last one that
    // repeats the first (a grid of points from 0 to 360 inclusive).
    const double perTurn = 360.0 / columnDegrees;
    const double columns = terrain_.heightmap.width;
    if (!(std::abs(perTurn - columns) < 0.5 || std::abs(perTurn - (columns - 1.0)) < 0.5)) {
        throw GlobalElevationError(named(path) + ": spans " + std::to_string(columns * columnDegrees) +
                                   " degrees of longitude, not the 360 a global model needs");
    }
    columnsPerTurn_ = static_cast<std::uint32_t>(std::lround(perTurn));
    rowSpacingDegrees_ = rowDegrees;
    columnSpacingDegrees_ = columnDegrees;
    try {
        mapping_ = std::make_unique<dem::GeodeticToHeightmap>(grid);
    } catch (const dem::GeodeticMappingError& error) {
        throw GlobalElevationError(named(path) + ": " + error.what());
    }
    const std::uint32_t lastRow = terrain_.heightmap.height - 1;
    double north = 0.0;
    double south = 0.0;
    for (std::uint32_t column = 0; column < columnsPerTurn_; ++column) {
        north += sampleMetres(column, 0);
        south += sampleMetres(column, lastRow);
    }
    northPoleMetres_ = north / columnsPerTurn_;
    southPoleMetres_ = south / columnsPerTurn_;
}

GlobalElevation::~GlobalElevation() = default;
GlobalElevation::GlobalElevation(GlobalElevation&&) noexcept = default;
GlobalElevation& GlobalElevation::operator=(GlobalElevation&&) noexcept = default;

double GlobalElevation::sampleMetres(std::uint32_t column, std::uint32_t row) const
{
    return terrain_.metadata.heightOfSample(terrain_.heightmap.sample(column, row));
}

double GlobalElevation::bilinearMetres(double column, double row) const
{
    const double lastRow = terrain_.heightmap.height - 1.0;
    const double clampedRow = std::clamp(row, 0.0, lastRow);
    const double firstRow = std::floor(clampedRow);
    const double rowWeight = clampedRow - firstRow;
    const auto row0 = static_cast<std::uint32_t>(firstRow);
    const std::uint32_t row1 = std::min(row0 + 1, terrain_.heightmap.height - 1);
    // Columns wrap with the period of a full turn.
    const double period = columnsPerTurn_;
    const double wrapped = column - period * std::floor(column / period);
    const double firstColumn = std::floor(wrapped);
    const double columnWeight = wrapped - firstColumn;
    const auto column0 = static_cast<std::uint32_t>(firstColumn) % columnsPerTurn_;
    const std::uint32_t column1 = (column0 + 1) % columnsPerTurn_;
    const double top = sampleMetres(column0, row0) * (1.0 - columnWeight) + sampleMetres(column1, row0) * columnWeight;
    const double bottom =
        sampleMetres(column0, row1) * (1.0 - columnWeight) + sampleMetres(column1, row1) * columnWeight;
    return top * (1.0 - rowWeight) + bottom * rowWeight;
}

double GlobalElevation::heightMetres(double latitudeDegrees, double longitudeDegrees) const
{
    const double latitude = std::clamp(latitudeDegrees, -90.0, 90.0);
    const double longitude = longitudeDegrees;
    const dem::HeightmapPoint point = heightmapPointOf(latitude, longitude);
    const double height = bilinearMetres(point.column, point.row);
    // Within a row spacing of a pole, towards the pole's one height.
    const double blend = poleBlend(latitude, rowSpacingDegrees_);
    const double pole = latitude >= 0.0 ? northPoleMetres_ : southPoleMetres_;
    return height * (1.0 - blend) + pole * blend;
}

dem::HeightmapPoint GlobalElevation::heightmapPointOf(double latitudeDegrees, double longitudeDegrees) const
{
    // Any longitude to (-180, 180], which the mapping winds onto the grid.
    const double longitude = longitudeDegrees - 360.0 * std::ceil((longitudeDegrees - 180.0) / 360.0);
    return mapping_->pointOf(latitudeDegrees, longitude);
}

double GlobalElevation::poleBlend(double latitudeDegrees, double spacingDegrees) noexcept
{
    const double poleward = (std::abs(latitudeDegrees) - (90.0 - spacingDegrees)) / spacingDegrees;
    return std::clamp(poleward, 0.0, 1.0);
}

}  // namespace planet
