// The sum reduction (paper §4.2, Alg. 2) on the GPU: every level 0 .. D-1 of
// the heap rebuilt from the bitfield. Bit-exact with
// cbt::ConcurrentBinaryTree::computeSumReductionFull for D = 1 .. 30.
//
// Three kernels compute it:
//  - Reference (shaders/cbt/SumReductionReference.comp): Alg. 2 as written,
//    one dispatch per level and one thread per node. The one to read, and
//    the one the tuned kernels are tested against.
//  - SharedMemoryTree (the GPU path of vk::DriverPath): the first dispatch
//    (shaders/cbt/SumReductionBitfield.comp) folds a block of 8192 bitfield
//    bits per workgroup of 256 threads through a shared-memory tree, 13
//    levels at once; upper dispatches (SumReductionUpper.comp) fold up to 9
//    levels each. Design notes at the top of the shaders.
//  - SerialBlocks (the CPU-driver path): the first dispatch
//    (SumReductionBitfieldSerial.comp) has one invocation per block of 8192
//    bits compute its levels serially in registers, with no shared memory
//    and no barrier: CPU drivers (lavapipe) run barriers by switching
//    between a workgroup's SIMD groups, which made the shared-memory kernel
//    many times slower there (lavapipe, 2 cores, D = 22: 21 ms against
//    0.59 ms). For D < 14 (a single block) it runs the shared-memory
//    kernel's one workgroup instead. Its upper dispatches run in workgroups
//    of 8 invocations (one lavapipe SIMD group) instead of 256.
// A pass made without a variant takes the device's vk::DriverPath.
#pragma once

#include "vk/ComputeKernel.h"
#include "vk/DriverPath.h"

#include <vulkan/vulkan.h>

#include <cstdint>
#include <memory>
#include <string_view>
#include <vector>

namespace vk {
class Device;
class ShaderLibrary;
}  // namespace vk

namespace cbt::gpu {

class ConcurrentBinaryTree;

enum class SumReductionVariant { Reference, SharedMemoryTree, SerialBlocks };

// "reference", "shared" or "serial".
[[nodiscard]] std::string_view sumReductionVariantName(SumReductionVariant variant);

// The tuned variant of a driver path: SharedMemoryTree for GPUs, SerialBlocks
// for CPU drivers.
[[nodiscard]] SumReductionVariant sumReductionVariantFor(vk::DriverPath path);

// One dispatch of the reduction: it reads level `inputDepth` (D for a
// dispatch that reads the bitfield) and writes levels inputDepth-1 ..
// outputDepth.
struct SumReductionDispatch {
    bool fromBitfield = false;
    std::uint32_t inputDepth = 0;
    std::uint32_t outputDepth = 0;
    std::uint32_t workgroupCount = 0;
};

// The dispatches for a tree of max depth D. The tuned variants have one from
// the bitfield (up to 13 levels), then as many upper ones (up to 9 levels
// each) as needed, and differ only in the workgroup count of the first. The
// reference has one per level, D-1 down to 0. The one-argument form is the
// SharedMemoryTree schedule.
std::vector<SumReductionDispatch> sumReductionSchedule(int maxDepth);
std::vector<SumReductionDispatch> sumReductionSchedule(int maxDepth, SumReductionVariant variant);

class SumReductionPass {
public:
    // The tree must outlive the pass. Uses sumReductionVariantFor(device.driverPath()).
    SumReductionPass(const vk::Device& device, const vk::ShaderLibrary& shaders, const ConcurrentBinaryTree& tree);
    SumReductionPass(const vk::Device& device, const vk::ShaderLibrary& shaders, const ConcurrentBinaryTree& tree,
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
    // The kernels the variant uses: the reference's, or the bitfield and upper ones.
    std::unique_ptr<vk::ComputeKernel> referenceKernel_;
    std::unique_ptr<vk::ComputeKernel> bitfieldKernel_;
    std::unique_ptr<vk::ComputeKernel> upperKernel_;
};

}  // namespace cbt::gpu
