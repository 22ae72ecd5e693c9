// Global rasters the planet tests write: a field of latitude and longitude
// sampled at the pixel centres of a geographic grid over -180..180, 90..-90.
#pragma once

#include <cstdint>
#include <filesystem>

namespace planet::test {

// Metres at a WGS 84 latitude and longitude (degrees).
using GlobalField = double (*)(double latitudeDegrees, double longitudeDegrees);

// A Float32 GeoTIFF (EPSG:4326) of `columns` x columns / 2 samples of `field`.
void writeGlobalRaster(const std::filesystem::path& path, std::uint32_t columns, GlobalField field);

}  // namespace planet::test
