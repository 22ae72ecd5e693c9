#include "atmosphere/SkyPass.h"

#include "camera/Projection.h"
#include "vk/ShaderLibrary.h"

#include <glm/mat4x4.hpp>

namespace atmosphere {

SkyPass::SkyPass(const vk::Device& device, const vk::ShaderLibrary& shaders, VkDescriptorSetLayout atmosphereLayout,
                 const vk::AttachmentFormats& attachments, camera::DepthConvention depth)
    : device_(&device),
      shaders_(&shaders),
      attachments_(attachments),
      depth_(depth),
      pipelineLayout_(device, atmosphereLayout, sizeof(glm::mat4), VK_SHADER_STAGE_FRAGMENT_BIT),
      pipeline_(buildPipeline())
{
}

vk::GraphicsPipeline buildSkyPipeline(const vk::Device& device, const vk::ShaderLibrary& shaders,
                                      const vk::PipelineLayout& layout, const vk::AttachmentFormats& attachments,
                                      const char* fragmentProgram)
{
    vk::GraphicsPipelineDescription description;
    description.colorFormats = {attachments.color};
    description.depthFormat = attachments.depth;
    description.samples = attachments.samples;
    description.depthTest = true;
    description.depthCompareOp = VK_COMPARE_OP_EQUAL;
    return vk::GraphicsPipeline(device, layout, shaders.load("atmosphere/Sky.vert"), shaders.load(fragmentProgram),
                                description);
}

vk::GraphicsPipeline SkyPass::buildPipeline() const
{
    return buildSkyPipeline(*device_, *shaders_, pipelineLayout_, attachments_, "atmosphere/Sky.frag");
}

void SkyPass::rebuildPipeline()
{
    vk::GraphicsPipeline rebuilt = buildPipeline();
    pipeline_ = std::move(rebuilt);
}

void SkyPass::record(VkCommandBuffer commands, const camera::FrameView& view, VkDescriptorSet atmosphereSet) const
{
    // Sky.vert puts the triangle at depth 0; this depth range moves it to the
    // cleared far value, which the EQUAL test matches exactly.
    const float farDepth = camera::depthClearValue(depth_);
    vk::setViewportAndScissor(commands, view.viewport, farDepth, farDepth);
    vkCmdBindDescriptorSets(commands, VK_PIPELINE_BIND_POINT_GRAPHICS, pipelineLayout_.handle(), 0, 1, &atmosphereSet,
                            0, nullptr);
    pipeline_.bind(commands);
    const glm::mat4 rays = camera::inverseViewRotationProjection(view);
    vkCmdPushConstants(commands, pipelineLayout_.handle(), VK_SHADER_STAGE_FRAGMENT_BIT, 0, sizeof(rays), &rays);
    vkCmdDraw(commands, 3, 1, 0, 0);
}

}  // namespace atmosphere
