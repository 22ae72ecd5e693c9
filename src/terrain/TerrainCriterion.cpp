#include "terrain/TerrainCriterion.h"

#include "terrain/HeightStatistics.h"
#include "terrain/HeightmapTexture.h"
#include "terrain/TerrainPrograms.h"
#include "tiles/gpu/TileAtlas.h"
#include "vk/Buffer.h"
#include "vk/Device.h"

#include <array>

namespace terrain {

namespace {

constexpr std::array<vk::DescriptorBinding, 7> kCriterionBindings{{
    {0, VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, VK_SHADER_STAGE_COMPUTE_BIT, 1},
    {1, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, VK_SHADER_STAGE_COMPUTE_BIT, 1},
    {2, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, VK_SHADER_STAGE_COMPUTE_BIT, 1},
    {3, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, VK_SHADER_STAGE_COMPUTE_BIT, 1},
    {4, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, VK_SHADER_STAGE_COMPUTE_BIT, 1},
    {5, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, VK_SHADER_STAGE_COMPUTE_BIT, 1},
    {6, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, VK_SHADER_STAGE_COMPUTE_BIT, 1},
}};

}  // namespace

TerrainCriterion::TerrainCriterion(const vk::Device& device, const HeightStatistics& statistics,
                                   const HeightmapTexture& heightmap, const tiles::gpu::TileAtlas& atlas,
                                   std::span<const vk::Buffer* const> frameUniforms)
    : macros_(terrainProgramMacros(device.driverPath(), atlas)),
      setLayout_(device, kCriterionBindings),
      pool_(device, setLayout_, static_cast<std::uint32_t>(frameUniforms.size()))
{
    for (const vk::Buffer* uniforms : frameUniforms) {
        const VkDescriptorSet set = pool_.allocate(setLayout_);
        vk::DescriptorWriter()
            .uniformBuffer(0, *uniforms)
            .storageBuffer(1, statistics.minMaxBuffer())
            .storageBuffer(2, statistics.momentsBuffer())
            .combinedImageSampler(3, heightmap.view(), heightmap.sampler(), HeightmapTexture::kLayout)
            .combinedImageSampler(4, atlas.view(), atlas.sampler(), tiles::gpu::TileAtlas::kLayout)
            .storageBuffer(5, atlas.pageTable())
            .storageBuffer(6, atlas.tileStatistics())
            .update(device, set);
        sets_.push_back(set);
    }
}

leb::gpu::SubdivisionCriterion TerrainCriterion::criterion() const
{
    return leb::gpu::SubdivisionCriterion{{"terrain/TerrainSubdivision.comp", macros_}, setLayout_.handle()};
}

}  // namespace terrain
