// A global elevation model on the globe: any raster GDAL reads in geographic
// coordinates that spans every longitude (heights in metres, bathymetry
// negative; its longitudes may run over -180..180 or 0..360), sampled at a
// WGS 84 latitude and longitude. The CPU reference for the planet's heights.
//
// Heights are bilinear between the samples. Longitude wraps: the last column
// meets the first across the date line (or wherever the grid's window
// starts), with no seam. Within one row spacing of a pole, heights blend into
// the mean of the row nearest that pole, so the pole itself has one height
// whatever the longitude: no pinch. A model whose rows stop short of a pole
// blends into that mean over one row spacing past its last row, and the cap
// beyond is level.
#pragma once

#include "dem/DemGeodetic.h"
#include "dem/DemLoader.h"
#include "heightmap/Heightmap.h"

#include <cstdint>
#include <filesystem>
#include <memory>
#include <stdexcept>
#include <utility>

namespace planet {

// Any longitude in degrees to (-180, 180].
[[nodiscard]] double longitudeWithinTurn(double longitudeDegrees) noexcept;

// Where bilinear filtering of a global raster of `rows` rows reads at
// (column, row) in samples: columns wrap with `period` (the columns of a
// full turn), rows clamp to the raster.
struct WrappedCell {
    std::uint32_t column0 = 0;
    std::uint32_t column1 = 0;  // the next column, across the wrap
    std::uint32_t row0 = 0;
    std::uint32_t row1 = 0;  // the next row, or row0 on the last
    double columnWeight = 0.0;
    double rowWeight = 0.0;
};
[[nodiscard]] WrappedCell wrappedCellOf(double column, double row, std::uint32_t period, std::uint32_t rows) noexcept;

// Bilinear between the four samples of `cell` (`sample(column, row)`).
template <typename Sample>
[[nodiscard]] double wrappedBilinear(const WrappedCell& cell, const Sample& sample)
{
    const double w = cell.columnWeight;
    const double top = sample(cell.column0, cell.row0) * (1.0 - w) + sample(cell.column1, cell.row0) * w;
    const double bottom = sample(cell.column0, cell.row1) * (1.0 - w) + sample(cell.column1, cell.row1) * w;
    return top * (1.0 - cell.rowWeight) + bottom * cell.rowWeight;
}

// Where a model's rows end towards each pole, and the one height each pole
// takes: the mean of the row nearest it.
struct PoleCaps {
    double northmostRowDegrees = 90.0;  // the latitude of the northernmost row's samples
    double southmostRowDegrees = -90.0;
    double northMetres = 0.0;
    double southMetres = 0.0;
};

// Where the rows of a grid of `rows` rows (`mapping`) end: the latitudes of
// its northernmost and southernmost rows of samples, in that order.
[[nodiscard]] std::pair<double, double> rowLatitudeRange(const dem::GeodeticToHeightmap& mapping, std::uint32_t rows);

// Whether a model's rows stop short of the north (or south) pole by more
// than one row spacing: its cap then starts at its last row.
[[nodiscard]] bool stopsShortOfPole(const PoleCaps& caps, double spacingDegrees, bool north) noexcept;

// `height` at `latitudeDegrees`, blended into the nearer pole's one height
// over `spacingDegrees` of latitude, from where the rows end or one spacing
// from the pole, whichever is farther from it: unchanged on the equator's
// side, the pole's beyond the band. A model that reaches a pole pinches
// nothing there; one that stops short of it (a model of latitudes -56..84)
// covers the rest with that height instead of its last row drawn out.
[[nodiscard]] double blendedTowardsPole(double height, double latitudeDegrees, double spacingDegrees,
                                        const PoleCaps& caps) noexcept;

// A raster that can not serve as the globe's elevation; what() is one line
// that names the file and the problem.
class GlobalElevationError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

class GlobalElevation {
public:
    // Reads `path` (any name GDAL opens) within `limits` (read reduced when
    // larger, as dem::loadDem does), the no-data of a model of the land alone
    // as sea (dem::LandOnlySea). Throws GlobalElevationError for a file
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
    // Whether its heights are above the ellipsoid (its CRS is geographic
    // 3D, dem/VerticalDatum.h) rather than above sea level.
    [[nodiscard]] bool heightsAreEllipsoidal() const noexcept
    {
        return terrain_.metadata.grid && terrain_.metadata.grid->ellipsoidalHeights;
    }
    // Degrees of latitude between rows, of longitude between columns.
    [[nodiscard]] double rowSpacingDegrees() const noexcept { return rowSpacingDegrees_; }
    [[nodiscard]] double columnSpacingDegrees() const noexcept { return columnSpacingDegrees_; }
    // Where the rows end towards each pole, and each pole's one height.
    [[nodiscard]] const PoleCaps& poleCaps() const noexcept { return poleCaps_; }
    // Where a WGS 84 point (any longitude; latitudes within [-90, 90]) lies
    // on the heightmap, in samples (column 0 west, row 0 north); columns
    // may lie anywhere in one turn.
    [[nodiscard]] dem::HeightmapPoint heightmapPointOf(double latitudeDegrees, double longitudeDegrees) const;

private:
    void checkAndMap(const std::filesystem::path& path);
    [[nodiscard]] double sampleMetres(std::uint32_t column, std::uint32_t row) const;

    dem::DemTerrain terrain_;
    std::unique_ptr<dem::GeodeticToHeightmap> mapping_;
    std::uint32_t columnsPerTurn_ = 0;
    double rowSpacingDegrees_ = 0.0;
    double columnSpacingDegrees_ = 0.0;
    PoleCaps poleCaps_;
};

}  // namespace planet
