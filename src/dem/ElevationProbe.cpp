#include "dem/ElevationProbe.h"

#include "dem/DemDataset.h"
#include "dem/DemLoader.h"
#include "dem/VerticalDatum.h"
#include "geodesy/Angles.h"
#include "geodesy/Wgs84.h"

#include <ogr_spatialref.h>
#include <glm/vec2.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <vector>

namespace dem {

namespace {

// The samples around a point: a window of the file's heights, each empty
// where it is no-data.
class SampleWindow {
public:
    SampleWindow(GDALRasterBand& band, const SampleRules& rules, int firstColumn, int firstRow, int columns, int rows)
        : firstColumn_(firstColumn),
          firstRow_(firstRow),
          columns_(columns),
          rows_(rows),
          heights_(static_cast<std::size_t>(columns * rows))
    {
        std::vector<double> raw(heights_.size());
        std::vector<std::uint8_t> valid(heights_.size(), 1);
        const GdalErrorCapture errors;
        bool read = band.RasterIO(GF_Read, firstColumn, firstRow, columns, rows, raw.data(), columns, rows, GDT_Float64,
                                  0, 0, nullptr) == CE_None;
        if (read && rules.validityBand != nullptr) {
            read = rules.validityBand->RasterIO(GF_Read, firstColumn, firstRow, columns, rows, valid.data(), columns,
                                                rows, GDT_Byte, 0, 0, nullptr) == CE_None;
        }
        if (!read) {
            return;
        }
        for (std::size_t i = 0; i < raw.size(); ++i) {
            const ConvertedSample sample = rules.convert(raw[i], valid[i] == 0);
            if (sample.kind == SampleKind::Height) {
                heights_[i] = sample.metres;
            }
        }
    }

