// The free-fly camera: pose, view and projection matrices in the Vulkan
// convention of camera::FrameView (clip y down, depth 0..1), movement from
// held keys and a start pose: an oblique view filled with terrain.
#pragma once

#include "camera/FrameView.h"
#include "viewer/CameraPose.h"

#include <vulkan/vulkan.h>
#include <glm/mat4x4.hpp>
#include <glm/vec3.hpp>

namespace viewer {

struct ProjectionSettings {
    float verticalFovDegrees = 60.0f;
    camera::DepthConvention depth = camera::DepthConvention::Standard;
};

// Unit view direction for a yaw and pitch (see CameraPose).
glm::vec3 viewDirection(float yawDegrees, float pitchDegrees);

// Near and far planes that hold the whole box [worldMin, worldMax] seen from
// `eye`: far reaches the farthest corner, near = far / 10^5 (at least 0.05 m).
struct ClipRange {
    float nearPlane = 0.1f;
    float farPlane = 1000.0f;
};
ClipRange clipRangeFor(const glm::vec3& eye, const glm::vec3& worldMin, const glm::vec3& worldMax);

// The viewer's start pose: an oblique view filled with terrain. From above
// the middle of the box's +Z edge it looks towards -Z (yaw 0), 40 degrees
// down (more for a field of view over 60 degrees), at the height where the
// frame's top edge meets the box's mean height as far away as keeps the
// frame inside the terrain's width and depth; never lower than just above
// the box's highest point.
CameraPose defaultViewPose(const glm::vec3& worldMin, const glm::vec3& worldMax, float verticalFovDegrees,
                           float aspect);

// Held movement keys of one frame.
struct MovementKeys {
    bool forward = false;   // W
    bool backward = false;  // S
    bool left = false;      // A
    bool right = false;     // D
    bool down = false;      // Q
    bool up = false;        // E
    bool fast = false;      // Shift
};

inline constexpr float kFastMovementFactor = 5.0f;
inline constexpr float kWheelSpeedFactor = 1.25f;

class FlyCamera {
public:
    explicit FlyCamera(const CameraPose& pose = {});

    [[nodiscard]] const CameraPose& pose() const { return pose_; }
    void setPose(const CameraPose& pose);

    [[nodiscard]] glm::vec3 forward() const;
    // Horizontal, perpendicular to forward, pointing to the right of the view.
    [[nodiscard]] glm::vec3 right() const;
    [[nodiscard]] glm::mat4 viewMatrix() const;

    // Adds to yaw and pitch (degrees); pitch is clamped to +-kMaxPitchDegrees.
    void turn(float yawDegrees, float pitchDegrees);
    // Moves along forward (W/S), right (A/D) and world up (Q/E) at
    // `speedMetresPerSecond` (times kFastMovementFactor with Shift) for
    // `seconds`. Opposite keys cancel.
    void move(const MovementKeys& keys, float speedMetresPerSecond, float seconds);

private:
    CameraPose pose_;
};

// Speed after `wheelSteps` wheel notches (each multiplies by
// kWheelSpeedFactor, or divides when negative), kept in [minimum, maximum].
float speedAfterWheel(float speed, double wheelSteps, float minimum, float maximum);

// The FrameView of `camera` for a target of `extent` pixels.
camera::FrameView makeFrameView(const FlyCamera& camera, VkExtent2D extent, const ProjectionSettings& projection,
                                const glm::vec3& worldMin, const glm::vec3& worldMax);

}  // namespace viewer
