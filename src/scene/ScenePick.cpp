#include "scene/ScenePick.h"

#include "vk/Barriers.h"
#include "vk/Device.h"

#include <glm/mat3x3.hpp>
#include <glm/mat4x4.hpp>

#include <cstdint>
#include <cstring>

namespace scene {

void recordPickReadback(const vk::Device& device, VkCommandBuffer commands, const RenderTargets& targets,
                        VkOffset2D pixel, const vk::Buffer& readback)
{
    if (targets.shading() == SceneShading::Deferred) {
        const vk::Buffer& visibility = targets.visibility();
        vk::bufferBarrier(device, commands, visibility, VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT,
                          VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT, VK_PIPELINE_STAGE_2_COPY_BIT,
                          VK_ACCESS_2_TRANSFER_READ_BIT);
        const VkDeviceSize sample =
            (static_cast<VkDeviceSize>(pixel.y) * targets.extent().width + static_cast<VkDeviceSize>(pixel.x)) *
            static_cast<VkDeviceSize>(targets.samples()) * sizeof(std::uint64_t);
        const VkBufferCopy region{sample, 0, sizeof(std::uint64_t)};
        vkCmdCopyBuffer(commands, visibility.handle(), readback.handle(), 1, &region);
    } else {
        // The frame's last barrier on the depth image made it readable by
        // transfers, in TRANSFER_SRC_OPTIMAL.
        VkBufferImageCopy region{};
        region.imageSubresource = {VK_IMAGE_ASPECT_DEPTH_BIT, 0, 0, 1};
        region.imageOffset = {pixel.x, pixel.y, 0};
        region.imageExtent = {1, 1, 1};
        vkCmdCopyImageToBuffer(commands, targets.depth().handle(), VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL,
                               readback.handle(), 1, &region);
    }
    vk::bufferBarrier(device, commands, readback, VK_PIPELINE_STAGE_2_COPY_BIT, VK_ACCESS_2_TRANSFER_WRITE_BIT,
                      VK_PIPELINE_STAGE_2_HOST_BIT, VK_ACCESS_2_HOST_READ_BIT);
}

PickedPoint pickedPointOf(const vk::Buffer& readback, const PendingPick& pick, SceneShading shading,
                          VkFormat depthFormat)
{
    PickedPoint picked{pick.pixel, std::nullopt};
    float depth = 0.0f;
    if (shading == SceneShading::Deferred) {
        std::uint64_t value = 0;
        std::memcpy(&value, readback.mapped().data(), sizeof(value));
        if (value == 0) {
            return picked;  // no triangle: the sky
        }
        const auto bits = static_cast<std::uint32_t>(value >> 32u);  // the depth's float
        std::memcpy(&depth, &bits, sizeof(depth));
    } else if (depthFormat == VK_FORMAT_D32_SFLOAT) {
        std::memcpy(&depth, readback.mapped().data(), sizeof(depth));
    } else {
        std::uint32_t bits = 0;
        std::memcpy(&bits, readback.mapped().data(), sizeof(bits));
        depth = static_cast<float>(static_cast<double>(bits & 0xffffffu) / 16777215.0);
    }
    if (depth == pick.view.clearDepth) {
        return picked;
    }
    const VkExtent2D viewport = pick.view.viewport;
    const glm::dvec4 clip((pick.pixel.x + 0.5) / viewport.width * 2.0 - 1.0,
                          (pick.pixel.y + 0.5) / viewport.height * 2.0 - 1.0, static_cast<double>(depth), 1.0);
    const glm::dvec4 inView = glm::inverse(glm::dmat4(pick.view.projection)) * clip;
    const glm::dvec3 relative = glm::transpose(pick.view.sceneToView) * (glm::dvec3(inView) / inView.w);
    picked.scenePosition = pick.view.cameraPosition + relative;
    return picked;
}

}  // namespace scene
