#include "cbt/gpu/DispatcherPass.h"

#include "cbt/gpu/ConcurrentBinaryTree.h"
#include "vk/BufferTransfer.h"
#include "vk/Device.h"
#include "vk/ShaderLibrary.h"

#include <algorithm>
#include <array>
#include <cstring>

namespace cbt::gpu {

namespace {

struct DispatcherConstants {
    std::uint32_t threadsPerWorkgroup;
    std::uint32_t maxWorkgroupCountX;
};

constexpr std::array<vk::DescriptorBinding, 2> kBindings{{
    {0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, VK_SHADER_STAGE_COMPUTE_BIT, 1},
    {1, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, VK_SHADER_STAGE_COMPUTE_BIT, 1},
}};

}  // namespace

DispatcherPass::DispatcherPass(vk::Device& device, const vk::ShaderLibrary& shaders, const ConcurrentBinaryTree& tree)
    : device_(&device),
      deviceMaxWorkgroupCountX_(device.limits().maxComputeWorkGroupCount[0]),
      maxWorkgroupCountX_(deviceMaxWorkgroupCountX_),
      arguments_(device, sizeof(IndirectArguments),
                 VK_BUFFER_USAGE_INDIRECT_BUFFER_BIT | VK_BUFFER_USAGE_STORAGE_BUFFER_BIT),
      kernel_(device, shaders.load("cbt/Dispatcher.comp"), kBindings, sizeof(DispatcherConstants))
{
    vk::fillBuffer(device, arguments_, 0u);
    vk::DescriptorWriter()
        .storageBuffer(0, tree.buffer(), tree.heapOffset(), tree.heapRange())
        .storageBuffer(1, arguments_)
        .update(device, kernel_.descriptorSet());
}

void DispatcherPass::record(VkCommandBuffer commands) const
{
    const DispatcherConstants constants{kLeafKernelWorkgroupSize, maxWorkgroupCountX_};
    kernel_.bind(commands);
    kernel_.pushConstants(commands, std::as_bytes(std::span(&constants, 1)));
    vkCmdDispatch(commands, 1, 1, 1);
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
