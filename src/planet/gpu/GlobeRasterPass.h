// The globe's visibility pass (shaders/planet/GlobeRaster.comp,
// GlobeRasterLarge.comp): the visible triangles of the last recorded update
// rasterized in compute (raster/TriangleRaster.h) into the frame's
// visibility buffer, each sample keeping the nearest triangle's depth and
// its index in the visible list plus one, for the shading
// (planet::gpu::GlobeShadePass) to light.
//
// Rasterizing in compute runs on every multiprocessor, where parts like the
// H100 and H200 confine vertex and fragment work to a few, and the globe's
// triangles are small (about ten pixels an edge): one invocation covers
// each triangle whose box is small, and a workgroup shares each larger one,
// or one that needs clipping.
#pragma once

#include "vk/Buffer.h"
#include "vk/Descriptors.h"
#include "vk/DriverPath.h"
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

// A triangle whose box is at most this many pixels a side is covered by one
// invocation, a larger one by a workgroup. 8 on GPUs: their invocations run
// in lockstep in groups of 32, each group as long as its largest triangle
// takes, and most of the globe's triangles are a pixel or less. 32 on a CPU
// driver, where a workgroup costs its 64 invocations whatever they share.
// Either covers the same samples.
[[nodiscard]] std::uint32_t defaultSmallTrianglePixels(vk::DriverPath path);

class GlobeRasterPass {
public:
    // `samples` per pixel: 1, 2, 4 or 8. One set of buffers per frame slot.
    // `smallTrianglePixels` from 0 (every triangle shared by a workgroup:
    // the reference loop) to 64.
    GlobeRasterPass(const vk::Device& device, const vk::ShaderLibrary& shaders, const GlobeTerrain& globe,
                    VkSampleCountFlagBits samples, std::uint32_t framesInFlight, std::uint32_t smallTrianglePixels);

    // Records the pass into `visibility` (scene::RenderTargets::visibility()
    // of `extent` pixels at the pass's samples, STORAGE | TRANSFER_DST):
    // cleared to 0, then rasterized; its writes are
    // visible to compute shaders after. Waits for compute shaders before it
    // (the shading of an earlier frame that read the buffer). The slot's
    // earlier frames must have completed.
    void record(VkCommandBuffer commands, std::uint32_t slotIndex, const vk::Buffer& visibility, VkExtent2D extent);

    // Builds the kernels again from the library; throws vk::Error and keeps
    // the current ones on failure. No recorded use may be pending.
    void rebuildPipelines();

    // The triangles the last recorded pass gave to workgroups: four words,
    // the dispatch over them and their count ({x, 1, 1, count}), then their
    // indices in the visible list.
    [[nodiscard]] const vk::Buffer& largeList() const { return largeList_; }

private:
    const vk::Device* device_;
    const vk::ShaderLibrary* shaders_;
    const GlobeTerrain* globe_;
    std::uint32_t samples_;
    std::uint32_t smallTrianglePixels_;
    vk::Buffer largeList_;  // its dispatch, its count, up to the pool's capacity of triangles
    vk::DescriptorSetLayout setLayout_;
    vk::DescriptorPool setPool_;
    std::vector<VkDescriptorSet> sets_;  // per slot
    vk::PipelineLayout pipelineLayout_;
    vk::ComputePipeline small_;
    vk::ComputePipeline large_;
};

}  // namespace planet::gpu
