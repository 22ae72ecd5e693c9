// dem_fixture_maker ETOPO5_GRID OUTPUT_DIR
//
// Cuts the DEM test fixtures out of the public-domain ETOPO5 global relief
// grid (5 arc-minutes, Float32 metres, NetCDF; Debian package
// ferret-datasets), all in geographic WGS 84 (EPSG:4326):
//   etopo5-italy-int16.tif    lon 8..18 E, lat 35..43 N, Int16 GeoTIFF
//   etopo5-italy-float32.tif  the same window, Float32 GeoTIFF
//   etopo5-italy.nc           the same window, Float32 NetCDF (CF)
//   N40E014.hgt               the SRTM tile lon 14..15 E, lat 40..41 N
//                             (Bay of Naples), 1201 x 1201 Int16 samples,
//                             each the ETOPO5 cell that holds its centre
// The Italian window holds the Tyrrhenian and Ionian abyssal plains (below
// -3500 m) and the mountains of Sardinia, Sicily and the Apennines.
#include "dem/DemGdal.h"

#include <cpl_string.h>
#include <gdal_priv.h>
#include <ogr_spatialref.h>

#include <array>
#include <cmath>
#include <filesystem>
#include <iostream>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

using dem::GdalDatasetHandle;

constexpr double kWestLongitude = 8.0;
constexpr double kNorthLatitude = 43.0;
constexpr int kWindowColumns = 120;
constexpr int kWindowRows = 96;
constexpr int kHgtSamples = 1201;

struct SourceGrid {
    GdalDatasetHandle dataset;
    std::array<double, 6> geoTransform{};
};

SourceGrid openSource(const std::string& path)
{
    SourceGrid source;
    source.dataset.reset(GDALDataset::FromHandle(
        GDALOpenEx(path.c_str(), GDAL_OF_RASTER | GDAL_OF_READONLY, nullptr, nullptr, nullptr)));
    if (!source.dataset)
        throw std::runtime_error("can not open " + path);
    if (source.dataset->GetGeoTransform(source.geoTransform.data()) != CE_None) {
        throw std::runtime_error(path + " has no geotransform");
    }
    return source;
}

// The source cell (column, row) that holds a longitude and latitude.
std::array<int, 2> sourceCell(const SourceGrid& source, double longitude, double latitude)
{
    const std::array<double, 6>& t = source.geoTransform;
    return {static_cast<int>(std::floor((longitude - t[0]) / t[1])),
            static_cast<int>(std::floor((latitude - t[3]) / t[5]))};
}

OGRSpatialReference wgs84()
{
    OGRSpatialReference crs;
    if (crs.importFromEPSG(4326) != OGRERR_NONE)
        throw std::runtime_error("EPSG:4326 is unknown to GDAL");
    crs.SetAxisMappingStrategy(OAMS_TRADITIONAL_GIS_ORDER);
    return crs;
}

GdalDatasetHandle memoryGrid(int columns, int rows, GDALDataType type, const std::array<double, 6>& geoTransform,
                             const std::vector<double>& metres)
{
    GDALDriver* memory = GetGDALDriverManager()->GetDriverByName("MEM");
    GdalDatasetHandle grid(memory->Create("", columns, rows, 1, type, nullptr));
    if (!grid)
        throw std::runtime_error("can not create an in-memory grid");
    std::array<double, 6> transform = geoTransform;
    grid->SetGeoTransform(transform.data());
    const OGRSpatialReference crs = wgs84();
    grid->SetSpatialRef(&crs);
    GDALRasterBand* band = grid->GetRasterBand(1);
    band->SetUnitType("m");
    std::vector<double> values = metres;
    if (band->RasterIO(GF_Write, 0, 0, columns, rows, values.data(), columns, rows, GDT_Float64, 0, 0, nullptr) !=
        CE_None) {
        throw std::runtime_error("can not fill an in-memory grid");
    }
    return grid;
}

void writeCopy(const char* driverName, const GdalDatasetHandle& grid, const std::filesystem::path& path)
{
    GDALDriver* driver = GetGDALDriverManager()->GetDriverByName(driverName);
    if (driver == nullptr)
        throw std::runtime_error(std::string("GDAL has no ") + driverName + " driver");
    std::filesystem::remove(path);
    const GdalDatasetHandle copy(driver->CreateCopy(path.c_str(), grid.get(), TRUE, nullptr, nullptr, nullptr));
    if (!copy)
        throw std::runtime_error("can not write " + path.string() + ": " + CPLGetLastErrorMsg());
}

