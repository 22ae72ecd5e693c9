// libFuzzer target: terrain::loadTerrainSource on arbitrary bytes, which
// reaches the NetCDF classic size check and GDAL's GeoTIFF, NetCDF, Arc/Info
// ASCII and USGS DEM readers (a PNG signature takes the PNG loader). Every
// input must load, with a heightmap and metadata that are consistent, or be
// refused with a HeightmapError.
#include "FuzzInputFile.h"

#include "terrain/DemLoader.h"

#include <cpl_conv.h>

#include <cmath>
#include <cstdlib>

namespace {

constexpr terrain::HeightmapLimits kFuzzLimits{std::uint64_t{1} << 20, 2048};

void checkConsistent(const terrain::TerrainSource& source)
{
    const terrain::Heightmap& heightmap = source.heightmap;
    if (heightmap.samples.size() != heightmap.texelCount() || heightmap.texelCount() == 0 ||
        heightmap.texelCount() > kFuzzLimits.maxTexels) {
        std::abort();
    }
    if (!source.dem)
        return;
    const terrain::DemMetadata& dem = *source.dem;
    if (!std::isfinite(dem.minimumHeightMetres) || !std::isfinite(dem.maximumHeightMetres) ||
        dem.minimumHeightMetres > dem.maximumHeightMetres ||
        std::abs(dem.minimumHeightMetres) > terrain::kMaxDemHeightMetres ||
        std::abs(dem.maximumHeightMetres) > terrain::kMaxDemHeightMetres || dem.noDataCount >= heightmap.texelCount()) {
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
        checkConsistent(terrain::loadTerrainSource(input.path(), kFuzzLimits));
    } catch (const terrain::HeightmapError&) {
        // A refusal is a correct outcome.
    }
    return 0;
}
