// Where a WGS 84 geodetic point lies on a DEM's heightmap, through the DEM's
// own coordinate reference system (CRS): the bridge between poses given in
// latitude and longitude and the renderer's flat world.
//
// Heightmap coordinates follow the loader's orientation (DemLoader.h): row 0
// is the northern edge, column 0 the western one, whatever flips the file
// needed; sample (c, r) sits at (c, r) exactly, so the terrain spans
// 0..columns-1 by 0..rows-1 and a point off the map has coordinates outside
// that range.
#pragma once

#include "dem/DemLoader.h"

#include <array>
#include <memory>
#include <stdexcept>

class OGRCoordinateTransformation;

namespace dem {

// A transform that can not be set up or a point that can not be mapped; what()
// is one line.
class GeodeticMappingError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

struct HeightmapPoint {
    double column = 0.0;
    double row = 0.0;
};

struct GeodeticPoint {
    double latitudeDegrees = 0.0;
    double longitudeDegrees = 0.0;
};

// Maps WGS 84 latitudes and longitudes onto one DEM grid. Geographic grids
// whose longitudes run 0..360 (or any other 360-degree window) take a point
// at whichever of lon, lon - 360 and lon + 360 lands nearest the grid.
class GeodeticToHeightmap {
public:
    // Throws GeodeticMappingError when the grid's CRS can not be reached from
    // WGS 84 or its geotransform can not be inverted.
    explicit GeodeticToHeightmap(const DemGrid& grid);
    ~GeodeticToHeightmap();
    GeodeticToHeightmap(const GeodeticToHeightmap&) = delete;
    GeodeticToHeightmap& operator=(const GeodeticToHeightmap&) = delete;

    // Throws GeodeticMappingError when PROJ can not transform the point (for
    // example far outside a projection's domain).
    [[nodiscard]] HeightmapPoint pointOf(double latitudeDegrees, double longitudeDegrees) const;
    // The inverse: the WGS 84 latitude and longitude of a heightmap point.
    // Throws GeodeticMappingError when PROJ can not transform it.
    [[nodiscard]] GeodeticPoint geodeticOf(const HeightmapPoint& point) const;

private:
    // A file sample's coordinates as the heightmap's, and back (the loader's
    // flips undo themselves).
    [[nodiscard]] HeightmapPoint flippedAsTheLoader(const HeightmapPoint& point) const;

    struct TransformDeleter {
        void operator()(OGRCoordinateTransformation* transform) const noexcept;
    };
    DemGrid grid_;
    std::array<double, 6> pixelOfCrs_{};
    double fullTurn_ = 0.0;  // 360 degrees in a geographic CRS's angular unit; 0 when projected
    std::unique_ptr<OGRCoordinateTransformation, TransformDeleter> transform_;
    std::unique_ptr<OGRCoordinateTransformation, TransformDeleter> inverse_;
};

}  // namespace dem
