#include "terrain/DrawArgumentsPass.h"

#include "vk/BufferTransfer.h"
#include "vk/Device.h"
#include "vk/Error.h"
#include "vk/ShaderLibrary.h"

#include <array>
#include <cstring>
#include <span>
#include <stdexcept>

namespace terrain {

namespace {

constexpr std::array<vk::DescriptorBinding, 2> kBindings{{
    {0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, VK_SHADER_STAGE_COMPUTE_BIT, 1},
    {1, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, VK_SHADER_STAGE_COMPUTE_BIT, 1},
}};

struct DrawArgumentsConstants {
    std::uint32_t verticesPerLeaf;
};

}  // namespace

std::uint32_t verticesPerLeaf(int uniformSubdivisionLevels)
{
    return 3u << static_cast<std::uint32_t>(uniformSubdivisionLevels);
}

DrawArgumentsPass::DrawArgumentsPass(vk::Device& device, const vk::ShaderLibrary& shaders)
    : device_(&device),
      arguments_(device, sizeof(VkDrawIndirectCommand),
                 VK_BUFFER_USAGE_INDIRECT_BUFFER_BIT | VK_BUFFER_USAGE_STORAGE_BUFFER_BIT),
      kernel_(buildKernel(shaders))
{
    vk::fillBuffer(device, arguments_, 0u);
}

std::unique_ptr<vk::ComputeKernel> DrawArgumentsPass::buildKernel(const vk::ShaderLibrary& shaders) const
{
    auto kernel = std::make_unique<vk::ComputeKernel>(*device_, shaders.load("terrain/DrawArguments.comp"), kBindings,
                                                      sizeof(DrawArgumentsConstants));
    vk::DescriptorWriter writer;
    writer.storageBuffer(1, arguments_);
    if (dispatcherArguments_ != nullptr) {
        writer.storageBuffer(0, *dispatcherArguments_);
    }
    writer.update(*device_, kernel->descriptorSet());
    return kernel;
}

void DrawArgumentsPass::bindLeafCount(const vk::Buffer& dispatcherArguments)
{
    dispatcherArguments_ = &dispatcherArguments;
    vk::DescriptorWriter().storageBuffer(0, dispatcherArguments).update(*device_, kernel_->descriptorSet());
}

void DrawArgumentsPass::rebuildKernel(const vk::ShaderLibrary& shaders)
{
    std::unique_ptr<vk::ComputeKernel> rebuilt = buildKernel(shaders);
    kernel_ = std::move(rebuilt);
}

void DrawArgumentsPass::record(VkCommandBuffer commands, std::uint32_t vertices) const
{
    if (vertices == 0) {
        throw std::invalid_argument("DrawArgumentsPass: a leaf needs at least one vertex");
    }
    if (dispatcherArguments_ == nullptr) {
        throw vk::Error("DrawArgumentsPass::record: no leaf count bound (bindLeafCount)");
    }
    const DrawArgumentsConstants constants{vertices};
    kernel_->bind(commands);
    kernel_->pushConstants(commands, std::as_bytes(std::span(&constants, 1)));
    vkCmdDispatch(commands, 1, 1, 1);
}

VkDrawIndirectCommand DrawArgumentsPass::download() const
{
    const std::vector<std::byte> bytes = vk::downloadFromBuffer(*device_, arguments_, 0, sizeof(VkDrawIndirectCommand));
    VkDrawIndirectCommand command{};
    std::memcpy(&command, bytes.data(), sizeof(command));
    return command;
}

}  // namespace terrain
