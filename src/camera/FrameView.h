// The camera of one frame, as every pass of the frame sees it: view and
// projection matrices in Vulkan's clip space (x right, y down, depth 0..1),
// the camera's world position and the render target's size.
//
// World convention (shared by the app, the shaders and the tests): metres,
// Y up. The camera looks along -Z of its view space.
#pragma once

#include <vulkan/vulkan.h>
#include <glm/mat4x4.hpp>
#include <glm/vec3.hpp>

namespace camera {

// Whether depth 0 is the near plane (Standard: compare LESS, clear to 1) or
// the far plane (Reversed: compare GREATER, clear to 0).
enum class DepthConvention { Standard, Reversed };

struct FrameView {
    glm::mat4 view{1.0f};
    glm::mat4 projection{1.0f};  // Vulkan clip space, made for one DepthConvention
    glm::vec3 cameraPosition{0.0f};
    VkExtent2D viewport{1, 1};  // pixels of the render target
};

}  // namespace camera
