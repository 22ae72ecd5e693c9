#include "terrain/LeafDecodePass.h"

#include "terrain/DispatcherPass.h"
#include "terrain/GpuConcurrentBinaryTree.h"
#include "terrain/SubdivisionPass.h"
#include "vk/BufferTransfer.h"
#include "vk/Error.h"
#include "vk/ShaderCompiler.h"

#include <algorithm>
#include <array>
#include <span>
#include <string>

namespace terrain {

namespace {

struct LeafDecodeConstants {
    std::uint32_t domain;
    std::uint32_t capacity;
};

constexpr std::array<gpu::DescriptorBinding, 3> kBindings{{
    {0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, VK_SHADER_STAGE_COMPUTE_BIT, 1},
    {1, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, VK_SHADER_STAGE_COMPUTE_BIT, 1},
    {2, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, VK_SHADER_STAGE_COMPUTE_BIT, 1},
}};

constexpr VkDeviceSize kTriangleBytes = 3 * sizeof(glm::dvec2);

std::vector<std::uint32_t> compileKernel(const gpu::ShaderCompiler& compiler, bool decodeTriangles)
{
    std::vector<gpu::ShaderMacro> macros;
    if (decodeTriangles) {
        macros.push_back(gpu::ShaderMacro{"LEB_DECODE_TRIANGLES", "1"});
    }
    return compiler.compileFile("leb/LeafDecode.comp", gpu::ShaderStage::Compute, macros);
}

std::uint32_t checkedCapacity(std::uint32_t capacity)
{
    if (capacity == 0) {
        throw gpu::Error("LeafDecodePass: the capacity must be at least one leaf");
    }
    return capacity;
}

}  // namespace

LeafDecodePass::LeafDecodePass(gpu::Device& device, const gpu::ShaderCompiler& compiler,
                               const GpuConcurrentBinaryTree& tree, leb::Domain domain, std::uint32_t capacity,
                               bool decodeTriangles)
    : device_(&device),
      domain_(domain),
      capacity_(checkedCapacity(capacity)),
      decodeTriangles_(decodeTriangles),
      heapIndices_(device, VkDeviceSize{capacity} * sizeof(std::uint32_t), VK_BUFFER_USAGE_STORAGE_BUFFER_BIT),
      triangles_(decodeTriangles ? gpu::Buffer(device, VkDeviceSize{capacity} * kTriangleBytes,
                                               VK_BUFFER_USAGE_STORAGE_BUFFER_BIT)
                                 : gpu::Buffer()),
      kernel_(device, compileKernel(compiler, decodeTriangles),
              std::span(kBindings).first(decodeTriangles ? 3 : 2), sizeof(LeafDecodeConstants))
{
    gpu::DescriptorWriter writer;
    writer.storageBuffer(0, tree.buffer(), tree.heapOffset(), tree.heapRange()).storageBuffer(1, heapIndices_);
    if (decodeTriangles) {
        writer.storageBuffer(2, triangles_);
    }
    writer.update(device, kernel_.descriptorSet());
}

void LeafDecodePass::record(VkCommandBuffer commands, const gpu::Buffer& indirectArguments) const
{
    const LeafDecodeConstants constants{glslDomain(domain_), capacity_};
    kernel_.bind(commands);
    kernel_.pushConstants(commands, std::as_bytes(std::span(&constants, 1)));
    vkCmdDispatchIndirect(commands, indirectArguments.handle(), kDispatchArgumentsOffset);
}

std::vector<leb::HeapIndex> LeafDecodePass::downloadHeapIndices(std::uint32_t leafCount) const
{
    const std::uint32_t count = std::min(leafCount, capacity_);
    if (count == 0) {
        return {};
    }
    return gpu::downloadFromBufferAs<leb::HeapIndex>(*device_, heapIndices_, 0, count);
}

std::vector<leb::Triangle> LeafDecodePass::downloadTriangles(std::uint32_t leafCount) const
{
    if (!decodeTriangles_) {
        throw gpu::Error("LeafDecodePass::downloadTriangles: the pass was built without triangles");
    }
    const std::uint32_t count = std::min(leafCount, capacity_);
    if (count == 0) {
        return {};
    }
    const std::vector<glm::dvec2> vertices =
        gpu::downloadFromBufferAs<glm::dvec2>(*device_, triangles_, 0, std::size_t{count} * 3);
    std::vector<leb::Triangle> triangles(count);
    for (std::size_t leaf = 0; leaf < count; ++leaf) {
        triangles[leaf].v = {vertices[3 * leaf], vertices[3 * leaf + 1], vertices[3 * leaf + 2]};
    }
    return triangles;
}

}  // namespace terrain
