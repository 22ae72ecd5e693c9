// A georeferenced terrain seen in WGS 84 terms: where a latitude and
// longitude lie in the renderer's flat world (through the DEM's own CRS,
// dem::GeodeticToHeightmap), which way true north points there, and where
// the map's centre lies on the Earth. Shared by --camera-geo and --time.
#pragma once

#include "dem/DemGeodetic.h"
#include "dem/DemLoader.h"
#include "terrain/TerrainSettings.h"

#include <glm/vec2.hpp>

#include <memory>
#include <optional>

#include <stdexcept>
#include <string>
#include <string_view>

namespace viewer {

// A terrain without georeferencing, or a point PROJ can not transform; what()
// is one line that starts with the flag that asked.
class GeodeticPlacementError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

class GeodeticFrame {
public:
    // `flag` ("--camera-geo") prefixes every error. The heightmap, the
    // metadata and `settings` must outlive the frame. Throws
    // GeodeticPlacementError.
    GeodeticFrame(const heightmap::Heightmap& heightmap, const std::optional<dem::DemMetadata>& dem,
                  const terrain::TerrainSettings& settings, std::string_view flag);
    GeodeticFrame(const dem::TerrainSource& terrain, const terrain::TerrainSettings& settings, std::string_view flag)
        : GeodeticFrame(terrain.heightmap, terrain.dem, settings, flag)
    {
    }

    // World (x, z) in metres of a WGS 84 point, drawn as the terrain is
    // (terrain/TerrainUniforms.glsl: sample (0, 0) at the north-west corner).
    [[nodiscard]] glm::dvec2 worldOf(double latitudeDegrees, double longitudeDegrees) const;
    // The yaw (CameraPose.h: 0 along -Z, 90 along +X) of true north at a
    // point: towards a point a little further north on its meridian.
    [[nodiscard]] double northYawDegrees(double latitudeDegrees, double longitudeDegrees) const;
    // The inverse of worldOf: the latitude and longitude of a world (x, z).
    [[nodiscard]] dem::GeodeticPoint geodeticOf(const glm::dvec2& world) const;
    // Whether a WGS 84 point lies on the terrain (within its samples).
    [[nodiscard]] bool covers(double latitudeDegrees, double longitudeDegrees) const;
    // The terrain's height at a WGS 84 point in metres above the DEM's
    // datum: bilinear between the samples in memory (a streamed DEM's
    // coarse level), the nearest edge's beyond the map.
    [[nodiscard]] double elevationAt(double latitudeDegrees, double longitudeDegrees) const;
    // worldOf, elevationAt and covers at once (one transformation).
    struct TerrainPoint {
        glm::dvec2 world{0.0};
        double elevationMetres = 0.0;
        bool onTerrain = false;
    };
    [[nodiscard]] TerrainPoint terrainPointAt(double latitudeDegrees, double longitudeDegrees) const;
    // Metres between the DEM's samples across the world (its level 0's,
    // when it streams).
    [[nodiscard]] double sampleSpacingMetres() const;
    // Latitude and longitude of the map's centre.
    [[nodiscard]] dem::GeodeticPoint centre() const;
    [[nodiscard]] const terrain::TerrainSettings& settings() const { return settings_; }
    // The terrain's file, for messages.
    [[nodiscard]] const std::string& sourcePath() const { return heightmap_.sourcePath; }

private:
    [[noreturn]] void fail(const std::string& problem) const;
    [[nodiscard]] dem::HeightmapPoint heightmapPointOf(double latitudeDegrees, double longitudeDegrees) const;
    [[nodiscard]] glm::dvec2 worldOf(const dem::HeightmapPoint& point) const;
    [[nodiscard]] bool covers(const dem::HeightmapPoint& point) const;
    [[nodiscard]] double elevationAt(const dem::HeightmapPoint& point) const;

    const heightmap::Heightmap& heightmap_;
    const terrain::TerrainSettings& settings_;
    std::string flag_;
    std::unique_ptr<dem::GeodeticToHeightmap> mapping_;
    // The samples the terrain spans (a streamed DEM's level 0, else the
    // heightmap's) and the level-0 samples per heightmap sample.
    double spanColumns_ = 1.0;
    double spanRows_ = 1.0;
    double reduction_ = 1.0;
    // Metres of a sample of 0 and of the largest sample.
    double lowestMetres_ = 0.0;
    double rangeMetres_ = 0.0;
};

}  // namespace viewer
