// --query LAT,LON: what the elevation model says of points, without a
// window or a device. One JSON object a line on `out`, in the order the
// points were given:
//
//   {"latitude": 46.5, "longitude": 7.9, "onModel": true,
//    "height": 2810.0, "heightAboveGeoid": 2810.0, "heightAboveEllipsoid": 2862.3,
//    "geoidUndulation": 52.3, "slopeDegrees": 12.3, "aspectDegrees": 140.2,
//    "sea": false, "model": "dem.tif", "models": [{"model": "dem.tif", "height": 2810.0}]}
//
// On the globe with --elevation, "models" lists the global model, then each
// finer one laid over it, with each one's height there (null off it), and
// the answer is that of the last with a height, named by "model".
// The height is the model's own at its full resolution (dem::ElevationProbe),
// above its vertical datum: the geoid for most models, the ellipsoid where
// its CRS says so; the other of the two comes through the geoid
// (dem::GeoidModel, EGM96 by default), and is null without the geoid's grid.
// "sea" says whether the viewer draws water there: the flat terrain's sea
// (terrain::seaMaskSamplesFor, --sea-level included), or the globe's, where
// its model lies below sea level. A point off the model has "onModel":
// false and null heights; a height is null where the model has no data.
#pragma once

#include "viewer/CommandLine.h"

#include <filesystem>
#include <iosfwd>

namespace viewer {

// The geoid the queries and the globe's camera report heights above sea
// level with: EGM96 from Debian's proj-data.
[[nodiscard]] std::filesystem::path defaultGeoidPath();

// Answers `options.queries` on the model of `options` (--planet: the global
// model). Throws heightmap::HeightmapError, GeodeticPlacementError for a
// model without georeferencing, or planet::GlobalElevationError.
void answerPointQueries(const ViewerOptions& options, std::ostream& out, std::ostream& err);

}  // namespace viewer
