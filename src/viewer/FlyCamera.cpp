#include "viewer/FlyCamera.h"

#include "camera/Projection.h"

#include <glm/geometric.hpp>
#include <glm/mat4x4.hpp>
#include <glm/trigonometric.hpp>
#include <glm/vec3.hpp>

#include <algorithm>
#include <cmath>

namespace viewer {

namespace {

constexpr glm::vec3 kWorldUp{0.0f, 1.0f, 0.0f};
constexpr float kDefaultViewPitchDegrees = -40.0f;
// The default view's top edge spans at most this fraction of the terrain's width...
constexpr float kDefaultViewFill = 0.95f;
// ...and the camera is at least this fraction of the terrain's smaller side
// above its highest point.
constexpr float kDefaultViewClearance = 0.02f;
constexpr float kNearToFarRatio = 1.0e-5f;
constexpr float kMinimumNearPlane = 0.05f;

}  // namespace

glm::vec3 viewDirection(float yawDegrees, float pitchDegrees)
{
    const float yaw = glm::radians(yawDegrees);
    const float pitch = glm::radians(pitchDegrees);
    return {std::sin(yaw) * std::cos(pitch), std::sin(pitch), -std::cos(yaw) * std::cos(pitch)};
}

ClipRange clipRangeFor(const glm::vec3& eye, const glm::vec3& worldMin, const glm::vec3& worldMax)
{
    // The farthest corner of the box, per axis.
    const glm::vec3 farthest{std::max(std::abs(eye.x - worldMin.x), std::abs(eye.x - worldMax.x)),
                             std::max(std::abs(eye.y - worldMin.y), std::abs(eye.y - worldMax.y)),
                             std::max(std::abs(eye.z - worldMin.z), std::abs(eye.z - worldMax.z))};
    ClipRange range;
    range.farPlane = std::max(glm::length(farthest) * 1.01f, 1.0f);
    range.nearPlane = std::max(range.farPlane * kNearToFarRatio, kMinimumNearPlane);
    return range;
}

CameraPose defaultViewPose(const glm::vec3& worldMin, const glm::vec3& worldMax, float verticalFovDegrees, float aspect)
{
    const float halfVertical = glm::radians(verticalFovDegrees) * 0.5f;
    // Looking down steeply enough that the frame's top edge still meets the ground.
    const float pitchDown = std::max(glm::radians(-kDefaultViewPitchDegrees), halfVertical + glm::radians(10.0f));
    const float tanVertical = std::tan(halfVertical);
    const float tanHorizontal = tanVertical * aspect;
    const float width = worldMax.x - worldMin.x;
    const float depth = worldMax.z - worldMin.z;
    // Along the top edge's central ray, a point at depth t (along the view
    // axis) is t * (sin - cos * tanV) below the camera and t * (cos + sin *
    // tanV) ahead of it, and the frame there is 2 t tanH wide. The top edge
    // meets the ground (the box's mean height) as far away as keeps that
    // width inside the terrain and the point short of its far (-Z) edge.
    const float drop = std::sin(pitchDown) - std::cos(pitchDown) * tanVertical;
    const float ahead = std::cos(pitchDown) + std::sin(pitchDown) * tanVertical;
    const float t = std::max(std::min(kDefaultViewFill * 0.5f * width / tanHorizontal, depth / ahead), 1.0f);
    const float groundY = 0.5f * (worldMin.y + worldMax.y);
    const float clearance = kDefaultViewClearance * std::max(std::min(width, depth), 1.0f);
    CameraPose pose;
    pose.yawDegrees = 0.0f;
    pose.pitchDegrees = -glm::degrees(pitchDown);
    pose.position =
        glm::vec3(0.5f * (worldMin.x + worldMax.x), std::max(groundY + t * drop, worldMax.y + clearance), worldMax.z);
    return pose;
}

FlyCamera::FlyCamera(const CameraPose& pose)
{
    setPose(pose);
}

void FlyCamera::setPose(const CameraPose& pose)
{
    pose_ = pose;
    pose_.pitchDegrees = std::clamp(pose.pitchDegrees, -kMaxPosePitchDegrees, kMaxPosePitchDegrees);
}

glm::vec3 FlyCamera::forward() const
{
    return viewDirection(pose_.yawDegrees, pose_.pitchDegrees);
}

glm::vec3 FlyCamera::right() const
{
    const float yaw = glm::radians(pose_.yawDegrees);
    return {std::cos(yaw), 0.0f, std::sin(yaw)};
}

glm::mat4 FlyCamera::viewMatrix() const
{
    // Built from the direction itself, not glm::lookAt(eye, eye + forward):
    // far from the origin (a global elevation model frames the camera tens of
    // thousands of km away) eye + forward rounds to a float a metre or more
    // apart, which bends the view direction or zeroes it, and the terrain
    // leaves the view. The translation is computed in double.
    // The right axis comes from the yaw alone, so a camera looking straight
    // down (pitch -90) keeps its heading.
    const glm::dvec3 forwardAxis = glm::normalize(glm::dvec3(forward()));
    const double yaw = glm::radians(static_cast<double>(pose_.yawDegrees));
    const glm::dvec3 rightAxis(std::cos(yaw), 0.0, std::sin(yaw));
    const glm::dvec3 upAxis = glm::cross(rightAxis, forwardAxis);
    const glm::dvec3 eye(pose_.position);
    glm::dmat4 view(1.0);
    for (int column = 0; column < 3; ++column) {
        view[column][0] = rightAxis[column];
        view[column][1] = upAxis[column];
        view[column][2] = -forwardAxis[column];
    }
    view[3][0] = -glm::dot(rightAxis, eye);
    view[3][1] = -glm::dot(upAxis, eye);
    view[3][2] = glm::dot(forwardAxis, eye);
    return glm::mat4(view);
}

void FlyCamera::turn(float yawDegrees, float pitchDegrees)
{
    float yaw = std::fmod(pose_.yawDegrees + yawDegrees, 360.0f);
    if (yaw < 0.0f) {
        yaw += 360.0f;
    }
    pose_.yawDegrees = yaw;
    pose_.pitchDegrees = std::clamp(pose_.pitchDegrees + pitchDegrees, -kMaxPitchDegrees, kMaxPitchDegrees);
}

void FlyCamera::move(const MovementKeys& keys, float speedMetresPerSecond, float seconds)
{
    const auto axis = [](bool positive, bool negative) {
        return static_cast<float>(static_cast<int>(positive) - static_cast<int>(negative));
    };
    const glm::vec3 direction = forward() * axis(keys.forward, keys.backward) + right() * axis(keys.right, keys.left) +
                                kWorldUp * axis(keys.up, keys.down);
    if (glm::length(direction) == 0.0f) {
        return;
    }
    const float speed = speedMetresPerSecond * (keys.fast ? kFastMovementFactor : 1.0f);
    pose_.position += glm::normalize(direction) * speed * seconds;
}

float speedAfterWheel(float speed, double wheelSteps, float minimum, float maximum)
{
    const double scaled = static_cast<double>(speed) * std::pow(static_cast<double>(kWheelSpeedFactor), wheelSteps);
    return std::clamp(static_cast<float>(scaled), minimum, maximum);
}

camera::FrameView makeFrameView(const FlyCamera& camera, VkExtent2D extent, const ProjectionSettings& projection,
                                const glm::vec3& worldMin, const glm::vec3& worldMax)
{
    camera::FrameView view;
    view.viewport = VkExtent2D{std::max(extent.width, 1u), std::max(extent.height, 1u)};
    const float aspect = static_cast<float>(view.viewport.width) / static_cast<float>(view.viewport.height);
    const ClipRange range = clipRangeFor(camera.pose().position, worldMin, worldMax);
    view.view = camera.viewMatrix();
    view.projection = camera::vulkanPerspective(glm::radians(projection.verticalFovDegrees), aspect, range.nearPlane,
                                                range.farPlane, projection.depth);
    view.cameraPosition = camera.pose().position;
    return view;
}

}  // namespace viewer
