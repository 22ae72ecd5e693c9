#include "viewer/ElevationOverlays.h"

#include "heightmap/Heightmap.h"
#include "planet/GlobalElevation.h"
#include "viewer/ViewerSetup.h"

#include <cmath>
#include <memory>
#include <string>

namespace viewer {

std::vector<planet::OverlaidElevation> openElevationOverlays(const ViewerOptions& options,
                                                             const planet::CubeGeoid& seaLevel, std::ostream& out)
{
    std::vector<planet::OverlaidElevation> overlays;
    for (const std::filesystem::path& path : options.elevationPaths) {
        std::shared_ptr<const dem::StreamedDem> source;
        try {
            source = std::make_shared<const dem::StreamedDem>(openViewerStreamedDemWithItsBase(
                options, path, planet::overlaidStreamOptions(), "planet: --elevation", out));
        } catch (const heightmap::HeightmapError& error) {
            throw planet::GlobalElevationError(std::string("--elevation: ") + error.what());
        }
        overlays.push_back(planet::overlaidElevationOf(path, std::move(source), seaLevel.model()));
        const planet::OverlaidElevation& overlay = overlays.back();
        const dem::DemMetadata& metadata = overlay.source->base.metadata;
        out << "cbt-terrain: planet: laid over it: " << path.string() << ", " << metadata.fileColumns << "x"
            << metadata.fileRows << " samples every " << std::lround(overlay.spacingMetres) << " m"
            << (overlay.ellipsoidalToSeaLevel ? ", heights above the ellipsoid brought to sea level" : "") << "\n";
    }
    return overlays;
}

}  // namespace viewer
