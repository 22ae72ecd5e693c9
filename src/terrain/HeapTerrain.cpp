#include "terrain/HeapTerrain.h"

#include "cbt/gpu/DispatcherPass.h"
#include "leb/gpu/LeafDecodePass.h"
#include "leb/gpu/UpdatePipeline.h"
#include "terrain/TerrainCriterion.h"
#include "vk/Barriers.h"
#include "vk/Device.h"
#include "vk/TimestampQueries.h"

#include <algorithm>
#include <cstring>

namespace terrain {

HeapTerrain::HeapTerrain(vk::Device& device, const vk::ShaderLibrary& shaders, const TerrainDrawInputs& inputs,
                         const TerrainCriterion& criterion, std::span<const vk::Buffer* const> frameUniforms,
                         const TerrainSettings& settings, VkDescriptorSetLayout atmosphereLayout,
                         const vk::AttachmentFormats& attachments, camera::DepthConvention depth)
    : device_(&device),
      shaders_(&shaders),
      criterion_(&criterion),
      draw_(device, shaders, inputs, frameUniforms, atmosphereLayout, attachments, depth),
      drawArguments_(device, shaders),
      tree_(device, shaders, settings.maxDepth, criterion.criterion()),
      leafDecode_(decodedLeaves(settings.drawLeafCapacity)),
      leafCapacity_(settings.drawLeafCapacity),
      uniformSubdivision_(settings.uniformSubdivision)
{
    draw_.bindTree(tree_.heap(), leafDecode_->heapIndexBuffer(), drawArguments_.buffer());
    drawArguments_.bindLeafCount(tree_.update().indirectArguments());
    device.submitAndWait(
        [&](VkCommandBuffer commands) { drawArguments_.record(commands, verticesPerLeaf(uniformSubdivision_)); });
}

HeapTerrain::~HeapTerrain() = default;

// A leaf decode of the tree for the draw, run once (blocking) so that its
// buffer holds the tree as it is now. No recorded command buffer may be
// pending.
std::unique_ptr<leb::gpu::LeafDecodePass> HeapTerrain::decodedLeaves(std::uint32_t requestedCapacity) const
{
    const cbt::gpu::ConcurrentBinaryTree& heap = tree_.heap();
    auto decode = std::make_unique<leb::gpu::LeafDecodePass>(
        *device_, *shaders_, heap, leb::Domain::Square,
        leb::gpu::leafDecodeCapacity(*device_, heap.maxDepth(), requestedCapacity), false);
    device_->submitAndWait(
        [&](VkCommandBuffer commands) { decode->record(commands, tree_.update().indirectArguments()); });
    return decode;
}

void HeapTerrain::recordUpdate(VkCommandBuffer commands, std::uint32_t frameSlot, const camera::FrameView& /*view*/,
                               const TerrainSettings& settings, glm::dvec2 /*extentMetres*/,
                               vk::TimestampQueries* timer)
{
    leb::gpu::UpdatePipeline& update = tree_.update();
    if (settings.freezeSubdivision) {
        const vk::TimedPass time(*device_, timer, commands, leb::gpu::UpdatePipeline::timestampPassNames()[0]);
        update.recordDispatcherOnly(commands);
    } else {
        const leb::gpu::SubdivisionPhase phase =
            updatesRecorded_ % 2 == 0 ? leb::gpu::SubdivisionPhase::Split : leb::gpu::SubdivisionPhase::Merge;
        update.record(commands, phase, criterion_->descriptorSet(frameSlot), timer);
        // The heap index of every leaf of the updated tree, for the draw. One
        // buffer serves every frame slot: the caller orders this write after
        // the draws of the frames before.
        const vk::TimedPass time(*device_, timer, commands, kLeafDecodeTimestamp);
        leafDecode_->record(commands, update.indirectArguments());
        ++updatesRecorded_;
    }
    drawArguments_.record(commands, verticesPerLeaf(settings.uniformSubdivision));
}

void HeapTerrain::recordDraw(VkCommandBuffer commands, std::uint32_t frameSlot, VkExtent2D viewport,
                             VkDescriptorSet atmosphereSet) const
{
    draw_.record(commands, frameSlot, viewport, atmosphereSet, drawArguments_.buffer(), 0);
}

raster::gpu::VisibilityDispatch HeapTerrain::visibilityDispatch(VkExtent2D extent) const
{
    constexpr std::uint64_t kPixelsPerWorkgroup = 64 * 4;
    const std::uint64_t pixels = std::uint64_t{extent.width} * extent.height;
    return {nullptr, 0,
            static_cast<std::uint32_t>(std::clamp<std::uint64_t>(pixels / kPixelsPerWorkgroup, 256, 65535))};
}

vk::BufferRange HeapTerrain::countsSource() const
{
    return {&tree_.update().indirectArguments(), cbt::gpu::kLeafCountOffset, sizeof(std::uint32_t)};
}

TerrainCounts HeapTerrain::countsFrom(std::span<const std::byte> bytes) const
{
    std::uint32_t leaves = 0;
    std::memcpy(&leaves, bytes.data(), std::min(bytes.size(), sizeof(leaves)));
    return {leaves, leaves, 0};
}

void HeapTerrain::applySettings(const TerrainSettings& settings)
{
    uniformSubdivision_ = settings.uniformSubdivision;
    if (settings.drawLeafCapacity == leafCapacity_) {
        return;
    }
    device_->waitIdle();
    std::unique_ptr<leb::gpu::LeafDecodePass> decode = decodedLeaves(settings.drawLeafCapacity);
    draw_.bindTree(tree_.heap(), decode->heapIndexBuffer(), drawArguments_.buffer());
    leafDecode_ = std::move(decode);
    leafCapacity_ = settings.drawLeafCapacity;
}

void HeapTerrain::reloadShaders()
{
    std::unique_ptr<leb::gpu::UpdatePipeline> update = tree_.compileUpdatePipeline(*shaders_, criterion_->criterion());
    device_->waitIdle();
    // Each replaces its pipeline only when the new one builds.
    leafDecode_->rebuildKernel(*shaders_);
    drawArguments_.rebuildKernel(*shaders_);
    draw_.rebuildPipeline();
    drawArguments_.bindLeafCount(update->indirectArguments());
    tree_.replaceUpdatePipeline(std::move(update));
    // The new pipeline's arguments are written by its next record().
    device_->submitAndWait([&](VkCommandBuffer commands) {
        tree_.update().recordDispatcherOnly(commands);
        vk::memoryBarrier(*device_, commands, VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT,
                          VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT, VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT,
                          VK_ACCESS_2_SHADER_STORAGE_READ_BIT);
        drawArguments_.record(commands, verticesPerLeaf(uniformSubdivision_));
    });
}

std::uint64_t HeapTerrain::bytes() const
{
    return tree_.heap().heapByteSize();
}

TerrainTreeReadback HeapTerrain::readBackTree() const
{
    device_->waitIdle();
    TerrainTreeReadback readback;
    readback.heapBytes = tree_.heap().downloadBytes();
    readback.drawLeafCount = drawArguments_.download().vertexCount / verticesPerLeaf(uniformSubdivision_);
    readback.leafHeapIndices = leafDecode_->downloadHeapIndices(readback.drawLeafCount);
    return readback;
}

}  // namespace terrain
