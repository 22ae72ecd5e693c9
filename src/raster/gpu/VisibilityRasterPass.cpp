#include "raster/gpu/VisibilityRasterPass.h"

#include "vk/Barriers.h"
#include "vk/Device.h"
#include "vk/Error.h"
#include "vk/ShaderLibrary.h"

#include <algorithm>
#include <array>
#include <cstddef>
#include <span>
#include <string>
#include <utility>
#include <vector>

namespace raster::gpu {
namespace {

constexpr std::uint32_t kMaxSmallTrianglePixels = 64;  // RASTER_SMALL_MAX_PIXELS
// The large list's header (RasterLargeList of raster/VisibilityRaster.glsl):
// no workgroups of the large kernel yet, and no entries.
constexpr std::array<std::uint32_t, 4> kEmptyLargeList{0, 1, 1, 0};

constexpr std::array<vk::DescriptorBinding, 2> kRasterBindings{{
    {0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, VK_SHADER_STAGE_COMPUTE_BIT, 1},
    {1, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, VK_SHADER_STAGE_COMPUTE_BIT, 1},
}};

// RasterPassConstants of shaders/raster/VisibilityRaster.glsl.
struct RasterConstants {
    std::uint32_t viewportWidth = 0;
    std::uint32_t viewportHeight = 0;
    std::uint32_t smallMaxPixels = 0;
};

constexpr VkPushConstantRange kConstantsRange{VK_SHADER_STAGE_COMPUTE_BIT, 0, sizeof(RasterConstants)};

constexpr VkAccessFlags2 kStorageAccess = VK_ACCESS_2_SHADER_STORAGE_READ_BIT | VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT;

// The source's kernel, or with `large` its large list's; `samples` is
// RASTER_PASS_SAMPLES of raster/VisibilityRaster.glsl.
vk::ComputePipeline buildKernel(const vk::Device& device, const vk::ShaderLibrary& shaders,
                                const vk::PipelineLayout& layout, const VisibilitySource& source, bool large,
                                std::uint32_t samples)
{
    std::vector<vk::ShaderMacro> macros = source.macros;
    if (large) {
        macros.push_back({"RASTER_VISIBILITY_LARGE", ""});
    }
    const std::array<vk::SpecializationConstant, 1> constants{{{0, samples}}};
    return vk::ComputePipeline(device, layout, shaders.load(vk::ShaderProgram{source.program, std::move(macros)}),
                               constants);
}

}  // namespace

std::uint32_t defaultSmallTrianglePixels(vk::DriverPath path)
{
    return path == vk::DriverPath::Gpu ? 8 : 32;
}

VisibilityRasterPass::VisibilityRasterPass(const vk::Device& device, const vk::ShaderLibrary& shaders,
                                           VisibilitySource source, VkSampleCountFlagBits samples,
                                           std::uint32_t framesInFlight, std::uint32_t smallTrianglePixels)
    : device_(&device),
      shaders_(&shaders),
      source_(std::move(source)),
      samples_(static_cast<std::uint32_t>(samples)),
      smallTrianglePixels_(smallTrianglePixels),
      largeList_(
          device, VkDeviceSize{sizeof(std::uint32_t)} * (VkDeviceSize{source_.triangleCapacity} + kEmptyLargeList.size()),
          VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT | VK_BUFFER_USAGE_INDIRECT_BUFFER_BIT),
      setLayout_(device, kRasterBindings),
      setPool_(device, setLayout_, framesInFlight),
      pipelineLayout_(device, std::array<VkDescriptorSetLayout, 2>{source_.sourceLayout, setLayout_.handle()},
                      std::span<const VkPushConstantRange>(&kConstantsRange, 1)),
      small_(buildKernel(device, shaders, pipelineLayout_, source_, false, samples_)),
      large_(buildKernel(device, shaders, pipelineLayout_, source_, true, samples_))
{
    if (smallTrianglePixels > kMaxSmallTrianglePixels) {
        throw vk::Error("VisibilityRasterPass: small triangles of " + std::to_string(smallTrianglePixels) +
                        " pixels (at most " + std::to_string(kMaxSmallTrianglePixels) + ")");
    }
    for (std::uint32_t slot = 0; slot < framesInFlight; ++slot) {
        sets_.push_back(setPool_.allocate(setLayout_));
    }
}

void VisibilityRasterPass::record(VkCommandBuffer commands, std::uint32_t slotIndex, VkDescriptorSet sourceSet,
                                  const vk::Buffer& visibility, VkExtent2D extent, const VisibilityDispatch& dispatch)
{
    // The slot's earlier frames completed: its set is free to change. It is
    // written every frame, since the slot's buffer is made anew when the
    // view's size changes, and a new one may reuse an old one's handle.
    const VkDescriptorSet set = sets_.at(slotIndex);
    vk::DescriptorWriter().storageBuffer(0, visibility).storageBuffer(1, largeList_).update(*device_, set);

    // An earlier frame's shading read the buffer, and its pass the list.
    vk::memoryBarrier(*device_, commands,
                      VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT | VK_PIPELINE_STAGE_2_DRAW_INDIRECT_BIT,
                      kStorageAccess | VK_ACCESS_2_INDIRECT_COMMAND_READ_BIT, VK_PIPELINE_STAGE_2_TRANSFER_BIT,
                      VK_ACCESS_2_TRANSFER_WRITE_BIT);
    vkCmdFillBuffer(commands, visibility.handle(), 0, VK_WHOLE_SIZE, 0u);
    vkCmdUpdateBuffer(commands, largeList_.handle(), 0, sizeof(kEmptyLargeList), kEmptyLargeList.data());
    vk::memoryBarrier(*device_, commands, VK_PIPELINE_STAGE_2_TRANSFER_BIT, VK_ACCESS_2_TRANSFER_WRITE_BIT,
                      VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT, kStorageAccess);

    const std::array<VkDescriptorSet, 2> sets{sourceSet, set};
    vkCmdBindDescriptorSets(commands, VK_PIPELINE_BIND_POINT_COMPUTE, pipelineLayout_.handle(), 0,
                            static_cast<std::uint32_t>(sets.size()), sets.data(), 0, nullptr);
    const RasterConstants constants{extent.width, extent.height, smallTrianglePixels_};
    vkCmdPushConstants(commands, pipelineLayout_.handle(), VK_SHADER_STAGE_COMPUTE_BIT, 0, sizeof(constants),
                       &constants);
    vkCmdBindPipeline(commands, VK_PIPELINE_BIND_POINT_COMPUTE, small_.handle());
    if (dispatch.indirect != nullptr) {
        vkCmdDispatchIndirect(commands, dispatch.indirect->handle(), dispatch.offset);
    } else {
        vkCmdDispatch(commands, std::max(dispatch.workgroups, 1u), 1, 1);
    }
    vk::memoryBarrier(*device_, commands, VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT, kStorageAccess,
                      VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT | VK_PIPELINE_STAGE_2_DRAW_INDIRECT_BIT,
                      kStorageAccess | VK_ACCESS_2_INDIRECT_COMMAND_READ_BIT);
    vkCmdBindPipeline(commands, VK_PIPELINE_BIND_POINT_COMPUTE, large_.handle());
    vkCmdDispatchIndirect(commands, largeList_.handle(), 0);
    vk::memoryBarrier(*device_, commands, VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT, kStorageAccess,
                      VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT, VK_ACCESS_2_SHADER_STORAGE_READ_BIT);
}

void VisibilityRasterPass::rebuildPipelines()
{
    vk::ComputePipeline small = buildKernel(*device_, *shaders_, pipelineLayout_, source_, false, samples_);
    vk::ComputePipeline large = buildKernel(*device_, *shaders_, pipelineLayout_, source_, true, samples_);
    small_ = std::move(small);
    large_ = std::move(large);
}

}  // namespace raster::gpu
