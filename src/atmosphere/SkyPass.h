// The sky of a frame: a fullscreen triangle recorded inside the caller's
// dynamic rendering, after the opaque geometry, that shades the pixels
// nothing covered with the atmosphere's sky radiance along their view rays
// (shaders/atmosphere/Sky.*). It is drawn at the cleared far depth with an
// EQUAL test, so only those pixels run its fragment shader, and writes scene
// luminance (alpha 1) into the HDR colour target.
#pragma once

#include "camera/FrameView.h"
#include "vk/GraphicsPipeline.h"
#include "vk/Pipeline.h"

#include <vulkan/vulkan.h>

namespace vk {
class Device;
class ShaderLibrary;
}  // namespace vk

namespace atmosphere {

// The pipeline of a sky pass: atmosphere/Sky.vert's fullscreen triangle,
// tested EQUAL against the cleared far depth, shaded by `fragmentProgram`
// (atmosphere/Sky.frag for SkyPass; another sky may bring its own) into a
// rendering of `attachments`.
vk::GraphicsPipeline buildSkyPipeline(const vk::Device& device, const vk::ShaderLibrary& shaders,
                                      const vk::PipelineLayout& layout, const vk::AttachmentFormats& attachments,
                                      const char* fragmentProgram);

class SkyPass {
public:
    // `atmosphereLayout`: the layout of Atmosphere::descriptorSet(), bound as
    // set 0. The formats are those of the rendering the pass is recorded in.
    SkyPass(const vk::Device& device, const vk::ShaderLibrary& shaders, VkDescriptorSetLayout atmosphereLayout,
            const vk::AttachmentFormats& attachments, camera::DepthConvention depth);

    // Records the sky for `view`. The depth attachment was cleared under the
    // pass's depth convention.
    void record(VkCommandBuffer commands, const camera::FrameView& view, VkDescriptorSet atmosphereSet) const;

    // Builds the pipeline again from the library; on failure throws vk::Error
    // and keeps the current one. No recorded command buffer using the pass
    // may be pending.
    void rebuildPipeline();

private:
    [[nodiscard]] vk::GraphicsPipeline buildPipeline() const;

    const vk::Device* device_;
    const vk::ShaderLibrary* shaders_;
    vk::AttachmentFormats attachments_;
    camera::DepthConvention depth_;
    vk::PipelineLayout pipelineLayout_;
    vk::GraphicsPipeline pipeline_;
};

}  // namespace atmosphere
