// Global rasters the planet tests write: a field of latitude and longitude
// sampled at the pixel centres of a geographic grid over -180..180 in
// longitude and, unless a test stops it short of the poles, 90..-90.
#pragma once

#include <cstdint>
#include <filesystem>

namespace planet::test {

// Metres at a WGS 84 latitude and longitude (degrees).
using GlobalField = double (*)(double latitudeDegrees, double longitudeDegrees);

// A Float32 GeoTIFF (EPSG:4326, or `epsg`: 4979 for heights above the
// ellipsoid) of `columns` columns of `field` around the globe and as many
// rows of the same spacing as fit from `northDegrees` down to
// `southDegrees` (columns / 2 for the whole globe). Where `field` gives NaN
// the sample is no-data (NaN is the band's no-data value).
void writeGlobalRaster(const std::filesystem::path& path, std::uint32_t columns, GlobalField field,
                       double northDegrees = 90.0, double southDegrees = -90.0, int epsg = 4326);

}  // namespace planet::test
