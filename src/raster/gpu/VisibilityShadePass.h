// A surface's shading from its visibility buffer
// (shaders/raster/VisibilityShading.glsl): a compute pass, recorded after
// the visibility pass (raster::gpu::VisibilityRasterPass), that writes every
// pixel of the HDR image from what the visibility buffer holds there. The
// surface supplies the program, which says what a value looks like (its
// triangle's ground, or the sky where no triangle lies) over the sets it
// binds as 0 and 1. With several samples per pixel it shades each distinct
// triangle once and averages them by coverage, in two passes
// (ShadeLoop::PrimaryThenEdges): every pixel its main triangle, then the
// pixels on edges the others. The globe (planet/GlobeShade.comp) and the
// flat terrain (terrain/TerrainShade.comp) use it.
//
// Shading in compute rather than in a draw's fragment shader costs one
// evaluation per pixel whatever the overdraw, and runs on every
// multiprocessor of parts that confine vertex and fragment shading to a few
// (the H100 and H200 among them).
#pragma once

#include "vk/Buffer.h"
#include "vk/Descriptors.h"
#include "vk/Image.h"
#include "vk/Pipeline.h"
#include "vk/ShaderCompiler.h"

#include <vulkan/vulkan.h>

#include <array>
#include <cstdint>
#include <vector>

namespace vk {
class Device;
class ShaderLibrary;
}  // namespace vk

namespace raster::gpu {

// How a multisampled pixel's distinct values are shaded.
enum class ShadeLoop {
    // Two passes: every pixel the value that covers most of its samples,
    // then one invocation per pixel that shows more than one value the
    // others, so that invocations in lockstep shade as many values as the
    // most divided pixel among them only on edges.
    PrimaryThenEdges,
    // One pass, each pixel all of its values in one loop (the reference).
    OneLoop,
};

// What the surface's shading is: `program` compiled with `macros` (then the
// loop's RASTER_SHADE_* macros), with `setLayouts` as sets 0 and 1.
struct ShadeSource {
    const char* program = nullptr;
    std::vector<vk::ShaderMacro> macros;
    std::array<VkDescriptorSetLayout, 2> setLayouts{};
};

class VisibilityShadePass {
public:
    // `samples`: the visibility buffer's per pixel; one set of images per
    // frame slot.
    VisibilityShadePass(const vk::Device& device, const vk::ShaderLibrary& shaders, ShadeSource source,
                        VkSampleCountFlagBits samples, std::uint32_t framesInFlight,
                        ShadeLoop loop = ShadeLoop::PrimaryThenEdges);

    // Records the shading of `hdr` (GENERAL, written whole) from
    // `visibility` (the visibility pass's, of the image's size), with
    // `sourceSets` bound as sets 0 and 1. The slot's earlier frames must
    // have completed.
    void record(VkCommandBuffer commands, std::uint32_t slotIndex, std::array<VkDescriptorSet, 2> sourceSets,
                const vk::Buffer& visibility, const vk::Image& hdr);

    // Builds the pipelines again from the library; throws vk::Error and
    // keeps the current ones on failure. No recorded use may be pending.
    void rebuildPipelines();

private:
    [[nodiscard]] bool twoPasses() const;

    const vk::Device* device_;
    const vk::ShaderLibrary* shaders_;
    ShadeSource source_;
    VkSampleCountFlagBits samples_;
    ShadeLoop loop_;
    vk::DescriptorSetLayout imageSetLayout_;
    vk::DescriptorPool imageSetPool_;
    std::vector<VkDescriptorSet> imageSets_;  // per slot
    std::vector<vk::Buffer> edges_;           // per slot: the pixels that show more than one value
    vk::PipelineLayout pipelineLayout_;
    vk::ComputePipeline pipeline_;       // the only pass, or the first
    vk::ComputePipeline edgesPipeline_;  // the second (PrimaryThenEdges with several samples)
};

}  // namespace raster::gpu
