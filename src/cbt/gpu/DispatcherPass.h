// The dispatcher kernel (paper §4.2, shaders/cbt/Dispatcher.comp): one
// thread turns the tree's leaf count into the indirect arguments of the
// per-leaf kernels, and copies the count next to them for whoever draws or
// reports the leaves.
#pragma once

#include "vk/Buffer.h"
#include "vk/ComputeKernel.h"

#include <vulkan/vulkan.h>

#include <cstdint>

namespace vk {
class Device;
class ShaderLibrary;
}  // namespace vk

namespace cbt::gpu {

class ConcurrentBinaryTree;

// Local size of every per-leaf kernel (subdivision, leaf decode).
inline constexpr std::uint32_t kLeafKernelWorkgroupSize = 256;

// The indirect-argument buffer's bytes (std430 layout of Dispatcher.comp).
struct IndirectArguments {
    VkDispatchIndirectCommand dispatch;  // {ceil(L / 256) or spread over y, ..., 1}
    std::uint32_t leafCount;             // L
};
static_assert(sizeof(IndirectArguments) == 16);
inline constexpr VkDeviceSize kDispatchArgumentsOffset = 0;
inline constexpr VkDeviceSize kLeafCountOffset = 12;

class DispatcherPass {
public:
    // The tree must outlive the pass.
    DispatcherPass(vk::Device& device, const vk::ShaderLibrary& shaders, const ConcurrentBinaryTree& tree);

    // Device-local, usable as INDIRECT and STORAGE buffer.
    [[nodiscard]] const vk::Buffer& argumentsBuffer() const { return arguments_; }

    // The x limit past which workgroups spread over y; the device's
    // maxComputeWorkGroupCount[0] by default. Lowering it (clamped to
    // [1, device limit]) exercises the 2-D spreading. Takes effect at the next
    // record().
    [[nodiscard]] std::uint32_t maxWorkgroupCountX() const { return maxWorkgroupCountX_; }
    void setMaxWorkgroupCountX(std::uint32_t count);

    // Records the one-thread dispatch. Barriers are the caller's: it reads
    // the heap (compute shader storage read) and writes argumentsBuffer()
    // (compute shader storage write).
    void record(VkCommandBuffer commands) const;

    // Reads argumentsBuffer() back (a blocking transfer; for tests and tools).
    [[nodiscard]] IndirectArguments download() const;

private:
    vk::Device* device_;
    std::uint32_t deviceMaxWorkgroupCountX_;
    std::uint32_t maxWorkgroupCountX_;
    vk::Buffer arguments_;
    vk::ComputeKernel kernel_;
};

}  // namespace cbt::gpu
