// The draw of the terrain, recorded inside the app's dynamic rendering:
//   1. the sky: a fullscreen triangle without depth test, so every pixel the
//      terrain leaves uncovered shows sky (shaders/terrain/Sky.*);
//   2. the terrain: one vkCmdDrawIndirect on the dispatcher's
//      VkDrawIndirectCommand (one instance, 3 * 2^s vertices per CBT leaf),
//      depth-tested (shaders/terrain/TerrainDraw.*).
// Both use one descriptor set per frame slot: binding 0 the heap index of
// the first CBT leaves (leb::gpu::LeafDecodePass's output; the vertex shader
// reads it for leaf i), binding 1 the slot's TerrainFrameUniforms,
// binding 2 the heightmap, binding 3 the CBT heap (the vertex shader decodes
// the leaves beyond the buffer's length itself); and the atmosphere's
// descriptor set as set 1 (atmosphere::Atmosphere).
#pragma once

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
class ShaderCompiler;
}  // namespace vk

namespace cbt::gpu {
class ConcurrentBinaryTree;
}  // namespace cbt::gpu

namespace terrain {

class HeightmapTexture;

class TerrainDrawPass {
public:
    // One descriptor set per element of `frameUniforms`; the buffers and the
    // heightmap must outlive the pass. Call bindTree before recording.
    TerrainDrawPass(const vk::Device& device, const vk::ShaderCompiler& compiler, const HeightmapTexture& heightmap,
                    std::span<const vk::Buffer* const> frameUniforms, VkDescriptorSetLayout atmosphereLayout,
                    VkFormat colorFormat, VkFormat depthFormat);
    ~TerrainDrawPass();
    TerrainDrawPass(const TerrainDrawPass&) = delete;
    TerrainDrawPass& operator=(const TerrainDrawPass&) = delete;

    // Points every slot's set at the tree's heap and at the heap indices of
    // its first leaves (one uint per leaf, the whole buffer). No recorded
    // command buffer using the pass may be pending (wait for the device first).
    void bindTree(const cbt::gpu::ConcurrentBinaryTree& tree, const vk::Buffer& leafHeapIndices);

    // Compiles both pipelines again from disk; on failure throws vk::Error
    // and keeps the current ones. No recorded command buffer using the pass
    // may be pending.
    void rebuildPipelines();

    // Whether the sky is drawn after the terrain: with a depth attachment it
    // is, at the cleared far depth with an EQUAL test, so that only the
    // pixels the terrain left uncovered run its fragment shader. Without one
    // it is drawn first, over every pixel.
    [[nodiscard]] bool drawsSkyAfterTerrain() const { return depthFormat_ != VK_FORMAT_UNDEFINED; }
    // Records the sky (see drawsSkyAfterTerrain; `reversedDepth`: the depth
    // buffer was cleared to 0, else to 1). `atmosphereSet` is the
    // atmosphere's descriptor set.
    void recordSky(VkCommandBuffer commands, std::uint32_t frameSlot, VkExtent2D viewport, bool reversedDepth,
                   VkDescriptorSet atmosphereSet) const;
    // Records the terrain. `drawArguments` holds a VkDrawIndirectCommand at
    // `drawArgumentsOffset`, made visible to DRAW_INDIRECT by the caller, as
    // the leaf heap indices must be to VERTEX_SHADER reads;
    // `reversedDepth` picks GREATER_OR_EQUAL.
    void recordTerrain(VkCommandBuffer commands, std::uint32_t frameSlot, VkExtent2D viewport, bool reversedDepth,
                       VkDescriptorSet atmosphereSet, const vk::Buffer& drawArguments,
                       VkDeviceSize drawArgumentsOffset) const;

private:
    struct Pipelines;
    [[nodiscard]] std::unique_ptr<Pipelines> buildPipelines() const;
    void bindSets(VkCommandBuffer commands, std::uint32_t frameSlot, VkDescriptorSet atmosphereSet) const;

    const vk::Device* device_;
    const vk::ShaderCompiler* compiler_;
    VkFormat colorFormat_;
    VkFormat depthFormat_;
    vk::DescriptorSetLayout setLayout_;
    vk::PipelineLayout pipelineLayout_;
    vk::DescriptorPool pool_;
    std::vector<VkDescriptorSet> sets_;
    std::unique_ptr<Pipelines> pipelines_;
};

// True for the VK_FORMAT_*_SRGB colour formats (the hardware encodes the
// shader's linear output); false means the shader encodes sRGB itself.
bool isSrgbFormat(VkFormat format);

}  // namespace terrain
