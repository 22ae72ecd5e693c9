#include "viewer/PointQuery.h"

#include "dem/ElevationProbe.h"
#include "dem/GeoidModel.h"
#include "planet/GlobalElevation.h"
#include "terrain/SeaMask.h"
#include "viewer/GeodeticFrame.h"
#include "viewer/RunStatistics.h"
#include "viewer/ViewerSetup.h"

#include <cmath>
#include <functional>
#include <iomanip>
#include <memory>
#include <optional>
#include <ostream>
#include <span>
#include <sstream>
#include <string>
#include <vector>

namespace viewer {

namespace {

// Whether the viewer draws water at a WGS 84 point.
using SeaAt = std::function<bool(double latitudeDegrees, double longitudeDegrees)>;

// The flat terrain's sea, as its draw masks it.
SeaAt flatSeaOf(const ViewerOptions& options, const std::filesystem::path& path)
{
    auto terrain = std::make_shared<dem::TerrainSource>(dem::loadTerrainSource(path, heightmap::HeightmapLimits{}));
    const scene::SceneSettings settings = initialSceneSettings(options, terrain->heightmap, terrain->dem);
    auto mask = std::make_shared<std::optional<std::vector<std::uint8_t>>>(
        terrain::seaMaskSamplesFor(terrain->heightmap, settings.terrain));
    if (!*mask || !terrain->dem || !terrain->dem->grid) {
        return [](double, double) { return false; };
    }
    auto mapping = std::make_shared<dem::GeodeticToHeightmap>(*terrain->dem->grid);
    return [terrain, mask, mapping](double latitude, double longitude) {
        const dem::HeightmapPoint point = mapping->pointOf(latitude, longitude);
        const long column = std::lround(point.column);
        const long row = std::lround(point.row);
        const heightmap::Heightmap& heightmap = terrain->heightmap;
        if (column < 0 || row < 0 || column >= static_cast<long>(heightmap.width) ||
            row >= static_cast<long>(heightmap.height)) {
            return false;
        }
        return (**mask)[static_cast<std::size_t>(row) * heightmap.width + static_cast<std::size_t>(column)] != 0;
    };
}

// The globe's sea: where its model, as drawn, lies below sea level.
SeaAt globeSeaOf(const std::filesystem::path& path)
{
    auto global = std::make_shared<planet::GlobalElevation>(path, heightmap::HeightmapLimits{});
    return [global](double latitude, double longitude) { return global->heightMetres(latitude, longitude) < 0.0; };
}

std::unique_ptr<dem::GeoidModel> geoidOrNotice(std::ostream& err)
{
    const std::filesystem::path path = defaultGeoidPath();
    try {
        return std::make_unique<dem::GeoidModel>(path);
    } catch (const dem::GeoidError& error) {
        err << "cbt-terrain: warning: " << error.what()
            << " (the Debian package proj-data, scripts/setup-debian.sh): heights above the ellipsoid are null\n";
    }
    return nullptr;
}

// A JSON value: the number, or null.
std::string numberOrNull(const std::optional<double>& value, int decimals)
{
    if (!value || !std::isfinite(*value)) {
        return "null";
    }
    std::ostringstream text;
    text << std::fixed << std::setprecision(decimals) << *value;
    return text.str();
}

// The answer at `point` of the last of `probes` (the global model, then
// --elevation's, in order) that has a height there, with every model's own.
std::string answerLine(const dem::GeodeticPoint& point, std::span<const std::unique_ptr<dem::ElevationProbe>> probes,
                       const dem::GeoidModel* geoid, const SeaAt& sea)
{
    std::vector<dem::PointElevation> heights;
    std::size_t chosen = 0;
    for (std::size_t i = 0; i < probes.size(); ++i) {
        heights.push_back(probes[i]->at(point.latitudeDegrees, point.longitudeDegrees));
        if (heights.back().heightMetres) {
            chosen = i;
        }
    }
    const dem::ElevationProbe& probe = *probes[chosen];
    const dem::PointElevation& elevation = heights[chosen];
    std::optional<double> undulation;
    if (geoid != nullptr) {
        undulation = geoid->undulationAt(point.latitudeDegrees, point.longitudeDegrees);
    }
    std::optional<double> aboveGeoid;
    std::optional<double> aboveEllipsoid;
    if (elevation.heightMetres) {
        (probe.heightsAreEllipsoidal() ? aboveEllipsoid : aboveGeoid) = elevation.heightMetres;
        if (undulation && probe.heightsAreEllipsoidal()) {
            aboveGeoid = *elevation.heightMetres - *undulation;
        } else if (undulation) {
            aboveEllipsoid = *elevation.heightMetres + *undulation;
        }
    }
    const bool water = elevation.onModel && sea(point.latitudeDegrees, point.longitudeDegrees);
    std::ostringstream line;
    line << "{\"latitude\": " << numberOrNull(point.latitudeDegrees, 8)
         << ", \"longitude\": " << numberOrNull(point.longitudeDegrees, 8)
         << ", \"onModel\": " << (elevation.onModel ? "true" : "false")
         << ", \"height\": " << numberOrNull(elevation.heightMetres, 3)
         << ", \"heightAboveGeoid\": " << numberOrNull(aboveGeoid, 3)
         << ", \"heightAboveEllipsoid\": " << numberOrNull(aboveEllipsoid, 3)
         << ", \"geoidUndulation\": " << numberOrNull(undulation, 3)
         << ", \"slopeDegrees\": " << numberOrNull(elevation.slopeDegrees, 3)
         << ", \"aspectDegrees\": " << numberOrNull(elevation.aspectDegrees, 3)
         << ", \"sea\": " << (water ? "true" : "false") << ", \"model\": \"" << jsonEscaped(probe.path().string())
         << "\", \"models\": [";
    for (std::size_t i = 0; i < probes.size(); ++i) {
        line << (i == 0 ? "" : ", ") << "{\"model\": \"" << jsonEscaped(probes[i]->path().string())
             << "\", \"height\": " << numberOrNull(heights[i].heightMetres, 3) << "}";
    }
    line << "]}\n";
    return line.str();
}

}  // namespace

std::filesystem::path defaultGeoidPath()
{
    return std::filesystem::path(CBT_DEFAULT_GEOID_GRID);
}

void answerPointQueries(const ViewerOptions& options, std::ostream& out, std::ostream& err)
{
    const std::filesystem::path path = options.planet ? options.heightmapPath.value_or(defaultGlobalDemPath())
                                                      : options.heightmapPath.value_or(defaultHeightmapPath());
    if (dem::terrainFileKindOf(path) == dem::TerrainFileKind::Png) {
        throw GeodeticPlacementError("--query: " + path.string() +
                                     " has no georeferencing to place a point on (a PNG heightmap)");
    }
    // The global model, then the finer ones laid over it (--elevation).
    std::vector<std::unique_ptr<dem::ElevationProbe>> probes;
    probes.push_back(std::make_unique<dem::ElevationProbe>(path));
    for (const std::filesystem::path& model : options.elevationPaths) {
        probes.push_back(std::make_unique<dem::ElevationProbe>(model));
    }
    const SeaAt sea = options.planet ? globeSeaOf(path) : flatSeaOf(options, path);
    const std::unique_ptr<dem::GeoidModel> geoid = geoidOrNotice(err);
    for (const dem::GeodeticPoint& point : options.queries) {
        try {
            out << answerLine(point, probes, geoid.get(), sea);
        } catch (const dem::GeodeticMappingError& error) {
            throw GeodeticPlacementError("--query: " + path.string() + ": " + error.what());
        }
    }
}

}  // namespace viewer
