// The draw of the terrain on the bisector pool, recorded inside the scene's
// dynamic rendering: one vkCmdDrawIndirect on the pool's draw arguments
// (3 * 2^s vertices per visible bisector), shaders/terrain/PoolTerrainDraw.vert
// with the heap's fragment shader (terrain/TerrainDraw.frag), culling and
// depth test as terrain::TerrainDrawPass. One descriptor set per frame slot:
// binding 0 the slot's PoolTerrainFrame, 1 its TerrainUniforms, 2 the
// heightmap, 3 the draw list (the visible bisectors, nearest first), 4 the
// geometry cache, and the others of terrain/TerrainDrawSet.glsl; the
// atmosphere's set as set 1. The vertex program is specialized for whole
// bisectors or for uniform subdivision (constant 0, kSubdivided): a driver
// that runs both sides of a branch (lavapipe) then runs no subdivision walk
// for a draw that has none.
#pragma once

#include "camera/FrameView.h"
#include "terrain/TerrainDrawPipeline.h"
#include "vk/Descriptors.h"
#include "vk/GraphicsPipeline.h"
#include "vk/Pipeline.h"

#include <vulkan/vulkan.h>

#include <cstdint>
#include <span>
#include <vector>

namespace vk {
class Buffer;
class Device;
class ShaderLibrary;
}  // namespace vk

namespace bisector::gpu {
class PoolBuffers;
}

namespace tiles::gpu {
class TileAtlas;
}  // namespace tiles::gpu

namespace terrain {

class HeightmapTexture;
class SunShadowMap;
class SeaMaskTexture;
class ImageryTexture;

class PoolTerrainDrawPass {
public:
    // One set per frame slot (frameData[i] with frameUniforms[i]); every
    // buffer and the heightmap must outlive the pass.
    PoolTerrainDrawPass(const vk::Device& device, const vk::ShaderLibrary& shaders, const TerrainDrawInputs& inputs,
                        const bisector::gpu::PoolBuffers& pool, const vk::Buffer& drawList, const vk::Buffer& cache,
                        std::span<const vk::Buffer* const> frameUniforms, std::span<const vk::Buffer> frameData,
                        VkDescriptorSetLayout atmosphereLayout, const vk::AttachmentFormats& attachments,
                        camera::DepthConvention depth, int uniformSubdivision);

    // Builds the pipeline again; throws vk::Error and keeps the current one
    // on failure. No recorded command buffer using the pass may be pending.
    void rebuildPipeline();

    // Specializes the pipeline for `uniformSubdivision` levels (rebuilt
    // when that changes between none and some); the same condition as
    // rebuildPipeline.
    void setUniformSubdivision(int uniformSubdivision);
    [[nodiscard]] bool specializedFor(int uniformSubdivision) const { return (uniformSubdivision != 0) == subdivided_; }

    // The draw's own set (set 0) and its layout, which the visibility pass
    // and shading in compute bind too (terrain::TerrainComputeRaster).
    [[nodiscard]] VkDescriptorSetLayout setLayout() const { return setLayout_.handle(); }
    [[nodiscard]] VkDescriptorSet descriptorSet(std::uint32_t frameSlot) const { return sets_.at(frameSlot); }

    // Records the draw on the pool's draw arguments (made visible to
    // DRAW_INDIRECT, and the buffers to vertex shaders, by the caller).
    void record(VkCommandBuffer commands, std::uint32_t frameSlot, VkExtent2D viewport,
                VkDescriptorSet atmosphereSet) const;

private:
    [[nodiscard]] vk::GraphicsPipeline buildPipeline(bool subdivided) const;

    const vk::Device* device_;
    const vk::ShaderLibrary* shaders_;
    const tiles::gpu::TileAtlas* atlas_;
    const bisector::gpu::PoolBuffers* pool_;
    vk::AttachmentFormats attachments_;
    camera::DepthConvention depth_;
    bool subdivided_;
    vk::DescriptorSetLayout setLayout_;
    vk::PipelineLayout pipelineLayout_;
    vk::DescriptorPool setPool_;
    std::vector<VkDescriptorSet> sets_;
    vk::GraphicsPipeline pipeline_;
};

}  // namespace terrain
