// The globe's shading (shaders/planet/GlobeShade.comp): a compute pass,
// recorded after the visibility pass (planet::gpu::GlobeRasterPass), that
// lights every pixel of the HDR image from what the visibility buffer
// holds there: the surface of the visible triangles its samples show (ground
// or sea, under the air between it and the camera), or the sky where they
// show none (the light the atmosphere scatters along the view ray, from the
// ground or from space, the sea beyond the mesh, the sun's disc). With
// several samples per pixel it shades each distinct triangle once and
// averages them by coverage, in two passes (GlobeShadeLoop::PrimaryThenEdges):
// every pixel its main triangle, then the pixels on edges the others.
//
// Shading in compute rather than in the draw's fragment shader costs one
// evaluation per pixel whatever the overdraw, and runs on every
// multiprocessor of parts that confine vertex and fragment shading to a few
// (the H100 and H200 among them).
#pragma once

#include "vk/Buffer.h"
#include "vk/Descriptors.h"
#include "vk/Image.h"
#include "vk/Pipeline.h"

#include <vulkan/vulkan.h>

#include <cstdint>
#include <vector>

namespace vk {
class Device;
class ShaderLibrary;
}  // namespace vk

namespace planet::gpu {

class GlobeTerrain;

// How a multisampled pixel's distinct values are shaded.
enum class GlobeShadeLoop {
    // Two passes: every pixel the value that covers most of its samples,
    // then one invocation per pixel that shows more than one value the
    // others, so that invocations in lockstep shade as many values as the
    // most divided pixel among them only on edges.
    PrimaryThenEdges,
    // One pass, each pixel all of its values in one loop (the reference).
    OneLoop,
};

class GlobeShadePass {
public:
    // `atmosphereLayout`: atmosphere::Atmosphere::descriptorSetLayout(),
    // bound as set 1 (set 0 is the globe's draw set). `samples`: the
    // visibility buffer's per pixel; one set of images per frame slot.
    GlobeShadePass(const vk::Device& device, const vk::ShaderLibrary& shaders, const GlobeTerrain& globe,
                   VkDescriptorSetLayout atmosphereLayout, VkSampleCountFlagBits samples, std::uint32_t framesInFlight,
                   GlobeShadeLoop loop = GlobeShadeLoop::PrimaryThenEdges);

    // Records the shading of `hdr` (GENERAL, written whole) from
    // `visibility` (GlobeRasterPass's, of the image's size), with the globe's
    // draw uniforms of the last recordUpdate. The slot's earlier frames must
    // have completed.
    void record(VkCommandBuffer commands, std::uint32_t slotIndex, const vk::Buffer& visibility, const vk::Image& hdr,
                VkDescriptorSet atmosphereSet);

    // Builds the pipeline again from the library; throws vk::Error and keeps
    // the current one on failure. No recorded use may be pending.
    void rebuildPipeline();

private:
    void buildPipelines();
    [[nodiscard]] bool twoPasses() const;

    const vk::Device* device_;
    const vk::ShaderLibrary* shaders_;
    const GlobeTerrain* globe_;
    VkSampleCountFlagBits samples_;
    GlobeShadeLoop loop_;
    vk::DescriptorSetLayout imageSetLayout_;
    vk::DescriptorPool imageSetPool_;
    std::vector<VkDescriptorSet> imageSets_;  // per slot
    std::vector<vk::Buffer> edges_;           // per slot: the pixels that show more than one value
    vk::PipelineLayout pipelineLayout_;
    vk::ComputePipeline pipeline_;       // the only pass, or the first
    vk::ComputePipeline edgesPipeline_;  // the second (PrimaryThenEdges with several samples)
};

}  // namespace planet::gpu
