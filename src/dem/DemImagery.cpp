// Imagery through GDAL: open any raster, check its bands and georeferencing,
// choose the warped grid (the elevation model's, scaled; or WGS 84 degrees
// over the imagery's own ground) and, where the imagery streams, the levels
// of tiles below it; warp with GDAL's warper into a MEM dataset with a
// destination alpha band, then stretch (or copy) the bands into RGBA8 and
// flip as the elevation model was flipped (dem/ImageryWarp.h).
#include "dem/DemImagery.h"

#include "dem/ImageryWarp.h"

#include <gdal_alg.h>
#include <gdal_priv.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <optional>
#include <string_view>

namespace dem {

namespace {

using imagery::fail;

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

// Imagery texels per elevation model sample (along each axis) at the
// imagery's own resolution, measured at the model's centre: the source
// pixels under one sample there. Local, so that a source over the whole
// Earth (a tile service) gives its resolution where the model lies.
std::optional<double> nativeScale(GDALDataset& source, const DemGrid& dem)
{
    const std::string target = "DST_SRS=" + dem.crsWkt;
    std::array<char*, 2> options{const_cast<char*>(target.c_str()), nullptr};
    const imagery::TransformerHandle toDem =
        imagery::transformer(GDALDataset::ToHandle(&source), nullptr, options.data());
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

// The texture's grid of imagery, and the streamed levels below it.
struct ImageryPlacement {
    std::uint32_t levels = 0;
    imagery::WarpGrid texture;
};

// Imagery over the ground of a grid of `groundColumns` x `groundRows`
// texels at `geoTransform`, each `sourcePixelsPerGroundTexel` of the
// source's pixels, whose own resolution is `finerBy` times that grid's.
ImageryPlacement placed(const std::array<double, 6>& geoTransform, std::uint32_t groundColumns,
                        std::uint32_t groundRows, double sourcePixelsPerGroundTexel, double finerBy,
                        const ImageryOptions& options)
{
    const double columns = groundColumns * finerBy;
    const double rows = groundRows * finerBy;
    ImageryPlacement placement;
    placement.levels = imagery::streamedLevels(columns, rows, options.maxTexels, options.stream);
    const double scale = std::min(1.0, static_cast<double>(options.maxTexels) / std::max(columns, rows));
    // A texel's worth of rounding below a whole count is that count.
    constexpr double kTolerance = 1.0e-6;
    const auto texels = [&](double count) {
        const double reduced =
            placement.levels > 0 ? std::ceil(count * std::ldexp(1.0, -static_cast<int>(placement.levels)) - kTolerance)
                                 : std::round(count * scale);
        return static_cast<std::uint32_t>(std::clamp(reduced, 1.0, static_cast<double>(options.maxTexels)));
    };
    // Levels whose tiles the page table can not index are left out, the
    // finest first.
    while (placement.levels > 0 &&
           imagery::tileEntries(texels(columns), texels(rows), placement.levels) > kMaxImageryTileEntries) {
        --placement.levels;
    }
    placement.texture = imagery::gridOver(geoTransform, groundColumns, groundRows, texels(columns), texels(rows),
                                          sourcePixelsPerGroundTexel);
    return placement;
}

// The imagery of `source` warped onto `placement`'s texture in `crsWkt`,
// flipped as said, with the tiles below when it streams.
Imagery warpedImagery(const std::filesystem::path& path, GDALDataset& source, const std::string& crsWkt,
                      const ImageryPlacement& placement, bool bytes, bool flipRows, bool flipColumns,
                      const ImageryOptions& options, std::string_view emptyProblem)
{
    const imagery::WarpGrid& grid = placement.texture;
    // An overview's bands may not say which is alpha: the file's do.
    const GdalDatasetHandle overview = imagery::overviewFor(source, grid.sourcePixelsPerTexel);
    const GdalDatasetHandle warpedBands =
        imagery::warped(path, overview ? *overview : source, imagery::sourceAlphaBand(source, options.bands), crsWkt,
                        grid, options.bands, bytes ? GDT_Byte : GDT_Float32);
    Imagery result;
    result.width = grid.width;
    result.height = grid.height;
    result.stretched = !bytes;
    result.sourcePath = path.string();
    imagery::BandScaling scaling{bytes, {}};
    if (imagery::rgbaOf(path, *warpedBands, flipRows, flipColumns, scaling, true, result.rgba) == 0) {
        fail(path, emptyProblem);
    }
    if (placement.levels > 0) {
        const std::uint32_t finer = 1u << placement.levels;
        imagery::TileWarp warp{path,
                               options,
                               crsWkt,
                               imagery::gridOver(grid.geoTransform, grid.width, grid.height, grid.width * finer,
                                                 grid.height * finer, grid.sourcePixelsPerTexel),
                               flipRows,
                               flipColumns,
                               scaling};
        result.streaming = imagery::streamingOf(std::move(warp), placement.levels);
    }
    return result;
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

Imagery loadImagery(const std::filesystem::path& path, const TerrainSource& terrain, const ImageryOptions& options)
{
    const DemGrid& dem = demGridFor(path, terrain);
    const GdalDatasetHandle source = imagery::openImagery(path);
    const bool bytes = imagery::checkBands(path, *source, options.bands);
    imagery::checkGeoreferencing(path, *source);
    // The model's grid, at the imagery's resolution where that is finer.
    const double native = nativeScale(*source, dem).value_or(1.0);
    const ImageryPlacement placement =
        placed(dem.geoTransform, dem.columns, dem.rows, native, std::max(native, 1.0), options);
    return warpedImagery(path, *source, dem.crsWkt, placement, bytes, dem.flipRows, dem.flipColumns, options,
                         "does not overlap the elevation model '" + terrain.heightmap.sourcePath + "'");
}

Imagery loadGeographicImagery(const std::filesystem::path& path, const ImageryOptions& options)
{
    const GdalDatasetHandle file = imagery::openImagery(path);
    const bool bytes = imagery::checkBands(path, *file, options.bands);
    const std::string wkt = imagery::wgs84Wkt();
    const GdalDatasetHandle onTheWholeEarth =
        options.wholeEarthWhenUngeoreferenced ? imagery::placedOnTheWholeEarth(path, *file, wkt) : nullptr;
    GDALDataset* const source = onTheWholeEarth ? onTheWholeEarth.get() : file.get();
    imagery::checkGeoreferencing(path, *source);
    // A grid of WGS 84 degrees over the ground the source covers, at its
    // own resolution there, as GDAL suggests it.
    const GdalErrorCapture errors;
    const std::string target = "DST_SRS=" + wkt;
    std::array<char*, 2> transformOptions{const_cast<char*>(target.c_str()), nullptr};
    const imagery::TransformerHandle toDegrees =
        imagery::transformer(GDALDataset::ToHandle(source), nullptr, transformOptions.data());
    std::array<double, 6> t{};
    int pixels = 0;
    int lines = 0;
    if (!toDegrees ||
        GDALSuggestedWarpOutput(GDALDataset::ToHandle(source), GDALGenImgProjTransform, toDegrees.get(), t.data(),
                                &pixels, &lines) != CE_None ||
        pixels < 1 || lines < 1) {
        fail(path, "can not be placed on WGS 84 degrees" + errors.detail());
    }
    const ImageryPlacement placement =
        placed(t, static_cast<std::uint32_t>(pixels), static_cast<std::uint32_t>(lines), 1.0, 1.0, options);
    Imagery result =
        warpedImagery(path, *source, wkt, placement, bytes, false, false, options, "holds no imagery where it lies");
    const imagery::WarpGrid& grid = placement.texture;
    const std::array<double, 6>& g = grid.geoTransform;
    result.geographic = GeographicBounds{g[0], g[3] + g[5] * grid.height, g[0] + g[1] * grid.width, g[3]};
    return result;
}

}  // namespace dem
