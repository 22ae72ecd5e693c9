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
        dem::DemLoadOverrides overrides;
        overrides.landOnlySea = dem::LandOnlySea{};
        terrain_ = dem::loadDem(path, limits, overrides);
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
    const auto [northmost, southmost] = rowLatitudeRange(*mapping_, terrain_.heightmap.height);
    poleCaps_ = PoleCaps{northmost, southmost, north / columnsPerTurn_, south / columnsPerTurn_};
}

GlobalElevation::~GlobalElevation() = default;
GlobalElevation::GlobalElevation(GlobalElevation&&) noexcept = default;
GlobalElevation& GlobalElevation::operator=(GlobalElevation&&) noexcept = default;

double GlobalElevation::sampleMetres(std::uint32_t column, std::uint32_t row) const
{
    return terrain_.metadata.heightOfSample(terrain_.heightmap.sample(column, row));
}

double GlobalElevation::heightMetres(double latitudeDegrees, double longitudeDegrees) const
{
    const double latitude = std::clamp(latitudeDegrees, -90.0, 90.0);
    const dem::HeightmapPoint point = heightmapPointOf(latitude, longitudeDegrees);
    const WrappedCell cell = wrappedCellOf(point.column, point.row, columnsPerTurn_, terrain_.heightmap.height);
    const double height =
        wrappedBilinear(cell, [this](std::uint32_t column, std::uint32_t row) { return sampleMetres(column, row); });
    return blendedTowardsPole(height, latitude, rowSpacingDegrees_, poleCaps_);
}

dem::HeightmapPoint GlobalElevation::heightmapPointOf(double latitudeDegrees, double longitudeDegrees) const
{
    // The mapping winds (-180, 180] onto the grid.
    return mapping_->pointOf(latitudeDegrees, longitudeWithinTurn(longitudeDegrees));
}

double longitudeWithinTurn(double longitudeDegrees) noexcept
{
    return longitudeDegrees - 360.0 * std::ceil((longitudeDegrees - 180.0) / 360.0);
}

WrappedCell wrappedCellOf(double column, double row, std::uint32_t period, std::uint32_t rows) noexcept
{
    WrappedCell cell;
    const double clampedRow = std::clamp(row, 0.0, static_cast<double>(rows - 1));
    const double firstRow = std::floor(clampedRow);
    cell.rowWeight = clampedRow - firstRow;
    cell.row0 = static_cast<std::uint32_t>(firstRow);
    cell.row1 = std::min(cell.row0 + 1, rows - 1);
    const double turn = period;
    const double wrapped = column - turn * std::floor(column / turn);
    const double firstColumn = std::floor(wrapped);
    cell.columnWeight = wrapped - firstColumn;
    cell.column0 = static_cast<std::uint32_t>(firstColumn) % period;
    cell.column1 = (cell.column0 + 1) % period;
    return cell;
}

std::pair<double, double> rowLatitudeRange(const dem::GeodeticToHeightmap& mapping, std::uint32_t rows)
{
    try {
        const double first = mapping.geodeticOf(dem::HeightmapPoint{0.0, 0.0}).latitudeDegrees;
        const double last = mapping.geodeticOf(dem::HeightmapPoint{0.0, rows - 1.0}).latitudeDegrees;
        return {std::max(first, last), std::min(first, last)};
    } catch (const dem::GeodeticMappingError&) {
        // Rows beyond a pole: the grid covers both.
        return {90.0, -90.0};
    }
}

bool stopsShortOfPole(const PoleCaps& caps, double spacingDegrees, bool north) noexcept
{
    return north ? caps.northmostRowDegrees < 90.0 - spacingDegrees : caps.southmostRowDegrees > -90.0 + spacingDegrees;
}

double blendedTowardsPole(double height, double latitudeDegrees, double spacingDegrees, const PoleCaps& caps) noexcept
{
    const bool north = latitudeDegrees >= 0.0;
    const bool stopsShort = stopsShortOfPole(caps, spacingDegrees, north);
    const double poleward =
        north ? (latitudeDegrees - (stopsShort ? caps.northmostRowDegrees : 90.0 - spacingDegrees)) / spacingDegrees
              : ((stopsShort ? caps.southmostRowDegrees : -90.0 + spacingDegrees) - latitudeDegrees) / spacingDegrees;
    const double blend = std::clamp(poleward, 0.0, 1.0);
    const double pole = north ? caps.northMetres : caps.southMetres;
    return height * (1.0 - blend) + pole * blend;
}

}  // namespace planet
