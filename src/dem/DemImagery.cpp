// Imagery through GDAL: open any raster, check its bands and georeferencing,
// choose the warped grid (the elevation model's, scaled; or WGS 84 degrees
// over the imagery's own ground), warp with GDAL's warper into a MEM dataset
// with a destination alpha band, then stretch (or copy) the bands into RGBA8
// and flip as the elevation model was flipped.
#include "dem/DemImagery.h"

#include "dem/DemDataset.h"
#include "dem/DemGdal.h"
#include "dem/TileTemplate.h"

#include <cpl_conv.h>
#include <cpl_string.h>
#include <gdal_alg.h>
#include <gdal_priv.h>
#include <gdalwarper.h>
#include <ogr_spatialref.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <memory>
#include <optional>
#include <string_view>
#include <system_error>

namespace dem {

namespace {

constexpr int kWarpedAlphaBand = 4;

[[noreturn]] void fail(const std::filesystem::path& path, std::string_view problem)
{
    throw heightmap::HeightmapError("imagery '" + path.string() + "' " + std::string(problem));
}

const DemGrid& demGridFor(const std::filesystem::path& path, const TerrainSource& terrain)
{
    const std::string needs =
        "needs an elevation model with georeferencing to lie on: '" + terrain.heightmap.sourcePath + "' ";
    if (!terrain.dem) {
        fail(path, needs + "is a PNG heightmap");
    }
    if (!terrain.dem->grid) {
        fail(path, needs + "has none (" + terrain.dem->extentSource + ")");
    }
    return *terrain.dem->grid;
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

using TransformerHandle = std::unique_ptr<void, void (*)(void*)>;

TransformerHandle transformer(GDALDatasetH source, GDALDatasetH target, char** options)
{
    return TransformerHandle(GDALCreateGenImgProjTransformer2(source, target, options),
                             [](void* argument) { GDALDestroyGenImgProjTransformer(argument); });
}

// Imagery texels per elevation model sample (along each axis) at the
// imagery's own resolution, measured at the model's centre: the source
// pixels under one sample there. Local, so that a source over the whole
// Earth (a tile service) gives its resolution where the model lies.
std::optional<double> nativeScale(GDALDataset& source, const DemGrid& dem)
{
    const std::string target = "DST_SRS=" + dem.crsWkt;
    std::array<char*, 2> options{const_cast<char*>(target.c_str()), nullptr};
    const TransformerHandle toDem = transformer(GDALDataset::ToHandle(&source), nullptr, options.data());
    if (!toDem) {
        return std::nullopt;
    }
    // The model's centre and the points one sample along its columns and
    // rows, in its CRS, taken back to the source's pixels.
    const std::array<double, 6>& g = dem.geoTransform;
    const double column = 0.5 * dem.columns;
    const double row = 0.5 * dem.rows;
    std::array<double, 3> x{g[0] + column * g[1] + row * g[2], g[0] + (column + 1.0) * g[1] + row * g[2],
                            g[0] + column * g[1] + (row + 1.0) * g[2]};
    std::array<double, 3> y{g[3] + column * g[4] + row * g[5], g[3] + (column + 1.0) * g[4] + row * g[5],
                            g[3] + column * g[4] + (row + 1.0) * g[5]};
    std::array<double, 3> z{};
    std::array<int, 3> transformed{};
    if (GDALGenImgProjTransform(toDem.get(), TRUE, 3, x.data(), y.data(), z.data(), transformed.data()) == FALSE ||
        transformed[0] == 0 || transformed[1] == 0 || transformed[2] == 0) {
        return std::nullopt;
    }
    const double area = std::abs((x[1] - x[0]) * (y[2] - y[0]) - (x[2] - x[0]) * (y[1] - y[0]));
    return std::isfinite(area) && area > 0.0 ? std::optional<double>(std::sqrt(area)) : std::nullopt;
}

// The elevation model's grid over the same ground, `width` x `height` texels.
struct WarpGrid {
    std::uint32_t width = 1;
    std::uint32_t height = 1;
    std::array<double, 6> geoTransform{};
    GDALResampleAlg resampling = GRA_Bilinear;
    // The source's pixels (at its own resolution) along one texel.
    double sourcePixelsPerTexel = 1.0;
};

WarpGrid warpGridFor(GDALDataset& source, const DemGrid& dem, std::uint32_t maxTexels)
{
    const double native = nativeScale(source, dem).value_or(1.0);
    const double cap = static_cast<double>(maxTexels) / static_cast<double>(std::max(dem.columns, dem.rows));
    const double scale = std::min(std::max(native, 1.0), cap);
    WarpGrid grid;
    const auto texels = [&](std::uint32_t samples) {
        return static_cast<std::uint32_t>(std::clamp(std::lround(samples * scale), 1L, static_cast<long>(maxTexels)));
    };
    grid.width = texels(dem.columns);
    grid.height = texels(dem.rows);
    const double alongColumns = static_cast<double>(dem.columns) / grid.width;
    const double alongRows = static_cast<double>(dem.rows) / grid.height;
    grid.geoTransform = dem.geoTransform;
    grid.geoTransform[1] *= alongColumns;
    grid.geoTransform[4] *= alongColumns;
    grid.geoTransform[2] *= alongRows;
    grid.geoTransform[5] *= alongRows;
    // Many imagery texels to one: their average, not a sample of four.
    grid.resampling = native > 1.5 * scale ? GRA_Average : GRA_Bilinear;
    grid.sourcePixelsPerTexel = native / scale;
    return grid;
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

// A grid of WGS 84 degrees over the ground `source` covers, at its own
// resolution there within `maxTexels` a side.
WarpGrid geographicGridFor(const std::filesystem::path& path, GDALDataset& source, const std::string& wkt,
                           std::uint32_t maxTexels)
{
    const GdalErrorCapture errors;
    const std::string target = "DST_SRS=" + wkt;
    std::array<char*, 2> options{const_cast<char*>(target.c_str()), nullptr};
    const TransformerHandle toDegrees = transformer(GDALDataset::ToHandle(&source), nullptr, options.data());
    std::array<double, 6> t{};
    int pixels = 0;
    int lines = 0;
    if (!toDegrees ||
        GDALSuggestedWarpOutput(GDALDataset::ToHandle(&source), GDALGenImgProjTransform, toDegrees.get(), t.data(),
                                &pixels, &lines) != CE_None ||
        pixels < 1 || lines < 1) {
        fail(path, "can not be placed on WGS 84 degrees" + errors.detail());
    }
    const double scale = std::min(1.0, static_cast<double>(maxTexels) / static_cast<double>(std::max(pixels, lines)));
    WarpGrid grid;
    grid.width = static_cast<std::uint32_t>(std::clamp(std::lround(pixels * scale), 1L, static_cast<long>(maxTexels)));
    grid.height = static_cast<std::uint32_t>(std::clamp(std::lround(lines * scale), 1L, static_cast<long>(maxTexels)));
    grid.geoTransform = t;
    grid.geoTransform[1] *= static_cast<double>(pixels) / grid.width;
    grid.geoTransform[5] *= static_cast<double>(lines) / grid.height;
    grid.resampling = scale < 1.0 / 1.5 ? GRA_Average : GRA_Bilinear;
    grid.sourcePixelsPerTexel = 1.0 / scale;
    return grid;
}

int* bandList(std::initializer_list<int> bands)
{
    auto* list = static_cast<int*>(CPLMalloc(sizeof(int) * bands.size()));
    std::copy(bands.begin(), bands.end(), list);
    return list;
}

// The coarsest overview of `source` whose pixels are no larger than `grid`'s
// texels, opened as a dataset of its own (GDAL's OVERVIEW_LEVEL open
// option); none when no overview is (or the source has none). A large
// source (an orthophoto COG, a tile service down to its finest level) is
// then read at the resolution the texels need, not whole.
GdalDatasetHandle overviewFor(GDALDataset& source, const WarpGrid& grid)
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
        if (factor <= grid.sourcePixelsPerTexel && factor > chosenFactor) {
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

// An alpha band of the source that is not one of the colour bands, or 0.
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

// The chosen bands warped onto `grid` (bands 1 to 3) with the coverage as
// band 4 (0 where no imagery lies, 255 where it does).
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

std::array<double, 2> stretchRangeOf(std::vector<double> values)
{
    if (values.empty()) {
        return {0.0, 0.0};
    }
    const auto rank = [&](double fraction) {
        const auto index = static_cast<std::size_t>(std::lround(fraction * static_cast<double>(values.size() - 1)));
        std::nth_element(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(index), values.end());
        return values[index];
    };
    const double low = rank(0.02);
    const double high = rank(0.98);
    return {low, high};
}

std::uint8_t stretched(double value, const std::array<double, 2>& range)
{
    const double width = range[1] - range[0];
    if (!(width > 0.0)) {
        return 128;
    }
    const double unit = std::clamp((value - range[0]) / width, 0.0, 1.0);
    return static_cast<std::uint8_t>(std::lround(unit * 255.0));
}

namespace {

// The warped imagery as RGBA8: 8-bit bands as they are, others stretched;
// flipped as the grid it lies on was (`flipRows`, `flipColumns`). Fails with
// `emptyProblem` when no texel holds imagery.
Imagery imageryOf(const std::filesystem::path& path, GDALDataset& warpedImagery, const WarpGrid& grid, bool bytes,
                  bool flipRows, bool flipColumns, std::string_view emptyProblem)
{
    const std::vector<float> alpha = readWarpedBand(path, warpedImagery, kWarpedAlphaBand);
    if (std::none_of(alpha.begin(), alpha.end(), [](float value) { return value > 0.0f; })) {
        fail(path, emptyProblem);
    }
    Imagery imagery;
    imagery.width = grid.width;
    imagery.height = grid.height;
    imagery.stretched = !bytes;
    imagery.sourcePath = path.string();
    imagery.rgba.resize(alpha.size() * 4);
    const auto destination = [&](std::size_t index) {
        const std::size_t x = index % grid.width;
        const std::size_t y = index / grid.width;
        return (flipRows ? grid.height - 1 - y : y) * grid.width + (flipColumns ? grid.width - 1 - x : x);
    };
    for (int channel = 0; channel < 3; ++channel) {
        const std::vector<float> values = readWarpedBand(path, warpedImagery, channel + 1);
        std::array<double, 2> range{0.0, 255.0};
        if (!bytes) {
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
            imagery.rgba[destination(i) * 4 + static_cast<std::size_t>(channel)] =
                bytes ? static_cast<std::uint8_t>(std::clamp(std::lround(value), 0L, 255L)) : stretched(value, range);
        }
    }
    for (std::size_t i = 0; i < alpha.size(); ++i) {
        imagery.rgba[destination(i) * 4 + 3] =
            static_cast<std::uint8_t>(std::clamp(std::lround(static_cast<double>(alpha[i])), 0L, 255L));
    }
    return imagery;
}

}  // namespace

Imagery loadImagery(const std::filesystem::path& path, const TerrainSource& terrain, const ImageryOptions& options)
{
    const DemGrid& dem = demGridFor(path, terrain);
    const GdalDatasetHandle source = openImagery(path);
    const bool bytes = checkBands(path, *source, options.bands);
    checkGeoreferencing(path, *source);
    const WarpGrid grid = warpGridFor(*source, dem, options.maxTexels);
    // An overview's bands may not say which is alpha: the file's do.
    const GdalDatasetHandle overview = overviewFor(*source, grid);
    const GdalDatasetHandle warpedImagery =
        warped(path, overview ? *overview : *source, sourceAlphaBand(*source, options.bands), dem.crsWkt, grid,
               options.bands, bytes ? GDT_Byte : GDT_Float32);
    return imageryOf(path, *warpedImagery, grid, bytes, dem.flipRows, dem.flipColumns,
                     "does not overlap the elevation model '" + terrain.heightmap.sourcePath + "'");
}

Imagery loadGeographicImagery(const std::filesystem::path& path, const ImageryOptions& options)
{
    const GdalDatasetHandle file = openImagery(path);
    const bool bytes = checkBands(path, *file, options.bands);
    const std::string wkt = wgs84Wkt();
    const GdalDatasetHandle placed =
        options.wholeEarthWhenUngeoreferenced ? placedOnTheWholeEarth(path, *file, wkt) : nullptr;
    GDALDataset* const source = placed ? placed.get() : file.get();
    checkGeoreferencing(path, *source);
    const WarpGrid grid = geographicGridFor(path, *source, wkt, options.maxTexels);
    const GdalDatasetHandle overview = overviewFor(*source, grid);
    const GdalDatasetHandle warpedImagery =
        warped(path, overview ? *overview : *source, sourceAlphaBand(*source, options.bands), wkt, grid, options.bands,
               bytes ? GDT_Byte : GDT_Float32);
    Imagery imagery = imageryOf(path, *warpedImagery, grid, bytes, false, false, "holds no imagery where it lies");
    const std::array<double, 6>& t = grid.geoTransform;
    imagery.geographic = GeographicBounds{t[0], t[3] + t[5] * grid.height, t[0] + t[1] * grid.width, t[3]};
    return imagery;
}

}  // namespace dem
