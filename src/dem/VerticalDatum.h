// What a model's heights are measured from: sea level (the geoid), as
// ETOPO's, SRTM's and most national models' are, unless its CRS is
// geographic 3D (EPSG:4979 and its kind), whose third axis is the height
// above the ellipsoid.
#pragma once

class OGRSpatialReference;

namespace dem {

[[nodiscard]] bool heightsAreEllipsoidal(const OGRSpatialReference& crs);

}  // namespace dem
