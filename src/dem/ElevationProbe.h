// An elevation model asked about one point: its height at a WGS 84 latitude
// and longitude read from the file at its own resolution (not the viewer's
// heightmap, which may be reduced), with the slope and the aspect of the
// ground there. The height is bilinear between the four samples around the
// point; the slope and aspect come from the gradient of the heights
// (central differences at those four samples, bilinear between them),
// measured on the ground in metres east and north, so that any CRS,
// projected or geographic, rotated or flipped, gives true north.
#pragma once

#include "dem/DemGdal.h"
#include "dem/DemGeodetic.h"
#include "dem/DemSampleRules.h"

#include <filesystem>
#include <memory>
#include <optional>

namespace dem {

struct PointElevation {
    // Whether the point lies on the model's samples.
    bool onModel = false;
    // Metres above the model's vertical datum; empty off the model and where
    // a sample around the point is no-data.
    std::optional<double> heightMetres;
    std::optional<double> slopeDegrees;
    // The way the ground faces (downhill), degrees clockwise from true north
    // in [0, 360); empty on level ground.
    std::optional<double> aspectDegrees;
};

class ElevationProbe {
public:
    // Opens the model as the loader does (openElevationDataset). Throws
    // heightmap::HeightmapError, also for a model without georeferencing.
    explicit ElevationProbe(const std::filesystem::path& path);

    // Throws GeodeticMappingError when PROJ can not transform the point.
    [[nodiscard]] PointElevation at(double latitudeDegrees, double longitudeDegrees) const;
    // Whether the model's CRS says its heights are above the ellipsoid (a
    // geographic 3D CRS, WGS 84's EPSG:4979); otherwise they are taken as
    // above the geoid, as ETOPO's, SRTM's and most national models' are.
    [[nodiscard]] bool heightsAreEllipsoidal() const { return ellipsoidalHeights_; }
    [[nodiscard]] const std::filesystem::path& path() const { return path_; }

private:
    std::filesystem::path path_;
    GdalDatasetHandle dataset_;
    GDALRasterBand* band_ = nullptr;
    SampleRules rules_;
    std::unique_ptr<GeodeticToHeightmap> mapping_;
    std::uint32_t columns_ = 0;
    std::uint32_t rows_ = 0;
    bool ellipsoidalHeights_ = false;
};

}  // namespace dem
