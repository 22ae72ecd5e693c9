// --camera-geo: a camera pose in WGS 84 terms, placed on a georeferenced DEM
// through the DEM's own coordinate reference system, so that one pose means
// the same place in a large file and in a crop of it.
//
// LAT and LON are WGS 84 degrees; HEIGHT is metres above the DEM's vertical
// datum (the datum of its heights), mapped into the world as the terrain's
// own heights are (a --height-scale exaggeration scales it alike); HEADING is
// degrees clockwise from true north (90 looks east), true north being the
// direction of the meridian through the camera on the rendered map, not the
// grid's up; PITCH is degrees above the horizon, -90 looking straight down.
#pragma once

#include "dem/DemGeodetic.h"
#include "dem/DemLoader.h"
#include "geodesy/GeodeticPose.h"
#include "terrain/TerrainSettings.h"
#include "viewer/CameraPose.h"

#include <optional>
#include <string_view>
#include <vector>

namespace viewer {

// One line of a planet-mode camera path (parseGeodeticCameraPathFrames).
struct GeodeticPathFrame {
    geodesy::GeodeticPose pose;
    std::optional<CameraPathRenderSize> renderSize;
};

// A camera path in WGS 84 terms: "LAT LON HEIGHT HEADING PITCH [WxH]" per
// line (HEIGHT in metres above the ellipsoid in planet mode, above the
// DEM's datum in flat mode), with the comments, render sizes and errors of
// parseCameraPathFrames; or keyframed, "T LAT LON HEIGHT HEADING PITCH",
// sampled at `framesPerSecond` as parseCameraPathFrames does. Throws
// text::ParseError.
std::vector<GeodeticPathFrame> parseGeodeticCameraPathFrames(std::string_view text, std::string_view sourceName,
                                                             double framesPerSecond = kDefaultPathFramesPerSecond);
std::vector<GeodeticPathFrame> loadGeodeticCameraPathFrames(const std::filesystem::path& file,
                                                            double framesPerSecond = kDefaultPathFramesPerSecond);

// "LAT,LON,HEIGHT,HEADING,PITCH" (commas, spaces or both between the five
// numbers): the height within +-kMaxCameraCoordinateMetres, the heading
// within +-kMaxYawDegrees, the pitch within +-kMaxPosePitchDegrees. Throws
// text::ParseError with a one-line message that does not name the flag.
geodesy::GeodeticPose parseGeodeticCameraPose(std::string_view text);

// "LAT,LON" (commas, spaces or both): LAT within +-90, LON within +-360
// degrees. Throws text::ParseError with a one-line message that does not
// name the flag.
dem::GeodeticPoint parseLatitudeLongitude(std::string_view text);

// The pose in the world of `terrain` drawn with `settings` (its extent and
// height scale). Throws GeodeticPlacementError (GeodeticFrame.h).
CameraPose cameraPoseOfGeodetic(const geodesy::GeodeticPose& pose, const dem::TerrainSource& terrain,
                                const terrain::TerrainSettings& settings);

class GeodeticFrame;

// cameraPoseOfGeodetic in a frame built once (for the many poses of a
// path); `flag` names the errors' source. Throws GeodeticPlacementError.
CameraPose cameraPoseInFrame(const geodesy::GeodeticPose& pose, const GeodeticFrame& frame, std::string_view flag);

// The inverse of cameraPoseOfGeodetic: where a world pose stands in WGS 84
// terms (for the overlay and --stats). Throws GeodeticPlacementError when
// PROJ can not transform the point.
geodesy::GeodeticPose geodeticPoseOf(const CameraPose& pose, const GeodeticFrame& frame);

}  // namespace viewer
