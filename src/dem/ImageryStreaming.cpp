// The tiles of streamed imagery (dem/DemImagery.h): each warped from the
// source as the texture was, onto its window of its level's grid; where the
// source gives nothing (a tile service's 404, a tile GDAL can not read) its
// texels are transparent, and the shaders take the coarser level there, with
// one warning the first time.
#include "dem/DemImagery.h"
#include "dem/ImageryWarp.h"
#include "dem/TileTemplate.h"
#include "heightmap/Heightmap.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <memory>
#include <utility>

namespace dem::imagery {

namespace {

// The zoom level of a tile service's level of 256-pixel tiles (one raster:
// its own, or an overview).
int zoomLevelOf(GDALDataset& level)
{
    return static_cast<int>(std::lround(std::log2(std::max(level.GetRasterXSize(), 256) / 256.0)));
}

class ImageryTileReader final : public tiles::TileReader {
public:
    ImageryTileReader(TileWarp warp, tiles::TilePyramidLayout layout)
        : warp_(std::move(warp)),
          layout_(layout),
          file_(openImagery(warp_.path)),
          wholeEarth_(warp_.options.wholeEarthWhenUngeoreferenced
                          ? placedOnTheWholeEarth(warp_.path, *file_, wgs84Wkt())
                          : nullptr),
          alphaBand_(sourceAlphaBand(source(), warp_.options.bands))
    {
    }

    tiles::Tile read(const tiles::TileKey& key) override
    {
        if (!layout_.contains(key)) {
            throw std::invalid_argument("ImageryTileReader: a tile outside the pyramid");
        }
        const std::uint32_t side = layout_.storedSize();
        const std::uint32_t columns = layout_.levelColumns(key.level);
        const std::uint32_t rows = layout_.levelRows(key.level);
        const WarpGrid& zero = warp_.levelZero;
        const WarpGrid level =
            gridOver(zero.geoTransform, zero.width, zero.height, columns, rows, zero.sourcePixelsPerTexel);
        // The tile's window in the heightmap's orientation, then the file's.
        const auto first = [&](std::uint32_t index, std::uint32_t count, bool flipped) {
            const auto start = static_cast<double>(index) * layout_.tileSize();
            return flipped ? static_cast<double>(count) - start - side : start;
        };
        const double column = first(key.column, columns, warp_.flipColumns);
        const double row = first(key.row, rows, warp_.flipRows);
        WarpGrid window = level;
        window.width = side;
        window.height = side;
        const std::array<double, 6>& g = level.geoTransform;
        window.geoTransform[0] = g[0] + column * g[1] + row * g[2];
        window.geoTransform[3] = g[3] + column * g[4] + row * g[5];

        tiles::Tile tile;
        tile.key = key;
        try {
            GDALDataset* const overview = overviewOf(key.level, level.sourcePixelsPerTexel);
            GDALDataset& read = overview != nullptr ? *overview : source();
            const GdalDatasetHandle warpedBands =
                warped(warp_.path, read, alphaBand_, warp_.crsWkt, window, warp_.options.bands,
                       warp_.scaling.bytes ? GDT_Byte : GDT_Float32);
            if (tileService_ && !warnedOfAMissingServiceTile_ && emptyTexelsOverTheSource(read, *warpedBands) > 0) {
                warnedOfAMissingServiceTile_ = true;
                warnings_.push_back("imagery '" + warp_.path.string() + "': the tile service has no tile for part of " +
                                    "a tile of level " + std::to_string(key.level) + " (zoom level " +
                                    std::to_string(zoomLevelOf(read)) +
                                    "; HTTP 404 or 204, or a transparent tile); the coarser level stands in wherever " +
                                    "its tiles are missing");
            }
            BandScaling scaling = warp_.scaling;
            rgbaOf(warp_.path, *warpedBands, warp_.flipRows, warp_.flipColumns, scaling, false, tile.colours);
        } catch (const heightmap::HeightmapError& problem) {
            if (!warnedOfAFailedTile_) {
                warnedOfAFailedTile_ = true;
                warnings_.push_back(std::string(problem.what()) + " (a tile of level " + std::to_string(key.level) +
                                    "); the coarser level stands in for the tiles it can not give");
            }
            tile.colours.assign(std::size_t{side} * side * 4, 0);
        }
        return tile;
    }

    std::vector<std::string> takeWarnings() override { return std::exchange(warnings_, {}); }

private:
    GDALDataset& source() const { return wholeEarth_ ? *wholeEarth_ : *file_; }

    // The coarsest overview whose pixels are no larger than the level's
    // texels, opened once per level; nullptr for the source itself.
    GDALDataset* overviewOf(std::uint32_t level, double sourcePixelsPerTexel)
    {
        auto [it, added] = overviews_.try_emplace(level);
        if (added) {
            it->second = overviewFor(source(), sourcePixelsPerTexel);
        }
        return it->second.get();
    }

    TileWarp warp_;
    tiles::TilePyramidLayout layout_;
    GdalDatasetHandle file_;
    GdalDatasetHandle wholeEarth_;  // reads file_
    int alphaBand_ = 0;
    std::map<std::uint32_t, GdalDatasetHandle> overviews_;
    std::vector<std::string> warnings_;
    bool warnedOfAFailedTile_ = false;
    bool tileService_ = isTileTemplate(warp_.path.string());
    bool warnedOfAMissingServiceTile_ = false;
};

}  // namespace

ImageryStreaming streamingOf(TileWarp warp, std::uint32_t levels)
{
    const tiles::TilePyramidLayout layout(warp.levelZero.width, warp.levelZero.height, kImageryTileSize, levels);
    return ImageryStreaming{
        layout, [warp = std::move(warp), layout] { return std::make_unique<ImageryTileReader>(warp, layout); }};
}

}  // namespace dem::imagery
