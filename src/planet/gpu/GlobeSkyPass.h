// The globe's sky (shaders/planet/GlobeSky.frag): a fullscreen triangle,
// recorded inside the caller's rendering after the globe's draw, that shades
// the pixels the globe left at the cleared far depth (reversed-Z: 0) with
// the light the atmosphere scatters along their view rays, from the ground
// or from space, and the sun's disc.
#pragma once

#include "planet/GlobeCamera.h"
#include "vk/Descriptors.h"
#include "vk/GraphicsPipeline.h"
#include "vk/Pipeline.h"

#include <vulkan/vulkan.h>
#include <glm/vec3.hpp>

namespace vk {
class Device;
class ShaderLibrary;
}  // namespace vk

namespace planet::gpu {

class SeaLevelSky;

class GlobeSkyPass {
public:
    // `atmosphereLayout`: atmosphere::Atmosphere::descriptorSetLayout(),
    // bound as set 0. The formats are those of the rendering it is recorded
    // in. The sea beyond the globe's mesh reflects `seaLevelSky`, which must
    // outlive the pass.
    GlobeSkyPass(const vk::Device& device, const vk::ShaderLibrary& shaders, VkDescriptorSetLayout atmosphereLayout,
                 const SeaLevelSky& seaLevelSky, const vk::AttachmentFormats& attachments);

    // Records the sky seen from `view` with a vertical field of view of
    // `verticalFovRadians`, the sun towards `sunDirection` (ECEF).
    void record(VkCommandBuffer commands, const GlobeView& view, VkExtent2D viewport, double verticalFovRadians,
                const glm::dvec3& sunDirection, VkDescriptorSet atmosphereSet) const;

    // Builds the pipeline again from the library; throws vk::Error and keeps
    // the current one on failure. No recorded use may be pending.
    void rebuildPipeline();

private:
    [[nodiscard]] vk::GraphicsPipeline buildPipeline() const;

    const vk::Device* device_;
    const vk::ShaderLibrary* shaders_;
    vk::AttachmentFormats attachments_;
    vk::DescriptorSetLayout seaSetLayout_;
    vk::DescriptorPool seaSetPool_;
    VkDescriptorSet seaSet_ = VK_NULL_HANDLE;
    vk::PipelineLayout pipelineLayout_;
    vk::GraphicsPipeline pipeline_;
};

}  // namespace planet::gpu
