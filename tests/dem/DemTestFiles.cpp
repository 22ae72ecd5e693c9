#include "DemTestFiles.h"

#include "dem/DemGdal.h"

#include <gdal_priv.h>
#include <ogr_spatialref.h>

#include <gtest/gtest.h>

#include <unistd.h>
#include <cmath>
#include <fstream>
#include <iterator>
#include <utility>

namespace dem_test {

using dem::GdalDatasetHandle;

ScratchDirectory::ScratchDirectory()
{
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    path_ = std::filesystem::temp_directory_path() /
            ("cbt-dem-" + std::to_string(::getpid()) + "-" + info->test_suite_name() + "-" + info->name());
    std::filesystem::remove_all(path_);
    std::filesystem::create_directories(path_);
}

ScratchDirectory::~ScratchDirectory()
{
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
}

namespace {

GdalDatasetHandle openRaster(const std::filesystem::path& path)
{
    GDALAllRegister();
    GdalDatasetHandle dataset(GDALDataset::FromHandle(
        GDALOpenEx(path.c_str(), GDAL_OF_RASTER | GDAL_OF_READONLY, nullptr, nullptr, nullptr)));
    if (!dataset)
        throw std::runtime_error("GDAL can not open " + path.string());
    return dataset;
}

void describeBands(GDALDataset& dataset, const RasterSpec& spec)
{
    const int width = static_cast<int>(spec.width);
    const int height = static_cast<int>(spec.height);
    for (int index = 1; index <= spec.bandCount; ++index) {
        GDALRasterBand* band = dataset.GetRasterBand(index);
        std::vector<double> values = spec.values;
        ASSERT_EQ(
            band->RasterIO(GF_Write, 0, 0, width, height, values.data(), width, height, GDT_Float64, 0, 0, nullptr),
            CE_None);
        if (static_cast<std::size_t>(index) <= spec.bandInterpretations.size()) {
            band->SetColorInterpretation(spec.bandInterpretations[static_cast<std::size_t>(index - 1)]);
        }
    }
    GDALRasterBand* first = dataset.GetRasterBand(1);
    if (spec.noData)
        first->SetNoDataValue(*spec.noData);
    if (!spec.unit.empty())
        first->SetUnitType(spec.unit.c_str());
    if (spec.scale)
        first->SetScale(*spec.scale);
    if (spec.offset)
        first->SetOffset(*spec.offset);
    if (spec.palette) {
        GDALColorTable table;
        for (short entry = 0; entry < 256; ++entry) {
            const GDALColorEntry colour{entry, static_cast<short>(255 - entry), 0, 255};
            table.SetColorEntry(entry, &colour);
        }
        first->SetColorTable(&table);
    }
    if (!spec.alpha.empty()) {
        GDALRasterBand* alpha = dataset.GetRasterBand(spec.bandCount + 1);
        alpha->SetColorInterpretation(GCI_AlphaBand);
        std::vector<double> values = spec.alpha;
        ASSERT_EQ(
            alpha->RasterIO(GF_Write, 0, 0, width, height, values.data(), width, height, GDT_Float64, 0, 0, nullptr),
            CE_None);
    }
}

}  // namespace

RasterSpec rasterOf(std::uint32_t width, std::uint32_t height, GDALDataType type, std::vector<double> values)
{
    RasterSpec spec;
    spec.width = width;
    spec.height = height;
    spec.type = type;
    spec.values = std::move(values);
    return spec;
}

void writeRaster(const std::filesystem::path& path, const RasterSpec& spec, const char* driverName)
{
    ASSERT_EQ(spec.values.size(), std::size_t{spec.width} * spec.height) << "RasterSpec of " << path;
    GDALAllRegister();
    // Every raster is made in memory first, then copied: drivers such as
    // AAIGrid and SRTMHGT can only copy.
    GDALDriver* memory = GetGDALDriverManager()->GetDriverByName("MEM");
    const int totalBands = spec.bandCount + (spec.alpha.empty() ? 0 : 1);
    GdalDatasetHandle grid(memory->Create("", static_cast<int>(spec.width), static_cast<int>(spec.height), totalBands,
                                          spec.type, nullptr));
    ASSERT_TRUE(grid) << "MEM raster for " << path;
    if (spec.geoTransform) {
        std::array<double, 6> transform = *spec.geoTransform;
        grid->SetGeoTransform(transform.data());
    }
    if (spec.epsg != 0) {
        OGRSpatialReference crs;
        ASSERT_EQ(crs.importFromEPSG(spec.epsg), OGRERR_NONE);
        crs.SetAxisMappingStrategy(OAMS_TRADITIONAL_GIS_ORDER);
        grid->SetSpatialRef(&crs);
    }
    describeBands(*grid, spec);
    GDALDriver* driver = GetGDALDriverManager()->GetDriverByName(driverName);
    ASSERT_NE(driver, nullptr) << driverName;
    char** options = nullptr;
    if (std::string(driverName) == "GTiff" && !spec.alpha.empty())
        options = CSLSetNameValue(options, "ALPHA", "YES");
    for (const std::string& option : spec.creationOptions)
        options = CSLAddString(options, option.c_str());
    if (std::string(driverName) == "GTiff" && spec.bandCount >= 3 && spec.type == GDT_Byte &&
        !spec.bandInterpretations.empty() && spec.bandInterpretations[0] == GCI_RedBand) {
        options = CSLSetNameValue(options, "PHOTOMETRIC", "RGB");
    }
    const GdalDatasetHandle copy(driver->CreateCopy(path.c_str(), grid.get(), FALSE, options, nullptr, nullptr));
    CSLDestroy(options);
    ASSERT_TRUE(copy) << "GDAL could not write " << path << ": " << CPLGetLastErrorMsg();
}

void writeBandsGeoTiff(const std::filesystem::path& path, std::uint32_t width, std::uint32_t height, GDALDataType type,
                       const std::vector<std::vector<double>>& bands,
                       const std::optional<std::array<double, 6>>& geoTransform, int epsg)
{
    GDALAllRegister();
    GDALDriver* driver = GetGDALDriverManager()->GetDriverByName("GTiff");
    GdalDatasetHandle dataset(driver->Create(path.c_str(), static_cast<int>(width), static_cast<int>(height),
                                             static_cast<int>(bands.size()), type, nullptr));
    ASSERT_TRUE(dataset) << "GDAL could not write " << path << ": " << CPLGetLastErrorMsg();
    if (geoTransform) {
        std::array<double, 6> transform = *geoTransform;
        dataset->SetGeoTransform(transform.data());
    }
    if (epsg != 0) {
        OGRSpatialReference crs;
        ASSERT_EQ(crs.importFromEPSG(epsg), OGRERR_NONE);
        crs.SetAxisMappingStrategy(OAMS_TRADITIONAL_GIS_ORDER);
        dataset->SetSpatialRef(&crs);
    }
    for (std::size_t band = 0; band < bands.size(); ++band) {
        ASSERT_EQ(bands[band].size(), std::size_t{width} * height) << "band " << band + 1 << " of " << path;
        std::vector<double> values = bands[band];
        EXPECT_EQ(dataset->GetRasterBand(static_cast<int>(band) + 1)
                      ->RasterIO(GF_Write, 0, 0, static_cast<int>(width), static_cast<int>(height), values.data(),
                                 static_cast<int>(width), static_cast<int>(height), GDT_Float64, 0, 0, nullptr),
                  CE_None);
    }
}

std::vector<double> readBand(const std::filesystem::path& path)
{
    const GdalDatasetHandle dataset = openRaster(path);
    const int width = dataset->GetRasterXSize();
    const int height = dataset->GetRasterYSize();
    std::vector<double> values(static_cast<std::size_t>(width) * static_cast<std::size_t>(height));
    if (dataset->GetRasterBand(1)->RasterIO(GF_Read, 0, 0, width, height, values.data(), width, height, GDT_Float64, 0,
                                            0, nullptr) != CE_None) {
        throw std::runtime_error("GDAL can not read " + path.string());
    }
    return values;
}

std::array<double, 6> readGeoTransform(const std::filesystem::path& path)
{
    const GdalDatasetHandle dataset = openRaster(path);
    std::array<double, 6> transform{};
    if (dataset->GetGeoTransform(transform.data()) != CE_None) {
        throw std::runtime_error(path.string() + " has no geotransform");
    }
    return transform;
}

double valueAt(const std::filesystem::path& path, double longitude, double latitude)
{
    const GdalDatasetHandle dataset = openRaster(path);
    std::array<double, 6> t{};
    if (dataset->GetGeoTransform(t.data()) != CE_None)
        throw std::runtime_error(path.string() + " has no geotransform");
    const auto column = static_cast<int>(std::floor((longitude - t[0]) / t[1]));
    const auto row = static_cast<int>(std::floor((latitude - t[3]) / t[5]));
    double value = 0.0;
    if (dataset->GetRasterBand(1)->RasterIO(GF_Read, column, row, 1, 1, &value, 1, 1, GDT_Float64, 0, 0, nullptr) !=
        CE_None) {
        throw std::runtime_error("GDAL can not read " + path.string() + " at " + std::to_string(longitude) + ", " +
                                 std::to_string(latitude));
    }
    return value;
}

namespace {

void appendLittleEndian(std::vector<unsigned char>& bytes, std::uint32_t value, int byteCount)
{
    for (int i = 0; i < byteCount; ++i)
        bytes.push_back(static_cast<unsigned char>(value >> (8 * i)));
}

// One 12-byte IFD entry holding a single SHORT (type 3) or LONG (type 4).
void appendTiffEntry(std::vector<unsigned char>& bytes, std::uint16_t tag, std::uint16_t type, std::uint32_t value)
{
    appendLittleEndian(bytes, tag, 2);
    appendLittleEndian(bytes, type, 2);
    appendLittleEndian(bytes, 1, 4);
    appendLittleEndian(bytes, value, type == 3 ? 2 : 4);
    if (type == 3)
        appendLittleEndian(bytes, 0, 2);
}

}  // namespace

std::vector<unsigned char> tiffWithDeclaredSize(std::uint32_t width, std::uint32_t height, std::uint16_t compression)
{
    constexpr std::uint16_t kShort = 3;
    constexpr std::uint16_t kLong = 4;
    constexpr std::uint32_t kEntryCount = 10;
    constexpr std::uint32_t kPixelOffset = 8 + 2 + kEntryCount * 12 + 4;
    std::vector<unsigned char> bytes{'I', 'I', 42, 0};
    appendLittleEndian(bytes, 8, 4);  // the IFD follows the header
    appendLittleEndian(bytes, kEntryCount, 2);
    appendTiffEntry(bytes, 256, kLong, width);         // ImageWidth
    appendTiffEntry(bytes, 257, kLong, height);        // ImageLength
    appendTiffEntry(bytes, 258, kShort, 16);           // BitsPerSample
    appendTiffEntry(bytes, 259, kShort, compression);  // Compression
    appendTiffEntry(bytes, 262, kShort, 1);            // Photometric: black is zero
    appendTiffEntry(bytes, 273, kLong, kPixelOffset);  // StripOffsets
    appendTiffEntry(bytes, 277, kShort, 1);            // SamplesPerPixel
    appendTiffEntry(bytes, 278, kLong, height);        // RowsPerStrip
    appendTiffEntry(bytes, 279, kLong, 8);             // StripByteCounts
    appendTiffEntry(bytes, 339, kShort, 2);            // SampleFormat: signed integer
    appendLittleEndian(bytes, 0, 4);                   // no next IFD
    for (int i = 0; i < 8; ++i)
        bytes.push_back(static_cast<unsigned char>(10 * i));
    return bytes;
}

void writeBytes(const std::filesystem::path& path, std::span<const unsigned char> bytes)
{
    std::ofstream file(path, std::ios::binary | std::ios::trunc);
    file.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
    ASSERT_TRUE(file.good()) << "could not write " << path;
}

std::vector<unsigned char> readBytes(const std::filesystem::path& path)
{
    std::ifstream file(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>()};
}

std::filesystem::path fixture(const std::string& name)
{
    return std::filesystem::path(CBT_DEM_FIXTURE_DIR) / name;
}

bool fixturesAvailable()
{
    return CBT_DEM_FIXTURES_BUILT && std::filesystem::exists(fixture("etopo5-italy-int16.tif"));
}

std::filesystem::path etopoGrid(const std::string& name)
{
    return std::filesystem::path(CBT_ETOPO_DIR) / name;
}

std::string wktOfEpsg(int epsg)
{
    OGRSpatialReference crs;
    EXPECT_EQ(crs.importFromEPSG(epsg), OGRERR_NONE) << "EPSG:" << epsg;
    char* wkt = nullptr;
    EXPECT_EQ(crs.exportToWkt(&wkt), OGRERR_NONE);
    std::string text = wkt != nullptr ? wkt : "";
    CPLFree(wkt);
    return text;
}

namespace {

// (x, y) of CRS `from` in CRS `to`, both in GIS order (longitude first).
std::array<double, 2> transformedBetween(double x, double y, int from, int to)
{
    OGRSpatialReferenceH source = OSRNewSpatialReference(nullptr);
    OGRSpatialReferenceH target = OSRNewSpatialReference(nullptr);
    OSRImportFromEPSG(source, from);
    OSRImportFromEPSG(target, to);
    OSRSetAxisMappingStrategy(source, OAMS_TRADITIONAL_GIS_ORDER);
    OSRSetAxisMappingStrategy(target, OAMS_TRADITIONAL_GIS_ORDER);
    OGRCoordinateTransformationH transform = OCTNewCoordinateTransformation(source, target);
    EXPECT_NE(transform, nullptr);
    if (transform != nullptr) {
        EXPECT_TRUE(OCTTransform(transform, 1, &x, &y, nullptr));
        OCTDestroyCoordinateTransformation(transform);
    }
    OSRDestroySpatialReference(source);
    OSRDestroySpatialReference(target);
    return {x, y};
}

}  // namespace

std::array<double, 2> wgs84LongitudeLatitudeOf(double x, double y, int epsg)
{
    return transformedBetween(x, y, epsg, 4326);
}

std::array<double, 2> projectedOf(double longitude, double latitude, int epsg)
{
    return transformedBetween(longitude, latitude, 4326, epsg);
}

std::array<double, 2> ProjectedPlane::sampleOf(double longitude, double latitude) const
{
    const std::array<double, 2> projected = projectedOf(longitude, latitude, epsg);
    return {(projected[0] - west) / spacing - 0.5, (north - projected[1]) / spacing - 0.5};
}

ProjectedPlane writeProjectedPlane(const std::filesystem::path& path, int epsg, double longitude, double latitude,
                                   std::uint32_t samples, double spacing, std::uint32_t noDataColumns)
{
    const std::array<double, 2> centre = projectedOf(longitude, latitude, epsg);
    const ProjectedPlane plane{epsg, samples, spacing, centre[0] - samples * spacing / 2.0,
                               centre[1] + samples * spacing / 2.0};
    std::vector<double> heights;
    for (std::uint32_t row = 0; row < samples; ++row) {
        for (std::uint32_t column = 0; column < samples; ++column) {
            heights.push_back(column < noDataColumns ? kProjectedPlaneNoData : ProjectedPlane::heightAt(column, row));
        }
    }
    RasterSpec spec = rasterOf(samples, samples, GDT_Float32, heights);
    if (noDataColumns > 0) {
        spec.noData = kProjectedPlaneNoData;
    }
    spec.geoTransform = std::array<double, 6>{plane.west, spacing, 0.0, plane.north, 0.0, -spacing};
    spec.epsg = epsg;
    writeRaster(path, spec);
    return plane;
}

void writeRampWithACorruptTile(const std::filesystem::path& path, bool overview)
{
    constexpr std::uint32_t kSize = 64;
    std::vector<double> heights;
    for (std::uint32_t row = 0; row < kSize; ++row) {
        for (std::uint32_t column = 0; column < kSize; ++column) {
            heights.push_back(kCorruptTileRampBase + kCorruptTileRampPerColumn * column + kCorruptTileRampPerRow * row);
        }
    }
    RasterSpec spec = rasterOf(kSize, kSize, GDT_Float32, heights);
    spec.geoTransform = std::array<double, 6>{500000.0, 30.0, 0.0, 5000000.0, 0.0, -30.0};
    spec.epsg = 32633;
    spec.creationOptions = {"TILED=YES", "BLOCKXSIZE=16", "BLOCKYSIZE=16", "COMPRESS=DEFLATE"};
    writeRaster(path, spec);
    GDALDatasetH dataset = GDALOpenEx(path.c_str(), GDAL_OF_RASTER | GDAL_OF_UPDATE, nullptr, nullptr, nullptr);
    ASSERT_NE(dataset, nullptr);
    if (overview) {
        int levels[] = {2};
        ASSERT_EQ(GDALBuildOverviews(dataset, "AVERAGE", 1, levels, 0, nullptr, nullptr, nullptr), CE_None);
    }
    GDALClose(dataset);
    corruptGeoTiffBlock(path, 1, 2);
}

void corruptGeoTiffBlock(const std::filesystem::path& path, int blockColumn, int blockRow)
{
    GDALDatasetH dataset = GDALOpenEx(path.c_str(), GDAL_OF_RASTER | GDAL_OF_READONLY, nullptr, nullptr, nullptr);
    ASSERT_NE(dataset, nullptr);
    GDALRasterBandH band = GDALGetRasterBand(dataset, 1);
    const std::string suffix = std::to_string(blockColumn) + "_" + std::to_string(blockRow);
    const char* offsetText = GDALGetMetadataItem(band, ("BLOCK_OFFSET_" + suffix).c_str(), "TIFF");
    const char* sizeText = GDALGetMetadataItem(band, ("BLOCK_SIZE_" + suffix).c_str(), "TIFF");
    const std::string offset = offsetText != nullptr ? offsetText : "";
    const std::string size = sizeText != nullptr ? sizeText : "";
    GDALClose(dataset);
    ASSERT_FALSE(offset.empty() || size.empty()) << "GDAL gave no offset of block (" << suffix << ")";
    std::fstream file(path, std::ios::in | std::ios::out | std::ios::binary);
    file.seekp(std::stoll(offset));
    const std::string garbage(static_cast<std::size_t>(std::stoll(size)), '\xff');
    file.write(garbage.data(), static_cast<std::streamsize>(garbage.size()));
}

void writeColourGeoTiff(const std::filesystem::path& path, std::uint32_t width, std::uint32_t height,
                        const std::function<std::array<double, 3>(std::uint32_t, std::uint32_t)>& colour,
                        const std::array<double, 6>& geoTransform, int epsg)
{
    std::vector<std::vector<double>> bands(3, std::vector<double>(std::size_t{width} * height));
    for (std::uint32_t y = 0; y < height; ++y) {
        for (std::uint32_t x = 0; x < width; ++x) {
            const std::array<double, 3> rgb = colour(x, y);
            for (std::size_t band = 0; band < 3; ++band) {
                bands[band][std::size_t{y} * width + x] = rgb[band];
            }
        }
    }
    writeBandsGeoTiff(path, width, height, GDT_Byte, bands, geoTransform, epsg);
}

}  // namespace dem_test
