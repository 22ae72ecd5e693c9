// A surface's visibility pass (shaders/raster/VisibilityRaster.glsl): its
// triangles rasterized in compute (raster/TriangleRaster.h) into the
// frame's visibility buffer, each sample keeping the nearest triangle's
// depth and its number plus one, for the shading
// (raster::gpu::VisibilityShadePass) to light. The surface supplies the
// triangles: a program that defines them over its own descriptor set (set 0)
// and includes raster/VisibilityRaster.glsl, and the dispatch over them.
// The globe (planet/GlobeRaster.comp) and the flat terrain
// (terrain/TerrainRaster.comp) use it.
//
// Rasterizing in compute runs on every multiprocessor, where parts like the
// H100 and H200 confine vertex and fragment work to a few, and the
// triangles of a refined surface are small (about ten pixels an edge): one
// invocation covers each triangle whose box is small, and a workgroup
// shares each larger one, or one that needs clipping.
#pragma once

#include "vk/Buffer.h"
#include "vk/Descriptors.h"
#include "vk/DriverPath.h"
#include "vk/Pipeline.h"
#include "vk/ShaderCompiler.h"

#include <vulkan/vulkan.h>

#include <cstdint>
#include <vector>

namespace vk {
class Device;
class ShaderLibrary;
}  // namespace vk

namespace raster::gpu {

// A triangle whose box is at most this many pixels a side is covered by one
// invocation, a larger one by a workgroup. 8 on GPUs: their invocations run
// in lockstep in groups of 32, each group as long as its largest triangle
// takes, and most triangles of a refined surface are a pixel or less. 32 on
// a CPU driver, where a workgroup costs its 64 invocations whatever they
// share. Either covers the same samples.
[[nodiscard]] std::uint32_t defaultSmallTrianglePixels(vk::DriverPath path);

// Where a surface's triangles come from: `program` compiled with `macros`
// (and, for the kernel of the large list, RASTER_VISIBILITY_LARGE after
// them), over `sourceLayout` as set 0; at most `triangleCapacity` triangles.
struct VisibilitySource {
    const char* program = nullptr;
    std::vector<vk::ShaderMacro> macros;
    VkDescriptorSetLayout sourceLayout = VK_NULL_HANDLE;
    std::uint32_t triangleCapacity = 0;
};

// How the first kernel is dispatched: indirectly from `indirect` at
// `offset` (a VkDispatchIndirectCommand written by compute shaders), or,
// without one, over `workgroups` workgroups of 64. Its invocations stride
// over the triangles, so any number covers them.
struct VisibilityDispatch {
    const vk::Buffer* indirect = nullptr;
    VkDeviceSize offset = 0;
    std::uint32_t workgroups = 1;
};

class VisibilityRasterPass {
public:
    // `samples` per pixel: 1, 2, 4 or 8. One set of buffers per frame slot.
    // `smallTrianglePixels` from 0 (every triangle shared by a workgroup:
    // the reference loop) to 64.
    VisibilityRasterPass(const vk::Device& device, const vk::ShaderLibrary& shaders, VisibilitySource source,
                         VkSampleCountFlagBits samples, std::uint32_t framesInFlight,
                         std::uint32_t smallTrianglePixels);

    // Records the pass into `visibility` (scene::RenderTargets::visibility()
    // of `extent` pixels at the pass's samples, STORAGE | TRANSFER_DST):
    // cleared to 0, then rasterized with `sourceSet` bound as set 0; its
    // writes are visible to compute shaders after. Waits for compute
    // shaders before it (the shading of an earlier frame that read the
    // buffer). The slot's earlier frames must have completed.
    void record(VkCommandBuffer commands, std::uint32_t slotIndex, VkDescriptorSet sourceSet,
                const vk::Buffer& visibility, VkExtent2D extent, const VisibilityDispatch& dispatch);

    // Builds the kernels again from the library; throws vk::Error and keeps
    // the current ones on failure. No recorded use may be pending.
    void rebuildPipelines();

    // The triangles the last recorded pass gave to workgroups: four words,
    // the dispatch over them and their count ({x, 1, 1, count}), then their
    // numbers.
    [[nodiscard]] const vk::Buffer& largeList() const { return largeList_; }

private:
    const vk::Device* device_;
    const vk::ShaderLibrary* shaders_;
    VisibilitySource source_;
    std::uint32_t samples_;
    std::uint32_t smallTrianglePixels_;
    vk::Buffer largeList_;  // its dispatch, its count, up to the source's capacity of triangles
    vk::DescriptorSetLayout setLayout_;
    vk::DescriptorPool setPool_;
    std::vector<VkDescriptorSet> sets_;  // per slot
    vk::PipelineLayout pipelineLayout_;
    vk::ComputePipeline small_;
    vk::ComputePipeline large_;
};

}  // namespace raster::gpu
