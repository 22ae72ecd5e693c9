#include "dem/DemStreaming.h"

#include "dem/DemDataset.h"
#include "dem/DemGdal.h"
#include "dem/DemReadScale.h"
#include "dem/DemSampleRules.h"
#include "dem/DemTileReader.h"
#include "dem/NoDataDistance.h"
#include "text/TextParsing.h"

#include <gdal_priv.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace dem {

namespace {

// The heights of two raw values of the band (its minimum and maximum, in
// either order once scaled), clamped to the heights the loader accepts;
// empty when not finite.
std::optional<HeightRange> rangeOfRawValues(const SampleRules& rules, double first, double second)
{
    const double a = rules.metresOf(first);
    const double b = rules.metresOf(second);
    if (!std::isfinite(a) || !std::isfinite(b)) {
        return std::nullopt;
    }
    const auto clamped = [](double metres) { return std::clamp(metres, -kMaxDemHeightMetres, kMaxDemHeightMetres); };
    return HeightRange{clamped(std::min(a, b)), clamped(std::max(a, b))};
}

// The lowest and highest height of every valid sample, as the loader keeps
// them (single precision). Strips GDAL can not read are left out (the base's
// range widens the result); empty without any valid sample.
std::optional<HeightRange> exactHeightRange(GDALRasterBand& band, const SampleRules& rules, std::uint32_t columns,
                                            std::uint32_t rows)
{
    const ReadScale scale = readScaleAt(columns, rows, 1);
    const std::uint32_t stripRows = rowsPerStrip(columns, rows);
    std::vector<double> strip(std::size_t{stripRows} * columns);
    std::vector<std::uint8_t> mask(strip.size(), 1);
    double lowest = std::numeric_limits<double>::infinity();
    double highest = -std::numeric_limits<double>::infinity();
    for (std::uint32_t firstRow = 0; firstRow < rows; firstRow += stripRows) {
        const std::uint32_t count = std::min(stripRows, rows - firstRow);
        if (readRows(band, scale, firstRow, count, strip.data(), GDT_Float64) != CE_None) {
            continue;
        }
        if (rules.validityBand != nullptr &&
            readRows(*rules.validityBand, scale, firstRow, count, mask.data(), GDT_Byte) != CE_None) {
            continue;
        }
        const std::size_t samples = std::size_t{count} * columns;
        for (std::size_t i = 0; i < samples; ++i) {
            const ConvertedSample sample = rules.convert(strip[i], mask[i] == 0);
            if (sample.kind == SampleKind::Height) {
                const auto height = static_cast<double>(static_cast<float>(sample.metres));
                lowest = std::min(lowest, height);
                highest = std::max(highest, height);
            }
        }
    }
    if (!(lowest <= highest)) {
        return std::nullopt;
    }
    return HeightRange{lowest, highest};
}

// A finite number of GDAL's metadata; empty when absent or not one.
std::optional<double> numberOf(const char* text)
{
    return text != nullptr ? text::parseNumber(text::trimmed(text)) : std::nullopt;
}

// The range the band states (STATISTICS_MINIMUM and _MAXIMUM, which
// prepare writes) in its raw values, when it states a valid one.
std::optional<std::array<double, 2>> statedRawRange(GDALRasterBand& band)
{
    const std::optional<double> minimum = numberOf(band.GetMetadataItem("STATISTICS_MINIMUM"));
    const std::optional<double> maximum = numberOf(band.GetMetadataItem("STATISTICS_MAXIMUM"));
    if (minimum && maximum && *minimum <= *maximum) {
        return std::array<double, 2>{*minimum, *maximum};
    }
    return std::nullopt;
}

// The streaming range before the base widens it (DemStreaming.h).
std::optional<HeightRange> fileHeightRange(const std::filesystem::path& path, GDALRasterBand& band,
                                           const SampleRules& rules, std::uint32_t columns, std::uint32_t rows)
{
    if (const std::optional<std::array<double, 2>> stated = statedRawRange(band)) {
        return rangeOfRawValues(rules, (*stated)[0], (*stated)[1]);
    }
    // Reading every sample is for small local files without overviews: a
    // remote file would be downloaded whole before the first frame.
    if (std::uint64_t{columns} * rows <= kMaxSamplesForExactRange && band.GetOverviewCount() == 0 &&
        !isGdalVirtualName(path)) {
        return exactHeightRange(band, rules, columns, rows);
    }
    double minimumAndMaximum[2] = {0.0, 0.0};
    if (band.ComputeRasterMinMax(TRUE, minimumAndMaximum) != CE_None) {
        return std::nullopt;
    }
    // The approximation comes from an overview or a subsample, whose extremes
    // are milder than the file's: leave room for those.
    const double margin = kApproximateRangeMargin * (minimumAndMaximum[1] - minimumAndMaximum[0]);
    return rangeOfRawValues(rules, minimumAndMaximum[0] - margin, minimumAndMaximum[1] + margin);
}

// The base's distances to no-data (StreamedDem::baseDistanceToNoData), from
// the samples its read found no-data (all data while it is pending), which
// it then no longer keeps.
void setBaseDistancesToNoData(StreamedDem& streamed)
{
    if (streamed.noDataDistanceReach == 0) {
        return;
    }
    const heightmap::Heightmap& base = streamed.base.heightmap;
    const std::uint32_t reach = noDataDistanceReach(streamed.noDataDistanceReach, streamed.layout.levelCount());
    std::vector<std::uint8_t> isData = std::exchange(streamed.base.dataMask, {});
    isData.resize(std::size_t{base.width} * base.height, 1);
    streamed.baseDistanceToNoData = noDataDistances(isData, base.width, base.height, reach);
}

}  // namespace

