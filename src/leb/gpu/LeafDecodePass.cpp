#include "leb/gpu/LeafDecodePass.h"

#include "cbt/gpu/ConcurrentBinaryTree.h"
#include "cbt/gpu/DispatcherPass.h"
#include "leb/gpu/SubdivisionPass.h"
#include "vk/Barriers.h"
#include "vk/BufferTransfer.h"
#include "vk/Device.h"
#include "vk/Error.h"
#include "vk/ShaderLibrary.h"
#include "vk/TimestampQueries.h"

#include <algorithm>
#include <array>
#include <span>
#include <string>

namespace leb::gpu {

namespace {

struct LeafDecodeConstants {
    std::uint32_t domain;
    std::uint32_t capacity;
};

constexpr std::array<vk::DescriptorBinding, 3> kBindings{{
    {0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, VK_SHADER_STAGE_COMPUTE_BIT, 1},
    {1, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, VK_SHADER_STAGE_COMPUTE_BIT, 1},
    {2, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, VK_SHADER_STAGE_COMPUTE_BIT, 1},
}};

constexpr VkDeviceSize kTriangleBytes = 3 * sizeof(glm::dvec2);

std::vector<std::uint32_t> compileKernel(const vk::ShaderLibrary& shaders, bool decodeTriangles)
{
    std::vector<vk::ShaderMacro> macros;
    if (decodeTriangles) {
        macros.push_back(vk::ShaderMacro{"LEB_DECODE_TRIANGLES", "1"});
    }
    return shaders.load("leb/LeafDecode.comp", macros);
}

bool checkedTriangles(const vk::Device& device, bool decodeTriangles)
{
    if (decodeTriangles && !device.hasShaderFloat64()) {
        throw vk::Error("LeafDecodePass: decoding triangles (in double precision) needs shaderFloat64, which " +
                        device.info().name + " lacks");
    }
    return decodeTriangles;
}

std::uint32_t checkedCapacity(std::uint32_t capacity)
{
    if (capacity == 0) {
        throw vk::Error("LeafDecodePass: the capacity must be at least one leaf");
    }
    return capacity;
}

}  // namespace

std::uint32_t leafDecodeCapacity(const vk::Device& device, int maxDepth, std::uint32_t requested)
{
    const std::uint64_t treeLeaves = std::uint64_t{1} << static_cast<std::uint32_t>(maxDepth);
    const std::uint64_t rangeLeaves = device.maxStorageBufferRange() / sizeof(std::uint32_t);
    return static_cast<std::uint32_t>(std::min({std::uint64_t{std::max(requested, 1u)}, treeLeaves, rangeLeaves}));
}

LeafDecodePass::LeafDecodePass(vk::Device& device, const vk::ShaderLibrary& shaders,
                               const cbt::gpu::ConcurrentBinaryTree& tree, leb::Domain domain, std::uint32_t capacity,
                               bool decodeTriangles)
    : device_(&device),
      tree_(&tree),
      domain_(domain),
      capacity_(checkedCapacity(capacity)),
      decodeTriangles_(checkedTriangles(device, decodeTriangles)),
      heapIndices_(device, VkDeviceSize{capacity} * sizeof(std::uint32_t), VK_BUFFER_USAGE_STORAGE_BUFFER_BIT),
      triangles_(decodeTriangles
                     ? vk::Buffer(device, VkDeviceSize{capacity} * kTriangleBytes, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT)
                     : vk::Buffer()),
      kernel_(buildKernel(shaders))
{
}

LeafDecodePass::~LeafDecodePass() = default;

std::unique_ptr<vk::ComputeKernel> LeafDecodePass::buildKernel(const vk::ShaderLibrary& shaders) const
{
    auto kernel = std::make_unique<vk::ComputeKernel>(*device_, compileKernel(shaders, decodeTriangles_),
                                                      std::span(kBindings).first(decodeTriangles_ ? 3 : 2),
                                                      sizeof(LeafDecodeConstants));
    vk::DescriptorWriter writer;
    writer.storageBuffer(0, tree_->buffer(), tree_->heapOffset(), tree_->heapRange()).storageBuffer(1, heapIndices_);
    if (decodeTriangles_) {
        writer.storageBuffer(2, triangles_);
    }
    writer.update(*device_, kernel->descriptorSet());
    return kernel;
}

void LeafDecodePass::rebuildKernel(const vk::ShaderLibrary& shaders)
{
    std::unique_ptr<vk::ComputeKernel> rebuilt = buildKernel(shaders);
    kernel_ = std::move(rebuilt);
}

void LeafDecodePass::record(VkCommandBuffer commands, const vk::Buffer& indirectArguments) const
{
    const LeafDecodeConstants constants{glslDomain(domain_), capacity_};
    kernel_->bind(commands);
    kernel_->pushConstants(commands, std::as_bytes(std::span(&constants, 1)));
    vkCmdDispatchIndirect(commands, indirectArguments.handle(), cbt::gpu::kDispatchArgumentsOffset);
}

std::vector<leb::HeapIndex> LeafDecodePass::downloadHeapIndices(std::uint32_t leafCount) const
{
    const std::uint32_t count = std::min(leafCount, capacity_);
    if (count == 0) {
        return {};
    }
    return vk::downloadFromBufferAs<leb::HeapIndex>(*device_, heapIndices_, 0, count);
}

std::vector<leb::Triangle> LeafDecodePass::downloadTriangles(std::uint32_t leafCount) const
{
    if (!decodeTriangles_) {
        throw vk::Error("LeafDecodePass::downloadTriangles: the pass was built without triangles");
    }
    const std::uint32_t count = std::min(leafCount, capacity_);
    if (count == 0) {
        return {};
    }
    const std::vector<glm::dvec2> vertices =
        vk::downloadFromBufferAs<glm::dvec2>(*device_, triangles_, 0, std::size_t{count} * 3);
    std::vector<leb::Triangle> triangles(count);
    for (std::size_t leaf = 0; leaf < count; ++leaf) {
        triangles[leaf].v = {vertices[3 * leaf], vertices[3 * leaf + 1], vertices[3 * leaf + 2]};
    }
    return triangles;
}

}  // namespace leb::gpu
