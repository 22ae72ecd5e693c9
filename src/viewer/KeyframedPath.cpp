#include "viewer/KeyframedPath.h"

#include "text/TextParsing.h"

#include <glm/geometric.hpp>
#include <glm/trigonometric.hpp>
#include <glm/vec3.hpp>

#include <algorithm>
#include <cmath>
#include <iomanip>
#include <limits>
#include <sstream>
#include <stdexcept>
#include <string>

namespace viewer {
namespace {

// The tangent at keyframe k: the derivative at times[k] of the parabola
// through keyframes k-1, k and k+1 (the chord's slope at the ends).
std::vector<double> tangentAt(const std::vector<double>& times, const std::vector<std::vector<double>>& values,
                              std::size_t k)
{
    const std::size_t channels = values[k].size();
    std::vector<double> tangent(channels, 0.0);
    const std::size_t last = times.size() - 1;
    for (std::size_t c = 0; c < channels; ++c) {
        if (k == 0) {
            tangent[c] = (values[1][c] - values[0][c]) / (times[1] - times[0]);
        } else if (k == last) {
            tangent[c] = (values[last][c] - values[last - 1][c]) / (times[last] - times[last - 1]);
        } else {
            const double before = times[k] - times[k - 1];
            const double after = times[k + 1] - times[k];
            const double slopeBefore = (values[k][c] - values[k - 1][c]) / before;
            const double slopeAfter = (values[k + 1][c] - values[k][c]) / after;
            tangent[c] = (slopeBefore * after + slopeAfter * before) / (before + after);
        }
    }
    return tangent;
}

glm::dvec3 directionOf(double latitudeDegrees, double longitudeDegrees)
{
    const double latitude = glm::radians(latitudeDegrees);
    const double longitude = glm::radians(longitudeDegrees);
    return {std::cos(latitude) * std::cos(longitude), std::cos(latitude) * std::sin(longitude), std::sin(latitude)};
}

template <typename Keyframe>
void requireSampleable(const std::vector<Keyframe>& keyframes, double framesPerSecond, std::string_view sourceName)
{
    if (keyframes.size() < 2) {
        throw text::ParseError(std::string(sourceName) + ": a keyframed path needs at least two keyframes, found " +
                               std::to_string(keyframes.size()));
    }
    const double startSeconds = keyframes.front().seconds;
    const double endSeconds = keyframes.back().seconds;
    if ((endSeconds - startSeconds) * framesPerSecond >= static_cast<double>(kMaxKeyframedPathFrames)) {
        throw text::ParseError(std::string(sourceName) + ": the path lasts " +
                               std::to_string(endSeconds - startSeconds) + " s, more than " +
                               std::to_string(kMaxKeyframedPathFrames) + " frames at " +
                               std::to_string(framesPerSecond) + " frames a second");
    }
}

}  // namespace

KeyframeCurve::KeyframeCurve(std::vector<double> times, std::vector<std::vector<double>> values,
                             const std::vector<std::size_t>& angleChannels)
    : times_(std::move(times)),
      values_(std::move(values))
{
    if (times_.size() < 2 || values_.size() != times_.size()) {
        throw std::invalid_argument("a keyframe curve needs at least two keyframes, one row of values each");
    }
    for (std::size_t k = 0; k < times_.size(); ++k) {
        if (!std::isfinite(times_[k]) || (k > 0 && !(times_[k] > times_[k - 1]))) {
            throw std::invalid_argument("keyframe times must be finite and increase");
        }
        if (values_[k].size() != values_[0].size()) {
            throw std::invalid_argument("every keyframe needs the same channels");
        }
    }
    unwrapping_.assign(values_.size(), std::vector<double>(values_[0].size(), 0.0));
    for (const std::size_t channel : angleChannels) {
        std::vector<double> written;
        for (const std::vector<double>& row : values_) {
            written.push_back(row.at(channel));
        }
        const std::vector<double> unwrapped = unwrappedDegrees(written);
        for (std::size_t k = 0; k < values_.size(); ++k) {
            unwrapping_[k][channel] = unwrapped[k] - written[k];
            values_[k][channel] = unwrapped[k];
        }
    }
    for (std::size_t k = 0; k < times_.size(); ++k) {
        tangents_.push_back(tangentAt(times_, values_, k));
    }
}

std::vector<double> KeyframeCurve::at(double seconds) const
{
    const std::size_t last = times_.size() - 1;
    if (!(seconds > times_.front()) || seconds >= times_.back()) {
        const std::size_t k = seconds >= times_.back() ? last : 0;
        std::vector<double> result = values_[k];
        for (std::size_t c = 0; c < result.size(); ++c) {
            result[c] -= unwrapping_[k][c];
        }
        return result;
    }
    const auto after = std::upper_bound(times_.begin(), times_.end(), seconds);
    const auto k = static_cast<std::size_t>(after - times_.begin()) - 1;
    const double span = times_[k + 1] - times_[k];
    const double s = (seconds - times_[k]) / span;
    // Hermite's basis.
    const double s2 = s * s;
    const double s3 = s2 * s;
    const double fromStart = 2.0 * s3 - 3.0 * s2 + 1.0;
    const double startSlope = s3 - 2.0 * s2 + s;
    const double fromEnd = -2.0 * s3 + 3.0 * s2;
    const double endSlope = s3 - s2;
    std::vector<double> result(values_[k].size());
    for (std::size_t c = 0; c < result.size(); ++c) {
        result[c] = fromStart * values_[k][c] + startSlope * span * tangents_[k][c] + fromEnd * values_[k + 1][c] +
                    endSlope * span * tangents_[k + 1][c] - unwrapping_[k][c];
    }
    return result;
}

std::vector<double> unwrappedDegrees(const std::vector<double>& degrees)
{
    std::vector<double> result = degrees;
    for (std::size_t k = 1; k < result.size(); ++k) {
        const double step = result[k] - result[k - 1];
        result[k] -= 360.0 * std::round(step / 360.0);
    }
    return result;
}

std::vector<double> pathSampleTimes(double startSeconds, double endSeconds, double framesPerSecond)
{
    // A frame at the end when the duration is a whole number of frames, to
    // within rounding.
    const double frames = (endSeconds - startSeconds) * framesPerSecond;
    const auto count = static_cast<std::size_t>(std::floor(frames + 1.0e-9)) + 1;
    std::vector<double> times(count);
    for (std::size_t k = 0; k < count; ++k) {
        times[k] = std::min(startSeconds + static_cast<double>(k) / framesPerSecond, endSeconds);
    }
    return times;
}

KeyframeCurve cameraKeyframeCurve(const std::vector<CameraKeyframe>& keyframes)
{
    std::vector<double> times;
    std::vector<std::vector<double>> values;
    for (const CameraKeyframe& keyframe : keyframes) {
        const CameraPose& pose = keyframe.pose;
        times.push_back(keyframe.seconds);
        values.push_back({pose.position.x, pose.position.y, pose.position.z, pose.yawDegrees, pose.pitchDegrees});
    }
    return {std::move(times), std::move(values), {3}};
}

CameraPose cameraPoseOnCurve(const KeyframeCurve& curve, double seconds)
{
    const std::vector<double> v = curve.at(seconds);
    CameraPose pose;
    pose.position = glm::vec3(static_cast<float>(v[0]), static_cast<float>(v[1]), static_cast<float>(v[2]));
    pose.yawDegrees = static_cast<float>(v[3]);
    pose.pitchDegrees = std::clamp(static_cast<float>(v[4]), -kMaxPitchDegrees, kMaxPitchDegrees);
    return pose;
}

KeyframeCurve geodeticKeyframeCurve(const std::vector<GeodeticKeyframe>& keyframes)
{
    std::vector<double> times;
    std::vector<std::vector<double>> values;
    for (const GeodeticKeyframe& keyframe : keyframes) {
        const geodesy::GeodeticPose& pose = keyframe.pose;
        const glm::dvec3 direction = directionOf(pose.latitudeDegrees, pose.longitudeDegrees);
        times.push_back(keyframe.seconds);
        values.push_back(
            {direction.x, direction.y, direction.z, pose.heightMetres, pose.headingDegrees, pose.pitchDegrees});
    }
    return {std::move(times), std::move(values), {4}};
}

geodesy::GeodeticPose geodeticPoseOnCurve(const KeyframeCurve& curve, double seconds)
{
    const std::vector<double> v = curve.at(seconds);
    geodesy::GeodeticPose pose;
    glm::dvec3 direction(v[0], v[1], v[2]);
    // Two keyframes at opposite points of the sphere leave no direction
    // between them: keep the start's.
    if (glm::length(direction) < 1.0e-9) {
        const std::vector<double> start = curve.at(curve.startSeconds());
        direction = glm::dvec3(start[0], start[1], start[2]);
    }
    direction = glm::normalize(direction);
    pose.latitudeDegrees = glm::degrees(std::asin(std::clamp(direction.z, -1.0, 1.0)));
    pose.longitudeDegrees = glm::degrees(std::atan2(direction.y, direction.x));
    pose.heightMetres = v[3];
    pose.headingDegrees = v[4];
    pose.pitchDegrees =
        std::clamp(v[5], -static_cast<double>(kMaxPosePitchDegrees), static_cast<double>(kMaxPosePitchDegrees));
    return pose;
}

std::vector<CameraPose> sampleCameraKeyframes(const std::vector<CameraKeyframe>& keyframes, double framesPerSecond,
                                              std::string_view sourceName)
{
    requireSampleable(keyframes, framesPerSecond, sourceName);
    const KeyframeCurve curve = cameraKeyframeCurve(keyframes);
    std::vector<CameraPose> poses;
    for (const double seconds : pathSampleTimes(curve.startSeconds(), curve.endSeconds(), framesPerSecond)) {
        poses.push_back(cameraPoseOnCurve(curve, seconds));
    }
    return poses;
}

std::vector<geodesy::GeodeticPose> sampleGeodeticKeyframes(const std::vector<GeodeticKeyframe>& keyframes,
                                                           double framesPerSecond, std::string_view sourceName)
{
    requireSampleable(keyframes, framesPerSecond, sourceName);
    const KeyframeCurve curve = geodeticKeyframeCurve(keyframes);
    std::vector<geodesy::GeodeticPose> poses;
    for (const double seconds : pathSampleTimes(curve.startSeconds(), curve.endSeconds(), framesPerSecond)) {
        // A keyframe's own time gives its pose as written (the way through
        // the sphere's directions would round its degrees).
        const auto keyframe = std::lower_bound(keyframes.begin(), keyframes.end(), seconds,
                                               [](const GeodeticKeyframe& k, double time) { return k.seconds < time; });
        const bool atKeyframe = keyframe != keyframes.end() && keyframe->seconds == seconds;
        poses.push_back(atKeyframe ? keyframe->pose : geodeticPoseOnCurve(curve, seconds));
    }
    return poses;
}

std::string keyframedPathText(const std::vector<CameraKeyframe>& keyframes)
{
    std::ostringstream text;
    text << "# cbt-terrain keyframed camera path: T X Y Z YAW PITCH (seconds, metres, degrees)\n";
    text.precision(std::numeric_limits<float>::max_digits10);
    for (const CameraKeyframe& keyframe : keyframes) {
        const CameraPose& pose = keyframe.pose;
        text << std::setprecision(std::numeric_limits<double>::max_digits10) << keyframe.seconds
             << std::setprecision(std::numeric_limits<float>::max_digits10) << " " << pose.position.x << " "
             << pose.position.y << " " << pose.position.z << " " << pose.yawDegrees << " " << pose.pitchDegrees << "\n";
    }
    return text.str();
}

std::string keyframedPathText(const std::vector<GeodeticKeyframe>& keyframes)
{
    std::ostringstream text;
    text << "# cbt-terrain keyframed camera path: T LAT LON HEIGHT HEADING PITCH (seconds, degrees, metres)\n";
    text.precision(std::numeric_limits<double>::max_digits10);
    for (const GeodeticKeyframe& keyframe : keyframes) {
        const geodesy::GeodeticPose& pose = keyframe.pose;
        text << keyframe.seconds << " " << pose.latitudeDegrees << " " << pose.longitudeDegrees << " "
             << pose.heightMetres << " " << pose.headingDegrees << " " << pose.pitchDegrees << "\n";
    }
    return text.str();
}

}  // namespace viewer