    // The height of file sample (column, row), clamped into the window.
    [[nodiscard]] std::optional<double> at(int column, int row) const
    {
        const int x = std::clamp(column - firstColumn_, 0, columns_ - 1);
        const int y = std::clamp(row - firstRow_, 0, rows_ - 1);
        return heights_[static_cast<std::size_t>(y * columns_ + x)];
    }

private:
    int firstColumn_;
    int firstRow_;
    int columns_;
    int rows_;
    std::vector<std::optional<double>> heights_;
};

// Change of height per sample along the file's columns and rows at sample
// (column, row): central differences, one-sided at the file's edges.
std::optional<glm::dvec2> gradientAt(const SampleWindow& window, int column, int row, int columns, int rows)
{
    const int west = std::max(column - 1, 0);
    const int east = std::min(column + 1, columns - 1);
    const int north = std::max(row - 1, 0);
    const int south = std::min(row + 1, rows - 1);
    const std::optional<double> w = window.at(west, row);
    const std::optional<double> e = window.at(east, row);
    const std::optional<double> n = window.at(column, north);
    const std::optional<double> s = window.at(column, south);
    if (!w || !e || !n || !s || east == west || south == north) {
        return std::nullopt;
    }
    return glm::dvec2((*e - *w) / (east - west), (*s - *n) / (south - north));
}

}  // namespace

ElevationProbe::ElevationProbe(const std::filesystem::path& path) : path_(path), dataset_(openElevationDataset(path))
{
    band_ = &elevationBand(path, *dataset_);
    rules_ = sampleRulesOf(path, *dataset_, *band_);
    columns_ = static_cast<std::uint32_t>(dataset_->GetRasterXSize());
    rows_ = static_cast<std::uint32_t>(dataset_->GetRasterYSize());
    std::optional<DemGrid> grid = fileGridOf(*dataset_, rules_);
    if (!grid) {
        failElevationModel(path, "has no georeferencing to place a latitude and longitude on");
    }
    // The samples as the file stores them.
    grid->flipRows = false;
    grid->flipColumns = false;
    try {
        mapping_ = std::make_unique<GeodeticToHeightmap>(*grid);
    } catch (const GeodeticMappingError& error) {
        failElevationModel(path, error.what());
    }
    if (const OGRSpatialReference* crs = dataset_->GetSpatialRef(); crs != nullptr) {
        ellipsoidalHeights_ = dem::heightsAreEllipsoidal(*crs);
    }
}

PointElevation ElevationProbe::at(double latitudeDegrees, double longitudeDegrees) const
{
    PointElevation result;
    const HeightmapPoint point = mapping_->pointOf(latitudeDegrees, longitudeDegrees);
    const double lastColumn = columns_ - 1.0;
    const double lastRow = rows_ - 1.0;
    result.onModel =
        point.column >= -0.5 && point.row >= -0.5 && point.column <= lastColumn + 0.5 && point.row <= lastRow + 0.5;
    if (!result.onModel) {
        return result;
    }
    const double column = std::clamp(point.column, 0.0, lastColumn);
    const double row = std::clamp(point.row, 0.0, lastRow);
    const int left = std::min(static_cast<int>(column), std::max(static_cast<int>(columns_) - 2, 0));
    const int top = std::min(static_cast<int>(row), std::max(static_cast<int>(rows_) - 2, 0));
    const int firstColumn = std::max(left - 1, 0);
    const int firstRow = std::max(top - 1, 0);
    const SampleWindow window(*band_, rules_, firstColumn, firstRow,
                              std::min(left + 3, static_cast<int>(columns_)) - firstColumn,
                              std::min(top + 3, static_cast<int>(rows_)) - firstRow);
    const double across = std::clamp(column - left, 0.0, 1.0);
    const double down = std::clamp(row - top, 0.0, 1.0);
    const std::array<std::array<int, 2>, 4> corners{
        {{left, top}, {left + 1, top}, {left, top + 1}, {left + 1, top + 1}}};
    const std::array<double, 4> weights{(1.0 - across) * (1.0 - down), across * (1.0 - down), (1.0 - across) * down,
                                        across * down};
    const int columns = static_cast<int>(columns_);
    const int rows = static_cast<int>(rows_);
    double height = 0.0;
    glm::dvec2 gradient(0.0);
    bool sloped = true;
    for (std::size_t i = 0; i < corners.size(); ++i) {
        const auto [x, y] = corners[i];
        const std::optional<double> sample = window.at(std::min(x, columns - 1), std::min(y, rows - 1));
        if (!sample) {
            return result;
        }
        height += weights[i] * *sample;
        const std::optional<glm::dvec2> slope =
            gradientAt(window, std::min(x, columns - 1), std::min(y, rows - 1), columns, rows);
        sloped = sloped && slope.has_value();
        gradient += weights[i] * slope.value_or(glm::dvec2(0.0));
    }
    result.heightMetres = height;
    if (!sloped) {
        return result;
    }
    // Samples per metre east and north at the point, from points a metre
    // away (any CRS, its convergence and its flips included).
    const double latitude = geodesy::radians(latitudeDegrees);
    const double metreNorth = geodesy::degrees(1.0 / geodesy::meridionalRadius(latitudeDegrees));
    const double metreEast =
        geodesy::degrees(1.0 / (geodesy::primeVerticalRadius(latitudeDegrees) * std::max(std::cos(latitude), 1.0e-9)));
    const HeightmapPoint east = mapping_->pointOf(latitudeDegrees, longitudeDegrees + metreEast);
    const HeightmapPoint north = mapping_->pointOf(latitudeDegrees + metreNorth, longitudeDegrees);
    const double eastward = gradient.x * (east.column - point.column) + gradient.y * (east.row - point.row);
    const double northward = gradient.x * (north.column - point.column) + gradient.y * (north.row - point.row);
    const double steepness = std::hypot(eastward, northward);
    result.slopeDegrees = geodesy::degrees(std::atan(steepness));
    if (steepness > 1.0e-9) {
        double aspect = geodesy::degrees(std::atan2(-eastward, -northward));
        result.aspectDegrees = aspect < 0.0 ? aspect + 360.0 : aspect;
    }
    return result;
}

}  // namespace dem
