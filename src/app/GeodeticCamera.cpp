#include "app/GeodeticCamera.h"

#include "dem/DemGeodetic.h"
#include "terrain/TerrainUniforms.h"
#include "text/TextParsing.h"

#include <glm/glm.hpp>

#include <algorithm>
#include <cmath>
#include <sstream>
#include <string>
#include <vector>

namespace app {

namespace {

constexpr size_t kFieldCount = 5;
constexpr const char* kFieldNames[kFieldCount] = {"LAT", "LON", "HEIGHT", "HEADING", "PITCH"};
constexpr double kFieldLimits[kFieldCount] = {90.0, 360.0, kMaxCameraCoordinateMetres, kMaxYawDegrees,
                                              static_cast<double>(kMaxPosePitchDegrees)};
constexpr const char* kFieldUnits[kFieldCount] = {"degrees", "degrees", "metres", "degrees", "degrees"};
// Latitude step to the point whose direction is north: about 11 m on the
// ground, far above PROJ's rounding and well inside any DEM cell's curvature.
constexpr double kNorthStepDegrees = 1.0e-4;

std::vector<std::string_view> fieldsOf(std::string_view text)
{
    return text.find(',') != std::string_view::npos ? text::splitAt(text, ',') : text::splitAtSpaces(text);
}

// World (x, z) of a heightmap point: sample (0, 0) at the terrain's
// north-west corner, (columns - 1, rows - 1) at its south-east one.
glm::dvec2 worldOf(const dem::HeightmapPoint& point, const heightmap::Heightmap& heightmap,
                   const terrain::TerrainSettings& settings)
{
    const glm::vec2 extent = terrain::terrainWorldExtent(heightmap.width, heightmap.height, settings);
    const double u = point.column / std::max(static_cast<double>(heightmap.width) - 1.0, 1.0);
    const double v = point.row / std::max(static_cast<double>(heightmap.height) - 1.0, 1.0);
    return {(u - 0.5) * static_cast<double>(extent.x), (v - 0.5) * static_cast<double>(extent.y)};
}

}  // namespace

GeodeticCameraPose parseGeodeticCameraPose(std::string_view text)
{
    const std::vector<std::string_view> fields = fieldsOf(text);
    if (fields.size() != kFieldCount) {
        throw text::ParseError("expected 5 numbers LAT,LON,HEIGHT,HEADING,PITCH, found " +
                               std::to_string(fields.size()));
    }
    double values[kFieldCount] = {};
    for (size_t i = 0; i < kFieldCount; ++i) {
        const std::optional<double> value = text::parseNumber(fields[i]);
        if (!value) {
            throw text::ParseError(std::string(kFieldNames[i]) + " is not a finite number: " + text::quoted(fields[i]));
        }
        if (std::abs(*value) > kFieldLimits[i]) {
            std::ostringstream message;
            message << kFieldNames[i] << " must be within [-" << kFieldLimits[i] << ", " << kFieldLimits[i] << "] "
                    << kFieldUnits[i] << ", got " << text::quoted(fields[i]);
            throw text::ParseError(message.str());
        }
        values[i] = *value;
    }
    return GeodeticCameraPose{values[0], values[1], values[2], values[3], values[4]};
}

CameraPose cameraPoseOfGeodetic(const GeodeticCameraPose& pose, const dem::TerrainSource& terrain,
                                const terrain::TerrainSettings& settings)
{
    const std::string& source = terrain.heightmap.sourcePath;
    if (!terrain.dem || !terrain.dem->grid) {
        const std::string reason = terrain.dem ? terrain.dem->extentSource : std::string("a PNG heightmap");
        throw GeodeticCameraError("--camera-geo: " + source + " has no georeferencing to place the camera with (" +
                                  reason + ")");
    }
    try {
        const dem::GeodeticToHeightmap mapping(*terrain.dem->grid);
        const glm::dvec2 here =
            worldOf(mapping.pointOf(pose.latitudeDegrees, pose.longitudeDegrees), terrain.heightmap, settings);
        // True north: towards a point a little further north on the same
        // meridian (south of the camera, looking away, at the north pole).
        const bool nearNorthPole = pose.latitudeDegrees + kNorthStepDegrees > 90.0;
        const double step = nearNorthPole ? -kNorthStepDegrees : kNorthStepDegrees;
        const glm::dvec2 stepped =
            worldOf(mapping.pointOf(pose.latitudeDegrees + step, pose.longitudeDegrees), terrain.heightmap, settings);
        const glm::dvec2 north = (stepped - here) * (nearNorthPole ? -1.0 : 1.0);
        // Yaw 0 looks along -Z and yaw 90 along +X (CameraPose.h).
        const double northYaw = glm::degrees(std::atan2(north.x, -north.y));
        double yaw = std::fmod(northYaw + pose.headingDegrees, 360.0);
        if (yaw < 0.0) {
            yaw += 360.0;
        }
        const double y = pose.heightMetres / static_cast<double>(settings.elevationPerWorldHeight);
        if (std::abs(here.x) > kMaxCameraCoordinateMetres || std::abs(here.y) > kMaxCameraCoordinateMetres ||
            std::abs(y) > kMaxCameraCoordinateMetres) {
            throw GeodeticCameraError("--camera-geo: the point lies more than 1e8 m from the map of " + source);
        }
        CameraPose result;
        result.position = glm::vec3(static_cast<float>(here.x), static_cast<float>(y), static_cast<float>(here.y));
        result.yawDegrees = static_cast<float>(yaw);
        result.pitchDegrees = static_cast<float>(pose.pitchDegrees);
        return result;
    } catch (const dem::GeodeticMappingError& error) {
        throw GeodeticCameraError("--camera-geo: " + source + ": " + error.what());
    }
}

}  // namespace app
