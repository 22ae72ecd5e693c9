// Files for the DEM tests: a scratch directory per test, rasters written
// through GDAL with any sample type, band layout, no-data value and
// georeferencing, a hand-made TIFF header for sizes GDAL refuses to write,
// and the fixtures cut from ETOPO5 at build time (DemFixtureMaker.cpp).
#pragma once

#include <gdal.h>

#include <array>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace dem_test {

class ScratchDirectory {
public:
    ScratchDirectory();
    ~ScratchDirectory();
    ScratchDirectory(const ScratchDirectory&) = delete;
    ScratchDirectory& operator=(const ScratchDirectory&) = delete;

    std::filesystem::path file(const std::string& name) const { return path_ / name; }

private:
    std::filesystem::path path_;
};

// A raster to write. `values` holds width * height samples of band 1 (the
// other bands get the same values); `alpha`, when not empty, adds an alpha
// band with these values.
struct RasterSpec {
    std::uint32_t width = 0;
    std::uint32_t height = 0;
    GDALDataType type = GDT_Float32;
    std::vector<double> values;
    int bandCount = 1;
    std::vector<GDALColorInterp> bandInterpretations;  // empty: GDAL's default
    std::vector<double> alpha;
    std::optional<double> noData;
    std::optional<std::array<double, 6>> geoTransform;
    int epsg = 0;  // 0: no CRS
    std::string unit;
    std::optional<double> scale;
    std::optional<double> offset;
    bool palette = false;                      // a colour table on band 1
    std::vector<std::string> creationOptions;  // "KEY=VALUE" for the driver
};

// A RasterSpec of width x height samples of `type`, everything else default.
RasterSpec rasterOf(std::uint32_t width, std::uint32_t height, GDALDataType type, std::vector<double> values);

// Writes `spec` with a GDAL driver ("GTiff", "netCDF", "AAIGrid"...); fails
// the current test (ADD_FAILURE) when GDAL can not.
void writeRaster(const std::filesystem::path& path, const RasterSpec& spec, const char* driverName = "GTiff");

// Writes a GeoTIFF of `bands` (width * height values each, one vector per
// band, stored as `type`) with `geoTransform` and the CRS `epsg` when given
// (0: none); fails the current test (ADD_FAILURE) when GDAL can not.
void writeBandsGeoTiff(const std::filesystem::path& path, std::uint32_t width, std::uint32_t height, GDALDataType type,
                       const std::vector<std::vector<double>>& bands,
                       const std::optional<std::array<double, 6>>& geoTransform, int epsg);

// Writes a GeoTIFF of three 8-bit bands, width x height texels of
// colour(x, y) (red, green, blue), as writeBandsGeoTiff does.
void writeColourGeoTiff(const std::filesystem::path& path, std::uint32_t width, std::uint32_t height,
                        const std::function<std::array<double, 3>(std::uint32_t, std::uint32_t)>& colour,
                        const std::array<double, 6>& geoTransform, int epsg);

// The WKT of the CRS `epsg` (fails the current test when PROJ does not know it).
std::string wktOfEpsg(int epsg);

// WGS 84 longitude and latitude of a point (x, y) of the CRS `epsg`.
std::array<double, 2> wgs84LongitudeLatitudeOf(double x, double y, int epsg);
// The inverse: (x, y) of the CRS `epsg` of a WGS 84 longitude and latitude.
std::array<double, 2> projectedOf(double longitude, double latitude, int epsg);

// A square GeoTIFF of `samples` x `samples` Float32 heights on a plane,
// `spacing` metres apart in the projected CRS `epsg`, centred on a WGS 84
// point: its height is exact wherever it is read, at any resolution.
struct ProjectedPlane {
    int epsg = 0;
    std::uint32_t samples = 0;
    double spacing = 0.0;
    double west = 0.0;  // the grid's western and northern edges, in the CRS
    double north = 0.0;
    // Metres at the plane's sample (column, row), fractional or not.
    [[nodiscard]] static double heightAt(double column, double row) { return 1000.0 + 10.0 * column + 5.0 * row; }
    // Where a WGS 84 point lies among its samples (column, row).
    [[nodiscard]] std::array<double, 2> sampleOf(double longitude, double latitude) const;
};
// With `noDataColumns`, its first that many columns are no-data
// (kProjectedPlaneNoData).
inline constexpr double kProjectedPlaneNoData = -9999.0;
ProjectedPlane writeProjectedPlane(const std::filesystem::path& path, int epsg, double longitude, double latitude,
                                   std::uint32_t samples, double spacing, std::uint32_t noDataColumns = 0);

// A 64 x 64 ramp, base + per column * c + per row * r metres, in UTM 33N,
// stored in 16 x 16 deflated tiles (with a 2x AVERAGE overview when asked),
// whose tile (1, 2) (columns 16..31, rows 32..47) is then overwritten with
// bytes no inflater accepts.
inline constexpr double kCorruptTileRampBase = 100.0;
inline constexpr double kCorruptTileRampPerColumn = 2.0;
inline constexpr double kCorruptTileRampPerRow = 5.0;
void writeRampWithACorruptTile(const std::filesystem::path& path, bool overview);
// Overwrites block (blockColumn, blockRow) of band 1 of a compressed GeoTIFF
// with bytes no inflater accepts.
void corruptGeoTiffBlock(const std::filesystem::path& path, int blockColumn, int blockRow);

// The samples of band 1 as doubles, row-major, as GDAL reads them.
std::vector<double> readBand(const std::filesystem::path& path);
// The geotransform of a raster file.
std::array<double, 6> readGeoTransform(const std::filesystem::path& path);

// A little-endian baseline TIFF of one 16-bit signed band claiming
// width x height samples but holding only 8 bytes of pixel data: GDAL reads
// its header, and any size can be declared (0 x 0, 10^6 x 10^6). With
// compression 8 (deflate) the 8 bytes are not a valid zlib stream.
std::vector<unsigned char> tiffWithDeclaredSize(std::uint32_t width, std::uint32_t height,
                                                std::uint16_t compression = 1);

void writeBytes(const std::filesystem::path& path, std::span<const unsigned char> bytes);
std::vector<unsigned char> readBytes(const std::filesystem::path& path);

// The fixtures the build cut from ETOPO5 (see DemFixtureMaker.cpp).
std::filesystem::path fixture(const std::string& name);
// Whether the build cut them: it does when the ETOPO grids of the Debian
// package ferret-datasets are installed.
bool fixturesAvailable();
// The ETOPO grid the fixtures come from (ferret-datasets).
std::filesystem::path etopoGrid(const std::string& name);

// The value of band 1 of a georeferenced raster at a longitude and latitude
// (the cell that holds the point).
double valueAt(const std::filesystem::path& path, double longitude, double latitude);

}  // namespace dem_test

// Skips the calling test when the ETOPO fixtures were not built.
#define CBT_SKIP_WITHOUT_ETOPO_FIXTURES() \
    if (!::dem_test::fixturesAvailable()) \
    GTEST_SKIP() << "needs the ETOPO grids of the Debian package ferret-datasets (scripts/setup-debian.sh)"
