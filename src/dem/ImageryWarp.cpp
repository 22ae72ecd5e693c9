// Draping imagery's shared steps through GDAL (dem/ImageryWarp.h).
#include "dem/ImageryWarp.h"

#include "dem/DemDataset.h"
#include "dem/DemImagery.h"
#include "dem/TileTemplate.h"
#include "heightmap/Heightmap.h"

#include <cpl_conv.h>
#include <cpl_string.h>
#include <gdalwarper.h>
#include <ogr_spatialref.h>

#include <algorithm>
#include <cmath>
#include <optional>
#include <stdexcept>

namespace dem::imagery {

namespace {

constexpr int kWarpedAlphaBand = 4;

int* bandList(std::initializer_list<int> bands)
{
    auto* list = static_cast<int*>(CPLMalloc(sizeof(int) * bands.size()));
    std::copy(bands.begin(), bands.end(), list);
    return list;
}

std::vector<float> readWarpedBand(const std::filesystem::path& path, GDALDataset& warpedImagery, int band)
{
    const int width = warpedImagery.GetRasterXSize();
    const int height = warpedImagery.GetRasterYSize();
    std::vector<float> values(static_cast<std::size_t>(width) * static_cast<std::size_t>(height));
    if (warpedImagery.GetRasterBand(band)->RasterIO(GF_Read, 0, 0, width, height, values.data(), width, height,
                                                    GDT_Float32, 0, 0, nullptr) != CE_None) {
        fail(path, "can not be read after warping");
    }
    return values;
}

}  // namespace

void fail(const std::filesystem::path& path, std::string_view problem)
{
    throw heightmap::HeightmapError("imagery '" + path.string() + "' " + std::string(problem));
}

// Any name GDAL opens, as for the elevation model (DemDataset.h): only a
// name of the local file system is checked first.
GdalDatasetHandle openImagery(const std::filesystem::path& path)
{
    std::string name = path.string();
    if (isTileTemplate(name)) {
        try {
            name = gdalDescriptionOfTileTemplate(name);
        } catch (const std::invalid_argument& problem) {
            fail(path, problem.what());
        }
    } else if (!isGdalVirtualName(path)) {
        if (const std::optional<std::string> problem = localFileProblem(path, "an imagery file")) {
            fail(path, *problem);
        }
    }
    const GdalErrorCapture errors;
    GDALAllRegister();
    setRemoteReadLimits();
    GdalDatasetHandle dataset(GDALDataset::FromHandle(GDALOpenEx(
        name.c_str(), GDAL_OF_RASTER | GDAL_OF_READONLY | GDAL_OF_VERBOSE_ERROR, nullptr, nullptr, nullptr)));
    if (!dataset) {
        fail(path, "is not a raster GDAL can read" + errors.detail());
    }
    return dataset;
}

// Whether every chosen band holds 8-bit samples (taken as they are).
bool checkBands(const std::filesystem::path& path, GDALDataset& dataset, const std::array<int, 3>& bands)
{
    const int count = dataset.GetRasterCount();
    const std::string has = "has " + std::to_string(count) + (count == 1 ? " band" : " bands");
    if (count < 3) {
        fail(path, has + "; imagery needs three (red, green and blue, or the three of --imagery-bands)");
    }
    bool bytes = true;
    for (const int band : bands) {
        if (band < 1 || band > count) {
            fail(path, has + "; --imagery-bands names band " + std::to_string(band));
        }
        const GDALDataType type = dataset.GetRasterBand(band)->GetRasterDataType();
        if (type == GDT_Unknown || GDALDataTypeIsComplex(type) != 0) {
            fail(path, "band " + std::to_string(band) + " has samples of type " + GDALGetDataTypeName(type) +
                           "; imagery needs real samples");
        }
        if (const std::optional<std::string> blocks = oversizedBlocksProblem(*dataset.GetRasterBand(band))) {
            fail(path, *blocks);
        }
        bytes = bytes && type == GDT_Byte;
    }
    return bytes;
}

void checkGeoreferencing(const std::filesystem::path& path, GDALDataset& dataset)
{
    std::array<double, 6> t{};
    const bool geoTransform = dataset.GetGeoTransform(t.data()) == CE_None;
    if (!geoTransform && dataset.GetGCPCount() == 0) {
        fail(path, "has no georeferencing (no geotransform or ground control points)");
    }
    const OGRSpatialReference* crs = geoTransform ? dataset.GetSpatialRef() : dataset.GetGCPSpatialRef();
    if (crs == nullptr || crs->IsEmpty()) {
        fail(path, "has no coordinate system: its georeferencing can not be placed on the elevation model");
    }
}

// None when `dataset` has georeferencing, or is not twice as wide as high;
// else a virtual copy of it (VRT, in memory, reading `dataset`, which must
// outlive it) that lies over the whole Earth in WGS 84 degrees (`wkt`).
GdalDatasetHandle placedOnTheWholeEarth(const std::filesystem::path& path, GDALDataset& dataset, const std::string& wkt)
{
    std::array<double, 6> t{};
    const int columns = dataset.GetRasterXSize();
    const int rows = dataset.GetRasterYSize();
    if (dataset.GetGeoTransform(t.data()) == CE_None || dataset.GetGCPCount() > 0 || columns != 2 * rows) {
        return nullptr;
    }
    const GdalErrorCapture errors;
    GDALDriver* vrt = GetGDALDriverManager()->GetDriverByName("VRT");
    GdalDatasetHandle placed(vrt == nullptr ? nullptr
                                            : vrt->CreateCopy("", &dataset, FALSE, nullptr, nullptr, nullptr));
    if (!placed) {
        fail(path, "could not be placed on the whole Earth" + errors.detail());
    }
    t = {-180.0, 360.0 / columns, 0.0, 90.0, 0.0, -180.0 / rows};
    placed->SetGeoTransform(t.data());
    placed->SetProjection(wkt.c_str());
    return placed;
}

TransformerHandle transformer(GDALDatasetH source, GDALDatasetH target, char** options)
{
    return TransformerHandle(GDALCreateGenImgProjTransformer2(source, target, options),
                             [](void* argument) { GDALDestroyGenImgProjTransformer(argument); });
}

// WGS 84 in degrees, as GDAL's warper takes it (longitude first).
std::string wgs84Wkt()
{
    OGRSpatialReference wgs84;
    wgs84.SetWellKnownGeogCS("WGS84");
    char* text = nullptr;
    wgs84.exportToWkt(&text);
    std::string wkt = text != nullptr ? text : "";
    CPLFree(text);
    return wkt;
}

GDALResampleAlg resamplingFor(double sourcePixelsPerTexel)
{
    return sourcePixelsPerTexel > 1.5 ? GRA_Average : GRA_Bilinear;
}

WarpGrid gridOver(const std::array<double, 6>& geoTransform, double columns, double rows, std::uint32_t width,
                  std::uint32_t height, double sourcePixelsPerTexel)
{
    WarpGrid grid;
    grid.width = width;
    grid.height = height;
    const double alongColumns = columns / width;
    const double alongRows = rows / height;
    grid.geoTransform = geoTransform;
    grid.geoTransform[1] *= alongColumns;
    grid.geoTransform[4] *= alongColumns;
    grid.geoTransform[2] *= alongRows;
    grid.geoTransform[5] *= alongRows;
    grid.sourcePixelsPerTexel = sourcePixelsPerTexel * alongColumns;
    grid.resampling = resamplingFor(grid.sourcePixelsPerTexel);
    return grid;
}

std::uint32_t streamedLevels(double columns, double rows, std::uint32_t maxTexels, ImageryStreamMode mode)
{
    if (mode == ImageryStreamMode::Off) {
        return 0;
    }
    const double side = std::max(columns, rows);
    std::uint32_t levels = mode == ImageryStreamMode::On ? 2 : 0;
    while (levels < tiles::TilePyramidLayout::kMaxLevels &&
           std::ceil(std::ldexp(side, -static_cast<int>(levels))) > static_cast<double>(maxTexels)) {
        ++levels;
    }
    return levels;
}

std::uint64_t tileEntries(std::uint32_t width, std::uint32_t height, std::uint32_t levels)
{
    std::uint64_t entries = 0;
    for (std::uint32_t level = 1; level <= levels; ++level) {
        const std::uint64_t across = (std::uint64_t{width} << level) / kImageryTileSize + 1;
        const std::uint64_t down = (std::uint64_t{height} << level) / kImageryTileSize + 1;
        entries += across * down;
    }
    return entries;
}

GdalDatasetHandle overviewFor(GDALDataset& source, double sourcePixelsPerTexel)
{
    GDALRasterBand* band = source.GetRasterBand(1);
    int chosen = -1;
    double chosenFactor = 1.0;
    for (int level = 0; band != nullptr && level < band->GetOverviewCount(); ++level) {
        GDALRasterBand* overview = band->GetOverview(level);
        if (overview == nullptr || overview->GetXSize() < 1) {
            continue;
        }
        const double factor = static_cast<double>(source.GetRasterXSize()) / overview->GetXSize();
        if (factor <= sourcePixelsPerTexel && factor > chosenFactor) {
            chosen = level;
            chosenFactor = factor;
        }
    }
    if (chosen < 0) {
        return nullptr;
    }
    const std::string level = "OVERVIEW_LEVEL=" + std::to_string(chosen);
    std::array<const char*, 2> openOptions{level.c_str(), nullptr};
    return GdalDatasetHandle(GDALDataset::FromHandle(
        GDALOpenEx(source.GetDescription(), GDAL_OF_RASTER | GDAL_OF_READONLY, nullptr, openOptions.data(), nullptr)));
}

int sourceAlphaBand(GDALDataset& source, const std::array<int, 3>& bands)
{
    for (int band = 1; band <= source.GetRasterCount(); ++band) {
        if (source.GetRasterBand(band)->GetColorInterpretation() == GCI_AlphaBand &&
            std::find(bands.begin(), bands.end(), band) == bands.end()) {
            return band;
        }
    }
    return 0;
}

GdalDatasetHandle warped(const std::filesystem::path& path, GDALDataset& source, int sourceAlpha,
                         const std::string& crsWkt, const WarpGrid& grid, const std::array<int, 3>& bands,
                         GDALDataType type)
{
    const GdalErrorCapture errors;
    GDALDriver* memory = GetGDALDriverManager()->GetDriverByName("MEM");
    GdalDatasetHandle target(memory == nullptr ? nullptr
                                               : memory->Create("", static_cast<int>(grid.width),
                                                                static_cast<int>(grid.height), 4, type, nullptr));
    if (!target) {
        fail(path, "can not be warped: no memory for " + std::to_string(grid.width) + "x" +
                       std::to_string(grid.height) + " texels" + errors.detail());
    }
    std::array<double, 6> t = grid.geoTransform;
    target->SetGeoTransform(t.data());
    target->SetProjection(crsWkt.c_str());
    target->GetRasterBand(kWarpedAlphaBand)->SetColorInterpretation(GCI_AlphaBand);

    const TransformerHandle toTarget =
        transformer(GDALDataset::ToHandle(&source), GDALDataset::ToHandle(target.get()), nullptr);
    if (!toTarget) {
        fail(path, "can not be transformed to the coordinate system it is warped to" + errors.detail());
    }
    const std::unique_ptr<GDALWarpOptions, void (*)(GDALWarpOptions*)> options(GDALCreateWarpOptions(),
                                                                               GDALDestroyWarpOptions);
    options->hSrcDS = GDALDataset::ToHandle(&source);
    options->hDstDS = GDALDataset::ToHandle(target.get());
    options->nBandCount = 3;
    options->panSrcBands = bandList({bands[0], bands[1], bands[2]});
    options->panDstBands = bandList({1, 2, 3});
    options->nSrcAlphaBand = sourceAlpha;
    options->nDstAlphaBand = kWarpedAlphaBand;
    options->eResampleAlg = grid.resampling;
    options->pfnTransformer = GDALGenImgProjTransform;
    options->pTransformerArg = toTarget.get();
    options->papszWarpOptions = CSLSetNameValue(options->papszWarpOptions, "INIT_DEST", "0");
    options->papszWarpOptions = CSLSetNameValue(options->papszWarpOptions, "DST_ALPHA_MAX", "255");
    std::array<double, 3> noData{};
    bool allHaveNoData = true;
    for (std::size_t i = 0; i < bands.size(); ++i) {
        int has = 0;
        noData[i] = source.GetRasterBand(bands[i])->GetNoDataValue(&has);
        allHaveNoData = allHaveNoData && has != 0;
    }
    if (allHaveNoData) {
        options->padfSrcNoDataReal = static_cast<double*>(CPLMalloc(sizeof(double) * noData.size()));
        std::copy(noData.begin(), noData.end(), options->padfSrcNoDataReal);
    }
    GDALWarpOperation operation;
    if (operation.Initialize(options.get()) != CE_None ||
        operation.ChunkAndWarpImage(0, 0, static_cast<int>(grid.width), static_cast<int>(grid.height)) != CE_None) {
        fail(path, "can not be warped" + errors.detail());
    }
    return target;
}

std::size_t emptyTexelsOverTheSource(GDALDataset& source, GDALDataset& warpedImagery)
{
    constexpr int kStep = 4;
    const int width = warpedImagery.GetRasterXSize();
    const int height = warpedImagery.GetRasterYSize();
    std::vector<double> columns;
    std::vector<double> rows;
    {
        std::vector<std::uint8_t> cover(static_cast<std::size_t>(width));
        GDALRasterBand* band = warpedImagery.GetRasterBand(kWarpedAlphaBand);
        for (int row = kStep / 2; row < height; row += kStep) {
            if (band->RasterIO(GF_Read, 0, row, width, 1, cover.data(), width, 1, GDT_Byte, 0, 0, nullptr) != CE_None) {
                return 0;
            }
            for (int column = kStep / 2; column < width; column += kStep) {
                if (cover[static_cast<std::size_t>(column)] == 0) {
                    columns.push_back(column + 0.5);
                    rows.push_back(row + 0.5);
                }
            }
        }
    }
    if (columns.empty()) {
        return 0;
    }
    const TransformerHandle toTarget =
        transformer(GDALDataset::ToHandle(&source), GDALDataset::ToHandle(&warpedImagery), nullptr);
    if (!toTarget) {
        return 0;
    }
    std::vector<double> heights(columns.size(), 0.0);
    std::vector<int> transformed(columns.size(), 0);
    GDALGenImgProjTransform(toTarget.get(), TRUE, static_cast<int>(columns.size()), columns.data(), rows.data(),
                            heights.data(), transformed.data());
    // Within a source pixel of its edges, a texel may be transparent for
    // lying half off it.
    const double lastColumn = source.GetRasterXSize() - 1.0;
    const double lastRow = source.GetRasterYSize() - 1.0;
    std::size_t empty = 0;
    for (std::size_t i = 0; i < columns.size(); ++i) {
        const bool over = transformed[i] != 0 && columns[i] >= 1.0 && columns[i] <= lastColumn && rows[i] >= 1.0 &&
                          rows[i] <= lastRow;
        empty += over ? 1u : 0u;
    }
    return empty;
}

std::size_t rgbaOf(const std::filesystem::path& path, GDALDataset& warpedImagery, bool flipRows, bool flipColumns,
                   BandScaling& scaling, bool measureRanges, std::vector<std::uint8_t>& rgba)
{
    const auto width = static_cast<std::size_t>(warpedImagery.GetRasterXSize());
    const auto height = static_cast<std::size_t>(warpedImagery.GetRasterYSize());
    const std::vector<float> alpha = readWarpedBand(path, warpedImagery, kWarpedAlphaBand);
    rgba.assign(alpha.size() * 4, 0);
    const auto destination = [&](std::size_t index) {
        const std::size_t x = index % width;
        const std::size_t y = index / width;
        return (flipRows ? height - 1 - y : y) * width + (flipColumns ? width - 1 - x : x);
    };
    for (int channel = 0; channel < 3; ++channel) {
        const std::vector<float> values = readWarpedBand(path, warpedImagery, channel + 1);
        std::array<double, 2>& range = scaling.ranges[static_cast<std::size_t>(channel)];
        if (!scaling.bytes && measureRanges) {
            std::vector<double> covered;
            for (std::size_t i = 0; i < values.size(); ++i) {
                if (alpha[i] > 0.0f) {
                    covered.push_back(static_cast<double>(values[i]));
                }
            }
            range = stretchRangeOf(std::move(covered));
        }
        for (std::size_t i = 0; i < values.size(); ++i) {
            const double value = static_cast<double>(values[i]);
            rgba[destination(i) * 4 + static_cast<std::size_t>(channel)] =
                scaling.bytes ? static_cast<std::uint8_t>(std::clamp(std::lround(value), 0L, 255L))
                              : stretched(value, range);
        }
    }
    std::size_t covered = 0;
    for (std::size_t i = 0; i < alpha.size(); ++i) {
        const auto cover = static_cast<std::uint8_t>(std::clamp(std::lround(static_cast<double>(alpha[i])), 0L, 255L));
        rgba[destination(i) * 4 + 3] = cover;
        covered += cover > 0 ? 1 : 0;
    }
    return covered;
}

}  // namespace dem::imagery
