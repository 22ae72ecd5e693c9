#include "dem/DemSampleRules.h"

#include "dem/DemDataset.h"
#include "dem/DemLoader.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <sstream>

namespace dem {

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

bool SampleRules::isNoData(double value) const
{
    if (!hasNoData)
        return false;
    if (noDataIsNaN)
        return std::isnan(value);
    if (compareNoDataAsFloat)
        return static_cast<float>(value) == static_cast<float>(noDataValue);
    return value == noDataValue;
}

ConvertedSample SampleRules::convert(double value, bool masked) const
{
    if (masked || isNoData(value))
        return {SampleKind::NoData, 0.0};
    if (std::isnan(value))
        return {SampleKind::NaN, value};
    if (std::isinf(value))
        return {SampleKind::Infinite, value};
    const double metres = metresOf(value);
    if (!(std::abs(metres) <= kMaxDemHeightMetres))
        return {SampleKind::OutOfRange, metres};
    return {SampleKind::Height, metres};
}

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
        failElevationModel(
            path, "has an invalid height scale " + numberText(rules.scale) + " or offset " + numberText(rules.offset));
    }
    rules.metresPerUnit = metresPerHeightUnit(band.GetUnitType());
    std::array<double, 6> t{};
    if (dataset.GetGeoTransform(t.data()) == CE_None && t[2] == 0.0 && t[4] == 0.0) {
        rules.flipRows = t[5] > 0.0;
        rules.flipColumns = t[1] < 0.0;
    }
    return rules;
}

std::string invalidSampleProblem(const ConvertedSample& sample, std::uint32_t column, std::uint32_t row)
{
    const std::string where = " at column " + std::to_string(column) + ", row " + std::to_string(row);
    switch (sample.kind) {
        case SampleKind::NaN:
            return "has a NaN sample" + where + " (declare NaN as the band's no-data value if it marks holes)";
        case SampleKind::Infinite: return "has an infinite sample" + where;
        case SampleKind::OutOfRange:
            return "has a height of " + numberText(sample.metres) + " metres" + where + ", beyond +-" +
                   numberText(kMaxDemHeightMetres) + " (an undeclared no-data value?)";
        case SampleKind::Height:
        case SampleKind::NoData: break;
    }
    return "has a valid sample" + where;
}

void convertStrip(const std::filesystem::path& path, const SampleRules& rules, std::span<const double> strip,
                  std::span<const std::uint8_t> mask, std::uint32_t columns, std::uint32_t rows, std::uint32_t firstRow,
                  ElevationGrid& grid)
{
    for (std::size_t i = 0; i < strip.size(); ++i) {
        const auto column = static_cast<std::uint32_t>(i % columns);
        const auto row = static_cast<std::uint32_t>(firstRow + i / columns);
        const std::size_t destination = std::size_t{rules.flipRows ? rows - 1 - row : row} * columns +
                                        (rules.flipColumns ? columns - 1 - column : column);
        const ConvertedSample sample = rules.convert(strip[i], !mask.empty() && mask[i] == 0);
        if (sample.kind == SampleKind::NoData) {
            grid.heights[destination] = 0.0f;
            grid.valid[destination] = 0;
            ++grid.noDataCount;
            continue;
        }
        if (sample.kind != SampleKind::Height)
            failElevationModel(path, invalidSampleProblem(sample, column, row));
        grid.heights[destination] = static_cast<float>(sample.metres);
        grid.valid[destination] = 1;
    }
}

std::uint16_t quantisedHeight(float metres, double minimum, double maximum)
{
    const double range = maximum - minimum;
    const double unit = range > 0.0 ? (static_cast<double>(metres) - minimum) / range : 0.0;
    return static_cast<std::uint16_t>(std::lround(std::clamp(unit, 0.0, 1.0) * 65535.0));
}

double heightOfQuantised(std::uint16_t sample, double minimum, double maximum)
{
    return minimum + (maximum - minimum) * static_cast<double>(sample) / 65535.0;
}

}  // namespace dem
