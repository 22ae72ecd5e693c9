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

#include <cpl_conv.h>
#include <gdal_priv.h>
#include <ogr_spatialref.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <memory>
#include <optional>
#include <span>
#include <sstream>
#include <string_view>
#include <vector>

namespace dem {

double DemMetadata::heightRangeMetres() const noexcept
{
    return maximumHeightMetres - minimumHeightMetres;
}

double DemMetadata::heightOfSample(std::uint16_t sample) const noexcept
{
    return minimumHeightMetres + heightRangeMetres() * static_cast<double>(sample) / 65535.0;
}

namespace {

constexpr std::size_t kSamplesPerStrip = std::size_t{1} << 20;
// 1 / the share of samples that may be unreadable (and filled) before a file
// counts as truncated.
constexpr std::uint64_t kMaxUnreadableShare = 4;

[[noreturn]] void fail(const std::filesystem::path& path, std::string_view problem)
{
    failElevationModel(path, problem);
}

std::string numberText(double value)
{
    std::ostringstream text;
    text.precision(9);
    text << value;
    return text.str();
}

std::string lowerCase(std::string_view text)
{
    std::string lower(text);
    std::transform(lower.begin(), lower.end(), lower.begin(),
                   [](char c) { return static_cast<char>(std::tolower(static_cast<unsigned char>(c))); });
    return lower;
}

void checkNotEmpty(const std::filesystem::path& path, GDALDataset& dataset)
{
    const int columns = dataset.GetRasterXSize();
    const int rows = dataset.GetRasterYSize();
    if (columns <= 0 || rows <= 0)
        fail(path, "is empty (" + std::to_string(columns) + "x" + std::to_string(rows) + " samples)");
}

// The file's size, or the reduction that fits `limits` (DemReadScale.h),
// refused when it would read more than limits.maxSamplesReadWithoutOverviews.
ReadScale readScaleOf(const std::filesystem::path& path, GDALDataset& dataset, GDALRasterBand& band,
                      const heightmap::HeightmapLimits& limits)
{
    const auto columns = static_cast<std::uint32_t>(dataset.GetRasterXSize());
    const auto rows = static_cast<std::uint32_t>(dataset.GetRasterYSize());
    const std::string size = std::to_string(columns) + "x" + std::to_string(rows);
    const std::optional<ReadScale> scale = readScaleFor(columns, rows, limits);
    if (!scale)
        fail(path, "is " + size + ", too large for the limit of " + std::to_string(limits.maxTexels) + " samples");
    if (scale->reduced() && samplesReadFor(band, *scale) > limits.maxSamplesReadWithoutOverviews) {
        fail(path, "is " + size + " samples without overviews to read it at 1/" + std::to_string(scale->reduction) +
                       " from; add them (cbt-terrain prepare IN OUT.tif writes a copy with overviews)");
    }
    return *scale;
}

// Metres per unit of the band's heights; an empty or unknown unit is metres.
double metresPerHeightUnit(std::string_view unit)
{
    const std::string name = lowerCase(unit);
    if (name == "ft" || name == "foot" || name == "feet" || name == "international foot")
        return 0.3048;
    if (name == "us survey foot" || name == "us-ft" || name == "ftus")
        return 1200.0 / 3937.0;
    if (name == "cm" || name == "centimetre" || name == "centimetres" || name == "centimeter" ||
        name == "centimeters") {
        return 0.01;
    }
    if (name == "mm" || name == "millimetre" || name == "millimetres" || name == "millimeter" ||
        name == "millimeters") {
        return 0.001;
    }
    if (name == "km" || name == "kilometre" || name == "kilometres" || name == "kilometer" || name == "kilometers") {
        return 1000.0;
    }
    return 1.0;
}

// How a raw sample becomes metres or no-data.
struct SampleRules {
    bool hasNoData = false;
    double noDataValue = 0.0;
    bool noDataIsNaN = false;
    bool compareNoDataAsFloat = false;  // Float32 bands: the no-data value is rounded like the samples
    // Zero samples of this band mark no-data: the alpha band, or GDAL's
    // per-dataset mask (GDAL's own alpha masks only cover Byte/UInt16 alpha).
    GDALRasterBand* validityBand = nullptr;
    double scale = 1.0;
    double offset = 0.0;
    double metresPerUnit = 1.0;
    bool flipRows = false;     // the grid is stored south row first
    bool flipColumns = false;  // the grid is stored east column first

