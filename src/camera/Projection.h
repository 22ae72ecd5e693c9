// The maths of a frame's camera: the perspective projection to Vulkan clip
// space under either depth convention, what a depth buffer is cleared to and
// tested with, the view frustum's planes, and the rays of the view.
#pragma once

#include "camera/FrameView.h"

#include <vulkan/vulkan.h>
#include <glm/mat4x4.hpp>
#include <glm/vec3.hpp>
#include <glm/vec4.hpp>

#include <array>

namespace camera {

// Perspective projection to Vulkan clip space: x right, y down, depth 0..1
// (0 at the near plane for Standard, at the far plane for Reversed).
glm::mat4 vulkanPerspective(float verticalFovRadians, float aspect, float nearPlane, float farPlane,
                            DepthConvention depth);

// Reversed-Z perspective with the far plane at infinity: depth = near /
// distance along the view axis (1 at the near plane, towards 0 at infinity),
// so a float depth buffer keeps about the same relative precision at every
// distance, from a metre to beyond the Moon. Reversed convention only.
glm::mat4 vulkanInfinitePerspective(float verticalFovRadians, float aspect, float nearPlane);

// The depth value a depth buffer is cleared to under `depth` (the far plane).
float depthClearValue(DepthConvention depth);

// The depth test that keeps the nearer surface under `depth`:
// LESS_OR_EQUAL (Standard) or GREATER_OR_EQUAL (Reversed).
VkCompareOp nearerDepthCompareOp(DepthConvention depth);

// Clip-space planes (a, b, c, d) of viewProjection's frustum in world space,
// for Vulkan's clip volume -w <= x, y <= w, 0 <= z <= w: left, right, top,
// bottom, near, far. A point p is inside a plane when a·p + d >= 0.
std::array<glm::vec4, 6> frustumPlanesOf(const glm::mat4& viewProjection);

// inverse(projection * view) with the view's translation removed, computed
// in double: maps a clip-space point to its offset from the camera, i.e. the
// direction of the view ray through it (the sky), precise also for a camera
// far from the origin.
glm::mat4 inverseViewRotationProjection(const FrameView& view);

}  // namespace camera
