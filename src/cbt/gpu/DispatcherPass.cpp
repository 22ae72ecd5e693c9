#include "cbt/gpu/DispatcherPass.h"

#include "cbt/gpu/ConcurrentBinaryTree.h"
#include "vk/BufferTransfer.h"
#include "vk/Device.h"
#include "vk/ShaderCompiler.h"

#include <algorithm>
#include <array>
#include <cstring>
#include <stdexcept>

namespace cbt::gpu {

namespace {

struct DispatcherConstants {
    std::uint32_t threadsPerWorkgroup;
    std::uint32_t maxWorkgroupCountX;
    std::uint32_t verticesPerLeaf;
};

constexpr std::array<vk::DescriptorBinding, 2> kBindings{{
    {0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, VK_SHADER_STAGE_COMPUTE_BIT, 1},
    {1, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, VK_SHADER_STAGE_COMPUTE_BIT, 1},
}};

std::uint32_t checkedVerticesPerLeaf(std::uint32_t verticesPerLeaf)
{
    if (verticesPerLeaf == 0) {
        throw std::invalid_argument("DispatcherPass: a leaf needs at least one vertex");
    }
    return verticesPerLeaf;
}

}  // namespace

DispatcherPass::DispatcherPass(vk::Device& device, const vk::ShaderCompiler& compiler, const ConcurrentBinaryTree& tree,
                               std::uint32_t verticesPerLeaf)
    : device_(&device),
      verticesPerLeaf_(checkedVerticesPerLeaf(verticesPerLeaf)),
      deviceMaxWorkgroupCountX_(device.limits().maxComputeWorkGroupCount[0]),
      maxWorkgroupCountX_(deviceMaxWorkgroupCountX_),
      arguments_(device, sizeof(IndirectArguments),
                 VK_BUFFER_USAGE_INDIRECT_BUFFER_BIT | VK_BUFFER_USAGE_STORAGE_BUFFER_BIT),
      kernel_(device, compiler.compileFile("cbt/Dispatcher.comp", vk::ShaderStage::Compute), kBindings,
              sizeof(DispatcherConstants))
{
    vk::fillBuffer(device, arguments_, 0u);
    vk::DescriptorWriter()
        .storageBuffer(0, tree.buffer(), tree.heapOffset(), tree.heapRange())
        .storageBuffer(1, arguments_)
        .update(device, kernel_.descriptorSet());
}

void DispatcherPass::record(VkCommandBuffer commands) const
{
    const DispatcherConstants constants{kLeafKernelWorkgroupSize, maxWorkgroupCountX_, verticesPerLeaf_};
    kernel_.bind(commands);
    kernel_.pushConstants(commands, std::as_bytes(std::span(&constants, 1)));
    vkCmdDispatch(commands, 1, 1, 1);
}

void DispatcherPass::setVerticesPerLeaf(std::uint32_t verticesPerLeaf)
{
    verticesPerLeaf_ = checkedVerticesPerLeaf(verticesPerLeaf);
}

void DispatcherPass::setMaxWorkgroupCountX(std::uint32_t count)
{
    maxWorkgroupCountX_ = std::clamp(count, 1u, deviceMaxWorkgroupCountX_);
}

IndirectArguments DispatcherPass::download() const
{
    const std::vector<std::byte> bytes = vk::downloadFromBuffer(*device_, arguments_, 0, sizeof(IndirectArguments));
    IndirectArguments arguments{};
    std::memcpy(&arguments, bytes.data(), sizeof(arguments));
    return arguments;
}

}  // namespace cbt::gpu
