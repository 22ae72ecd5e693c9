// The terrain's concurrent binary tree on the GPU: the heap (square domain,
// paper §5.3) and the update pipeline driven by the terrain criterion,
// created together and rebuilt together when the max depth changes.
#pragma once

#include "cbt/gpu/ConcurrentBinaryTree.h"
#include "leb/gpu/SubdivisionPass.h"
#include "leb/gpu/UpdatePipeline.h"

#include <cstdint>
#include <memory>

namespace vk {
class Device;
class ShaderLibrary;
}  // namespace vk

namespace terrain {

// The deepest CBT (1..30) whose heap fits the device: within
// maxStorageBufferRange and a quarter of the largest device-local memory heap.
int largestFittingMaxDepth(const vk::Device& device);

// Throws vk::Error naming the largest depth that fits when `maxDepth` is
// outside 1..30 or does not fit the device.
void requireMaxDepthFits(const vk::Device& device, int maxDepth);

class TerrainTree {
public:
    // A heap of max depth D initialised to the two triangles of the square
    // (depth 1) with its reduction and indirect arguments computed (blocking).
    // The criterion's set layout must outlive the tree.
    TerrainTree(vk::Device& device, const vk::ShaderLibrary& shaders, int maxDepth,
                const leb::gpu::SubdivisionCriterion& criterion);

    [[nodiscard]] const cbt::gpu::ConcurrentBinaryTree& heap() const { return *heap_; }
    [[nodiscard]] const leb::gpu::UpdatePipeline& update() const { return *update_; }
    [[nodiscard]] leb::gpu::UpdatePipeline& update() { return *update_; }

    // Compiles a new update pipeline for the heap from disk (the criterion
    // included); throws vk::Error when that fails.
    [[nodiscard]] std::unique_ptr<leb::gpu::UpdatePipeline> compileUpdatePipeline(
        const vk::ShaderLibrary& shaders, const leb::gpu::SubdivisionCriterion& criterion) const;
    // Replaces the update pipeline. No recorded command buffer using the old
    // one may be pending. The new pipeline's indirect arguments are written
    // by its next record() or recordDispatcherOnly().
    void replaceUpdatePipeline(std::unique_ptr<leb::gpu::UpdatePipeline> update);

private:
    vk::Device* device_;
    std::unique_ptr<cbt::gpu::ConcurrentBinaryTree> heap_;
    std::unique_ptr<leb::gpu::UpdatePipeline> update_;
};

}  // namespace terrain
