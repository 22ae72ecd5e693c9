#include "terrain/TerrainDrawPipeline.h"

#include "camera/Projection.h"
#include "terrain/HeightmapTexture.h"
#include "terrain/ImageryTexture.h"
#include "terrain/SeaMask.h"
#include "terrain/SunShadowMap.h"
#include "terrain/TerrainPrograms.h"
#include "tiles/gpu/TileAtlas.h"
#include "vk/Buffer.h"
#include "vk/Device.h"
#include "vk/DriverPath.h"

#include <array>
#include <utility>
#include <vector>

namespace terrain {

std::vector<vk::DescriptorBinding> terrainDrawBindings(std::span<const std::uint32_t> ownStorageBuffers)
{
    std::vector<vk::DescriptorBinding> bindings;
    for (const std::uint32_t binding : ownStorageBuffers) {
        bindings.push_back({binding, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, kTerrainDrawStages, 1});
    }
    const std::array<vk::DescriptorBinding, 13> shared{{
        {kFrameUniformsBinding, VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, kTerrainDrawStages, 1},
        {kFrameUniformsStorageBinding, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, VK_SHADER_STAGE_COMPUTE_BIT, 1},
        {kHeightmapBinding, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, kTerrainDrawStages, 1},
        {kSunHorizonBinding, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, kTerrainDrawStages, 1},
        {kSeaMaskBinding, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, kTerrainDrawStages, 1},
        {kImageryBinding, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, kTerrainDrawStages, 1},
        {kTileAtlasBinding, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, kTerrainDrawStages, 1},
        {kPageTableBinding, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, kTerrainDrawStages, 1},
        {kTileRequestsBinding, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, kTerrainDrawStages, 1},
        {kDrawArgumentsBinding, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, kTerrainDrawStages, 1},
        {kImageryTileAtlasBinding, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, kTerrainDrawStages, 1},
        {kImageryPageTableBinding, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, kTerrainDrawStages, 1},
        {kImageryTileRequestsBinding, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, kTerrainDrawStages, 1},
    }};
    bindings.insert(bindings.end(), shared.begin(), shared.end());
    return bindings;
}

vk::DescriptorWriter& writeTerrainDrawSet(vk::DescriptorWriter& writer, const vk::Buffer& frameUniforms,
                                          const TerrainDrawInputs& inputs)
{
    const tiles::gpu::TileAtlas& atlas = *inputs.atlas;
    const tiles::gpu::TileAtlas& imageryTiles = *inputs.imageryTiles;
    return writer.uniformBuffer(kFrameUniformsBinding, frameUniforms)
        .storageBuffer(kFrameUniformsStorageBinding, frameUniforms)
        .combinedImageSampler(kHeightmapBinding, inputs.heightmap->view(), inputs.heightmap->sampler(),
                              HeightmapTexture::kLayout)
        .combinedImageSampler(kSunHorizonBinding, inputs.sunShadows->view(), inputs.sunShadows->sampler(),
                              SunShadowMap::kLayout)
        .combinedImageSampler(kSeaMaskBinding, inputs.seaMask->view(), inputs.seaMask->sampler(),
                              SeaMaskTexture::kLayout)
        .combinedImageSampler(kImageryBinding, inputs.imagery->view(), inputs.imagery->sampler(),
                              ImageryTexture::kLayout)
        .combinedImageSampler(kTileAtlasBinding, atlas.view(), atlas.sampler(), tiles::gpu::TileAtlas::kLayout)
        .storageBuffer(kPageTableBinding, atlas.pageTable())
        .storageBuffer(kTileRequestsBinding, atlas.requests())
        .combinedImageSampler(kImageryTileAtlasBinding, imageryTiles.view(), imageryTiles.sampler(),
                              tiles::gpu::TileAtlas::kLayout)
        .storageBuffer(kImageryPageTableBinding, imageryTiles.pageTable())
        .storageBuffer(kImageryTileRequestsBinding, imageryTiles.requests());
}

vk::PipelineLayout makeTerrainDrawPipelineLayout(const vk::Device& device, VkDescriptorSetLayout drawLayout,
                                                 VkDescriptorSetLayout atmosphereLayout)
{
    const std::array<VkDescriptorSetLayout, 2> layouts{drawLayout, atmosphereLayout};
    return vk::PipelineLayout(device, layouts);
}

vk::GraphicsPipeline makeTerrainDrawPipeline(const vk::Device& device, const vk::ShaderLibrary& shaders,
                                             const vk::PipelineLayout& layout, const char* vertexProgram,
                                             const tiles::gpu::TileAtlas& atlas,
                                             const vk::AttachmentFormats& attachments, camera::DepthConvention depth,
                                             std::vector<vk::SpecializationConstant> constants)
{
    vk::GraphicsPipelineDescription terrain;
    terrain.colorFormats = {attachments.color};
    terrain.depthFormat = attachments.depth;
    terrain.samples = attachments.samples;
    terrain.depthTest = true;
    terrain.depthWrite = true;
    terrain.depthCompareOp = camera::nearerDepthCompareOp(depth);
    // Back faces are hidden behind the heightfield (or seen from under it):
    // culling them spares rasterizing them (lavapipe, README close camera:
    // draw 155-164 -> 117-122 ms). The vertex shaders emit every triangle
    // with a positive signed area in (u, v) = (+X, +Z); in Vulkan's y-down
    // clip space its upper side then winds clockwise.
    terrain.cullMode = VK_CULL_MODE_BACK_BIT;
    terrain.frontFace = VK_FRONT_FACE_CLOCKWISE;
    terrain.constants = std::move(constants);
    // The fragment program has no CPU-driver variant: only the stream's.
    const std::vector<vk::ShaderMacro> fragmentMacros = withStreamMacro({}, atlas);
    return vk::GraphicsPipeline(device, layout,
                                shaders.load(vertexProgram, terrainProgramMacros(device.driverPath(), atlas)),
                                shaders.load("terrain/TerrainDraw.frag", fragmentMacros), terrain);
}

}  // namespace terrain
