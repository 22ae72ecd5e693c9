// The terrain on the 2020 concurrent binary tree (TerrainBackend::Heap): the
// tree and its update pipeline driven by the terrain's criterion
// (terrain::TerrainTree), the heap index of each leaf decoded once per
// frame for the draw, the draw's arguments and the draw itself, one
// vkCmdDrawIndirect whose vertex shader decodes each LEB triangle
// (terrain::TerrainDrawPass). The tree's update alternates a split and a
// merge phase frame by frame (paper §4.2).
#pragma once

#include "terrain/DrawArgumentsPass.h"
#include "terrain/TerrainDrawPass.h"
#include "terrain/TerrainDrawPipeline.h"
#include "terrain/TerrainTessellation.h"
#include "terrain/TerrainTree.h"

#include <cstdint>
#include <memory>
#include <span>
#include <vector>

namespace leb::gpu {
class LeafDecodePass;
}  // namespace leb::gpu

namespace terrain {

class TerrainCriterion;

// The tree as the draw sees it (HeapTerrain::readBackTree).
struct TerrainTreeReadback {
    std::vector<std::byte> heapBytes;            // the CBT heap (cbt::ConcurrentBinaryTree::fromBytes)
    std::uint32_t drawLeafCount = 0;             // leaves the indirect draw covers (its vertices / vertices per leaf)
    std::vector<std::uint32_t> leafHeapIndices;  // what the draw reads for leaf i < min(count, buffer capacity)
};

class HeapTerrain final : public TerrainTessellation {
public:
    // A tree of the settings' max depth (the square's two triangles), its
    // leaf decode and draw arguments (blocking); the inputs, the criterion
    // and the frames' uniforms must outlive it.
    HeapTerrain(vk::Device& device, const vk::ShaderLibrary& shaders, const TerrainDrawInputs& inputs,
                const TerrainCriterion& criterion, std::span<const vk::Buffer* const> frameUniforms,
                const TerrainSettings& settings, VkDescriptorSetLayout atmosphereLayout,
                const vk::AttachmentFormats& attachments, camera::DepthConvention depth);
    ~HeapTerrain() override;

    [[nodiscard]] TerrainBackend backend() const override { return TerrainBackend::Heap; }
    // The update pipeline (alternately a split and a merge phase) and the
    // leaf decode, or only the dispatcher while the subdivision is frozen;
    // then the draw's arguments.
    void recordUpdate(VkCommandBuffer commands, std::uint32_t frameSlot, const camera::FrameView& view,
                      const TerrainSettings& settings, glm::dvec2 extentMetres, vk::TimestampQueries* timer) override;
    void recordDraw(VkCommandBuffer commands, std::uint32_t frameSlot, VkExtent2D viewport,
                    VkDescriptorSet atmosphereSet) const override;
    [[nodiscard]] VkDescriptorSetLayout drawSetLayout() const override { return draw_.setLayout(); }
    [[nodiscard]] VkDescriptorSet drawSet(std::uint32_t frameSlot) const override
    {
        return draw_.descriptorSet(frameSlot);
    }
    // The leaf count stays on the GPU: one invocation per 4 pixels, which
    // covers a view's triangles at the usual edge lengths in one stride, and
    // strides over any more.
    [[nodiscard]] raster::gpu::VisibilityDispatch visibilityDispatch(VkExtent2D extent) const override;
    [[nodiscard]] vk::BufferRange countsSource() const override;
    [[nodiscard]] TerrainCounts countsFrom(std::span<const std::byte> bytes) const override;
    // A new leaf capacity decodes the leaves into a new buffer.
    void applySettings(const TerrainSettings& settings) override;
    void reloadShaders() override;
    [[nodiscard]] std::uint64_t bytes() const override;

    // Waits for the device, then reads back the heap, the draw's leaf count
    // and the per-leaf heap indices the draw reads (for tests and tools).
    [[nodiscard]] TerrainTreeReadback readBackTree() const;

private:
    [[nodiscard]] std::unique_ptr<leb::gpu::LeafDecodePass> decodedLeaves(std::uint32_t requestedCapacity) const;

    vk::Device* device_;
    const vk::ShaderLibrary* shaders_;
    const TerrainCriterion* criterion_;
    TerrainDrawPass draw_;
    DrawArgumentsPass drawArguments_;
    TerrainTree tree_;
    // The heap index of each leaf as the last update left it, for the first
    // drawLeafCapacity leaves (the draw reads it and decodes the rest
    // itself); a frozen update leaves the tree, and the buffer, as is.
    std::unique_ptr<leb::gpu::LeafDecodePass> leafDecode_;
    std::uint32_t leafCapacity_;
    // The settings' uniform subdivision (the draw arguments' vertices per
    // leaf), for the reload's and the read-back's arguments.
    int uniformSubdivision_;
    std::uint64_t updatesRecorded_ = 0;
};

}  // namespace terrain
