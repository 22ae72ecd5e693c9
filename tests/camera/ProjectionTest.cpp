// The camera maths every pass shares: the perspective projection to Vulkan
// clip space under both depth conventions (and reversed with an infinite far
// plane, which orders surfaces 0.01 % apart from 1 m to 40,000 km), the depth clear value and test,
// the frustum planes and the view-ray matrix of the sky.
#include "camera/Projection.h"

#include <gtest/gtest.h>
#include <glm/gtc/matrix_transform.hpp>
#include <glm/trigonometric.hpp>

#include <algorithm>
#include <cmath>

namespace camera {
namespace {

constexpr float kTolerance = 1e-4f;

glm::vec3 clipToNdc(const glm::mat4& projection, glm::vec3 viewPoint)
{
    const glm::vec4 clip = projection * glm::vec4(viewPoint, 1.0f);
    return glm::vec3(clip) / clip.w;
}

TEST(Projection, IsVulkanClipSpaceInBothDepthConventions)
{
    const float nearPlane = 0.5f;
    const float farPlane = 5000.0f;
    const glm::mat4 standard =
        vulkanPerspective(glm::radians(60.0f), 16.0f / 9.0f, nearPlane, farPlane, DepthConvention::Standard);
    const glm::mat4 reversed =
        vulkanPerspective(glm::radians(60.0f), 16.0f / 9.0f, nearPlane, farPlane, DepthConvention::Reversed);
    EXPECT_NEAR(clipToNdc(standard, {0.0f, 0.0f, -nearPlane}).z, 0.0f, kTolerance);
    EXPECT_NEAR(clipToNdc(standard, {0.0f, 0.0f, -farPlane}).z, 1.0f, kTolerance);
    EXPECT_NEAR(clipToNdc(reversed, {0.0f, 0.0f, -nearPlane}).z, 1.0f, kTolerance);
    EXPECT_NEAR(clipToNdc(reversed, {0.0f, 0.0f, -farPlane}).z, 0.0f, kTolerance);
    EXPECT_FLOAT_EQ(depthClearValue(DepthConvention::Standard), 1.0f);
    EXPECT_FLOAT_EQ(depthClearValue(DepthConvention::Reversed), 0.0f);
    EXPECT_EQ(nearerDepthCompareOp(DepthConvention::Standard), VK_COMPARE_OP_LESS_OR_EQUAL);
    EXPECT_EQ(nearerDepthCompareOp(DepthConvention::Reversed), VK_COMPARE_OP_GREATER_OR_EQUAL);
    // y down: a point above the view axis lands at negative y.
    EXPECT_LT(clipToNdc(standard, {0.0f, 1.0f, -10.0f}).y, 0.0f);
    EXPECT_GT(clipToNdc(reversed, {1.0f, 0.0f, -10.0f}).x, 0.0f);
    // The top edge of a 60 degree frustum maps to y = -1.
    const float top = 10.0f * std::tan(glm::radians(30.0f));
    EXPECT_NEAR(clipToNdc(standard, {0.0f, top, -10.0f}).y, -1.0f, kTolerance);
}

TEST(Projection, AnInfiniteReversedDepthOrdersSurfacesFromAMetreToFortyThousandKilometres)
{
    const float nearPlane = 0.5f;
    const glm::mat4 projection = vulkanInfinitePerspective(glm::radians(60.0f), 16.0f / 9.0f, nearPlane);
    EXPECT_NEAR(clipToNdc(projection, {0.0f, 0.0f, -nearPlane}).z, 1.0f, kTolerance);
    EXPECT_GT(clipToNdc(projection, {0.0f, 0.0f, -1.0e12f}).z, 0.0f);  // never behind the far plane
    EXPECT_NEAR(clipToNdc(projection, {0.0f, 0.0f, -1.0e12f}).z, 0.0f, 1.0e-9f);
    const float top = 10.0f * std::tan(glm::radians(30.0f));
    EXPECT_NEAR(clipToNdc(projection, {0.0f, top, -10.0f}).y, -1.0f, kTolerance);
    // Two surfaces 0.01 % apart, anywhere from 1 m to 40,000 km, and off the
    // view axis: the nearer keeps the larger depth once rounded to a float.
    int pairs = 0;
    for (double distance = 1.0; distance <= 4.0e7; distance *= 1.37) {
        for (const float side : {0.0f, 0.4f}) {
            const auto near = static_cast<float>(distance);
            const auto far = static_cast<float>(distance * 1.0001);
            const float nearDepth = clipToNdc(projection, {side * near, 0.0f, -near}).z;
            const float farDepth = clipToNdc(projection, {side * far, 0.0f, -far}).z;
            EXPECT_GT(nearDepth, farDepth) << "at " << distance << " m";
            EXPECT_GT(farDepth, 0.0f);
            ++pairs;
        }
    }
    EXPECT_GT(pairs, 100);
    // The frustum's planes: the near one where it was, none behind.
    const std::array<glm::vec4, 6> planes = frustumPlanesOf(projection);
    const auto inside = [&planes](glm::vec3 p) {
        return std::all_of(planes.begin(), planes.end(),
                           [&p](const glm::vec4& plane) { return glm::dot(glm::vec3(plane), p) + plane.w >= 0.0f; });
    };
    EXPECT_TRUE(inside({0.0f, 0.0f, -1.0e9f}));
    EXPECT_FALSE(inside({0.0f, 0.0f, -0.4f}));
}

// A point is inside the frustum exactly when every plane has it on its
// positive side: checked against the clip-space test itself.
TEST(Projection, FrustumPlanesAgreeWithTheClipVolume)
{
    for (const DepthConvention depth : {DepthConvention::Standard, DepthConvention::Reversed}) {
        const glm::mat4 view = glm::lookAtRH(glm::vec3(10.0f, 50.0f, 200.0f), glm::vec3(0.0f), glm::vec3(0, 1, 0));
        const glm::mat4 viewProjection = vulkanPerspective(glm::radians(50.0f), 1.5f, 1.0f, 1000.0f, depth) * view;
        const std::array<glm::vec4, 6> planes = frustumPlanesOf(viewProjection);
        int inside = 0;
        for (int i = 0; i < 2000; ++i) {
            const auto t = static_cast<float>(i);
            const glm::vec3 point(std::fmod(t * 37.1f, 400.0f) - 200.0f, std::fmod(t * 11.7f, 300.0f) - 100.0f,
                                  std::fmod(t * 23.3f, 1400.0f) - 900.0f);
            const glm::vec4 clip = viewProjection * glm::vec4(point, 1.0f);
            const bool clipInside = clip.w > 0.0f && std::abs(clip.x) <= clip.w && std::abs(clip.y) <= clip.w &&
                                    clip.z >= 0.0f && clip.z <= clip.w;
            bool planesInside = true;
            for (const glm::vec4& plane : planes) {
                planesInside = planesInside && glm::dot(glm::vec3(plane), point) + plane.w >= 0.0f;
            }
            EXPECT_EQ(planesInside, clipInside) << "point " << point.x << ", " << point.y << ", " << point.z;
            inside += clipInside ? 1 : 0;
        }
        EXPECT_GT(inside, 100);
    }
}

// The sky's view rays: the matrix maps a pixel's clip position to its
// direction from the camera, wherever the camera stands.
TEST(Projection, ViewRaysIgnoreTheCameraPosition)
{
    FrameView near;
    near.cameraPosition = glm::vec3(0.0f, 100.0f, 0.0f);
    near.view = glm::lookAtRH(near.cameraPosition, near.cameraPosition + glm::vec3(0, 0, -1), glm::vec3(0, 1, 0));
    near.projection = vulkanPerspective(glm::radians(60.0f), 2.0f, 1.0f, 1.0e5f, DepthConvention::Reversed);
    FrameView far = near;
    far.cameraPosition = glm::vec3(3.0e6f, 9000.0f, -2.0e6f);
    far.view = glm::lookAtRH(far.cameraPosition, far.cameraPosition + glm::vec3(0, 0, -1), glm::vec3(0, 1, 0));
    for (const glm::vec2 pixel : {glm::vec2(0.0f), glm::vec2(0.5f, -0.5f), glm::vec2(-1.0f, 1.0f)}) {
        const glm::vec4 a = inverseViewRotationProjection(near) * glm::vec4(pixel, 0.5f, 1.0f);
        const glm::vec4 b = inverseViewRotationProjection(far) * glm::vec4(pixel, 0.5f, 1.0f);
        const glm::vec3 directionA = glm::normalize(glm::vec3(a) / a.w);
        const glm::vec3 directionB = glm::normalize(glm::vec3(b) / b.w);
        EXPECT_NEAR(glm::length(directionA - directionB), 0.0f, 1e-5f);
        // The centre of the screen looks along the view direction, -Z.
        if (pixel == glm::vec2(0.0f)) {
            EXPECT_NEAR(directionA.z, -1.0f, 1e-5f);
        }
    }
}

}  // namespace
}  // namespace camera
