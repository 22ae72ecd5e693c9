// Camera math: directions, the Vulkan projection (y down, depth 0..1 in both
// conventions), movement, wheel speed and the framing start pose.
#include "app/FlyCamera.h"

#include <glm/geometric.hpp>
#include <glm/mat4x4.hpp>
#include <glm/trigonometric.hpp>
#include <glm/vec4.hpp>

#include <gtest/gtest.h>

#include <cmath>

namespace app {
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

TEST(FlyCamera, FramingPoseSeesEveryCornerOfTheTerrain)
{
    const glm::vec3 worldMin{-10000.0f, 0.0f, -6000.0f};
    const glm::vec3 worldMax{10000.0f, 3000.0f, 6000.0f};
    const float aspect = 16.0f / 9.0f;
    const FlyCamera camera(framingPose(worldMin, worldMax, 60.0f, aspect));
    const VkExtent2D extent{1280, 720};
    const camera::FrameView view =
        makeFrameView(camera, extent, ProjectionSettings{60.0f, camera::DepthConvention::Reversed}, worldMin, worldMax);
    EXPECT_GT(camera.pose().position.y, worldMax.y);
    EXPECT_EQ(view.viewport.width, 1280u);
    expectNear(view.cameraPosition, camera.pose().position);
    for (int corner = 0; corner < 8; ++corner) {
        const glm::vec3 point{(corner & 1) != 0 ? worldMax.x : worldMin.x, (corner & 2) != 0 ? worldMax.y : worldMin.y,
                              (corner & 4) != 0 ? worldMax.z : worldMin.z};
        const glm::vec4 clip = view.projection * view.view * glm::vec4(point, 1.0f);
        ASSERT_GT(clip.w, 0.0f) << "corner " << corner << " behind the camera";
        const glm::vec3 ndc = glm::vec3(clip) / clip.w;
        EXPECT_LE(std::abs(ndc.x), 1.0f) << "corner " << corner;
        EXPECT_LE(std::abs(ndc.y), 1.0f) << "corner " << corner;
        EXPECT_GT(ndc.z, 0.0f) << "corner " << corner << " beyond the far plane";
        EXPECT_LT(ndc.z, 1.0f) << "corner " << corner << " before the near plane";
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
}  // namespace app