    bool isNoData(double value) const
    {
        if (!hasNoData)
            return false;
        if (noDataIsNaN)
            return std::isnan(value);
        if (compareNoDataAsFloat)
            return static_cast<float>(value) == static_cast<float>(noDataValue);
        return value == noDataValue;
    }
};

SampleRules sampleRulesOf(const std::filesystem::path& path, GDALDataset& dataset, GDALRasterBand& band)
{
    SampleRules rules;
    int hasNoData = 0;
    rules.noDataValue = band.GetNoDataValue(&hasNoData);
    rules.hasNoData = hasNoData != 0;
    rules.noDataIsNaN = rules.hasNoData && std::isnan(rules.noDataValue);
    rules.compareNoDataAsFloat = band.GetRasterDataType() == GDT_Float32;
    const int maskFlags = band.GetMaskFlags();
    if (dataset.GetRasterCount() == 2) {
        rules.validityBand = dataset.GetRasterBand(2);  // elevationBand() checked it is alpha
    } else if ((maskFlags & (GMF_ALL_VALID | GMF_NODATA)) == 0 && (maskFlags & GMF_PER_DATASET) != 0) {
        rules.validityBand = band.GetMaskBand();
    }
    int hasScale = 0;
    int hasOffset = 0;
    const double scale = band.GetScale(&hasScale);
    const double offset = band.GetOffset(&hasOffset);
    if (hasScale != 0)
        rules.scale = scale;
    if (hasOffset != 0)
        rules.offset = offset;
    if (!std::isfinite(rules.scale) || rules.scale == 0.0 || !std::isfinite(rules.offset)) {
        fail(path, "has an invalid height scale " + numberText(rules.scale) + " or offset " + numberText(rules.offset));
    }
    rules.metresPerUnit = metresPerHeightUnit(band.GetUnitType());
    return rules;
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

// The ground extent, and the flips that put north on row 0 and west on
// column 0 (only for an axis-aligned geotransform).
GroundExtentResult georeferenceOf(GDALDataset& dataset, std::uint32_t columns, std::uint32_t rows, SampleRules& rules)
{
    GridGeoreference georeference;
    if (dataset.GetGeoTransform(georeference.geoTransform.data()) != CE_None) {
        return {std::nullopt, "no georeferencing in the file", std::nullopt};
    }
    const std::array<double, 6>& t = georeference.geoTransform;
    if (t[2] == 0.0 && t[4] == 0.0) {
        rules.flipRows = t[5] > 0.0;
        rules.flipColumns = t[1] < 0.0;
    }
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
    grid.columns = scale.columns;
    grid.rows = scale.rows;
    grid.flipRows = rules.flipRows;
    grid.flipColumns = rules.flipColumns;
    return grid;
}

struct ElevationGrid {
    std::vector<float> heights;       // metres, north row first
    std::vector<std::uint8_t> valid;  // 0 where the sample is no-data
    std::uint64_t noDataCount = 0;
    StripRecovery damage;  // samples of blocks the file could not give
};

void convertStrip(const std::filesystem::path& path, const SampleRules& rules, std::span<const double> strip,
                  std::span<const std::uint8_t> mask, std::uint32_t columns, std::uint32_t rows, std::uint32_t firstRow,
                  ElevationGrid& grid)
{
    for (std::size_t i = 0; i < strip.size(); ++i) {
        const auto column = static_cast<std::uint32_t>(i % columns);
        const auto row = static_cast<std::uint32_t>(firstRow + i / columns);
        const std::size_t destination = std::size_t{rules.flipRows ? rows - 1 - row : row} * columns +
                                        (rules.flipColumns ? columns - 1 - column : column);
        const double value = strip[i];
        if ((!mask.empty() && mask[i] == 0) || rules.isNoData(value)) {
            grid.heights[destination] = 0.0f;
            grid.valid[destination] = 0;
            ++grid.noDataCount;
            continue;
        }
        const auto where = [&] { return " at column " + std::to_string(column) + ", row " + std::to_string(row); };
        if (std::isnan(value)) {
            fail(path, "has a NaN sample" + where() + " (declare NaN as the band's no-data value if it marks holes)");
        }
        if (std::isinf(value))
            fail(path, "has an infinite sample" + where());
        const double metres = (value * rules.scale + rules.offset) * rules.metresPerUnit;
        if (!(std::abs(metres) <= kMaxDemHeightMetres)) {
            fail(path, "has a height of " + numberText(metres) + " metres" + where() + ", beyond +-" +
                           numberText(kMaxDemHeightMetres) + " (an undeclared no-data value?)");
        }
        grid.heights[destination] = static_cast<float>(metres);
        grid.valid[destination] = 1;
    }
}

// Samples in row strips. With `recoverBlocks` (a format whose blocks are
// read independently: GeoTIFF) a strip that fails is read again block by
// block; otherwise, or once a quarter of the samples is lost (a file missing
// that much is truncated or corrupt, not a terrain with holes), the load fails.
ElevationGrid readElevationGrid(const std::filesystem::path& path, GDALRasterBand& band, const SampleRules& rules,
                                const ReadScale& scale, bool recoverBlocks)
{
    const std::uint32_t columns = scale.columns;
    const std::uint32_t rows = scale.rows;
    ElevationGrid grid;
    const std::size_t sampleCount = std::size_t{columns} * rows;
    grid.heights.resize(sampleCount);
    grid.valid.resize(sampleCount);
    const std::uint32_t stripRows =
        static_cast<std::uint32_t>(std::clamp<std::size_t>(kSamplesPerStrip / columns, 1, rows));
    std::vector<double> strip(std::size_t{stripRows} * columns);
    std::vector<std::uint8_t> mask(rules.validityBand != nullptr ? strip.size() : 0);
    std::vector<std::uint8_t> damageMask;
    std::string firstFailure;
    for (std::uint32_t firstRow = 0; firstRow < rows; firstRow += stripRows) {
        const std::uint32_t count = std::min(stripRows, rows - firstRow);
        const std::size_t stripSamples = std::size_t{count} * columns;
        const GdalErrorCapture errors;
        // A reduced read averages the validity too: 0 only where every
        // sample of the block is no-data.
        bool read = readRows(band, scale, firstRow, count, strip.data(), GDT_Float64) == CE_None;
        if (read && rules.validityBand != nullptr) {
            read = readRows(*rules.validityBand, scale, firstRow, count, mask.data(), GDT_Byte) == CE_None;
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
    const double range = maximum - minimum;
    for (std::size_t i = 0; i < grid.heights.size(); ++i) {
        const double unit = range > 0.0 ? (static_cast<double>(grid.heights[i]) - minimum) / range : 0.0;
        heightmap.samples[i] = static_cast<std::uint16_t>(std::lround(std::clamp(unit, 0.0, 1.0) * 65535.0));
    }
    return heightmap;
}

}  // namespace

DemTerrain loadDem(const std::filesystem::path& path, const heightmap::HeightmapLimits& limits)
{
    // GDAL reports what it meets (a damaged directory, a tag it ignores)
    // through its error handler: keep all of it off stderr; every refusal
    // is one line of its own.
    const GdalErrorCapture quiet;
    const GdalDatasetHandle dataset = openElevationDataset(path);
    checkNotEmpty(path, *dataset);
    GDALRasterBand& band = elevationBand(path, *dataset);
    const ReadScale scale = readScaleOf(path, *dataset, band, limits);
    const std::uint32_t columns = scale.columns;
    const std::uint32_t rows = scale.rows;

    SampleRules rules = sampleRulesOf(path, *dataset, band);
    GroundExtentResult extent = georeferenceOf(*dataset, scale.fileColumns, scale.fileRows, rules);
    const char* driver = dataset->GetDriverName();
    const bool independentBlocks = driver != nullptr && std::string_view(driver) == "GTiff";
    ElevationGrid grid = readElevationGrid(path, band, rules, scale, independentBlocks);
    if (grid.noDataCount == grid.heights.size()) {
        fail(path, "has no valid sample: all " + std::to_string(grid.noDataCount) + " samples are no-data");
    }
    fillNoData(grid.heights, grid.valid, columns, rows);
    const auto [lowest, highest] = std::minmax_element(grid.heights.begin(), grid.heights.end());

    DemTerrain terrain;
    terrain.metadata.minimumHeightMetres = static_cast<double>(*lowest);
    terrain.metadata.maximumHeightMetres = static_cast<double>(*highest);
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
    terrain.heightmap = quantised(path, grid, columns, rows, terrain.metadata.minimumHeightMetres,
                                  terrain.metadata.maximumHeightMetres);
    return terrain;
}

}  // namespace dem
