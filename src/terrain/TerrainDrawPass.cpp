#include "terrain/TerrainDrawPass.h"

#include "camera/Projection.h"
#include "cbt/gpu/ConcurrentBinaryTree.h"
#include "terrain/HeightmapTexture.h"
#include "terrain/ImageryTexture.h"
#include "terrain/SeaMask.h"
#include "terrain/SunShadowMap.h"
#include "terrain/TerrainDrawPipeline.h"
#include "tiles/gpu/HeightTileAtlas.h"
#include "vk/Buffer.h"
#include "vk/Device.h"
#include "vk/DriverPath.h"
#include "vk/ShaderLibrary.h"

#include <array>

namespace terrain {

namespace {

constexpr VkShaderStageFlags kDrawStages = VK_SHADER_STAGE_VERTEX_BIT | VK_SHADER_STAGE_FRAGMENT_BIT;

constexpr std::array<vk::DescriptorBinding, 10> kDrawBindings{{
    {0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, VK_SHADER_STAGE_VERTEX_BIT, 1},
    {1, VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, kDrawStages, 1},
    {2, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, kDrawStages, 1},
    {3, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, VK_SHADER_STAGE_VERTEX_BIT, 1},
    {kSunHorizonBinding, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, VK_SHADER_STAGE_FRAGMENT_BIT, 1},
    {kSeaMaskBinding, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, VK_SHADER_STAGE_FRAGMENT_BIT, 1},
    {kImageryBinding, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, VK_SHADER_STAGE_FRAGMENT_BIT, 1},
    {kTileAtlasBinding, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, kStreamStages, 1},
    {kPageTableBinding, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, kStreamStages, 1},
    {kTileRequestsBinding, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, kStreamStages, 1},
}};

}  // namespace

TerrainDrawPass::TerrainDrawPass(const vk::Device& device, const vk::ShaderLibrary& shaders,
                                 const HeightmapTexture& heightmap, const SunShadowMap& sunShadows,
                                 const SeaMaskTexture& seaMask, const ImageryTexture& imagery,
                                 const tiles::gpu::HeightTileAtlas& atlas,
                                 std::span<const vk::Buffer* const> frameUniforms,
                                 VkDescriptorSetLayout atmosphereLayout, const vk::AttachmentFormats& attachments,
                                 camera::DepthConvention depth)
    : device_(&device),
      shaders_(&shaders),
      atlas_(&atlas),
      attachments_(attachments),
      depth_(depth),
      setLayout_(device, kDrawBindings),
      pipelineLayout_(makeTerrainDrawPipelineLayout(device, setLayout_.handle(), atmosphereLayout)),
      pool_(device, setLayout_, static_cast<std::uint32_t>(frameUniforms.size())),
      pipeline_(buildPipeline())
{
    for (const vk::Buffer* uniforms : frameUniforms) {
        const VkDescriptorSet set = pool_.allocate(setLayout_);
        vk::DescriptorWriter()
            .uniformBuffer(1, *uniforms)
            .combinedImageSampler(2, heightmap.view(), heightmap.sampler(), HeightmapTexture::kLayout)
            .combinedImageSampler(kSunHorizonBinding, sunShadows.view(), sunShadows.sampler(), SunShadowMap::kLayout)
            .combinedImageSampler(kSeaMaskBinding, seaMask.view(), seaMask.sampler(), SeaMaskTexture::kLayout)
            .combinedImageSampler(kImageryBinding, imagery.view(), imagery.sampler(), ImageryTexture::kLayout)
            .combinedImageSampler(kTileAtlasBinding, atlas.view(), atlas.sampler(),
                                  tiles::gpu::HeightTileAtlas::kLayout)
            .storageBuffer(kPageTableBinding, atlas.pageTable())
            .storageBuffer(kTileRequestsBinding, atlas.requests())
            .update(device, set);
        sets_.push_back(set);
    }
}

TerrainDrawPass::~TerrainDrawPass() = default;

vk::GraphicsPipeline TerrainDrawPass::buildPipeline() const
{
    return makeTerrainDrawPipeline(*device_, *shaders_, pipelineLayout_, "terrain/TerrainDraw.vert", *atlas_,
                                   attachments_, depth_);
}

void TerrainDrawPass::rebuildPipeline()
{
    vk::GraphicsPipeline rebuilt = buildPipeline();
    pipeline_ = std::move(rebuilt);
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

void TerrainDrawPass::record(VkCommandBuffer commands, std::uint32_t frameSlot, VkExtent2D viewport,
                             VkDescriptorSet atmosphereSet, const vk::Buffer& drawArguments,
                             VkDeviceSize drawArgumentsOffset) const
{
    vk::setViewportAndScissor(commands, viewport);
    const std::array<VkDescriptorSet, 2> sets{sets_.at(frameSlot), atmosphereSet};
    vkCmdBindDescriptorSets(commands, VK_PIPELINE_BIND_POINT_GRAPHICS, pipelineLayout_.handle(), 0,
                            static_cast<std::uint32_t>(sets.size()), sets.data(), 0, nullptr);
    pipeline_.bind(commands);
    vkCmdDrawIndirect(commands, drawArguments.handle(), drawArgumentsOffset, 1, sizeof(VkDrawIndirectCommand));
}

}  // namespace terrain
