// The draw of the terrain, recorded inside the scene's dynamic rendering:
// one vkCmdDrawIndirect on the terrain's VkDrawIndirectCommand (one
// instance, 3 * 2^s vertices per CBT leaf), depth-tested
// (shaders/terrain/TerrainDraw.*). It uses one descriptor set per frame
// slot: binding 0 the heap index of the first CBT leaves
// (leb::gpu::LeafDecodePass's output; the vertex shader reads it for leaf i),
// binding 1 the slot's TerrainUniforms, binding 2 the heightmap, binding 3
// the CBT heap (the vertex shader decodes the leaves beyond the buffer's
// length itself), and the others of terrain/TerrainDrawSet.glsl; and the
// atmosphere's descriptor set as set 1 (atmosphere::Atmosphere), for the
// light.
#pragma once

#include "camera/FrameView.h"
#include "terrain/TerrainDrawPipeline.h"
#include "vk/Descriptors.h"
#include "vk/GraphicsPipeline.h"
#include "vk/Pipeline.h"

#include <vulkan/vulkan.h>

#include <cstdint>
#include <memory>
#include <span>
#include <vector>

namespace vk {
class Buffer;
class Device;
class ShaderLibrary;
}  // namespace vk

namespace cbt::gpu {
class ConcurrentBinaryTree;
}  // namespace cbt::gpu

namespace tiles::gpu {
class TileAtlas;
}  // namespace tiles::gpu

namespace terrain {

class HeightmapTexture;
class SunShadowMap;
class SeaMaskTexture;
class ImageryTexture;

class TerrainDrawPass {
public:
    // One descriptor set per element of `frameUniforms`; the buffers and the
    // heightmap must outlive the pass. The formats are those of the
    // rendering it is recorded in; the depth test keeps the nearer surface
    // under `depth`. Call bindTree before recording.
    TerrainDrawPass(const vk::Device& device, const vk::ShaderLibrary& shaders, const TerrainDrawInputs& inputs,
                    std::span<const vk::Buffer* const> frameUniforms, VkDescriptorSetLayout atmosphereLayout,
                    const vk::AttachmentFormats& attachments, camera::DepthConvention depth);
    ~TerrainDrawPass();
    TerrainDrawPass(const TerrainDrawPass&) = delete;
    TerrainDrawPass& operator=(const TerrainDrawPass&) = delete;

    // Points every slot's set at the tree's heap, at the heap indices of
    // its first leaves (one uint per leaf, the whole buffer) and at the draw
    // arguments (terrain::DrawArgumentsPass). No recorded command buffer
    // using the pass may be pending (wait for the device first).
    void bindTree(const cbt::gpu::ConcurrentBinaryTree& tree, const vk::Buffer& leafHeapIndices,
                  const vk::Buffer& drawArguments);

    // The draw's own set (set 0) and its layout, which the visibility pass
    // and shading in compute bind too (terrain::TerrainComputeRaster).
    [[nodiscard]] VkDescriptorSetLayout setLayout() const { return setLayout_.handle(); }
    [[nodiscard]] VkDescriptorSet descriptorSet(std::uint32_t frameSlot) const { return sets_.at(frameSlot); }

    // Builds the pipeline again from the library; on failure throws vk::Error
    // and keeps the current one. No recorded command buffer using the pass
    // may be pending.
    void rebuildPipeline();

    // Records the terrain. `drawArguments` holds a VkDrawIndirectCommand at
    // `drawArgumentsOffset`, made visible to DRAW_INDIRECT by the caller, as
    // the leaf heap indices and the heap must be to VERTEX_SHADER reads.
    // `atmosphereSet` is the atmosphere's descriptor set.
    void record(VkCommandBuffer commands, std::uint32_t frameSlot, VkExtent2D viewport, VkDescriptorSet atmosphereSet,
                const vk::Buffer& drawArguments, VkDeviceSize drawArgumentsOffset) const;

private:
    [[nodiscard]] vk::GraphicsPipeline buildPipeline() const;

    const vk::Device* device_;
    const vk::ShaderLibrary* shaders_;
    const tiles::gpu::TileAtlas* atlas_;
    vk::AttachmentFormats attachments_;
    camera::DepthConvention depth_;
    vk::DescriptorSetLayout setLayout_;
    vk::PipelineLayout pipelineLayout_;
    vk::DescriptorPool pool_;
    std::vector<VkDescriptorSet> sets_;
    vk::GraphicsPipeline pipeline_;
};

}  // namespace terrain
