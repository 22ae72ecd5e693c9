// The point of the scene under a pixel of a frame (the window's click): the
// frame's depth there, read back from its depth image (the graphics path,
// whose depth the output keeps) or sample 0 of its visibility buffer (the
// compute path), unprojected through that frame's camera into the
// surface's coordinates (the flat world's metres, or ECEF).
#pragma once

#include "scene/RenderTargets.h"
#include "vectordata/gpu/VectorDrapePass.h"
#include "vk/Buffer.h"

#include <vulkan/vulkan.h>
#include <glm/vec3.hpp>

#include <optional>

namespace vk {
class Device;
}  // namespace vk

namespace scene {

// Room for the depth a pick reads back.
inline constexpr VkDeviceSize kPickReadbackBytes = 8;

// A pick recorded into a frame, waiting for the frame to complete.
struct PendingPick {
    VkOffset2D pixel{0, 0};
    vectordata::gpu::DrapeView view;  // the frame's camera
};

// What a pick found: the pixel, and the point of the surface there (empty
// where the frame shows no surface: the sky).
struct PickedPoint {
    VkOffset2D pixel{0, 0};
    std::optional<glm::dvec3> scenePosition;
};

// Records the copy of the frame's depth at `pixel` (inside the targets) into
// `readback`, after every pass of the frame: the depth image in
// TRANSFER_SRC_OPTIMAL (forward targets whose depth is kept), or the
// visibility buffer last written by compute shaders (deferred).
void recordPickReadback(const vk::Device& device, VkCommandBuffer commands, const RenderTargets& targets,
                        VkOffset2D pixel, const vk::Buffer& readback);

// The point `readback` (its frame complete) holds for `pick`, with `shading`
// and `depthFormat` the frame's.
[[nodiscard]] PickedPoint pickedPointOf(const vk::Buffer& readback, const PendingPick& pick, SceneShading shading,
                                        VkFormat depthFormat);

}  // namespace scene
