#include "terrain/PoolTerrainDrawPass.h"

#include "bisector/gpu/PoolBuffers.h"
#include "camera/Projection.h"
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

constexpr VkShaderStageFlags kVertex = VK_SHADER_STAGE_VERTEX_BIT;
constexpr VkShaderStageFlags kDrawStages = VK_SHADER_STAGE_VERTEX_BIT | VK_SHADER_STAGE_FRAGMENT_BIT;

constexpr std::array<vk::DescriptorBinding, 11> kBindings{{
    {0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, kVertex, 1},
    {1, VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, kDrawStages, 1},
    {2, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, kDrawStages, 1},
    {3, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, kVertex, 1},
    {4, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, kVertex, 1},
    {kSunHorizonBinding, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, VK_SHADER_STAGE_FRAGMENT_BIT, 1},
    {kSeaMaskBinding, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, VK_SHADER_STAGE_FRAGMENT_BIT, 1},
    {kImageryBinding, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, VK_SHADER_STAGE_FRAGMENT_BIT, 1},
    {kTileAtlasBinding, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, kStreamStages, 1},
    {kPageTableBinding, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, kStreamStages, 1},
    {kTileRequestsBinding, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, kStreamStages, 1},
}};

}  // namespace

PoolTerrainDrawPass::PoolTerrainDrawPass(const vk::Device& device, const vk::ShaderLibrary& shaders,
                                         const HeightmapTexture& heightmap, const SunShadowMap& sunShadows,
                                         const SeaMaskTexture& seaMask, const ImageryTexture& imagery,
                                         const tiles::gpu::HeightTileAtlas& atlas,
                                         const bisector::gpu::PoolBuffers& pool, const vk::Buffer& drawList,
                                         const vk::Buffer& cache, std::span<const vk::Buffer* const> frameUniforms,
                                         std::span<const vk::Buffer> frameData, VkDescriptorSetLayout atmosphereLayout,
                                         const vk::AttachmentFormats& attachments, camera::DepthConvention depth,
                                         int uniformSubdivision)
    : device_(&device),
      shaders_(&shaders),
      atlas_(&atlas),
      pool_(&pool),
      attachments_(attachments),
      depth_(depth),
      subdivided_(uniformSubdivision != 0),
      setLayout_(device, kBindings),
      pipelineLayout_(makeTerrainDrawPipelineLayout(device, setLayout_.handle(), atmosphereLayout)),
      setPool_(device, setLayout_, static_cast<std::uint32_t>(frameUniforms.size())),
      pipeline_(buildPipeline(subdivided_))
{
    for (std::size_t slot = 0; slot < frameUniforms.size(); ++slot) {
        const VkDescriptorSet set = setPool_.allocate(setLayout_);
        vk::DescriptorWriter()
            .storageBuffer(0, frameData[slot])
            .uniformBuffer(1, *frameUniforms[slot])
            .combinedImageSampler(2, heightmap.view(), heightmap.sampler(), HeightmapTexture::kLayout)
            .storageBuffer(3, drawList)
            .storageBuffer(4, cache)
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

vk::GraphicsPipeline PoolTerrainDrawPass::buildPipeline(bool subdivided) const
{
    return makeTerrainDrawPipeline(*device_, *shaders_, pipelineLayout_, "terrain/PoolTerrainDraw.vert", *atlas_,
                                   attachments_, depth_, {{.id = 0, .value = subdivided ? 1u : 0u}});
}

void PoolTerrainDrawPass::rebuildPipeline()
{
    pipeline_ = buildPipeline(subdivided_);
}

void PoolTerrainDrawPass::setUniformSubdivision(int uniformSubdivision)
{
    if (specializedFor(uniformSubdivision)) {
        return;
    }
    const bool subdivided = uniformSubdivision != 0;
    pipeline_ = buildPipeline(subdivided);
    subdivided_ = subdivided;
}

void PoolTerrainDrawPass::record(VkCommandBuffer commands, std::uint32_t frameSlot, VkExtent2D viewport,
                                 VkDescriptorSet atmosphereSet) const
{
    vk::setViewportAndScissor(commands, viewport);
    const std::array<VkDescriptorSet, 2> sets{sets_.at(frameSlot), atmosphereSet};
    vkCmdBindDescriptorSets(commands, VK_PIPELINE_BIND_POINT_GRAPHICS, pipelineLayout_.handle(), 0,
                            static_cast<std::uint32_t>(sets.size()), sets.data(), 0, nullptr);
    pipeline_.bind(commands);
    vkCmdDrawIndirect(commands, pool_->counters().handle(), bisector::gpu::kDrawArgumentsOffset, 1,
                      sizeof(VkDrawIndirectCommand));
}

}  // namespace terrain
