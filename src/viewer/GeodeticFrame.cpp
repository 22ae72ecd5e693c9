#include "viewer/GeodeticFrame.h"

#include "terrain/TerrainUniforms.h"

#include <glm/trigonometric.hpp>

#include <algorithm>
#include <cmath>

namespace viewer {

namespace {

// Latitude step to the point whose direction is north: about 11 m on the
// ground, far above PROJ's rounding and well inside any DEM cell's curvature.
constexpr double kNorthStepDegrees = 1.0e-4;

}  // namespace

GeodeticFrame::GeodeticFrame(const heightmap::Heightmap& heightmap, const std::optional<dem::DemMetadata>& dem,
                             const terrain::TerrainSettings& settings, std::string_view flag)
    : heightmap_(heightmap),
      settings_(settings),
      flag_(flag)
{
    if (!dem || !dem->grid) {
        const std::string reason = dem ? dem->extentSource : std::string("a PNG heightmap");
        fail("has no georeferencing to place the " + std::string(flag_ == "--time" ? "sun" : "camera") + " with (" +
             reason + ")");
    }
    // A streamed DEM's terrain spans its level-0 samples: heightmap sample i
    // averages level-0 samples [i r, (i + 1) r) (terrain/StreamedHeights.glsl).
    const bool streamed = dem->streamedLevels > 0;
    spanColumns_ = static_cast<double>(streamed ? dem->fileColumns : heightmap.width);
    spanRows_ = static_cast<double>(streamed ? dem->fileRows : heightmap.height);
    reduction_ = streamed ? static_cast<double>(dem->reduction) : 1.0;
    lowestMetres_ = dem->minimumHeightMetres;
    rangeMetres_ = dem->heightRangeMetres();
    try {
        mapping_ = std::make_unique<dem::GeodeticToHeightmap>(*dem->grid);
    } catch (const dem::GeodeticMappingError& error) {
        fail(std::string(": ") + error.what());
    }
}

void GeodeticFrame::fail(const std::string& problem) const
{
    const bool detail = problem.starts_with(':');
    throw GeodeticPlacementError(flag_ + ": " + heightmap_.sourcePath + (detail ? "" : " ") + problem);
}

dem::HeightmapPoint GeodeticFrame::heightmapPointOf(double latitudeDegrees, double longitudeDegrees) const
{
    try {
        return mapping_->pointOf(latitudeDegrees, longitudeDegrees);
    } catch (const dem::GeodeticMappingError& error) {
        fail(std::string(": ") + error.what());
    }
}

glm::dvec2 GeodeticFrame::worldOf(double latitudeDegrees, double longitudeDegrees) const
{
    return worldOf(heightmapPointOf(latitudeDegrees, longitudeDegrees));
}

glm::dvec2 GeodeticFrame::worldOf(const dem::HeightmapPoint& point) const
{
    const glm::vec2 extent = terrain::terrainWorldExtent(static_cast<std::uint32_t>(spanColumns_),
                                                         static_cast<std::uint32_t>(spanRows_), settings_);
    const double u = ((point.column + 0.5) * reduction_ - 0.5) / std::max(spanColumns_ - 1.0, 1.0);
    const double v = ((point.row + 0.5) * reduction_ - 0.5) / std::max(spanRows_ - 1.0, 1.0);
    return {(u - 0.5) * static_cast<double>(extent.x), (v - 0.5) * static_cast<double>(extent.y)};
}

double GeodeticFrame::northYawDegrees(double latitudeDegrees, double longitudeDegrees) const
{
    // Near the north pole step south and look back the other way.
    const bool nearNorthPole = latitudeDegrees + kNorthStepDegrees > 90.0;
    const double step = nearNorthPole ? -kNorthStepDegrees : kNorthStepDegrees;
    const glm::dvec2 here = worldOf(latitudeDegrees, longitudeDegrees);
    const glm::dvec2 stepped = worldOf(latitudeDegrees + step, longitudeDegrees);
    const glm::dvec2 north = (stepped - here) * (nearNorthPole ? -1.0 : 1.0);
    return glm::degrees(std::atan2(north.x, -north.y));
}

dem::GeodeticPoint GeodeticFrame::geodeticOf(const glm::dvec2& world) const
{
    const glm::vec2 extent = terrain::terrainWorldExtent(static_cast<std::uint32_t>(spanColumns_),
                                                         static_cast<std::uint32_t>(spanRows_), settings_);
    const double columnZero = (world.x / static_cast<double>(extent.x) + 0.5) * std::max(spanColumns_ - 1.0, 1.0);
    const double rowZero = (world.y / static_cast<double>(extent.y) + 0.5) * std::max(spanRows_ - 1.0, 1.0);
    const dem::HeightmapPoint point{(columnZero + 0.5) / reduction_ - 0.5, (rowZero + 0.5) / reduction_ - 0.5};
    try {
        return mapping_->geodeticOf(point);
    } catch (const dem::GeodeticMappingError& error) {
        fail(std::string(": ") + error.what());
    }
}

bool GeodeticFrame::covers(double latitudeDegrees, double longitudeDegrees) const
{
    return covers(heightmapPointOf(latitudeDegrees, longitudeDegrees));
}

bool GeodeticFrame::covers(const dem::HeightmapPoint& point) const
{
    const double lastColumn = static_cast<double>(heightmap_.width) - 1.0;
    const double lastRow = static_cast<double>(heightmap_.height) - 1.0;
    return point.column >= 0.0 && point.row >= 0.0 && point.column <= lastColumn && point.row <= lastRow;
}

double GeodeticFrame::elevationAt(double latitudeDegrees, double longitudeDegrees) const
{
    return elevationAt(heightmapPointOf(latitudeDegrees, longitudeDegrees));
}

GeodeticFrame::TerrainPoint GeodeticFrame::terrainPointAt(double latitudeDegrees, double longitudeDegrees) const
{
    const dem::HeightmapPoint point = heightmapPointOf(latitudeDegrees, longitudeDegrees);
    return {worldOf(point), elevationAt(point), covers(point)};
}

double GeodeticFrame::elevationAt(const dem::HeightmapPoint& point) const
{
    const std::uint32_t lastColumn = heightmap_.width - 1;
    const std::uint32_t lastRow = heightmap_.height - 1;
    const double column = std::clamp(point.column, 0.0, static_cast<double>(lastColumn));
    const double row = std::clamp(point.row, 0.0, static_cast<double>(lastRow));
    const auto left = static_cast<std::uint32_t>(column);
    const auto top = static_cast<std::uint32_t>(row);
    const std::uint32_t right = std::min(left + 1, lastColumn);
    const std::uint32_t bottom = std::min(top + 1, lastRow);
    const double across = column - left;
    const double down = row - top;
    const auto at = [&](std::uint32_t x, std::uint32_t y) {
        return static_cast<double>(heightmap_.normalisedSample(x, y));
    };
    const double upper = at(left, top) + (at(right, top) - at(left, top)) * across;
    const double lower = at(left, bottom) + (at(right, bottom) - at(left, bottom)) * across;
    return lowestMetres_ + rangeMetres_ * (upper + (lower - upper) * down);
}

double GeodeticFrame::sampleSpacingMetres() const
{
    const glm::vec2 extent = terrain::terrainWorldExtent(static_cast<std::uint32_t>(spanColumns_),
                                                         static_cast<std::uint32_t>(spanRows_), settings_);
    return static_cast<double>(extent.x) / std::max(spanColumns_ - 1.0, 1.0);
}

dem::GeodeticPoint GeodeticFrame::centre() const
{
    // The middle of the level-0 samples the terrain spans.
    const dem::HeightmapPoint middle{(spanColumns_ * 0.5) / reduction_ - 0.5, (spanRows_ * 0.5) / reduction_ - 0.5};
    try {
        return mapping_->geodeticOf(middle);
    } catch (const dem::GeodeticMappingError& error) {
        fail(std::string(": ") + error.what());
    }
}

}  // namespace viewer