StreamedDem openStreamedDem(const std::filesystem::path& path, const heightmap::HeightmapLimits& baseLimits,
                            const StreamedDemOptions& options)
{
    std::uint32_t columns = 0;
    std::uint32_t rows = 0;
    std::uint32_t reduction = 2;
    std::optional<HeightRange> range;
    bool costlyBase = false;
    // A remote file whose range it states: its base may come later too.
    bool remoteStatedRange = false;
    {
        const GdalErrorCapture quiet;
        // Approximate statistics stay in memory, not beside the file.
        const GdalAuxiliaryFilesOff noAuxiliaryFiles;
        const GdalDatasetHandle dataset = openElevationDataset(path);
        GDALRasterBand& band = elevationBand(path, *dataset);
        if (dataset->GetRasterXSize() <= 0 || dataset->GetRasterYSize() <= 0) {
            failElevationModel(path, "is empty (" + std::to_string(dataset->GetRasterXSize()) + "x" +
                                         std::to_string(dataset->GetRasterYSize()) + " samples)");
        }
        columns = static_cast<std::uint32_t>(dataset->GetRasterXSize());
        rows = static_cast<std::uint32_t>(dataset->GetRasterYSize());
        const std::optional<ReadScale> required = readScaleFor(columns, rows, baseLimits);
        if (!required) {
            failElevationModel(path, "is " + std::to_string(columns) + "x" + std::to_string(rows) +
                                         ", too large for the limit of " + std::to_string(baseLimits.maxTexels) +
                                         " samples");
        }
        reduction = std::max<std::uint32_t>(required->reduction, 2);
        const auto levels = static_cast<std::uint32_t>(std::countr_zero(reduction));
        if (levels > tiles::TilePyramidLayout::kMaxLevels) {
            failElevationModel(path, "is too large to stream: its base at 1/" + std::to_string(reduction) +
                                         " would leave " + std::to_string(levels) + " levels to stream, more than " +
                                         std::to_string(tiles::TilePyramidLayout::kMaxLevels));
        }
        const SampleRules rules = sampleRulesOf(path, *dataset, band);
        range = fileHeightRange(path, band, rules, columns, rows);
        costlyBase = band.GetOverviewCount() == 0 && std::uint64_t{columns} * rows > options.backgroundBaseAboveSamples;
        remoteStatedRange = isRemoteName(path) && statedRawRange(band).has_value();
    }
    tiles::TilePyramidLayout layout(columns, rows, options.tileSize,
                                    static_cast<std::uint32_t>(std::countr_zero(reduction)));
    DemLoadOverrides overrides;
    overrides.landOnlySea = options.landOnlySea;
    if (range && options.landOnlySea) {
        range->minimumMetres = std::min(range->minimumMetres, -options.landOnlySea->depthMetres);
    }
    overrides.heightRange = range;
    // A base that may be read later has its range fixed before it is read,
    // whenever that is (a stated range is the samples' own).
    const bool laterBase = costlyBase || remoteStatedRange;
    overrides.widenRangeToSamples = !laterBase;
    overrides.reduction = reduction;
    overrides.keepDataMask = options.noDataDistanceReach > 0;
    StreamedDem streamed{{}, std::move(layout), nullptr, std::nullopt, options.landOnlySea, options.noDataDistanceReach,
                         {}};
    if (laterBase && range && options.baseTiming == StreamedBaseTiming::LaterWhenCostly) {
        DemLoadOverrides placeholder = overrides;
        placeholder.placeholderSamples = true;
        streamed.base = loadDem(path, baseLimits, placeholder);
        streamed.pendingBase = PendingBaseRead{path, baseLimits, overrides, costlyBase};
    } else {
        streamed.base = loadDem(path, baseLimits, overrides);
    }
    streamed.base.metadata.streamedLevels = streamed.layout.levelCount();
    setBaseDistancesToNoData(streamed);
    streamed.fillSamples = std::make_shared<StreamedBaseSamples>(streamed.base.heightmap.samples);
    return streamed;
}

