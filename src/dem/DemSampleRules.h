// How a raw sample of an elevation model becomes a height in metres or a
// no-data sample: the band's no-data value, its mask or alpha band, its scale,
// offset and unit, the refusal of NaN, infinite and absurd values, and the
// flips that put north on row 0 and west on column 0. Shared by the loader
// (loadDem) and the tile reader (makeDemTileReader), so that a streamed tile
// holds exactly the values the loader would give at the same reduction.
#pragma once

#include "dem/DemBlockRecovery.h"

#include <gdal_priv.h>

#include <cstdint>
#include <filesystem>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace dem {

// A number for messages: up to 9 significant digits.
std::string numberText(double value);
std::string lowerCase(std::string_view text);

// Metres per unit of the band's heights; an empty or unknown unit is metres.
double metresPerHeightUnit(std::string_view unit);

enum class SampleKind {
    Height,      // a valid height
    NoData,      // the no-data value, or masked out
    NaN,         // NaN that is not the declared no-data value
    Infinite,    // +-infinity
    OutOfRange,  // beyond +-kMaxDemHeightMetres once converted
};

struct ConvertedSample {
    SampleKind kind = SampleKind::NoData;
    double metres = 0.0;  // the converted height (also for OutOfRange)
};

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

    [[nodiscard]] bool isNoData(double value) const;
    // `masked`: the validity band marks the sample as no-data.
    [[nodiscard]] ConvertedSample convert(double value, bool masked) const;
    // The height of a raw value by scale, offset and unit alone.
    [[nodiscard]] double metresOf(double value) const { return (value * scale + offset) * metresPerUnit; }
};

// The rules of `band` of `dataset`, the flips from its geotransform (only an
// axis-aligned one flips). Throws HeightmapError for an invalid scale or
// offset.
SampleRules sampleRulesOf(const std::filesystem::path& path, GDALDataset& dataset, GDALRasterBand& band);

// "has a NaN sample at column C, row R (...)": why the loader refuses a
// sample that is neither a height nor no-data (the file's column and row).
std::string invalidSampleProblem(const ConvertedSample& sample, std::uint32_t column, std::uint32_t row);

// The loader's heights in heightmap orientation.
struct ElevationGrid {
    std::vector<float> heights;       // metres, north row first
    std::vector<std::uint8_t> valid;  // 0 where the sample is no-data
    std::uint64_t noDataCount = 0;
    StripRecovery damage;  // samples of blocks the file could not give
};

// Converts `strip`, rows [firstRow, ...) of a columns x rows read in the
// file's orientation (`mask`, when not empty, 0 where the validity band marks
// no-data), into `grid`, flipped into heightmap orientation. Throws
// HeightmapError at the first invalid sample.
void convertStrip(const std::filesystem::path& path, const SampleRules& rules, std::span<const double> strip,
                  std::span<const std::uint8_t> mask, std::uint32_t columns, std::uint32_t rows, std::uint32_t firstRow,
                  ElevationGrid& grid);

// The 16-bit sample of a height as the loader stores it: `minimum` -> 0,
// `maximum` -> 65535, clamped (0 for an empty range).
std::uint16_t quantisedHeight(float metres, double minimum, double maximum);
// The height of such a sample: `minimum` + its share of the range.
double heightOfQuantised(std::uint16_t sample, double minimum, double maximum);

}  // namespace dem
