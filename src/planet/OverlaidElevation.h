// Finer elevation models laid over the global one (--elevation): a
// regional GeoTIFF in any CRS, a VRT of SRTM tiles, a COG over HTTP, each
// streamed from its own file at the level the cube's level needs. Where one
// has data it wins over the models before it, blended over a margin at its
// border and around its no-data (holes, the ground outside a country's
// border) so that no step shows, and a sample's height is a function of its
// cube point and its cube level alone, so tiles that share a sample give it
// one height (no crack).
#pragma once

#include "dem/DemGeodetic.h"
#include "dem/DemStreaming.h"
#include "dem/GeoidModel.h"
#include "planet/ModelSamples.h"

#include <cstdint>
#include <filesystem>
#include <memory>
#include <span>
#include <string>
#include <vector>

namespace planet {

struct OverlaidElevation {
    std::filesystem::path path;
    std::shared_ptr<const dem::StreamedDem> source;
    double spacingMetres = 0.0;  // of its own samples (level 0), along the columns
    // Its ground's latitudes and longitudes (degrees; east may pass 180),
    // found along its grid's border.
    double south = 0.0;
    double north = 0.0;
    double west = 0.0;
    double east = 0.0;
    // Null unless its heights are above the ellipsoid: the geoid whose N
    // brings them to sea level.
    std::shared_ptr<const dem::GeoidModel> ellipsoidalToSeaLevel;
};

// This many of a model's own samples (dem::noDataDistanceReach of them at
// the level it is read) blend it into what lies under it at its border and
// around its no-data.
inline constexpr std::uint32_t kOverlayMarginSamples = 32;

// The options to open a model to lay over the globe with
// (dem::openStreamedDem): its base read at once, and its distances to
// no-data kept up to kOverlayMarginSamples, which the blend reads.
[[nodiscard]] dem::StreamedDemOptions overlaidStreamOptions();

// `source` (opened from `path` with overlaidStreamOptions, whatever its tile
// size) as a model to lay over the globe (std::invalid_argument when it was
// opened without its distances to no-data). Throws
// GlobalElevationError, one line naming the file, when it has no
// georeferencing. `geoid` brings heights above the ellipsoid to sea level
// (null: sea level is the ellipsoid).
OverlaidElevation overlaidElevationOf(const std::filesystem::path& path, std::shared_ptr<const dem::StreamedDem> source,
                                      std::shared_ptr<const dem::GeoidModel> geoid);

// The cube's finest grid that resolves the model's samples.
[[nodiscard]] std::uint32_t finestCubeIntervalsFor(const OverlaidElevation& model);

// The overlays as one thread (the tile loader's) reads them.
class OverlaySampler {
public:
    // Opens a reader of each model's file. Throws heightmap::HeightmapError
    // or dem::GeodeticMappingError.
    explicit OverlaySampler(std::span<const OverlaidElevation> models);

    // A WGS 84 point of the ground and the height the models under it give.
    struct Point {
        double latitudeDegrees = 0.0;
        double longitudeDegrees = 0.0;
        double heightMetres = 0.0;
    };
    // Lays each model, in order, over `points`' heights where it has data,
    // read at the coarsest of its levels no coarser than `cubeSpacingMetres`.
    void layOver(std::span<Point> points, double cubeSpacingMetres);
    [[nodiscard]] std::vector<std::string> takeWarnings();

private:
    struct Model {
        Model(const OverlaidElevation& model);
        const OverlaidElevation* description;
        ModelSamples samples;
        dem::GeodeticToHeightmap mapping;
    };
    static void layOver(Model& model, std::span<Point> points, double cubeSpacingMetres);

    std::vector<std::unique_ptr<Model>> models_;
};

}  // namespace planet
