#include "terrain/TerrainDrawPass.h"

#include "cbt/gpu/ConcurrentBinaryTree.h"
#include "terrain/HeightmapTexture.h"
#include "vk/Buffer.h"
#include "vk/Device.h"
#include "vk/ShaderCompiler.h"

#include <array>

namespace terrain {

namespace {

constexpr VkShaderStageFlags kDrawStages = VK_SHADER_STAGE_VERTEX_BIT | VK_SHADER_STAGE_FRAGMENT_BIT;

constexpr std::array<vk::DescriptorBinding, 4> kDrawBindings{{
    {0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, VK_SHADER_STAGE_VERTEX_BIT, 1},
    {1, VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, kDrawStages, 1},
    {2, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, kDrawStages, 1},
    {3, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, VK_SHADER_STAGE_VERTEX_BIT, 1},
}};

vk::PipelineLayout makeDrawPipelineLayout(const vk::Device& device, VkDescriptorSetLayout drawLayout,
                                          VkDescriptorSetLayout atmosphereLayout)
{
    const std::array<VkDescriptorSetLayout, 2> layouts{drawLayout, atmosphereLayout};
    return vk::PipelineLayout(device, layouts);
}

}  // namespace

struct TerrainDrawPass::Pipelines {
    vk::GraphicsPipeline sky;
    vk::GraphicsPipeline terrain;
};

bool isSrgbFormat(VkFormat format)
{
    switch (format) {
        case VK_FORMAT_R8_SRGB:
        case VK_FORMAT_R8G8_SRGB:
        case VK_FORMAT_R8G8B8_SRGB:
        case VK_FORMAT_B8G8R8_SRGB:
        case VK_FORMAT_R8G8B8A8_SRGB:
        case VK_FORMAT_B8G8R8A8_SRGB:
        case VK_FORMAT_A8B8G8R8_SRGB_PACK32: return true;
        default: return false;
    }
}

TerrainDrawPass::TerrainDrawPass(const vk::Device& device, const vk::ShaderCompiler& compiler,
                                 const HeightmapTexture& heightmap, std::span<const vk::Buffer* const> frameUniforms,
                                 VkDescriptorSetLayout atmosphereLayout, VkFormat colorFormat, VkFormat depthFormat)
    : device_(&device),
      compiler_(&compiler),
      colorFormat_(colorFormat),
      depthFormat_(depthFormat),
      setLayout_(device, kDrawBindings),
      pipelineLayout_(makeDrawPipelineLayout(device, setLayout_.handle(), atmosphereLayout)),
      pool_(device, setLayout_, static_cast<std::uint32_t>(frameUniforms.size())),
      pipelines_(buildPipelines())
{
    for (const vk::Buffer* uniforms : frameUniforms) {
        const VkDescriptorSet set = pool_.allocate(setLayout_);
        vk::DescriptorWriter()
            .uniformBuffer(1, *uniforms)
            .combinedImageSampler(2, heightmap.view(), heightmap.sampler(), HeightmapTexture::kLayout)
            .update(device, set);
        sets_.push_back(set);
    }
}

TerrainDrawPass::~TerrainDrawPass() = default;

std::unique_ptr<TerrainDrawPass::Pipelines> TerrainDrawPass::buildPipelines() const
{
    const bool hasDepth = depthFormat_ != VK_FORMAT_UNDEFINED;
    vk::GraphicsPipelineDescription sky;
    sky.colorFormats = {colorFormat_};
    sky.depthFormat = depthFormat_;
    vk::GraphicsPipelineDescription terrain = sky;
    terrain.depthTest = hasDepth;
    terrain.depthWrite = hasDepth;
    terrain.dynamicDepthCompareOp = hasDepth;
    // Back faces are hidden behind the heightfield (or seen from under it):
    // culling them spares rasterizing them (lavapipe, README close camera:
    // draw 155-164 -> 117-122 ms). The vertex shader emits every triangle
    // with a positive signed area in (u, v) = (+X, +Z); in Vulkan's y-down
    // clip space its upper side then winds clockwise.
    terrain.cullMode = VK_CULL_MODE_BACK_BIT;
    terrain.frontFace = VK_FRONT_FACE_CLOCKWISE;
    sky.depthTest = hasDepth;
    sky.depthCompareOp = VK_COMPARE_OP_EQUAL;

    auto pipelines = std::make_unique<Pipelines>();
    pipelines->sky = vk::GraphicsPipeline(*device_, pipelineLayout_,
                                          compiler_->compileFile("terrain/Sky.vert", vk::ShaderStage::Vertex),
                                          compiler_->compileFile("terrain/Sky.frag", vk::ShaderStage::Fragment), sky);
    pipelines->terrain = vk::GraphicsPipeline(
        *device_, pipelineLayout_, compiler_->compileFile("terrain/TerrainDraw.vert", vk::ShaderStage::Vertex),
        compiler_->compileFile("terrain/TerrainDraw.frag", vk::ShaderStage::Fragment), terrain);
    return pipelines;
}

void TerrainDrawPass::rebuildPipelines()
{
    std::unique_ptr<Pipelines> rebuilt = buildPipelines();
    pipelines_ = std::move(rebuilt);
}

void TerrainDrawPass::bindTree(const cbt::gpu::ConcurrentBinaryTree& tree, const vk::Buffer& leafHeapIndices)
{
    for (const VkDescriptorSet set : sets_) {
        vk::DescriptorWriter()
            .storageBuffer(0, leafHeapIndices)
            .storageBuffer(3, tree.buffer(), tree.heapOffset(), tree.heapRange())
            .update(*device_, set);
    }
}

void TerrainDrawPass::bindSets(VkCommandBuffer commands, std::uint32_t frameSlot, VkDescriptorSet atmosphereSet) const
{
    const std::array<VkDescriptorSet, 2> sets{sets_.at(frameSlot), atmosphereSet};
    vkCmdBindDescriptorSets(commands, VK_PIPELINE_BIND_POINT_GRAPHICS, pipelineLayout_.handle(), 0,
                            static_cast<std::uint32_t>(sets.size()), sets.data(), 0, nullptr);
}

void TerrainDrawPass::recordSky(VkCommandBuffer commands, std::uint32_t frameSlot, VkExtent2D viewport,
                                bool reversedDepth, VkDescriptorSet atmosphereSet) const
{
    // Sky.vert puts the triangle at depth 0; this depth range moves it to the
    // cleared far value, which the EQUAL test matches exactly.
    const float farDepth = reversedDepth ? 0.0f : 1.0f;
    vk::setViewportAndScissor(commands, viewport, farDepth, farDepth);
    bindSets(commands, frameSlot, atmosphereSet);
    pipelines_->sky.bind(commands);
    vkCmdDraw(commands, 3, 1, 0, 0);
}

void TerrainDrawPass::recordTerrain(VkCommandBuffer commands, std::uint32_t frameSlot, VkExtent2D viewport,
                                    bool reversedDepth, VkDescriptorSet atmosphereSet, const vk::Buffer& drawArguments,
                                    VkDeviceSize drawArgumentsOffset) const
{
    vk::setViewportAndScissor(commands, viewport);
    bindSets(commands, frameSlot, atmosphereSet);
    pipelines_->terrain.bind(commands);
    if (depthFormat_ != VK_FORMAT_UNDEFINED) {
        vkCmdSetDepthCompareOp(commands, reversedDepth ? VK_COMPARE_OP_GREATER_OR_EQUAL : VK_COMPARE_OP_LESS_OR_EQUAL);
    }
    vkCmdDrawIndirect(commands, drawArguments.handle(), drawArgumentsOffset, 1, sizeof(VkDrawIndirectCommand));
}

}  // namespace terrain
