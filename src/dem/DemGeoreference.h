// The ground size in metres of a georeferenced grid, from its affine
// geotransform and the kind of its coordinate reference system (CRS).
//
// GDAL's geotransform maps pixel corner (column c, row r) to CRS coordinates
//   x = t[0] + c * t[1] + r * t[2],   y = t[3] + c * t[4] + r * t[5].
// For a projected (or local) CRS the two pixel vectors (t[1], t[4]) and
// (t[2], t[5]) are lengths in CRS units, times the unit's size in metres.
// For a geographic CRS they are angles: one radian of longitude is
// N(phi) cos(phi) metres and one radian of latitude M(phi) metres, with N and
// M the ellipsoid's prime-vertical and meridional radii of curvature taken
// at the grid's centre latitude phi.
#pragma once

#include "dem/DemLoader.h"

#include <array>
#include <optional>
#include <string>

namespace dem {

enum class CrsKind { Projected, Geographic };

struct GridGeoreference {
    std::array<double, 6> geoTransform{0.0, 1.0, 0.0, 0.0, 0.0, 1.0};
    CrsKind crsKind = CrsKind::Projected;
    double linearUnitMetres = 1.0;                     // projected: metres per CRS unit
    double angularUnitRadians = 0.017453292519943295;  // geographic: radians per CRS unit (degree)
    double semiMajorAxisMetres = 6378137.0;            // geographic: the ellipsoid (WGS 84 by default)
    double inverseFlattening = 298.257223563;          // 0 for a sphere
    std::string crsName;                               // for messages ("WGS 84", ...)
};

// The extent with a description of where it comes from, or no extent and the
// reason (non-finite or degenerate geotransform, a centre latitude outside
// +-90 degrees, an extent over 1e8 metres).
struct GroundExtentResult {
    std::optional<GroundExtent> extent;
    std::string description;
    // Geodetic latitude of the grid's centre, when the extent is known and
    // the CRS is geographic (a projected CRS's is found by the loader).
    std::optional<double> centreLatitudeDegrees;
};

// The grid's centre in the CRS's coordinates (x, y), through the geotransform.
std::array<double, 2> gridCentreOf(const std::array<double, 6>& geoTransform, std::uint32_t columns,
                                   std::uint32_t rows);

GroundExtentResult groundExtentOf(const GridGeoreference& georeference, std::uint32_t columns, std::uint32_t rows);

// Ground no elevation model covers: its larger side under a metre, or
// under a twentieth of the relief over it (`reliefMetres`, the heights'
// range). Such an extent comes from a geotransform in the wrong units
// (pixels of degrees in a CRS of metres) or a broken one, and draws a needle
// or nothing. The reason, one line, when `extent` is one; none otherwise.
std::optional<std::string> implausibleExtentProblem(const GroundExtent& extent, double reliefMetres);

}  // namespace dem
