// The display pass: the one place where exposure, the tone curve and sRGB
// encoding happen. A fullscreen triangle, recorded inside the caller's
// dynamic rendering onto the display target, reads the scene's HDR image
// (kHdrColorFormat: scene luminance where alpha is 1, display colours where
// alpha is 0, see shaders/display/HdrOutput.glsl) and writes display colours
// (shaders/display/DisplayPass.*, display_Transform).
#pragma once

#include "display/Tonemapping.h"

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
class ShaderLibrary;
}  // namespace vk

namespace display {

// The HDR colour format the scene is rendered to.
inline constexpr VkFormat kHdrColorFormat = VK_FORMAT_R16G16B16A16_SFLOAT;

// True for 8-bit UNORM colour formats: the display pass encodes sRGB itself
// for them (SRGB formats encode in hardware, float formats hold linear values).
bool shaderEncodesSrgb(VkFormat format);

class DisplayPass {
public:
    // `outputFormat`: the colour attachment of the rendering it is recorded
    // in. One descriptor set per frame slot. Throws vk::Error.
    DisplayPass(const vk::Device& device, const vk::ShaderLibrary& shaders, VkFormat outputFormat,
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
    const vk::ShaderLibrary* shaders_;
    VkFormat outputFormat_;
    vk::Sampler sampler_;
    vk::DescriptorSetLayout setLayout_;
    vk::PipelineLayout pipelineLayout_;
    vk::DescriptorPool pool_;
    std::vector<VkDescriptorSet> sets_;
    vk::GraphicsPipeline pipeline_;
};

}  // namespace display
