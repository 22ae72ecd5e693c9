// libFuzzer target: dem::loadTerrainSource on arbitrary bytes, which
// reaches the NetCDF classic size check and GDAL's GeoTIFF, NetCDF, Arc/Info
// ASCII and USGS DEM readers (a PNG signature takes the PNG loader). Every
// input must load, with a heightmap and metadata that are consistent, or be
// refused with a HeightmapError.
#include "FuzzInputFile.h"

#include "dem/DemLoader.h"

#include <cpl_conv.h>

#include <cmath>
#include <cstdlib>

namespace {

// Small limits: a header may claim any size, and a reduced read of what it
// claims would go through all of it.
constexpr heightmap::HeightmapLimits kFuzzLimits{std::uint64_t{1} << 20, 2048, std::uint64_t{1} << 22};

void checkConsistent(const dem::TerrainSource& source)
{
    const heightmap::Heightmap& heightmap = source.heightmap;
    if (heightmap.samples.size() != heightmap.texelCount() || heightmap.texelCount() == 0 ||
        heightmap.texelCount() > kFuzzLimits.maxTexels) {
        std::abort();
    }
    if (!source.dem)
        return;
    const dem::DemMetadata& dem = *source.dem;
    if (!std::isfinite(dem.minimumHeightMetres) || !std::isfinite(dem.maximumHeightMetres) ||
        dem.minimumHeightMetres > dem.maximumHeightMetres ||
        std::abs(dem.minimumHeightMetres) > dem::kMaxDemHeightMetres ||
        std::abs(dem.maximumHeightMetres) > dem::kMaxDemHeightMetres || dem.noDataCount >= heightmap.texelCount()) {
        std::abort();
    }
    if (dem.extent && !(dem.extent->xMetres > 0.0 && dem.extent->zMetres > 0.0 && std::isfinite(dem.extent->xMetres) &&
                        std::isfinite(dem.extent->zMetres))) {
        std::abort();
    }
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int* /*argc*/, char*** /*argv*/)
{
    // Reading must leave no .aux.xml side files behind.
    CPLSetConfigOption("GDAL_PAM_ENABLED", "NO");
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const fuzz::FuzzInputFile input(data, size, "elevation.dem");
    try {
        checkConsistent(dem::loadTerrainSource(input.path(), kFuzzLimits));
    } catch (const heightmap::HeightmapError&) {
        // A refusal is a correct outcome.
    }
    return 0;
}
