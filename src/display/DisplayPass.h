// The display pass: the one place where exposure, the tone curve and sRGB
// encoding happen. It reads the scene's HDR image (kHdrColorFormat: scene
// luminance where alpha is 1, display colours where alpha is 0, see
// shaders/display/HdrOutput.glsl) and writes display colours
// (shaders/display/DisplayPass.*, display_Transform), in one of two stages:
// - Compute (8-bit RGBA and BGRA targets, UNORM or SRGB): a compute pass
//   stores through the target's kDisplayStorageFormat view (vk::Image's
//   storageView), encoding sRGB itself. GPUs whose vertex and fragment
//   shaders run on a few of their multiprocessors (NVIDIA's H100) take a
//   fraction of the time a fullscreen draw takes.
// - Fragment (any colour format; the reference of the compute stage): a
//   fullscreen triangle in a rendering onto the target.
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

enum class DisplayStage { Compute, Fragment };

// The format in which the compute stage stores to its target: every Vulkan
// device can store to it, and it is size-compatible with the targets below.
inline constexpr VkFormat kDisplayStorageFormat = VK_FORMAT_R8G8B8A8_UNORM;

// Compute for R8G8B8A8 and B8G8R8A8 targets, UNORM or SRGB; Fragment for
// the others.
DisplayStage displayStageFor(VkFormat outputFormat);

class DisplayPass {
public:
    // `outputFormat`: the target's format. One descriptor set per frame
    // slot. Throws vk::Error (and for the Compute stage on a format
    // displayStageFor does not give it).
    DisplayPass(const vk::Device& device, const vk::ShaderLibrary& shaders, VkFormat outputFormat,
                uint32_t framesInFlight);
    DisplayPass(const vk::Device& device, const vk::ShaderLibrary& shaders, VkFormat outputFormat,
                uint32_t framesInFlight, DisplayStage stage);

    [[nodiscard]] DisplayStage stage() const { return stage_; }
    // The stage whose shader reads the HDR image: COMPUTE or FRAGMENT_SHADER.
    [[nodiscard]] VkPipelineStageFlags2 readerStage() const;

    // Points slot `frameSlot`'s descriptor set at `hdrImage` (in
    // SHADER_READ_ONLY_OPTIMAL and visible to readerStage(), the size of the
    // target; the slot's previous submission must have completed) and maps
    // it onto `target` (the pass's format; for the Compute stage with a
    // kDisplayStorageFormat storage view): the target's earlier contents are
    // discarded after earlier transfer reads, it is written by a dispatch or
    // in a rendering of its own, and it ends in TRANSFER_SRC_OPTIMAL, visible
    // to transfer reads.
    void record(VkCommandBuffer commands, VkImageView hdrImage, const vk::Image& target, uint32_t frameSlot,
                const DisplaySettings& display) const;

    // Recompiles the shaders; on failure keeps the pipeline and returns the
    // error. No recorded command buffer using the pass may be pending.
    std::optional<std::string> reloadShaders();

private:
    void buildPipeline();

    const vk::Device* device_;
    const vk::ShaderLibrary* shaders_;
    VkFormat outputFormat_;
    DisplayStage stage_;
    vk::Sampler sampler_;
    vk::DescriptorSetLayout setLayout_;
    vk::PipelineLayout pipelineLayout_;
    vk::DescriptorPool pool_;
    std::vector<VkDescriptorSet> sets_;
    vk::GraphicsPipeline graphics_;  // the Fragment stage
    vk::ComputePipeline compute_;    // the Compute stage
};

}  // namespace display
