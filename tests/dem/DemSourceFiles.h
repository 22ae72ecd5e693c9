// Elevation models under other names than one local GeoTIFF, for the tests of
// the sources GDAL resolves: a deterministic relief, the same DEM cut into
// four GeoTIFF tiles with a VRT mosaic of them written by hand, a GeoTIFF
// stored in a zip archive, and the environment a GDAL reader of the local
// test HTTP server (RangeHttpServer.h) needs.
#pragma once

#include "DemTestFiles.h"

#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace dem_test {

// width * height heights in metres, row-major: ridges and valleys over a
// dome, between about 200 and 1900 m.
std::vector<double> reliefHeights(std::uint32_t width, std::uint32_t height);

// Writes `whole` (a RasterSpec with a geotransform) as four GeoTIFF tiles
// cut at column `splitColumn` and row `splitRow` ("NAME-tile-ROW-COLUMN.tif"
// in `folder`, each with its own geotransform, the CRS and the no-data value)
// and a VRT mosaic of them ("NAME.vrt", sources relative to it) with the
// whole raster's size, geotransform, CRS, sample type and no-data value.
// Returns the VRT's path; fails the current test when GDAL can not write.
std::filesystem::path writeVrtMosaicOfFourTiles(const std::filesystem::path& folder, const std::string& name,
                                                const RasterSpec& whole, std::uint32_t splitColumn,
                                                std::uint32_t splitRow);

// Copies `file` into a new zip archive `archive` (through GDAL's /vsizip/)
// as `memberName`.
void writeZipWithMember(const std::filesystem::path& archive, const std::string& memberName,
                        const std::filesystem::path& file);

// Variables for a process that reads the test HTTP server through GDAL
// (ProcessOptions::environment): no proxy for 127.0.0.1, so that a proxy
// variable of the machine does not intercept; no directory listing on open;
// a time limit on every HTTP request, so that nothing hangs.
std::map<std::string, std::optional<std::string>> localHttpEnvironment();

// Sets localHttpEnvironment() in this process while alive; restores the
// previous values after.
class ScopedLocalHttpEnvironment {
public:
    ScopedLocalHttpEnvironment();
    ~ScopedLocalHttpEnvironment();
    ScopedLocalHttpEnvironment(const ScopedLocalHttpEnvironment&) = delete;
    ScopedLocalHttpEnvironment& operator=(const ScopedLocalHttpEnvironment&) = delete;

private:
    std::map<std::string, std::optional<std::string>> previous_;
};

}  // namespace dem_test