StreamedDem openStreamedDem(const std::filesystem::path& path, const heightmap::HeightmapLimits& baseLimits,
                            std::uint32_t tileSize)
{
    StreamedDemOptions options;
    options.tileSize = tileSize;
    return openStreamedDem(path, baseLimits, options);
}

StreamedBaseSamples::StreamedBaseSamples(std::vector<std::uint16_t> samples)
    : samples_(std::make_shared<const std::vector<std::uint16_t>>(std::move(samples)))
{
}

std::shared_ptr<const std::vector<std::uint16_t>> StreamedBaseSamples::get() const
{
    const std::lock_guard lock(mutex_);
    return samples_;
}

void StreamedBaseSamples::replace(std::vector<std::uint16_t> samples)
{
    auto replacement = std::make_shared<const std::vector<std::uint16_t>>(std::move(samples));
    const std::lock_guard lock(mutex_);
    if (replacement->size() != samples_->size()) {
        throw std::invalid_argument("StreamedBaseSamples: " + std::to_string(replacement->size()) +
                                    " samples replace " + std::to_string(samples_->size()));
    }
    samples_ = std::move(replacement);
}

void placeStreamedBase(StreamedDem& streamed, DemTerrain base)
{
    if (!streamed.pendingBase) {
        throw std::logic_error("placeStreamedBase: the base of '" + base.heightmap.sourcePath + "' is not pending");
    }
    streamed.base = std::move(base);
    streamed.fillSamples->replace(streamed.base.heightmap.samples);
    streamed.pendingBase.reset();
    setBaseDistancesToNoData(streamed);
}

StreamedBaseReader::StreamedBaseReader(PendingBaseRead read)
    : read_([progress = progress_, read = std::move(read)](std::stop_token stop) mutable {
          read.overrides.stop = std::move(stop);
          read.overrides.progress = [progress](double share) { progress->store(share); };
          return loadDem(read.path, read.limits, read.overrides);
      })
{
}

std::unique_ptr<tiles::TileReader> makeDemTileReader(const std::filesystem::path& path, const StreamedDem& dem)
{
    return std::make_unique<DemTileReader>(path, dem);
}

void setGdalCacheBytes(std::size_t bytes)
{
    GDALSetCacheMax64(static_cast<GIntBig>(std::min<std::size_t>(bytes, std::numeric_limits<GIntBig>::max())));
}

}  // namespace dem
