// Digital elevation models (DEMs) read through GDAL: GeoTIFF, SRTM .hgt,
// NetCDF grids, Arc/Info ASCII grids, ESRI .hdr/.bil, USGS ASCII DEMs, DTED,
// Erdas Imagine .img, XYZ tables, Surfer grids, VTP .bt and VRT mosaics of
// them, under any name GDAL resolves: a local file, a remote one
// ("/vsicurl/https://host/dem.tif"), one in an archive ("/vsizip/..."), ...
// (see DemDataset.h).
//
// The renderer samples a normalised 16-bit texture, so a DEM becomes a
// heightmap::Heightmap whose range min..max (metres) maps to 0..65535, plus a
// DemMetadata holding the real metres: the height range, the ground extent
// from the georeferencing and how many no-data samples were filled.
//
// What the loader accepts and refuses (every refusal is a HeightmapError with
// one line naming the file and the problem):
// - one band of real samples (8/16/32-bit integers, 32/64-bit floats), or
//   one band plus an alpha band (alpha 0 = no data). Complex samples,
//   colour (RGB, palette) and other multi-band rasters are refused.
// - sizes are checked against the HeightmapLimits before any sample is read;
//   a raster larger than they allow is read at the finest power-of-two
//   reduction that fits, block averages served from its overviews where it
//   has them (DemReadScale.h). Without overviews, one that would need more
//   than HeightmapLimits::maxSamplesReadWithoutOverviews samples read is
//   refused.
// - no-data samples (the band's no-data value, a NaN no-data value, a mask or
//   alpha band) are filled from their valid neighbours (DemNoDataFill.h),
//   or become sea where DemLoadOverrides::landOnlySea asks (DemLandOnlySea.h);
//   a raster with no valid sample at all is refused.
// - NaN and infinite samples are refused, unless NaN is the band's declared
//   no-data value; a height beyond +-kMaxDemHeightMetres (an undeclared
//   no-data marker such as -1e34) is refused too.
// - heights are the band's values times its scale plus its offset, in the
//   band's unit (metres when the unit is empty or unknown; feet and
//   centimetres are converted).
// - row 0 of the heightmap is the northern edge (top of a north-up image) and
//   column 0 the western edge: a south-up or east-to-west grid is flipped.
#pragma once

#include "dem/DemLandOnlySea.h"
#include "heightmap/Heightmap.h"

#include <array>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>
#include <stop_token>
#include <string>
#include <vector>

class GDALDataset;

namespace dem {

// Heights further from sea level than this are refused (Earth's relief spans
// about -11 km to +9 km; this bound leaves room for other bodies and units).
inline constexpr double kMaxDemHeightMetres = 1.0e6;

// Ground size of the whole raster in metres: X along the columns (west to
// east), Z along the rows (north to south).
struct GroundExtent {
    double xMetres = 0.0;
    double zMetres = 0.0;
};

// The heightmap's grid in the file's terms, for draping another raster over
// the heightmap (dem::loadImagery) and placing geodetic points on it: GDAL's
// geotransform (scaled to the heightmap's samples when the file was read
// reduced) and the CRS, and the flips the loader applied to put north on row
// 0 and west on column 0.
struct DemGrid {
    std::array<double, 6> geoTransform{0.0, 1.0, 0.0, 0.0, 0.0, 1.0};
    std::string crsWkt;
    std::uint32_t columns = 0;
    std::uint32_t rows = 0;
    bool flipRows = false;     // the file's last row is the heightmap's row 0 (a south-up file)
    bool flipColumns = false;  // the file's last column is the heightmap's column 0
    // Heights above the ellipsoid, not sea level (dem/VerticalDatum.h).
    bool ellipsoidalHeights = false;
};

struct DemMetadata {
    double minimumHeightMetres = 0.0;  // height of heightmap sample 0
    double maximumHeightMetres = 0.0;  // height of heightmap sample 65535
    // Empty when the file has no usable georeferencing.
    std::optional<GroundExtent> extent;
    // Where `extent` comes from, or why there is none, for messages:
    // "geographic degrees (WGS 84) at latitude 39.0", "no georeferencing", ...
    std::string extentSource;
    // Geodetic latitude of the raster's centre (geographic CRS, or a
    // projected one transformed to its datum); empty without an extent.
    std::optional<double> centreLatitudeDegrees;
    std::uint64_t noDataCount = 0;  // samples that were no-data and were filled (damaged ones included)
    // Samples that became sea, no-data or 0 m (DemLoadOverrides::landOnlySea).
    std::uint64_t seaCount = 0;
    // Problems the load got around, one line each (damaged blocks of the
    // file, dem/DemBlockRecovery.h); the viewer prints them as warnings.
    std::vector<std::string> warnings;
    // The file's size, and the power-of-two reduction it was read at to fit
    // the heightmap limits (1: full resolution; dem/DemReadScale.h).
    std::uint32_t fileColumns = 0;
    std::uint32_t fileRows = 0;
    std::uint32_t reduction = 1;
    // Levels finer than the heightmap whose tiles are streamed on demand
    // (dem/DemStreaming.h); 0 when the heightmap is all there is.
    std::uint32_t streamedLevels = 0;
    std::string driverName;  // GDAL's short name: "GTiff", "SRTMHGT", "netCDF", ...
    // Empty when `extent` is: no usable georeferencing.
    std::optional<DemGrid> grid;

