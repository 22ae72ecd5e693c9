// The display pass of HDR rendering: a fullscreen triangle, recorded inside
// the caller's dynamic rendering onto the display target, that reads an
// HDR image (RGBA16F, scene luminance where alpha is 1, display colours
// where alpha is 0) and writes exposure + tone curve + sRGB
// (shaders/atmosphere/Tonemap.*).
#pragma once

#include "atmosphere/Tonemapping.h"

#include "vk/Descriptors.h"
#include "vk/GraphicsPipeline.h"
#include "vk/Image.h"
#include "vk/Pipeline.h"

#include <vulkan/vulkan.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace vk {
class Device;
class ShaderCompiler;
}  // namespace vk

namespace atmosphere {

// The HDR colour format the scene is rendered to.
inline constexpr VkFormat kHdrColorFormat = VK_FORMAT_R16G16B16A16_SFLOAT;

// True for 8-bit UNORM colour formats: a shader writing display colours to
// them must encode sRGB itself (SRGB formats encode in hardware, float
// formats hold linear values).
bool shaderEncodesSrgb(VkFormat format);

class TonemapPass {
public:
    // `outputFormat`: the colour attachment of the rendering it is recorded
    // in. One descriptor set per frame slot. Throws vk::Error.
    TonemapPass(const vk::Device& device, const vk::ShaderCompiler& compiler, VkFormat outputFormat,
                uint32_t framesInFlight);

    // Points slot `frameSlot`'s descriptor set at `hdrImage` (in
    // SHADER_READ_ONLY_OPTIMAL, the size of the target; the slot's previous
    // submission must have completed) and draws.
    void record(VkCommandBuffer commands, VkImageView hdrImage, VkExtent2D extent, uint32_t frameSlot,
                const DisplaySettings& display) const;

    // Recompiles the shaders; on failure keeps the pipeline and returns the
    // error. No recorded command buffer using the pass may be pending.
    std::optional<std::string> reloadShaders();

private:
    [[nodiscard]] vk::GraphicsPipeline buildPipeline() const;

    const vk::Device* device_;
    const vk::ShaderCompiler* compiler_;
    VkFormat outputFormat_;
    vk::Sampler sampler_;
    vk::DescriptorSetLayout setLayout_;
    vk::PipelineLayout pipelineLayout_;
    vk::DescriptorPool pool_;
    std::vector<VkDescriptorSet> sets_;
    vk::GraphicsPipeline pipeline_;
};

}  // namespace atmosphere
