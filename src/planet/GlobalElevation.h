// A global elevation model on the globe: any raster GDAL reads in geographic
// coordinates that spans every longitude (heights in metres, bathymetry
// negative; its longitudes may run over -180..180 or 0..360), sampled at a
// WGS 84 latitude and longitude. The CPU reference for the planet's heights.
//
// Heights are bilinear between the samples. Longitude wraps: the last column
// meets the first across the date line (or wherever the grid's window
// starts), with no seam. Within one row spacing of a pole, heights blend into
// the mean of the row nearest that pole, so the pole itself has one height
// whatever the longitude: no pinch.
#pragma once

#include "dem/DemGeodetic.h"
#include "dem/DemLoader.h"
#include "heightmap/Heightmap.h"

#include <filesystem>
#include <memory>
#include <stdexcept>

namespace planet {

// A raster that can not serve as the globe's elevation; what() is one line
// that names the file and the problem.
class GlobalElevationError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

class GlobalElevation {
public:
    // Reads `path` (any name GDAL opens) within `limits` (read reduced when
    // larger, as dem::loadDem does). Throws GlobalElevationError for a file
    // that can not be read, has no geographic coordinates, or does not span
    // 360 degrees of longitude.
    GlobalElevation(const std::filesystem::path& path, const heightmap::HeightmapLimits& limits);
    // The same checks on a model already read (`path` names it in errors):
    // a streamed model's base (dem::StreamedDem::base).
    GlobalElevation(dem::DemTerrain terrain, const std::filesystem::path& path);
    ~GlobalElevation();
    GlobalElevation(GlobalElevation&&) noexcept;
    GlobalElevation& operator=(GlobalElevation&&) noexcept;

    // Metres above the ellipsoid's sea level at a WGS 84 point (any
    // longitude; latitudes are clamped to [-90, 90]).
    [[nodiscard]] double heightMetres(double latitudeDegrees, double longitudeDegrees) const;

    [[nodiscard]] const dem::DemTerrain& terrain() const noexcept { return terrain_; }
    // Heightmap columns in 360 degrees of longitude: the wrap's period.
    [[nodiscard]] std::uint32_t columnsPerTurn() const noexcept { return columnsPerTurn_; }
    // Degrees of latitude between rows, of longitude between columns.
    [[nodiscard]] double rowSpacingDegrees() const noexcept { return rowSpacingDegrees_; }
    [[nodiscard]] double columnSpacingDegrees() const noexcept { return columnSpacingDegrees_; }
    // The one height of each pole.
    [[nodiscard]] double poleMetres(bool north) const noexcept { return north ? northPoleMetres_ : southPoleMetres_; }
    // Where a WGS 84 point (any longitude; latitudes within [-90, 90]) lies
    // on the heightmap, in samples (column 0 west, row 0 north); columns
    // may lie anywhere in one turn.
    [[nodiscard]] dem::HeightmapPoint heightmapPointOf(double latitudeDegrees, double longitudeDegrees) const;
    // heightMetres' blend into a pole's height: 0 farther than `spacing`
    // degrees of latitude from the pole, 1 at it.
    [[nodiscard]] static double poleBlend(double latitudeDegrees, double spacingDegrees) noexcept;

private:
    void checkAndMap(const std::filesystem::path& path);
    [[nodiscard]] double sampleMetres(std::uint32_t column, std::uint32_t row) const;
    [[nodiscard]] double bilinearMetres(double column, double row) const;

    dem::DemTerrain terrain_;
    std::unique_ptr<dem::GeodeticToHeightmap> mapping_;
    std::uint32_t columnsPerTurn_ = 0;
    double rowSpacingDegrees_ = 0.0;
    double columnSpacingDegrees_ = 0.0;
    double northPoleMetres_ = 0.0;  // the mean of the northernmost row
    double southPoleMetres_ = 0.0;  // and of the southernmost
};

}  // namespace planet
