// Keyframed camera paths: a camera that passes through poses given at
// times, smoothly in between, sampled at a fixed frame rate into the one
// pose per frame that the viewer's loops play.
//
// Each value of a pose (a position's coordinates, its angles) follows a C1
// piecewise cubic through the keyframes, parameterized by time: Catmull and
// Rom's spline with the keyframes' times as knots (each keyframe's tangent
// the derivative of the parabola through it and its two neighbours, the
// ends' the slope of their chord). It passes exactly through every keyframe
// at its time, and its velocity is continuous there. Angles are unwrapped
// first, so that a heading from 350 to 10 degrees turns by 20 and never
// the long way round. On the globe the position moves along the sphere: the
// curve runs through the keyframes' directions from the Earth's centre and
// is brought back to unit length, so that it follows the great circle
// between two keyframes and never cuts below the ground.
#pragma once

#include "geodesy/GeodeticPose.h"
#include "viewer/CameraPose.h"

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace viewer {

// The most frames a keyframed path may be sampled into.
inline constexpr std::size_t kMaxKeyframedPathFrames = 1'000'000;

// A C1 curve through `values` (one row of channels per keyframe) at
// strictly increasing `times`. The channels listed in `angleChannels` are
// degrees: the curve runs through them unwrapped (unwrappedDegrees), and
// gives each value back in the turn its segment's first keyframe was
// written in, so that every keyframe comes back exactly as written.
class KeyframeCurve {
public:
    // Throws std::invalid_argument on fewer than two keyframes, times that
    // do not increase, or rows of different lengths.
    KeyframeCurve(std::vector<double> times, std::vector<std::vector<double>> values,
                  const std::vector<std::size_t>& angleChannels = {});

    // The channels at `seconds`, clamped to the first and last keyframes.
    [[nodiscard]] std::vector<double> at(double seconds) const;
    [[nodiscard]] double startSeconds() const { return times_.front(); }
    [[nodiscard]] double endSeconds() const { return times_.back(); }

private:
    std::vector<double> times_;
    std::vector<std::vector<double>> values_;
    std::vector<std::vector<double>> tangents_;
    // What unwrapping added to each keyframe's value, channel by channel.
    std::vector<std::vector<double>> unwrapping_;
};

// `degrees` with each value moved by whole turns to within half a turn of
// the one before it (the first is kept).
[[nodiscard]] std::vector<double> unwrappedDegrees(const std::vector<double>& degrees);

// The times at which a path from `startSeconds` to `endSeconds` is sampled
// at `framesPerSecond`: the start, then every 1/fps, up to the end (the end
// itself when the duration is a whole number of frames).
[[nodiscard]] std::vector<double> pathSampleTimes(double startSeconds, double endSeconds, double framesPerSecond);

struct CameraKeyframe {
    double seconds = 0.0;
    CameraPose pose;
};

struct GeodeticKeyframe {
    double seconds = 0.0;
    geodesy::GeodeticPose pose;
};

// The flat terrain's keyframes as a curve: X Y Z (world metres), yaw and
// pitch (unwrapped degrees). Throws std::invalid_argument as KeyframeCurve.
[[nodiscard]] KeyframeCurve cameraKeyframeCurve(const std::vector<CameraKeyframe>& keyframes);
[[nodiscard]] CameraPose cameraPoseOnCurve(const KeyframeCurve& curve, double seconds);

// Geodetic keyframes as a curve: the direction from the Earth's centre (a
// unit vector of the sphere through latitude and longitude), the height,
// heading and pitch.
[[nodiscard]] KeyframeCurve geodeticKeyframeCurve(const std::vector<GeodeticKeyframe>& keyframes);
[[nodiscard]] geodesy::GeodeticPose geodeticPoseOnCurve(const KeyframeCurve& curve, double seconds);

// The poses of a keyframed path at `framesPerSecond`, one per frame.
// `sourceName` prefixes the one-line text::ParseError thrown for fewer than
// two keyframes, times that do not increase, or more frames than
// kMaxKeyframedPathFrames.
[[nodiscard]] std::vector<CameraPose> sampleCameraKeyframes(const std::vector<CameraKeyframe>& keyframes,
                                                            double framesPerSecond, std::string_view sourceName);
[[nodiscard]] std::vector<geodesy::GeodeticPose> sampleGeodeticKeyframes(const std::vector<GeodeticKeyframe>& keyframes,
                                                                         double framesPerSecond,
                                                                         std::string_view sourceName);

// A keyframed path as a --camera-path file: a comment naming the fields,
// then "T X Y Z YAW PITCH" (or "T LAT LON HEIGHT HEADING PITCH") a line,
// every value written so that it reads back to the same bits.
[[nodiscard]] std::string keyframedPathText(const std::vector<CameraKeyframe>& keyframes);
[[nodiscard]] std::string keyframedPathText(const std::vector<GeodeticKeyframe>& keyframes);

}  // namespace viewer
