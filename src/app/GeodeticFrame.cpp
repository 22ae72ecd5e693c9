#include "app/GeodeticFrame.h"

#include "terrain/TerrainUniforms.h"

#include <glm/trigonometric.hpp>

#include <algorithm>
#include <cmath>

namespace app {

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

glm::dvec2 GeodeticFrame::worldOf(double latitudeDegrees, double longitudeDegrees) const
{
    dem::HeightmapPoint point;
    try {
        point = mapping_->pointOf(latitudeDegrees, longitudeDegrees);
    } catch (const dem::GeodeticMappingError& error) {
        fail(std::string(": ") + error.what());
    }
    const heightmap::Heightmap& heightmap = heightmap_;
    const glm::vec2 extent = terrain::terrainWorldExtent(heightmap.width, heightmap.height, settings_);
    const double u = point.column / std::max(static_cast<double>(heightmap.width) - 1.0, 1.0);
    const double v = point.row / std::max(static_cast<double>(heightmap.height) - 1.0, 1.0);
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
    const glm::vec2 extent = terrain::terrainWorldExtent(heightmap_.width, heightmap_.height, settings_);
    const dem::HeightmapPoint point{
        (world.x / static_cast<double>(extent.x) + 0.5) * std::max(static_cast<double>(heightmap_.width) - 1.0, 1.0),
        (world.y / static_cast<double>(extent.y) + 0.5) * std::max(static_cast<double>(heightmap_.height) - 1.0, 1.0)};
    try {
        return mapping_->geodeticOf(point);
    } catch (const dem::GeodeticMappingError& error) {
        fail(std::string(": ") + error.what());
    }
}

dem::GeodeticPoint GeodeticFrame::centre() const
{
    const heightmap::Heightmap& heightmap = heightmap_;
    const dem::HeightmapPoint middle{(static_cast<double>(heightmap.width) - 1.0) / 2.0,
                                     (static_cast<double>(heightmap.height) - 1.0) / 2.0};
    try {
        return mapping_->geodeticOf(middle);
    } catch (const dem::GeodeticMappingError& error) {
        fail(std::string(": ") + error.what());
    }
}

}  // namespace app
