// What the terrain's two draws (terrain::TerrainDrawPass for the heap,
// terrain::PoolTerrainDrawPass for the pool) share: the pipeline layout of
// their own set and the atmosphere's, and the graphics pipeline of a vertex
// program with the terrain's fragment shader.
#pragma once

#include "camera/FrameView.h"
#include "vk/GraphicsPipeline.h"
#include "vk/Pipeline.h"
#include "vk/ShaderLibrary.h"

#include <vulkan/vulkan.h>

#include <cstdint>
#include <vector>

namespace vk {
class Device;
}

namespace tiles::gpu {
class HeightTileAtlas;
}  // namespace tiles::gpu

namespace terrain {


// The binding of the sun's horizon map (terrain::SunShadowMap) in both
// draws' own set, where terrain/TerrainDraw.frag reads it.
inline constexpr std::uint32_t kSunHorizonBinding = 5;
// The sea mask's (terrain::SeaMaskTexture), likewise.
inline constexpr std::uint32_t kSeaMaskBinding = 6;
// The imagery's (terrain::ImageryTexture), likewise.
inline constexpr std::uint32_t kImageryBinding = 7;

// The streamed elevation model's atlas, page table and request bits
// (tiles::gpu::HeightTileAtlas, terrain/StreamedHeights.glsl), likewise; both
// draws bind an atlas, an empty one when nothing streams.
inline constexpr std::uint32_t kTileAtlasBinding = 8;
inline constexpr std::uint32_t kPageTableBinding = 9;
inline constexpr std::uint32_t kTileRequestsBinding = 10;
inline constexpr VkShaderStageFlags kStreamStages = VK_SHADER_STAGE_VERTEX_BIT | VK_SHADER_STAGE_FRAGMENT_BIT;

// Set 0 the draw's own, set 1 the atmosphere's.
vk::PipelineLayout makeTerrainDrawPipelineLayout(const vk::Device& device, VkDescriptorSetLayout drawLayout,
                                                 VkDescriptorSetLayout atmosphereLayout);

// `vertexProgram` with terrain/TerrainDraw.frag (the variants for the driver
// path and for `atlas`: terrain/TerrainPrograms.h), depth-tested under
// `depth`, back faces culled; `constants` specialize both programs.
vk::GraphicsPipeline makeTerrainDrawPipeline(const vk::Device& device, const vk::ShaderLibrary& shaders,
                                             const vk::PipelineLayout& layout, const char* vertexProgram,
                                             const tiles::gpu::HeightTileAtlas& atlas,
                                             const vk::AttachmentFormats& attachments, camera::DepthConvention depth,
                                             std::vector<vk::SpecializationConstant> constants = {});

}  // namespace terrain
