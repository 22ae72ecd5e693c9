// The terrain's concurrent binary tree on the GPU: the heap (square domain,
// paper §5.3) and the update pipeline driven by the terrain criterion,
// created together and rebuilt together when the max depth changes.
#pragma once

#include "terrain/CbtUpdatePipeline.h"
#include "terrain/GpuConcurrentBinaryTree.h"
#include "terrain/SubdivisionPass.h"

#include <cstdint>
#include <memory>

namespace gpu {
class Device;
class ShaderCompiler;
}  // namespace gpu

namespace terrain {

// The deepest CBT (1..30) whose heap fits the device: within
// maxStorageBufferRange and a quarter of the largest device-local memory heap.
int largestFittingMaxDepth(const gpu::Device& device);

// Throws gpu::Error naming the largest depth that fits when `maxDepth` is
// outside 1..30 or does not fit the device.
void requireMaxDepthFits(const gpu::Device& device, int maxDepth);

class TerrainTree {
public:
    // A heap of max depth D initialised to the two triangles of the square
    // (depth 1) with its reduction and indirect arguments computed (blocking).
    // The criterion's set layout must outlive the tree.
    TerrainTree(gpu::Device& device, const gpu::ShaderCompiler& compiler, int maxDepth,
                const SubdivisionCriterion& criterion, std::uint32_t verticesPerLeaf);

    [[nodiscard]] const GpuConcurrentBinaryTree& heap() const { return *heap_; }
    [[nodiscard]] const CbtUpdatePipeline& update() const { return *update_; }
    [[nodiscard]] CbtUpdatePipeline& update() { return *update_; }

    // Compiles a new update pipeline for the heap from disk (the criterion
    // included); throws gpu::Error when that fails.
    [[nodiscard]] std::unique_ptr<CbtUpdatePipeline> compileUpdatePipeline(const gpu::ShaderCompiler& compiler,
                                                                           const SubdivisionCriterion& criterion) const;
    // Replaces the update pipeline. No recorded command buffer using the old
    // one may be pending. The new pipeline's indirect arguments are written
    // by its next record() or recordDispatcherOnly().
    void replaceUpdatePipeline(std::unique_ptr<CbtUpdatePipeline> update);

private:
    gpu::Device* device_;
    std::unique_ptr<GpuConcurrentBinaryTree> heap_;
    std::unique_ptr<CbtUpdatePipeline> update_;
};

}  // namespace terrain
