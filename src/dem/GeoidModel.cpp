#include "dem/GeoidModel.h"

#include "dem/DemGdal.h"

#include <gdal_priv.h>

#include <algorithm>
#include <array>
#include <cmath>

namespace dem {

namespace {

[[noreturn]] void fail(const std::filesystem::path& path, const std::string& problem)
{
    throw GeoidError("geoid grid '" + path.string() + "' " + problem);
}

}  // namespace

GeoidModel::GeoidModel(const std::filesystem::path& path) : path_(path)
{
    const GdalErrorCapture errors;
    GDALAllRegister();
    const GdalDatasetHandle dataset(
        GDALDataset::Open(path.c_str(), GDAL_OF_RASTER | GDAL_OF_READONLY, nullptr, nullptr, nullptr));
    if (!dataset) {
        fail(path, "can not be read" + errors.detail());
    }
    std::array<double, 6> transform{};
    if (dataset->GetRasterCount() < 1 || dataset->GetGeoTransform(transform.data()) != CE_None || transform[2] != 0.0 ||
        transform[4] != 0.0 || !(transform[1] > 0.0) || transform[5] == 0.0) {
        fail(path, "has no north-up grid of longitudes and latitudes");
    }
    columns_ = static_cast<std::uint32_t>(dataset->GetRasterXSize());
    rows_ = static_cast<std::uint32_t>(dataset->GetRasterYSize());
    stepX_ = transform[1];
    stepY_ = transform[5];
    westDegrees_ = transform[0] + 0.5 * stepX_;
    firstLatitude_ = transform[3] + 0.5 * stepY_;
    const double turn = 360.0 / stepX_;
    columnsPerTurn_ = static_cast<std::uint32_t>(std::lround(turn));
    const double lastLatitude = firstLatitude_ + (rows_ - 1.0) * stepY_;
    const bool global = std::abs(turn - columnsPerTurn_) < 1.0e-6 && columns_ >= columnsPerTurn_ &&
                        columns_ <= columnsPerTurn_ + 1 &&
                        std::abs(std::max(firstLatitude_, lastLatitude) - 90.0) <= std::abs(stepY_) &&
                        std::abs(std::min(firstLatitude_, lastLatitude) + 90.0) <= std::abs(stepY_);
    if (!global || columns_ < 2 || rows_ < 2) {
        fail(path, "does not cover the whole Earth in longitude and latitude");
    }
    samples_.resize(std::size_t{columns_} * rows_);
    GDALRasterBand* band = dataset->GetRasterBand(1);
    if (band->RasterIO(GF_Read, 0, 0, static_cast<int>(columns_), static_cast<int>(rows_), samples_.data(),
                       static_cast<int>(columns_), static_cast<int>(rows_), GDT_Float32, 0, 0, nullptr) != CE_None) {
        fail(path, "can not be read" + errors.detail());
    }
    int hasNoData = 0;
    const double noData = band->GetNoDataValue(&hasNoData);
    for (const float value : samples_) {
        if (!std::isfinite(value) || std::abs(value) > 1000.0f ||
            (hasNoData != 0 && static_cast<double>(value) == noData)) {
            fail(path, "holds a sample that is not a geoid height");
        }
    }
}

double GeoidModel::sample(std::uint32_t column, std::uint32_t row) const
{
    return static_cast<double>(samples_[std::size_t{row} * columns_ + column]);
}

double GeoidModel::undulationAt(double latitudeDegrees, double longitudeDegrees) const
{
    double column = std::fmod((longitudeDegrees - westDegrees_) / stepX_, static_cast<double>(columnsPerTurn_));
    if (column < 0.0) {
        column += columnsPerTurn_;
    }
    const double row = std::clamp((latitudeDegrees - firstLatitude_) / stepY_, 0.0, rows_ - 1.0);
    const auto left = std::min(static_cast<std::uint32_t>(column), columnsPerTurn_ - 1);
    const std::uint32_t right = (left + 1) % columnsPerTurn_;
    const auto top = std::min(static_cast<std::uint32_t>(row), rows_ - 2);
    const double across = column - left;
    const double down = row - top;
    const double upper = sample(left, top) + (sample(right, top) - sample(left, top)) * across;
    const double lower = sample(left, top + 1) + (sample(right, top + 1) - sample(left, top + 1)) * across;
    return upper + (lower - upper) * down;
}

double heightAboveSea(const GeoidModel* ellipsoidalToSeaLevel, double height, double latitudeDegrees,
                      double longitudeDegrees)
{
    if (ellipsoidalToSeaLevel == nullptr) {
        return height;
    }
    return height - ellipsoidalToSeaLevel->undulationAt(latitudeDegrees, longitudeDegrees);
}

}  // namespace dem
