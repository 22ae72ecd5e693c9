// The terrain's draw arguments (shaders/terrain/DrawArguments.comp): one
// thread turns the leaf count the CBT's dispatcher left into the
// VkDrawIndirectCommand of the terrain draw, one instance of 3 * 2^s vertices
// per leaf.
#pragma once

#include "vk/Buffer.h"
#include "vk/ComputeKernel.h"

#include <vulkan/vulkan.h>

#include <cstdint>
#include <memory>

namespace vk {
class Device;
class ShaderLibrary;
}  // namespace vk

namespace terrain {

// 3 * 2^levels: the vertices the draw spends on a leaf with `levels`
// uniform subdivision levels.
[[nodiscard]] std::uint32_t verticesPerLeaf(int uniformSubdivisionLevels);

class DrawArgumentsPass {
public:
    DrawArgumentsPass(vk::Device& device, const vk::ShaderLibrary& shaders);

    // Reads the leaf count from `dispatcherArguments` (cbt::gpu::IndirectArguments),
    // which must outlive its use. No recorded command buffer using the pass
    // may be pending.
    void bindLeafCount(const vk::Buffer& dispatcherArguments);

    // Device-local, usable as INDIRECT and STORAGE buffer: a VkDrawIndirectCommand.
    [[nodiscard]] const vk::Buffer& buffer() const { return arguments_; }

    // Records the one-thread dispatch. Barriers are the caller's: it reads
    // the dispatcher's arguments and writes buffer() (compute stage).
    // Throws std::invalid_argument for 0 vertices per leaf.
    void record(VkCommandBuffer commands, std::uint32_t verticesPerLeaf) const;

    // Builds the kernel again from the library; on failure throws vk::Error
    // and keeps the current one. No recorded command buffer using the pass
    // may be pending.
    void rebuildKernel(const vk::ShaderLibrary& shaders);

    // Reads buffer() back (a blocking transfer; for tests and tools).
    [[nodiscard]] VkDrawIndirectCommand download() const;

private:
    [[nodiscard]] std::unique_ptr<vk::ComputeKernel> buildKernel(const vk::ShaderLibrary& shaders) const;

    vk::Device* device_;
    const vk::Buffer* dispatcherArguments_ = nullptr;
    vk::Buffer arguments_;
    std::unique_ptr<vk::ComputeKernel> kernel_;
};

}  // namespace terrain
