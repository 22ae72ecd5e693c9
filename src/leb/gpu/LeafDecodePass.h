// Decodes every leaf of the GPU tree (Alg. 1) to its heap index and,
// optionally, its triangle in double precision (shaders/leb/LeafDecode.comp):
// one thread per leaf, launched on the dispatcher's arguments. Used by the
// terrain (its draw reads the heap indices, see terrain::Terrain), by tests
// (to compare with the CPU decode) and by the benchmark.
#pragma once

#include "leb/LongestEdgeBisection.h"
#include "vk/Buffer.h"
#include "vk/ComputeKernel.h"

#include <vulkan/vulkan.h>

#include <cstdint>
#include <memory>
#include <vector>

namespace vk {
class Device;
class ShaderLibrary;
class TimestampQueries;
}  // namespace vk

namespace cbt::gpu {
class ConcurrentBinaryTree;
}  // namespace cbt::gpu

namespace leb::gpu {

// Leaves of a tree of max depth D whose heap indices a decode buffer holds: `requested` (at least 1), capped at the 2^D leaves the
// tree can have and at the uints maxStorageBufferRange allows.
[[nodiscard]] std::uint32_t leafDecodeCapacity(const vk::Device& device, int maxDepth, std::uint32_t requested);

class LeafDecodePass {
public:
    // Output buffers for `capacity` leaves (leaves beyond it are skipped);
    // with `decodeTriangles` also 3 dvec2 per leaf, which needs shaderFloat64
    // (vk::Error without). The tree must outlive the pass.
    LeafDecodePass(vk::Device& device, const vk::ShaderLibrary& shaders, const cbt::gpu::ConcurrentBinaryTree& tree,
                   leb::Domain domain, std::uint32_t capacity, bool decodeTriangles);
    ~LeafDecodePass();
    LeafDecodePass(const LeafDecodePass&) = delete;
    LeafDecodePass& operator=(const LeafDecodePass&) = delete;

    // Compiles the kernel again from disk; on failure throws vk::Error and
    // keeps the current one. The output buffers stay. No recorded command
    // buffer using the pass may be pending.
    void rebuildKernel(const vk::ShaderLibrary& shaders);

    [[nodiscard]] std::uint32_t capacity() const { return capacity_; }
    [[nodiscard]] bool decodesTriangles() const { return decodeTriangles_; }
    [[nodiscard]] const vk::Buffer& heapIndexBuffer() const { return heapIndices_; }
    // Only when decodesTriangles(); 3 * capacity dvec2 (v0, v1, v2 per leaf).
    [[nodiscard]] const vk::Buffer& triangleBuffer() const { return triangles_; }

    // Records vkCmdDispatchIndirect on the dispatcher's arguments. Barriers
    // are the caller's: the kernel reads the heap and writes the outputs.
    void record(VkCommandBuffer commands, const vk::Buffer& indirectArguments) const;

    // Blocking read-backs of the first `leafCount` (<= capacity) results.
    [[nodiscard]] std::vector<leb::HeapIndex> downloadHeapIndices(std::uint32_t leafCount) const;
    [[nodiscard]] std::vector<leb::Triangle> downloadTriangles(std::uint32_t leafCount) const;

private:
    [[nodiscard]] std::unique_ptr<vk::ComputeKernel> buildKernel(const vk::ShaderLibrary& shaders) const;

    vk::Device* device_;
    const cbt::gpu::ConcurrentBinaryTree* tree_;
    leb::Domain domain_;
    std::uint32_t capacity_;
    bool decodeTriangles_;
    vk::Buffer heapIndices_;
    vk::Buffer triangles_;
    std::unique_ptr<vk::ComputeKernel> kernel_;
};

}  // namespace leb::gpu
