// Recording a keyframed camera path in the window: K adds the camera's pose
// as a keyframe at the time since the first one, P plays the keyframes
// back along the smooth path through them (viewer/KeyframedPath.h), and
// Ctrl+S writes them as a --camera-path file. One recorder for either
// mode's pose: the flat terrain's world pose or the globe's geodetic one.
#pragma once

#include "viewer/CameraPose.h"
#include "viewer/KeyframedPath.h"

#include <algorithm>
#include <cstddef>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

namespace viewer {

// The least time between two keyframes: two presses of K within one frame
// still make a path whose times increase.
inline constexpr double kMinKeyframeSpacingSeconds = 0.1;

template <typename Pose>
class PathRecorder {
public:
    using Keyframe = std::conditional_t<std::is_same_v<Pose, CameraPose>, CameraKeyframe, GeodeticKeyframe>;

    // Moves the recording's clock on by `seconds`. While the keyframes
    // play: the pose the camera takes now; none once the path has ended,
    // which stops the playing.
    std::optional<Pose> advance(double seconds)
    {
        clock_ += seconds;
        if (!curve_) {
            return std::nullopt;
        }
        playTime_ += seconds;
        if (playTime_ > curve_->endSeconds()) {
            curve_.reset();
            return std::nullopt;
        }
        if constexpr (std::is_same_v<Pose, CameraPose>) {
            return cameraPoseOnCurve(*curve_, playTime_);
        } else {
            return geodeticPoseOnCurve(*curve_, playTime_);
        }
    }

    // Adds `pose` at the clock's time since the first keyframe (at least
    // kMinKeyframeSpacingSeconds after the last one), stopping a playback.
    const Keyframe& add(const Pose& pose)
    {
        curve_.reset();
        if (keyframes_.empty()) {
            firstAt_ = clock_;
        }
        double seconds = clock_ - firstAt_;
        if (!keyframes_.empty()) {
            seconds = std::max(seconds, keyframes_.back().seconds + kMinKeyframeSpacingSeconds);
        }
        keyframes_.push_back(Keyframe{seconds, pose});
        return keyframes_.back();
    }

    // Plays the keyframes from the first: false, and nothing, with fewer
    // than two.
    bool play()
    {
        if (keyframes_.size() < 2) {
            return false;
        }
        if constexpr (std::is_same_v<Pose, CameraPose>) {
            curve_ = cameraKeyframeCurve(keyframes_);
        } else {
            curve_ = geodeticKeyframeCurve(keyframes_);
        }
        playTime_ = 0.0;
        return true;
    }

    [[nodiscard]] bool playing() const { return curve_.has_value(); }
    [[nodiscard]] const std::vector<Keyframe>& keyframes() const { return keyframes_; }
    // The keyframes as a --camera-path file.
    [[nodiscard]] std::string text() const { return keyframedPathText(keyframes_); }

private:
    double clock_ = 0.0;
    double firstAt_ = 0.0;
    std::vector<Keyframe> keyframes_;
    std::optional<KeyframeCurve> curve_;
    double playTime_ = 0.0;
};

}  // namespace viewer
