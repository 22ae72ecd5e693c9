// DEM loading through GDAL: open any name GDAL resolves (DemDataset.h), check
// the band layout and size before reading anything, read the samples in row
// strips (converting units and catching no-data, NaN, infinite and absurd
// values), fill the holes, and quantise min..max to 16 bits.
#include "dem/DemLoader.h"

#include "dem/DemBlockRecovery.h"
#include "dem/DemDataset.h"
#include "dem/DemGdal.h"
#include "dem/DemGeoreference.h"
#include "dem/DemNoDataFill.h"
#include "dem/DemReadScale.h"
#include "dem/DemSampleRules.h"
#include "dem/VerticalDatum.h"

#include <cpl_conv.h>
#include <gdal_priv.h>
#include <ogr_spatialref.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <memory>
#include <optional>
#include <span>
#include <stdexcept>
#include <string_view>
#include <vector>

namespace dem {

double DemMetadata::heightRangeMetres() const noexcept
{
    return maximumHeightMetres - minimumHeightMetres;
}

double DemMetadata::heightOfSample(std::uint16_t sample) const noexcept
{
    return heightOfQuantised(sample, minimumHeightMetres, maximumHeightMetres);
}

namespace {

// 1 / the share of samples that may be unreadable (and filled) before a file
// counts as truncated.
constexpr std::uint64_t kMaxUnreadableShare = 4;

[[noreturn]] void fail(const std::filesystem::path& path, std::string_view problem)
{
    failElevationModel(path, problem);
}

void checkNotEmpty(const std::filesystem::path& path, GDALDataset& dataset)
{
    const int columns = dataset.GetRasterXSize();
    const int rows = dataset.GetRasterYSize();
    if (columns <= 0 || rows <= 0)
        fail(path, "is empty (" + std::to_string(columns) + "x" + std::to_string(rows) + " samples)");
}

// The file's size, or the reduction that fits `limits` (DemReadScale.h) or
// the one forced (no finer than that), refused when it would read more than
// limits.maxSamplesReadWithoutOverviews.
ReadScale readScaleOf(const std::filesystem::path& path, GDALDataset& dataset, GDALRasterBand& band,
                      const heightmap::HeightmapLimits& limits, std::optional<std::uint32_t> forcedReduction)
{
    const auto columns = static_cast<std::uint32_t>(dataset.GetRasterXSize());
    const auto rows = static_cast<std::uint32_t>(dataset.GetRasterYSize());
    const std::string size = std::to_string(columns) + "x" + std::to_string(rows);
    std::optional<ReadScale> scale = readScaleFor(columns, rows, limits);
    if (!scale)
        fail(path, "is " + size + ", too large for the limit of " + std::to_string(limits.maxTexels) + " samples");
    if (forcedReduction) {
        if (!std::has_single_bit(*forcedReduction)) {
            throw std::invalid_argument("loadDem: the reduction " + std::to_string(*forcedReduction) +
                                        " is not a power of two");
        }
        if (*forcedReduction < scale->reduction) {
            fail(path, "is " + size + ", too large to read at 1/" + std::to_string(*forcedReduction) +
                           " within the limit of " + std::to_string(limits.maxTexels) + " samples (1/" +
                           std::to_string(scale->reduction) + " fits)");
        }
        scale = readScaleAt(columns, rows, *forcedReduction);
    }
    if (scale->reduced() && samplesReadFor(band, *scale) > limits.maxSamplesReadWithoutOverviews) {
        fail(path, "is " + size + " samples without overviews to read it at 1/" + std::to_string(scale->reduction) +
                       " from (more than the " + std::to_string(limits.maxSamplesReadWithoutOverviews) +
                       " samples read without them); add them (cbt-terrain prepare IN OUT.tif writes a copy "
                       "with overviews)");
    }
    return *scale;
}

// Metadata of a CF NetCDF grid whose axes are in degrees but that declares no
// CRS (as the ETOPO grids): geographic WGS 84 is assumed.
bool hasCfDegreeAxes(GDALDataset& dataset)
{
    bool east = false;
    bool north = false;
    for (char** item = dataset.GetMetadata(); item != nullptr && *item != nullptr; ++item) {
        const std::string entry = lowerCase(*item);
        const auto equals = entry.find('=');
        if (equals == std::string::npos || !entry.substr(0, equals).ends_with("#units"))
            continue;
        east = east || entry.substr(equals + 1) == "degrees_east";
        north = north || entry.substr(equals + 1) == "degrees_north";
    }
    return east && north;
}

// A geotransform that declares no CRS but whose grid is a whole turn of
// longitude in degrees (360 of them in its columns, or 360 between its
// first and last column, from -180 or from 0) and whose rows lie within the
// poles (half a row of slack each way): a global model in geographic
// degrees, whose file (an ASCII grid, an XYZ table) can not say so. No grid in
// metres has those numbers.
bool spansTheGlobeInDegrees(const std::array<double, 6>& t, std::uint32_t columns, std::uint32_t rows)
{
    const double dx = std::abs(t[1]);
    const double dy = std::abs(t[5]);
    if (t[2] != 0.0 || t[4] != 0.0 || !(dx > 0.0) || !(dy > 0.0) || columns < 2 || rows < 1) {
        return false;
    }
    const double span = columns * dx;
    const bool wholeTurn = std::abs(span - 360.0) <= 0.5 * dx || std::abs((columns - 1) * dx - 360.0) <= 0.5 * dx;
    const double west = t[1] > 0.0 ? t[0] : t[0] - span;
    const bool fromAWindowStart = west >= -180.0 - dx && west <= dx;
    const double north = t[5] < 0.0 ? t[3] : t[3] + rows * dy;
    const double south = north - rows * dy;
    return wholeTurn && fromAWindowStart && north <= 90.0 + 0.5 * dy && south >= -90.0 - 0.5 * dy;
}

// The latitude of the grid's centre in a projected CRS: the centre
// transformed to the CRS's own geographic CRS (its datum). Empty when PROJ
// cannot transform it.
std::optional<double> projectedCentreLatitude(const OGRSpatialReference& crs, const std::array<double, 6>& t,
                                              std::uint32_t columns, std::uint32_t rows)
{
    auto [x, y] = gridCentreOf(t, columns, rows);
    OGRSpatialReference source(crs);
    source.SetAxisMappingStrategy(OAMS_TRADITIONAL_GIS_ORDER);
    const std::unique_ptr<OGRSpatialReference, void (*)(OGRSpatialReference*)> geographic(
        source.CloneGeogCS(),
        [](OGRSpatialReference* reference) { OGRSpatialReference::DestroySpatialReference(reference); });
    if (!geographic) {
        return std::nullopt;
    }
    geographic->SetAxisMappingStrategy(OAMS_TRADITIONAL_GIS_ORDER);
    const std::unique_ptr<OGRCoordinateTransformation, void (*)(OGRCoordinateTransformation*)> transform(
        OGRCreateCoordinateTransformation(&source, geographic.get()),
        [](OGRCoordinateTransformation* created) { OGRCoordinateTransformation::DestroyCT(created); });
    std::optional<double> latitude;
    if (transform && transform->Transform(1, &x, &y) && std::isfinite(y) && std::abs(y) <= 90.0) {
        latitude = y;
    }
    return latitude;
}

// The ground extent (sampleRulesOf takes the flips from the geotransform).
GroundExtentResult georeferenceOf(GDALDataset& dataset, std::uint32_t columns, std::uint32_t rows)
{
    GridGeoreference georeference;
    if (dataset.GetGeoTransform(georeference.geoTransform.data()) != CE_None) {
        return {std::nullopt, "no georeferencing in the file", std::nullopt};
    }
    const std::array<double, 6>& t = georeference.geoTransform;
    const OGRSpatialReference* crs = dataset.GetSpatialRef();
    if (crs != nullptr && !crs->IsEmpty()) {
        if (crs->IsGeographic()) {
            georeference.crsKind = CrsKind::Geographic;
            georeference.angularUnitRadians = crs->GetAngularUnits(nullptr);
            georeference.semiMajorAxisMetres = crs->GetSemiMajor(nullptr);
            georeference.inverseFlattening = crs->GetInvFlattening(nullptr);
        } else if (crs->IsProjected() || crs->IsLocal()) {
            georeference.crsKind = CrsKind::Projected;
            georeference.linearUnitMetres = crs->GetLinearUnits(nullptr);
        } else {
            return {std::nullopt, "georeferencing ignored: its CRS is neither geographic nor projected", std::nullopt};
        }
        const char* name = crs->GetName();
        georeference.crsName = name != nullptr ? name : "";
    } else if (hasCfDegreeAxes(dataset)) {
        georeference.crsKind = CrsKind::Geographic;
        georeference.crsName = "degrees_east/degrees_north, WGS 84 assumed";
    } else if (spansTheGlobeInDegrees(t, columns, rows)) {
        georeference.crsKind = CrsKind::Geographic;
        georeference.crsName = "a whole turn of longitude in degrees, WGS 84 assumed";
    } else {
        return {std::nullopt, "georeferencing ignored: the file has a geotransform but no coordinate system",
                std::nullopt};
    }
    GroundExtentResult result = groundExtentOf(georeference, columns, rows);
    if (result.extent && georeference.crsKind == CrsKind::Projected && crs != nullptr) {
        result.centreLatitudeDegrees = projectedCentreLatitude(*crs, t, columns, rows);
    }
    return result;
}

// The file's grid and CRS (WGS 84 where the loader assumed it), when the
// georeferencing gave an extent.
std::optional<DemGrid> demGridOf(GDALDataset& dataset, const GroundExtentResult& extent, const SampleRules& rules,
                                 const ReadScale& scale)
{
    DemGrid grid;
    if (!extent.extent || dataset.GetGeoTransform(grid.geoTransform.data()) != CE_None) {
        return std::nullopt;
    }
    grid.geoTransform = scale.reducedGeoTransform(grid.geoTransform);
    OGRSpatialReference crs;
    if (const OGRSpatialReference* own = dataset.GetSpatialRef(); own != nullptr && !own->IsEmpty()) {
        crs = *own;
    } else {
        crs.SetWellKnownGeogCS("WGS84");
    }
    char* wkt = nullptr;
    if (crs.exportToWkt(&wkt) != OGRERR_NONE || wkt == nullptr) {
        CPLFree(wkt);
        return std::nullopt;
    }
    grid.crsWkt = wkt;
    CPLFree(wkt);
    grid.ellipsoidalHeights = heightsAreEllipsoidal(crs);
    grid.columns = scale.columns;
    grid.rows = scale.rows;
    grid.flipRows = rules.flipRows;
    grid.flipColumns = rules.flipColumns;
    return grid;
}

// Samples in row strips. With `recoverBlocks` (a format whose blocks are
// read independently: GeoTIFF) a strip that fails is read again block by
// block; otherwise, or once a quarter of the samples is lost (a file missing
// that much is truncated or corrupt, not a terrain with holes), the load fails.
ElevationGrid readElevationGrid(const std::filesystem::path& path, GDALRasterBand& band, const SampleRules& rules,
                                const ReadScale& scale, bool recoverBlocks, const DemLoadOverrides& overrides)
{
    const std::uint32_t columns = scale.columns;
    const std::uint32_t rows = scale.rows;
    ElevationGrid grid;
    const std::size_t sampleCount = std::size_t{columns} * rows;
    grid.heights.resize(sampleCount);
    grid.valid.resize(sampleCount);
    const std::uint32_t stripRows = rowsPerStrip(columns, rows);
    std::vector<double> strip(std::size_t{stripRows} * columns);
    std::vector<std::uint8_t> mask(rules.validityBand != nullptr ? strip.size() : 0);
    std::vector<std::uint8_t> damageMask;
    std::string firstFailure;
    for (std::uint32_t firstRow = 0; firstRow < rows; firstRow += stripRows) {
        if (overrides.stop.stop_requested()) {
            throw DemLoadStopped();
        }
        const std::uint32_t count = std::min(stripRows, rows - firstRow);
        const std::size_t stripSamples = std::size_t{count} * columns;
        const GdalTransferDiagnostics transfers;
        const GdalErrorCapture errors;
        // A reduced read averages the validity too: 0 only where every
        // sample of the block is no-data.
        bool read = readRows(band, scale, firstRow, count, strip.data(), GDT_Float64) == CE_None;
        if (read && rules.validityBand != nullptr) {
            read = readRows(*rules.validityBand, scale, firstRow, count, mask.data(), GDT_Byte) == CE_None;
        }
        if (!read && !errors.transferFailure().empty()) {
            // A server that gave no answer would give none block by block.
            fail(path, transferFailureProblem(errors.transferFailure()));
        }
        if (!read) {
            const std::string failure = "is truncated or corrupt: rows " + scale.fileRowsText(firstRow, count) +
                                        " can not be read" + errors.detail();
            if (!recoverBlocks) {
                fail(path, failure);
            }
            // Lose only the damaged blocks (DemBlockRecovery.h), while they
            // stay under a quarter of the samples.
            damageMask.resize(strip.size());
            const std::uint64_t budget = sampleCount / kMaxUnreadableShare - grid.damage.unreadable;
            const StripRecovery damage = readStripAroundDamage(
                band, rules.validityBand, scale, firstRow, count, std::span<double>(strip.data(), stripSamples),
                std::span<std::uint8_t>(damageMask.data(), stripSamples), budget);
            if (firstFailure.empty()) {
                firstFailure = failure;
            }
            grid.damage.add(damage);
            if (grid.damage.unreadable >= sampleCount / kMaxUnreadableShare) {
                fail(path, firstFailure);
            }
        }
        const std::vector<std::uint8_t>& stripMask = read ? mask : damageMask;
        convertStrip(path, rules, std::span<const double>(strip.data(), stripSamples),
                     std::span<const std::uint8_t>(stripMask.data(), stripMask.empty() ? 0 : stripSamples), columns,
                     rows, firstRow, grid);
        if (overrides.progress) {
            overrides.progress(static_cast<double>(firstRow + count) / static_cast<double>(rows));
        }
    }
    return grid;
}

heightmap::Heightmap quantised(const std::filesystem::path& path, const ElevationGrid& grid, std::uint32_t columns,
                               std::uint32_t rows, double minimum, double maximum)
{
    heightmap::Heightmap heightmap;
    heightmap.width = columns;
    heightmap.height = rows;
    heightmap.bitDepth = 16;
    heightmap.sourcePath = path.string();
    heightmap.samples.resize(grid.heights.size());
    for (std::size_t i = 0; i < grid.heights.size(); ++i) {
        heightmap.samples[i] = quantisedHeight(grid.heights[i], minimum, maximum);
    }
    return heightmap;
}

}  // namespace

std::optional<DemGrid> fileGridOf(GDALDataset& dataset, const SampleRules& rules)
{
    const auto columns = static_cast<std::uint32_t>(dataset.GetRasterXSize());
    const auto rows = static_cast<std::uint32_t>(dataset.GetRasterYSize());
    return demGridOf(dataset, georeferenceOf(dataset, columns, rows), rules, readScaleAt(columns, rows, 1));
}

DemTerrain loadDem(const std::filesystem::path& path, const heightmap::HeightmapLimits& limits)
{
    return loadDem(path, limits, DemLoadOverrides{});
}

DemTerrain loadDem(const std::filesystem::path& path, const heightmap::HeightmapLimits& limits,
                   const DemLoadOverrides& overrides)
{
    if (const std::optional<HeightRange>& range = overrides.heightRange;
        range && !(std::isfinite(range->minimumMetres) && std::isfinite(range->maximumMetres) &&
                   range->minimumMetres <= range->maximumMetres)) {
        throw std::invalid_argument("loadDem: the height range " + numberText(range->minimumMetres) + " to " +
                                    numberText(range->maximumMetres) + " is not a finite range");
    }
    if (overrides.placeholderSamples && !overrides.heightRange) {
        throw std::invalid_argument("loadDem: placeholder samples need a height range");
    }
    // GDAL reports what it meets (a damaged directory, a tag it ignores)
    // through its error handler: keep all of it off stderr; every refusal
    // is one line of its own.
    const GdalErrorCapture quiet;
    const GdalDatasetHandle dataset = openElevationDataset(path);
    checkNotEmpty(path, *dataset);
    GDALRasterBand& band = elevationBand(path, *dataset);
    const ReadScale scale = readScaleOf(path, *dataset, band, limits, overrides.reduction);
    const std::uint32_t columns = scale.columns;
    const std::uint32_t rows = scale.rows;

    const SampleRules rules = sampleRulesOf(path, *dataset, band);
    GroundExtentResult extent = georeferenceOf(*dataset, scale.fileColumns, scale.fileRows);
    const char* driver = dataset->GetDriverName();
    const bool independentBlocks = driver != nullptr && std::string_view(driver) == "GTiff";
    ElevationGrid grid;
    DemTerrain terrain;
    if (!overrides.placeholderSamples) {
        grid = readElevationGrid(path, band, rules, scale, independentBlocks, overrides);
        if (grid.noDataCount == grid.heights.size()) {
            fail(path, "has no valid sample: all " + std::to_string(grid.noDataCount) + " samples are no-data");
        }
        if (overrides.landOnlySea) {
            const double metresPerRow = extent.extent ? extent.extent->zMetres / rows : 0.0;
            terrain.metadata.seaCount =
                markLandOnlySea(grid.heights, grid.valid, columns, rows, metresPerRow, *overrides.landOnlySea)
                    .seaSamples;
        }
        if (overrides.keepDataMask) {
            terrain.dataMask = grid.valid;
        }
        fillNoData(grid.heights, grid.valid, columns, rows);
        const auto [lowest, highest] = std::minmax_element(grid.heights.begin(), grid.heights.end());
        terrain.metadata.minimumHeightMetres = static_cast<double>(*lowest);
        terrain.metadata.maximumHeightMetres = static_cast<double>(*highest);
    } else {
        terrain.metadata.minimumHeightMetres = overrides.heightRange->minimumMetres;
        terrain.metadata.maximumHeightMetres = overrides.heightRange->maximumMetres;
    }
    if (overrides.heightRange) {
        const bool widen = overrides.widenRangeToSamples;
        const double minimum = overrides.heightRange->minimumMetres;
        const double maximum = overrides.heightRange->maximumMetres;
        terrain.metadata.minimumHeightMetres =
            widen ? std::min(minimum, terrain.metadata.minimumHeightMetres) : minimum;
        terrain.metadata.maximumHeightMetres =
            widen ? std::max(maximum, terrain.metadata.maximumHeightMetres) : maximum;
    }
    if (extent.extent) {
        if (std::optional<std::string> problem =
                implausibleExtentProblem(*extent.extent, terrain.metadata.heightRangeMetres())) {
            terrain.metadata.warnings.push_back(*problem);
            extent = GroundExtentResult{std::nullopt, std::move(*problem), std::nullopt};
        }
    }
    terrain.metadata.extent = extent.extent;
    terrain.metadata.extentSource = std::move(extent.description);
    terrain.metadata.centreLatitudeDegrees = extent.centreLatitudeDegrees;
    terrain.metadata.grid = demGridOf(*dataset, extent, rules, scale);
    terrain.metadata.fileColumns = scale.fileColumns;
    terrain.metadata.fileRows = scale.fileRows;
    terrain.metadata.reduction = scale.reduction;
    terrain.metadata.noDataCount = grid.noDataCount;
    if (grid.damage.damaged() > 0) {
        terrain.metadata.warnings.push_back(grid.damage.describe(scale));
    }
    terrain.metadata.driverName = driver != nullptr ? driver : "";
    if (overrides.placeholderSamples) {
        terrain.heightmap.width = columns;
        terrain.heightmap.height = rows;
        terrain.heightmap.bitDepth = 16;
        terrain.heightmap.sourcePath = path.string();
        terrain.heightmap.samples.assign(std::size_t{columns} * rows, kPlaceholderSample);
        return terrain;
    }
    terrain.heightmap = quantised(path, grid, columns, rows, terrain.metadata.minimumHeightMetres,
                                  terrain.metadata.maximumHeightMetres);
    return terrain;
}

}  // namespace dem
