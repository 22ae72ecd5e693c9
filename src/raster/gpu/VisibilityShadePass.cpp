#include "raster/gpu/VisibilityShadePass.h"

#include "vk/Barriers.h"
#include "vk/Device.h"
#include "vk/ShaderLibrary.h"

#include <array>
#include <utility>
#include <vector>

namespace raster::gpu {
namespace {

constexpr std::uint32_t kLocalSize = 8;  // raster/VisibilityShading.glsl's local_size_x and _y

// Set 2 of raster/VisibilityShading.glsl: the visibility buffer, the HDR
// image and the list of pixels that show more than one value.
constexpr std::array<vk::DescriptorBinding, 3> kImageBindings{{
    {0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, VK_SHADER_STAGE_COMPUTE_BIT, 1},
    {1, VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, VK_SHADER_STAGE_COMPUTE_BIT, 1},
    {2, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, VK_SHADER_STAGE_COMPUTE_BIT, 1},
}};

// RasterShadeEdges' header: no workgroups for the second pass yet, no pixels.
constexpr std::array<std::uint32_t, 4> kNoEdges{0, 1, 1, 0};

constexpr VkAccessFlags2 kStorageAccess = VK_ACCESS_2_SHADER_STORAGE_READ_BIT | VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT;

vk::PipelineLayout shadePipelineLayout(const vk::Device& device, const ShadeSource& source,
                                       const vk::DescriptorSetLayout& imageLayout)
{
    const std::array<VkDescriptorSetLayout, 3> sets{source.setLayouts[0], source.setLayouts[1], imageLayout.handle()};
    return vk::PipelineLayout(device, sets);
}

}  // namespace

VisibilityShadePass::VisibilityShadePass(const vk::Device& device, const vk::ShaderLibrary& shaders,
                                         ShadeSource source, VkSampleCountFlagBits samples,
                                         std::uint32_t framesInFlight, ShadeLoop loop)
    : device_(&device),
      shaders_(&shaders),
      source_(std::move(source)),
      samples_(samples),
      loop_(loop),
      imageSetLayout_(device, kImageBindings),
      imageSetPool_(device, imageSetLayout_, framesInFlight),
      edges_(framesInFlight),
      pipelineLayout_(shadePipelineLayout(device, source_, imageSetLayout_))
{
    rebuildPipelines();
    for (std::uint32_t slot = 0; slot < framesInFlight; ++slot) {
        imageSets_.push_back(imageSetPool_.allocate(imageSetLayout_));
    }
}

bool VisibilityShadePass::twoPasses() const
{
    return samples_ != VK_SAMPLE_COUNT_1_BIT && loop_ == ShadeLoop::PrimaryThenEdges;
}

void VisibilityShadePass::rebuildPipelines()
{
    const auto build = [&](std::vector<vk::ShaderMacro> loopMacros) {
        std::vector<vk::ShaderMacro> macros = source_.macros;
        macros.insert(macros.end(), loopMacros.begin(), loopMacros.end());
        return vk::ComputePipeline(*device_, pipelineLayout_,
                                   shaders_->load(vk::ShaderProgram{source_.program, std::move(macros)}));
    };
    const vk::ShaderMacro multisampled{"RASTER_SHADE_MULTISAMPLED", ""};
    if (samples_ == VK_SAMPLE_COUNT_1_BIT) {
        vk::ComputePipeline single = build({});
        pipeline_ = std::move(single);
        return;
    }
    if (!twoPasses()) {
        vk::ComputePipeline reference = build({multisampled});
        pipeline_ = std::move(reference);
        return;
    }
    vk::ComputePipeline primary = build({multisampled, {"RASTER_SHADE_PRIMARY", ""}});
    vk::ComputePipeline edges = build({multisampled, {"RASTER_SHADE_EDGES", ""}});
    pipeline_ = std::move(primary);
    edgesPipeline_ = std::move(edges);
}

void VisibilityShadePass::record(VkCommandBuffer commands, std::uint32_t slotIndex,
                                 std::array<VkDescriptorSet, 2> sourceSets, const vk::Buffer& visibility,
                                 const vk::Image& hdr)
{
    // The slot's earlier frames completed: its set and list are free to
    // change. The set is written every frame, since the slot's buffer and
    // image are made anew when the view's size changes, and a new one may
    // reuse an old handle.
    const VkDescriptorSet imageSet = imageSets_.at(slotIndex);
    const VkExtent2D extent = hdr.extent();
    const VkDeviceSize pixels = VkDeviceSize{extent.width} * extent.height;
    const VkDeviceSize edgeBytes = (pixels + kNoEdges.size()) * sizeof(std::uint32_t);
    vk::Buffer& edges = edges_.at(slotIndex);
    if (edges.size() < edgeBytes) {
        edges = vk::Buffer(*device_, edgeBytes,
                           VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT |
                               VK_BUFFER_USAGE_INDIRECT_BUFFER_BIT);
    }
    vk::DescriptorWriter()
        .storageBuffer(0, visibility)
        .storageImage(1, hdr.view(), VK_IMAGE_LAYOUT_GENERAL)
        .storageBuffer(2, edges)
        .update(*device_, imageSet);
    if (twoPasses()) {
        // The slot's last frame read the list in its second pass.
        vk::bufferBarrier(*device_, commands, edges,
                          VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT | VK_PIPELINE_STAGE_2_DRAW_INDIRECT_BIT,
                          kStorageAccess | VK_ACCESS_2_INDIRECT_COMMAND_READ_BIT, VK_PIPELINE_STAGE_2_TRANSFER_BIT,
                          VK_ACCESS_2_TRANSFER_WRITE_BIT);
        vkCmdUpdateBuffer(commands, edges.handle(), 0, sizeof(kNoEdges), kNoEdges.data());
        vk::bufferBarrier(*device_, commands, edges, VK_PIPELINE_STAGE_2_TRANSFER_BIT, VK_ACCESS_2_TRANSFER_WRITE_BIT,
                          VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT, kStorageAccess);
    }
    const std::array<VkDescriptorSet, 3> sets{sourceSets[0], sourceSets[1], imageSet};
    vkCmdBindDescriptorSets(commands, VK_PIPELINE_BIND_POINT_COMPUTE, pipelineLayout_.handle(), 0,
                            static_cast<std::uint32_t>(sets.size()), sets.data(), 0, nullptr);
    vkCmdBindPipeline(commands, VK_PIPELINE_BIND_POINT_COMPUTE, pipeline_.handle());
    vkCmdDispatch(commands, (extent.width + kLocalSize - 1) / kLocalSize, (extent.height + kLocalSize - 1) / kLocalSize,
                  1);
    if (twoPasses()) {
        // The second pass adds to the HDR image the first wrote, over its list.
        vk::memoryBarrier(*device_, commands, VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT, kStorageAccess,
                          VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT | VK_PIPELINE_STAGE_2_DRAW_INDIRECT_BIT,
                          kStorageAccess | VK_ACCESS_2_INDIRECT_COMMAND_READ_BIT);
        vkCmdBindPipeline(commands, VK_PIPELINE_BIND_POINT_COMPUTE, edgesPipeline_.handle());
        vkCmdDispatchIndirect(commands, edges.handle(), 0);
    }
}

}  // namespace raster::gpu