    // maximumHeightMetres - minimumHeightMetres (0 for a flat raster).
    double heightRangeMetres() const noexcept;
    // Metres of a heightmap sample value (0..65535).
    double heightOfSample(std::uint16_t sample) const noexcept;
};

struct DemTerrain {
    heightmap::Heightmap heightmap;  // bitDepth 16, min..max mapped to 0..65535
    DemMetadata metadata;
    // Empty unless asked for (DemLoadOverrides::keepDataMask): per sample of
    // the heightmap, 1 where it is the file's own, 0 where it was filled.
    std::vector<std::uint8_t> dataMask;
};

// Reads a DEM through GDAL. Throws HeightmapError.
DemTerrain loadDem(const std::filesystem::path& path, const heightmap::HeightmapLimits& limits);

struct HeightRange {
    double minimumMetres = 0.0;
    double maximumMetres = 0.0;
};

// What a caller can force on loadDem instead of what the file gives (the
// streamed elevation models of dem/DemStreaming.h read their base so).
struct DemLoadOverrides {
    // Quantise this range (minimum -> 0, maximum -> 65535) instead of the
    // samples' lowest and highest: heights outside it clamp to it. It becomes
    // the metadata's minimum and maximum.
    std::optional<HeightRange> heightRange;
    // With heightRange: widen it to hold the samples' own lowest and highest.
    bool widenRangeToSamples = false;
    // Read at this power-of-two reduction (dem/DemReadScale.h), which must be
    // at least the one `limits` require (else HeightmapError).
    std::optional<std::uint32_t> reduction;
    // With heightRange: read no sample. Everything but the samples is as a
    // full read gives it (sizes, georeferencing, driver); every sample is
    // kPlaceholderSample and noDataCount is 0. For a base whose samples are
    // read later, in the background (dem/DemStreaming.h).
    bool placeholderSamples = false;
    // Asked between row strips: once a stop is requested, loadDem throws
    // DemLoadStopped.
    std::stop_token stop;
    // Called after each row strip with the share of the rows read (0..1].
    std::function<void(double)> progress;
    // For the globe: when the model has no bathymetry, its no-data holes
    // that meet the coast become sea (dem/DemLandOnlySea.h) before the
    // others are filled. With heightRange (and without widening), the range
    // must reach down to the sea's depth for the sea to keep it.
    std::optional<LandOnlySea> landOnlySea;
    // Keep which samples are the file's own (DemTerrain::dataMask).
    bool keepDataMask = false;
};

// The sample of a placeholder heightmap: the middle of its range.
inline constexpr std::uint16_t kPlaceholderSample = 32768;

// What loadDem throws when DemLoadOverrides::stop asked it to stop.
class DemLoadStopped : public std::runtime_error {
public:
    DemLoadStopped() : std::runtime_error("the elevation model's read was stopped") {}
};

// loadDem with `overrides`. Throws std::invalid_argument for a reduction that
// is not a power of two, a range that is not finite with minimum <= maximum,
// or placeholder samples without a range.
DemTerrain loadDem(const std::filesystem::path& path, const heightmap::HeightmapLimits& limits,
                   const DemLoadOverrides& overrides);

struct StreamedDem;

// A terrain as the viewer loads it: a heightmap, plus the real-world metres
// when it came from a DEM (a PNG has none: its extent and height scale come
// from the command line), and, for a DEM whose tiles are streamed, what the
// tile reader needs (dem/DemStreaming.h): the heightmap is then its coarse
// level.
struct TerrainSource {
    heightmap::Heightmap heightmap;
    std::optional<DemMetadata> dem;
    std::shared_ptr<const StreamedDem> streamed;
};

struct SampleRules;

// The grid of `dataset` at the file's own resolution, georeferenced as the
// loader does it (WGS 84 where it assumes it) with the flips of `rules`;
// empty without usable georeferencing.
std::optional<DemGrid> fileGridOf(GDALDataset& dataset, const SampleRules& rules);

enum class TerrainFileKind { Png, Dem };

// Png when the local file starts with the PNG signature or its extension is
// ".png" (any case); Dem otherwise, and always for a name only GDAL resolves
// ("/vsicurl/...", "/vsizip/...", an inline VRT).
TerrainFileKind terrainFileKindOf(const std::filesystem::path& path);

// loadHeightmapPng for a local PNG, loadDem for anything else. Throws
// HeightmapError.
TerrainSource loadTerrainSource(const std::filesystem::path& path, const heightmap::HeightmapLimits& limits);

}  // namespace dem
