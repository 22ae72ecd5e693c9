#include "GlobalRasterFiles.h"

#include "DemTestFiles.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <vector>

namespace planet::test {

void writeGlobalRaster(const std::filesystem::path& path, std::uint32_t columns, GlobalField field, double northDegrees,
                       double southDegrees, int epsg)
{
    const double spacing = 360.0 / columns;
    const auto rows = static_cast<std::uint32_t>(std::lround((northDegrees - southDegrees) / spacing));
    std::vector<double> values;
    values.reserve(std::size_t{columns} * rows);
    for (std::uint32_t r = 0; r < rows; ++r) {
        for (std::uint32_t c = 0; c < columns; ++c) {
            values.push_back(field(northDegrees - spacing * (r + 0.5), -180.0 + spacing * (c + 0.5)));
        }
    }
    const bool anyNoData = std::any_of(values.begin(), values.end(), [](double value) { return std::isnan(value); });
    dem_test::RasterSpec spec = dem_test::rasterOf(columns, rows, GDT_Float32, values);
    if (anyNoData) {
        spec.noData = std::numeric_limits<double>::quiet_NaN();
    }
    spec.geoTransform = std::array<double, 6>{-180.0, spacing, 0.0, northDegrees, 0.0, -spacing};
    spec.epsg = epsg;
    dem_test::writeRaster(path, spec);
}

}  // namespace planet::test
