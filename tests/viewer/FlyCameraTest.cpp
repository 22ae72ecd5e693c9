// Camera math: directions, the Vulkan projection (y down, depth 0..1 in both
// conventions), movement, wheel speed and the framing start pose.
#include "viewer/FlyCamera.h"

#include <glm/geometric.hpp>
#include <glm/mat4x4.hpp>
#include <glm/trigonometric.hpp>
#include <glm/vec4.hpp>

#include <gtest/gtest.h>

#include <cmath>

namespace viewer {
namespace {

constexpr float kTolerance = 1.0e-4f;

void expectNear(const glm::vec3& actual, const glm::vec3& expected)
{
    EXPECT_NEAR(actual.x, expected.x, kTolerance);
    EXPECT_NEAR(actual.y, expected.y, kTolerance);
    EXPECT_NEAR(actual.z, expected.z, kTolerance);
}

TEST(FlyCamera, YawAndPitchFollowTheDocumentedConvention)
{
    expectNear(viewDirection(0.0f, 0.0f), {0.0f, 0.0f, -1.0f});
    expectNear(viewDirection(90.0f, 0.0f), {1.0f, 0.0f, 0.0f});
    expectNear(viewDirection(180.0f, 0.0f), {0.0f, 0.0f, 1.0f});
    expectNear(viewDirection(0.0f, 90.0f), {0.0f, 1.0f, 0.0f});
    const FlyCamera camera(CameraPose{{0.0f, 0.0f, 0.0f}, 90.0f, 0.0f});
    expectNear(camera.right(), {0.0f, 0.0f, 1.0f});
    expectNear(glm::cross(camera.forward(), glm::vec3(0.0f, 1.0f, 0.0f)), camera.right());
}

TEST(FlyCamera, ViewMatrixPutsTheCameraAtTheOriginLookingDownMinusZ)
{
    const FlyCamera camera(CameraPose{{100.0f, 50.0f, -20.0f}, 30.0f, -20.0f});
    const glm::mat4 view = camera.viewMatrix();
    expectNear(glm::vec3(view * glm::vec4(camera.pose().position, 1.0f)), {0.0f, 0.0f, 0.0f});
    const glm::vec3 ahead = camera.pose().position + camera.forward() * 10.0f;
    expectNear(glm::vec3(view * glm::vec4(ahead, 1.0f)), {0.0f, 0.0f, -10.0f});
}

TEST(FlyCamera, ViewMatrixKeepsItsDirectionFarFromTheOrigin)
{
    // Where a global elevation model's framing puts the camera (~45,000 km
    // away): eye + forward is no longer a distinct float direction there.
    for (const float distance : {1.0e5f, 2.0e7f, 4.5e7f}) {
        const FlyCamera camera(CameraPose{{3.0e3f, distance * 0.57f, distance * 0.82f}, 7.0f, -35.0f});
        const glm::mat4 view = camera.viewMatrix();
        const glm::vec3 rowForward{-view[0][2], -view[1][2], -view[2][2]};
        const glm::vec3 rowRight{view[0][0], view[1][0], view[2][0]};
        expectNear(rowForward, camera.forward());
        expectNear(rowRight, camera.right());
        // The world origin, ahead and below, stays in front of the camera at its distance.
        const glm::vec3 origin = glm::vec3(view * glm::vec4(0.0f, 0.0f, 0.0f, 1.0f));
        EXPECT_LT(origin.z, -0.9f * distance) << "distance " << distance;
    }
}

TEST(FlyCamera, TurningClampsPitchAndWrapsYaw)
{
    FlyCamera camera;
    camera.turn(370.0f, 200.0f);
    EXPECT_NEAR(camera.pose().yawDegrees, 10.0f, kTolerance);
    EXPECT_FLOAT_EQ(camera.pose().pitchDegrees, kMaxPitchDegrees);
    camera.turn(-20.0f, -500.0f);
    EXPECT_NEAR(camera.pose().yawDegrees, 350.0f, kTolerance);
    EXPECT_FLOAT_EQ(camera.pose().pitchDegrees, -kMaxPitchDegrees);
}

TEST(FlyCamera, MovesAlongForwardRightAndUp)
{
    FlyCamera camera(CameraPose{{0.0f, 0.0f, 0.0f}, 90.0f, 0.0f});
    MovementKeys keys;
    keys.forward = true;
    camera.move(keys, 10.0f, 2.0f);
    expectNear(camera.pose().position, {20.0f, 0.0f, 0.0f});
    keys = MovementKeys{};
    keys.left = true;
    keys.up = true;
    keys.fast = true;
    camera.move(keys, 10.0f, 1.0f);
    const float diagonal = 10.0f * kFastMovementFactor / std::sqrt(2.0f);
    expectNear(camera.pose().position, {20.0f, diagonal, -diagonal});
    keys = MovementKeys{};
    keys.forward = true;
    keys.backward = true;
    camera.move(keys, 10.0f, 1.0f);
    expectNear(camera.pose().position, {20.0f, diagonal, -diagonal});
}

TEST(FlyCamera, WheelScalesSpeedWithinLimits)
{
    EXPECT_NEAR(speedAfterWheel(100.0f, 1.0, 1.0f, 1000.0f), 100.0f * kWheelSpeedFactor, 1.0e-3f);
    EXPECT_NEAR(speedAfterWheel(100.0f, -2.0, 1.0f, 1000.0f), 100.0f / (kWheelSpeedFactor * kWheelSpeedFactor),
                1.0e-3f);
    EXPECT_FLOAT_EQ(speedAfterWheel(100.0f, 100.0, 1.0f, 1000.0f), 1000.0f);
    EXPECT_FLOAT_EQ(speedAfterWheel(100.0f, -100.0, 1.0f, 1000.0f), 1.0f);
}

// The start pose looks obliquely over the terrain, which fills the frame:
// the rays through the frame's corners and the middle of its top edge meet
// the terrain's mean height inside its footprint.
TEST(FlyCamera, DefaultViewPoseFillsTheFrameWithTerrain)
{
    const glm::vec3 worldMin{-10000.0f, 0.0f, -6000.0f};
    const glm::vec3 worldMax{10000.0f, 3000.0f, 6000.0f};
    for (const float aspect : {16.0f / 9.0f, 4.0f / 3.0f, 1.0f, 0.5f}) {
        const FlyCamera camera(defaultViewPose(worldMin, worldMax, 60.0f, aspect));
        const auto height = static_cast<std::uint32_t>(720);
        const VkExtent2D extent{static_cast<std::uint32_t>(static_cast<float>(height) * aspect), height};
        const camera::FrameView view = makeFrameView(
            camera, extent, ProjectionSettings{60.0f, camera::DepthConvention::Reversed}, worldMin, worldMax);
        EXPECT_GT(camera.pose().position.y, worldMax.y) << aspect;
        EXPECT_LT(camera.pose().pitchDegrees, -30.0f) << aspect;
        expectNear(view.cameraPosition, camera.pose().position);
        const glm::mat4 clipToWorld = glm::inverse(view.projection * view.view);
        const float groundY = 0.5f * (worldMin.y + worldMax.y);
        for (const glm::vec2 ndc : {glm::vec2(-1.0f, -1.0f), glm::vec2(1.0f, -1.0f), glm::vec2(-1.0f, 1.0f),
                                    glm::vec2(1.0f, 1.0f), glm::vec2(0.0f, -1.0f), glm::vec2(0.0f, 1.0f)}) {
            // Reversed depth: a small NDC depth is far from the camera, where float
            // cancellation does not bend the ray.
            const glm::vec4 far = clipToWorld * glm::vec4(ndc, 1.0e-4f, 1.0f);
            const glm::vec3 direction = glm::normalize(glm::vec3(far) / far.w - view.cameraPosition);
            ASSERT_LT(direction.y, 0.0f) << "a frame corner looks at the sky, aspect " << aspect;
            const glm::vec3 ground =
                view.cameraPosition + direction * ((groundY - view.cameraPosition.y) / direction.y);
            EXPECT_GE(ground.x, worldMin.x - 1.0f) << aspect;
            EXPECT_LE(ground.x, worldMax.x + 1.0f) << aspect;
            EXPECT_GE(ground.z, worldMin.z - 1.0f) << aspect;
            EXPECT_LE(ground.z, worldMax.z + 1.0f) << aspect;
        }
    }
}

TEST(FlyCamera, ClipRangeHoldsTheWholeBox)
{
    const ClipRange range = clipRangeFor({0.0f, 100.0f, 0.0f}, {-1000.0f, 0.0f, -1000.0f}, {1000.0f, 50.0f, 1000.0f});
    EXPECT_GE(range.farPlane, std::sqrt(1000.0f * 1000.0f * 2.0f + 100.0f * 100.0f));
    EXPECT_GT(range.nearPlane, 0.0f);
    EXPECT_LT(range.nearPlane, 1.0f);
}

}  // namespace
}  // namespace viewer
