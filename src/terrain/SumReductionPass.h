// The sum-reduction kernel (paper §4.2, Alg. 2) on the GPU, folding many
// levels per dispatch through shared memory (design notes at the top of
// shaders/cbt/SumReductionBitfield.comp). Bit-exact with
// cbt::ConcurrentBinaryTree::computeSumReductionFull for D = 1 .. 30.
#pragma once

#include "terrain/ComputeKernel.h"

#include <vulkan/vulkan.h>

#include <cstdint>
#include <vector>

namespace gpu {
class Device;
class ShaderCompiler;
}  // namespace gpu

namespace terrain {

class GpuConcurrentBinaryTree;

// One dispatch of the reduction: it reads level `inputDepth` (D for the
// bitfield dispatch) and writes levels inputDepth-1 .. outputDepth.
struct SumReductionDispatch {
    bool fromBitfield = false;
    std::uint32_t inputDepth = 0;
    std::uint32_t outputDepth = 0;
    std::uint32_t workgroupCount = 0;
};

// The dispatches for a tree of max depth D: one from the bitfield (up to 13
// levels), then as many upper ones (up to 9 levels each) as needed.
std::vector<SumReductionDispatch> sumReductionSchedule(int maxDepth);

class SumReductionPass {
public:
    // The tree must outlive the pass.
    SumReductionPass(const gpu::Device& device, const gpu::ShaderCompiler& compiler,
                     const GpuConcurrentBinaryTree& tree);

    [[nodiscard]] const std::vector<SumReductionDispatch>& schedule() const { return schedule_; }

    // Records every dispatch, with a heap barrier (compute read/write ->
    // compute read/write) between consecutive ones. Barriers before the first
    // and after the last dispatch are the caller's: the pass reads the
    // bitfield and reads/writes levels 0 .. D-1 (plain stores and atomics).
    void record(VkCommandBuffer commands) const;

private:
    const GpuConcurrentBinaryTree* tree_;
    std::uint32_t maxWorkgroupCountX_;
    std::vector<SumReductionDispatch> schedule_;
    ComputeKernel bitfieldKernel_;
    ComputeKernel upperKernel_;
};

}  // namespace terrain
