// --follow: a camera path along a track. The camera flies over the track at
// a steady speed (or at the pace of the track's own times), a fixed height
// above the ground and a fixed distance behind the point it follows,
// heading along the track smoothed over a few of those distances, and
// pitched so that the point stays in the lower third of the frame, in the
// middle.
//
// Heights: the camera stands `heightMetres` above the ground under it and
// above the point, higher where the ground between them would hide the
// point, and its heights over time are smoothed upwards only (a running
// maximum, then a running mean over the same window, never below what
// each frame needs), so that it rises before a steep climb instead of
// hitting it. Everything is measured along the WGS 84 ellipsoid, so one
// algorithm serves the flat terrain and the globe; each gives its surface.
#pragma once

#include "geodesy/GeodeticPose.h"
#include "vectordata/TrackReader.h"
#include "viewer/CameraPose.h"

#include <functional>
#include <iosfwd>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace viewer {

inline constexpr double kDefaultFollowHeightMetres = 150.0;
inline constexpr double kMaxFollowHeightMetres = 1.0e6;
// Metres per second along a track without times, when --follow-speed is not
// given: a brisk glider.
inline constexpr double kDefaultFollowSpeed = 40.0;
inline constexpr double kMaxFollowSpeed = 1.0e5;
// The camera stands this many follow heights behind the point it follows.
inline constexpr double kFollowDistancePerHeight = 2.0;
// The heading follows the track averaged (a triangular window) over this
// many follow distances either side of the point.
inline constexpr double kFollowSmoothingPerDistance = 2.0;
// Where the point shows: this far below the frame's centre in half-heights
// of the frame (0.6: at 80 % of its height from the top).
inline constexpr double kFollowedPointScreenDepth = 0.6;
// The sight line from the camera to the point clears the ground by this
// many follow heights near the camera, narrowing towards the point.
inline constexpr double kFollowSightClearancePerHeight = 0.1;
// Camera heights are smoothed over this many seconds either side.
inline constexpr double kFollowHeightSmoothingSeconds = 1.0;

// A track the camera can not follow: one line that names no flag or file.
class TrackFollowError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

struct TrackFollowSettings {
    double heightMetres = kDefaultFollowHeightMetres;
    // Metres per second; empty: the track's times where every point has
    // one, else kDefaultFollowSpeed.
    std::optional<double> speed;
    double framesPerSecond = kDefaultPathFramesPerSecond;
    double verticalFovDegrees = 60.0;
};

// Height in metres of the surface the camera must stay above at a place
// (the ground, or the sea where it covers the ground), in the units of the
// poses' heights.
using SurfaceHeight = std::function<double(double latitudeDegrees, double longitudeDegrees)>;

struct FollowedFrame {
    geodesy::GeodeticPose camera;
    // The point followed, on the surface.
    double pointLatitudeDegrees = 0.0;
    double pointLongitudeDegrees = 0.0;
    double pointHeightMetres = 0.0;
};

struct FollowedTrack {
    std::vector<FollowedFrame> frames;  // one per 1/fps
    double lengthMetres = 0.0;
    double seconds = 0.0;
    bool byTrackTimes = false;
};

// The frames of a flight along `track`. Throws TrackFollowError for a track
// of fewer than two distinct places, times that go backwards or span no
// time, or more than kMaxKeyframedPathFrames frames.
[[nodiscard]] FollowedTrack followTrack(const vectordata::Track& track, const SurfaceHeight& surface,
                                        const TrackFollowSettings& settings);

// The ground a track is flown over.
struct FollowedGround {
    SurfaceHeight height;
    // Whether a place lies on the terrain; empty: everywhere (the globe).
    std::function<bool(double latitudeDegrees, double longitudeDegrees)> covers;
    // The terrain's file, for messages.
    std::string name;
};

// --follow: the track of `source` (vectordata::readTrack) flown over
// `ground`, one pose per frame, after one notice line on `out`. Throws
// TrackFollowError with one line, "--follow: SOURCE: problem", for a source
// without a line, a track that can not be flown, or one no point of which
// lies on the terrain.
[[nodiscard]] std::vector<geodesy::GeodeticPose> flyTrackFile(const std::string& source, const FollowedGround& ground,
                                                              const TrackFollowSettings& settings, std::ostream& out);

}  // namespace viewer
