// The sum-reduction kernel (paper §4.2, Alg. 2) on the GPU, folding many
// levels per dispatch (design notes at the top of
// shaders/cbt/SumReductionBitfield.comp). Bit-exact with
// cbt::ConcurrentBinaryTree::computeSumReductionFull for D = 1 .. 30.
//
// Two variants of the first dispatch (the one that reads the bitfield and
// writes up to 13 levels; the upper dispatches are the same for both):
//  - SharedMemoryTree (shaders/cbt/SumReductionBitfield.comp): workgroups of
//    256 threads fold a block of 8192 bits through a shared-memory tree with
//    a barrier per level. Meant for GPUs.
//  - SerialBlocks (shaders/cbt/SumReductionBitfieldSerial.comp): one
//    invocation per block of 8192 bits computes its levels serially in
//    registers; no shared memory, no barrier. CPU drivers (lavapipe) run
//    barriers by switching between a workgroup's SIMD groups, which makes
//    the shared-memory kernel many times slower there than this one
//    (lavapipe, 2 cores, D = 22: 21 ms against 0.59 ms). For D < 14 (a
//    single block) this variant also runs the shared-memory kernel's one
//    workgroup. For the same reason its upper dispatches run in workgroups
//    of 8 invocations (one lavapipe SIMD group) instead of 256.
// The default is SerialBlocks on VK_PHYSICAL_DEVICE_TYPE_CPU devices and
// SharedMemoryTree elsewhere; the environment variable
// CBT_SUM_REDUCTION=shared|serial overrides it (for experiments, e.g. with
// cbt-bench gpu-reduce or the viewer).
#pragma once

#include "vk/ComputeKernel.h"

#include <vulkan/vulkan.h>

#include <cstdint>
#include <string_view>
#include <vector>

namespace vk {
class Device;
class ShaderCompiler;
}  // namespace vk

namespace cbt::gpu {

class ConcurrentBinaryTree;

enum class SumReductionVariant { SharedMemoryTree, SerialBlocks };

// "shared" or "serial" (the values of CBT_SUM_REDUCTION).
[[nodiscard]] std::string_view sumReductionVariantName(SumReductionVariant variant);

// The variant for a device of type `deviceType` given the value of
// CBT_SUM_REDUCTION (`override`; empty when the variable is not set): the
// override when it is "shared" or "serial" (throws std::invalid_argument for
// any other value), else SerialBlocks for VK_PHYSICAL_DEVICE_TYPE_CPU and
// SharedMemoryTree for every other type.
[[nodiscard]] SumReductionVariant chooseSumReductionVariant(VkPhysicalDeviceType deviceType, std::string_view override);

// chooseSumReductionVariant for the device and the process's CBT_SUM_REDUCTION.
[[nodiscard]] SumReductionVariant defaultSumReductionVariant(const vk::Device& device);

// One dispatch of the reduction: it reads level `inputDepth` (D for the
// bitfield dispatch) and writes levels inputDepth-1 .. outputDepth.
struct SumReductionDispatch {
    bool fromBitfield = false;
    std::uint32_t inputDepth = 0;
    std::uint32_t outputDepth = 0;
    std::uint32_t workgroupCount = 0;
};

// The dispatches for a tree of max depth D: one from the bitfield (up to 13
// levels), then as many upper ones (up to 9 levels each) as needed. The
// one-argument form is the SharedMemoryTree schedule; the variants differ
// only in the workgroup count of the bitfield dispatch.
std::vector<SumReductionDispatch> sumReductionSchedule(int maxDepth);
std::vector<SumReductionDispatch> sumReductionSchedule(int maxDepth, SumReductionVariant variant);

class SumReductionPass {
public:
    // The tree must outlive the pass. Uses defaultSumReductionVariant(device).
    SumReductionPass(const vk::Device& device, const vk::ShaderCompiler& compiler, const ConcurrentBinaryTree& tree);
    SumReductionPass(const vk::Device& device, const vk::ShaderCompiler& compiler, const ConcurrentBinaryTree& tree,
                     SumReductionVariant variant);

    [[nodiscard]] SumReductionVariant variant() const { return variant_; }
    [[nodiscard]] const std::vector<SumReductionDispatch>& schedule() const { return schedule_; }

    // Records every dispatch, with a heap barrier (compute read/write ->
    // compute read/write) between consecutive ones. Barriers before the first
    // and after the last dispatch are the caller's (compute stage): the pass
    // reads the bitfield and reads/writes levels 0 .. D-1 (plain stores and
    // atomics). SerialBlocks at D >= 14 first clears levels D-13 .. D-10 with
    // vkCmdFillBuffer, between heap barriers from and to the compute stage.
    void record(VkCommandBuffer commands) const;

private:
    const ConcurrentBinaryTree* tree_;
    SumReductionVariant variant_;
    std::uint32_t maxWorkgroupCountX_;
    std::vector<SumReductionDispatch> schedule_;
    vk::ComputeKernel bitfieldKernel_;
    vk::ComputeKernel upperKernel_;
};

}  // namespace cbt::gpu
