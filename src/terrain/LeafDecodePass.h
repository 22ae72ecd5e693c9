// Decodes every leaf of the GPU tree (Alg. 1) to its heap index and,
// optionally, its triangle in double precision (shaders/leb/LeafDecode.comp):
// one thread per leaf, launched on the dispatcher's arguments. Used by tests
// (to compare with the CPU decode) and by the benchmark.
#pragma once

#include "leb/LongestEdgeBisection.h"
#include "terrain/ComputeKernel.h"
#include "vk/Buffer.h"

#include <vulkan/vulkan.h>

#include <cstdint>
#include <vector>

namespace gpu {
class Device;
class ShaderCompiler;
}  // namespace gpu

namespace terrain {

class GpuConcurrentBinaryTree;

class LeafDecodePass {
public:
    // Output buffers for `capacity` leaves (leaves beyond it are skipped);
    // with `decodeTriangles` also 3 dvec2 per leaf. The tree must outlive the
    // pass.
    LeafDecodePass(gpu::Device& device, const gpu::ShaderCompiler& compiler, const GpuConcurrentBinaryTree& tree,
                   leb::Domain domain, std::uint32_t capacity, bool decodeTriangles);

    [[nodiscard]] std::uint32_t capacity() const { return capacity_; }
    [[nodiscard]] bool decodesTriangles() const { return decodeTriangles_; }
    [[nodiscard]] const gpu::Buffer& heapIndexBuffer() const { return heapIndices_; }
    // Only when decodesTriangles(); 3 * capacity dvec2 (v0, v1, v2 per leaf).
    [[nodiscard]] const gpu::Buffer& triangleBuffer() const { return triangles_; }

    // Records vkCmdDispatchIndirect on the dispatcher's arguments. Barriers
    // are the caller's: the kernel reads the heap and writes the outputs.
    void record(VkCommandBuffer commands, const gpu::Buffer& indirectArguments) const;

    // Blocking read-backs of the first `leafCount` (<= capacity) results.
    [[nodiscard]] std::vector<leb::HeapIndex> downloadHeapIndices(std::uint32_t leafCount) const;
    [[nodiscard]] std::vector<leb::Triangle> downloadTriangles(std::uint32_t leafCount) const;

private:
    gpu::Device* device_;
    leb::Domain domain_;
    std::uint32_t capacity_;
    bool decodeTriangles_;
    gpu::Buffer heapIndices_;
    gpu::Buffer triangles_;
    ComputeKernel kernel_;
};

}  // namespace terrain