void writeItalyWindow(const SourceGrid& source, const std::filesystem::path& outputDirectory)
{
    const auto [firstColumn, firstRow] = sourceCell(source, kWestLongitude + 1e-6, kNorthLatitude - 1e-6);
    std::vector<double> metres(std::size_t{kWindowColumns} * kWindowRows);
    GDALRasterBand* band = source.dataset->GetRasterBand(1);
    if (band->RasterIO(GF_Read, firstColumn, firstRow, kWindowColumns, kWindowRows, metres.data(), kWindowColumns,
                       kWindowRows, GDT_Float64, 0, 0, nullptr) != CE_None) {
        throw std::runtime_error("can not read the source window");
    }
    const std::array<double, 6>& t = source.geoTransform;
    const std::array<double, 6> window{t[0] + firstColumn * t[1], t[1], 0.0, t[3] + firstRow * t[5], 0.0, t[5]};
    writeCopy("GTiff", memoryGrid(kWindowColumns, kWindowRows, GDT_Int16, window, metres),
              outputDirectory / "etopo5-italy-int16.tif");
    const GdalDatasetHandle floats = memoryGrid(kWindowColumns, kWindowRows, GDT_Float32, window, metres);
    writeCopy("GTiff", floats, outputDirectory / "etopo5-italy-float32.tif");
    writeCopy("netCDF", floats, outputDirectory / "etopo5-italy.nc");
}

void writeNaplesHgt(const SourceGrid& source, const std::filesystem::path& outputDirectory)
{
    constexpr double kSpacing = 1.0 / (kHgtSamples - 1);
    const auto [westColumn, northRow] = sourceCell(source, 14.0 - kSpacing / 2, 41.0 + kSpacing / 2);
    const auto [eastColumn, southRow] = sourceCell(source, 15.0 + kSpacing / 2, 40.0 - kSpacing / 2);
    const int sourceColumns = eastColumn - westColumn + 1;
    const int sourceRows = southRow - northRow + 1;
    std::vector<double> sourceMetres(static_cast<std::size_t>(sourceColumns * sourceRows));
    if (source.dataset->GetRasterBand(1)->RasterIO(GF_Read, westColumn, northRow, sourceColumns, sourceRows,
                                                   sourceMetres.data(), sourceColumns, sourceRows, GDT_Float64, 0, 0,
                                                   nullptr) != CE_None) {
        throw std::runtime_error("can not read the source tile");
    }
    std::vector<double> metres(std::size_t{kHgtSamples} * kHgtSamples);
    for (int row = 0; row < kHgtSamples; ++row) {
        for (int column = 0; column < kHgtSamples; ++column) {
            const auto [x, y] = sourceCell(source, 14.0 + column * kSpacing, 41.0 - row * kSpacing);
            metres[static_cast<std::size_t>(row * kHgtSamples + column)] =
                sourceMetres[static_cast<std::size_t>((y - northRow) * sourceColumns + (x - westColumn))];
        }
    }
    const std::array<double, 6> tile{14.0 - kSpacing / 2, kSpacing, 0.0, 41.0 + kSpacing / 2, 0.0, -kSpacing};
    writeCopy("SRTMHGT", memoryGrid(kHgtSamples, kHgtSamples, GDT_Int16, tile, metres),
              outputDirectory / "N40E014.hgt");
}

}  // namespace

int main(int argc, char** argv)
{
    if (argc != 3) {
        std::cerr << "usage: dem_fixture_maker ETOPO5_GRID OUTPUT_DIR\n";
        return 2;
    }
    try {
        GDALAllRegister();
        CPLSetConfigOption("GDAL_PAM_ENABLED", "NO");  // no .aux.xml files beside the fixtures
        const std::filesystem::path outputDirectory = argv[2];
        std::filesystem::create_directories(outputDirectory);
        const SourceGrid source = openSource(argv[1]);
        writeItalyWindow(source, outputDirectory);
        writeNaplesHgt(source, outputDirectory);
    } catch (const std::exception& error) {
        std::cerr << "dem_fixture_maker: " << error.what() << "\n";
        return 1;
    }
    return 0;
}
