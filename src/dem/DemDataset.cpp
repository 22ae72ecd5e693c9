#include "dem/DemDataset.h"

#include "dem/DemNetCdfClassic.h"
#include "heightmap/Heightmap.h"

#include <cpl_string.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <optional>
#include <string>
#include <system_error>
#include <vector>

namespace dem {

namespace {

// The raster formats a DEM comes in (DTED, ERDAS Imagine's .img as USGS
// serves its DEMs, XYZ tables of a regular grid, Surfer's grids, VTP's
// binary terrain among them); GDAL's other drivers are never tried. VRT
// mosaics and subsets of them reach their sources with any driver.
constexpr std::array<const char*, 15> kAllowedDrivers{"GTiff",   "SRTMHGT", "netCDF", "AAIGrid", "EHdr",
                                                      "USGSDEM", "VRT",     "DTED",   "HFA",     "XYZ",
                                                      "GSAG",    "GSBG",    "GS7BG",  "BT",      nullptr};

// "NETCDF:file.nc:z", "GTIFF_DIR:2:file.tif": a driver's name (two or more
// letters, digits or underscores) and a colon.
bool hasDriverPrefix(std::string_view name)
{
    const std::size_t colon = name.find(':');
    if (colon == std::string_view::npos || colon < 2)
        return false;
    for (const char c : name.substr(0, colon)) {
        if (std::isalnum(static_cast<unsigned char>(c)) == 0 && c != '_')
            return false;
    }
    return true;
}

// The checks of a name in the local file system. False, without a check,
// for a driver-prefixed name that is no local file: GDAL resolves it.
bool checkLocalFile(const std::filesystem::path& path)
{
    if (const std::optional<std::string> problem = localFileProblem(path, "an elevation model file")) {
        if (*problem == kDoesNotExist && hasDriverPrefix(path.string()))
            return false;
        failElevationModel(path, *problem);
    }
    if (const std::optional<std::string> problem = netCdfClassicSizeProblem(path))
        failElevationModel(path, *problem);
    return true;
}

// A file of several grids (a NetCDF of several variables): which they are,
// and how to name one, as GDAL's name for it (NETCDF:"file":z).
std::optional<std::string> subdatasetsProblem(GDALDataset& dataset)
{
    std::vector<std::string> names;
    for (char** entry = dataset.GetMetadata("SUBDATASETS"); entry != nullptr && *entry != nullptr; ++entry) {
        const std::string_view line(*entry);
        const std::size_t equals = line.find('=');
        if (equals != std::string_view::npos && line.substr(0, equals).ends_with("_NAME"))
            names.emplace_back(line.substr(equals + 1));
    }
    if (names.empty())
        return std::nullopt;
    // The grid's own name: what follows the file's (its last colon).
    std::string listed;
    constexpr std::size_t kListed = 6;
    for (std::size_t i = 0; i < names.size() && i < kListed; ++i) {
        const std::size_t colon = names[i].rfind(':');
        listed += (i == 0 ? "" : ", ") + names[i].substr(colon == std::string::npos ? 0 : colon + 1);
    }
    if (names.size() > kListed)
        listed += ", ...";
    return "holds " + std::to_string(names.size()) + " grids (" + listed +
           "), not one elevation grid; name the one to read as GDAL does, e.g. '" + names.front() + "'";
}

}  // namespace

std::optional<std::string> localFileProblem(const std::filesystem::path& path, std::string_view kind)
{
    std::error_code error;
    const auto status = std::filesystem::status(path, error);
    if (status.type() == std::filesystem::file_type::not_found)
        return std::string(kDoesNotExist);
    if (error)
        return "can not be read: " + error.message();
    if (std::filesystem::is_directory(status))
        return "is a directory, not " + std::string(kind);
    if (!std::filesystem::is_regular_file(status))
        return "is not a regular file";
    return std::nullopt;
}

std::string transferFailureProblem(std::string_view curlMessage)
{
    const bool timedOut = curlMessage.find("too slow") != std::string_view::npos ||
                          curlMessage.find("timed out") != std::string_view::npos ||
                          curlMessage.find("Timeout") != std::string_view::npos;
    return std::string(timedOut ? "timed out: its server did not answer in time"
                                : "could not be reached: its server gave no answer") +
           " (network: " + std::string(curlMessage) + ")";
}

void failElevationModel(const std::filesystem::path& path, std::string_view problem)
{
    throw heightmap::HeightmapError("elevation model '" + path.string() + "' " + std::string(problem));
}

bool isGdalVirtualName(const std::filesystem::path& path)
{
    const std::string& name = path.native();
    return name.starts_with("/vsi") || name.starts_with('<');
}

bool isRemoteName(const std::filesystem::path& path)
{
    const std::string& name = path.native();
    constexpr std::array<std::string_view, 12> kNetwork{"/vsicurl", "/vsis3",  "/vsigs",    "/vsiaz",
                                                        "/vsiadls", "/vsioss", "/vsiswift", "/vsiwebhdfs",
                                                        "/vsihdfs", "http://", "https://",  "ftp://"};
    return std::any_of(kNetwork.begin(), kNetwork.end(),
                       [&name](std::string_view prefix) { return name.find(prefix) != std::string::npos; });
}

GdalDatasetHandle openElevationDataset(const std::filesystem::path& path)
{
    const bool localFile = !isGdalVirtualName(path) && checkLocalFile(path);
    const GdalTransferDiagnostics transfers;
    const GdalErrorCapture errors;
    GDALAllRegister();
    setRemoteReadLimits();
    GdalDatasetHandle dataset(
        GDALDataset::FromHandle(GDALOpenEx(path.c_str(), GDAL_OF_RASTER | GDAL_OF_READONLY | GDAL_OF_VERBOSE_ERROR,
                                           kAllowedDrivers.data(), nullptr, nullptr)));
    if (!dataset && !errors.transferFailure().empty()) {
        failElevationModel(path, transferFailureProblem(errors.transferFailure()));
    }
    if (!dataset) {
        // A local file was found and read: its content is not a DEM. A name
        // GDAL resolves may not even lead to data: GDAL's reason tells.
        failElevationModel(
            path, std::string(localFile ? "is not an elevation model GDAL can read"
                                        : "could not be opened as an elevation model") +
                      " (GeoTIFF, SRTM .hgt, NetCDF, Arc/Info ASCII grid, ESRI .hdr, USGS DEM, DTED, Erdas .img, XYZ, "
                      "Surfer grid, VTP .bt, VRT)" +
                      errors.detail());
    }
    return dataset;
}

GDALRasterBand& elevationBand(const std::filesystem::path& path, GDALDataset& dataset)
{
    const int bandCount = dataset.GetRasterCount();
    if (bandCount == 0) {
        if (const std::optional<std::string> grids = subdatasetsProblem(dataset))
            failElevationModel(path, *grids);
        failElevationModel(path, "has no raster band");
    }
    const bool alphaSecond = bandCount == 2 && dataset.GetRasterBand(2)->GetColorInterpretation() == GCI_AlphaBand;
    if (bandCount > 1 && !alphaSecond) {
        std::string interpretations;
        for (int band = 1; band <= bandCount && band <= 4; ++band) {
            if (!interpretations.empty())
                interpretations += ", ";
            interpretations += GDALGetColorInterpretationName(dataset.GetRasterBand(band)->GetColorInterpretation());
        }
        failElevationModel(path, "has " + std::to_string(bandCount) + " bands (" + interpretations +
                                     "), a colour or multi-band image; an elevation model has one height band");
    }
    GDALRasterBand& band = *dataset.GetRasterBand(1);
    if (band.GetColorInterpretation() == GCI_PaletteIndex || band.GetColorTable() != nullptr) {
        failElevationModel(path, "is a colour image (indexed palette); an elevation model has one band of heights");
    }
    const GDALDataType type = band.GetRasterDataType();
    if (type == GDT_Unknown || GDALDataTypeIsComplex(type) != 0) {
        failElevationModel(path, std::string("has samples of type ") + GDALGetDataTypeName(type) +
                                     "; an elevation model needs real (not complex) heights");
    }
    if (const std::optional<std::string> blocks = oversizedBlocksProblem(band)) {
        failElevationModel(path, *blocks);
    }
    return band;
}

std::optional<std::string> oversizedBlocksProblem(GDALRasterBand& band)
{
    int blockColumns = 0;
    int blockRows = 0;
    band.GetBlockSize(&blockColumns, &blockRows);
    const auto sampleBytes =
        static_cast<std::uint64_t>(std::max(GDALGetDataTypeSizeBytes(band.GetRasterDataType()), 1));
    const std::uint64_t blockBytes = static_cast<std::uint64_t>(std::max(blockColumns, 0)) *
                                     static_cast<std::uint64_t>(std::max(blockRows, 0)) * sampleBytes;
    if (blockBytes <= kMaxBlockBytes) {
        return std::nullopt;
    }
    constexpr std::uint64_t kMiB = std::uint64_t{1} << 20;
    return "claims blocks of " + std::to_string(blockColumns) + " x " + std::to_string(blockRows) + " samples (" +
           std::to_string(blockBytes / kMiB) + " MiB each), more than the " + std::to_string(kMaxBlockBytes / kMiB) +
           " MiB a block may hold: its header is damaged, or the file must be rewritten in tiles or smaller strips";
}

}  // namespace dem
