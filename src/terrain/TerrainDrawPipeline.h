// What the terrain's two draws (terrain::TerrainDrawPass for the heap,
// terrain::PoolTerrainDrawPass for the pool) share: the pipeline layout of
// their own set and the atmosphere's, and the graphics pipeline of a vertex
// program with the terrain's fragment shader.
#pragma once

#include "camera/FrameView.h"
#include "vk/Descriptors.h"
#include "vk/GraphicsPipeline.h"
#include "vk/Pipeline.h"
#include "vk/ShaderLibrary.h"

#include <vulkan/vulkan.h>

#include <cstdint>
#include <span>
#include <vector>

namespace vk {
class Buffer;
class Device;
}  // namespace vk

namespace tiles::gpu {
class TileAtlas;
}  // namespace tiles::gpu

namespace terrain {

class HeightmapTexture;
class ImageryTexture;
class SeaMaskTexture;
class SunShadowMap;

// The bindings of both draws' own set (terrain/TerrainDrawSet.glsl): the
// frame's TerrainUniforms, the heightmap, the sun's horizon map
// (terrain::SunShadowMap), ...
inline constexpr std::uint32_t kFrameUniformsBinding = 1;
inline constexpr std::uint32_t kHeightmapBinding = 2;
inline constexpr std::uint32_t kSunHorizonBinding = 5;
// ... the sea mask (terrain::SeaMaskTexture) ...
inline constexpr std::uint32_t kSeaMaskBinding = 6;
// ... the imagery (terrain::ImageryTexture) ...
inline constexpr std::uint32_t kImageryBinding = 7;

// ... the streamed elevation model's atlas, page table and request bits
// (tiles::gpu::TileAtlas, terrain/StreamedHeights.glsl; both draws bind
// an atlas, an empty one when nothing streams) ...
inline constexpr std::uint32_t kTileAtlasBinding = 8;
inline constexpr std::uint32_t kPageTableBinding = 9;
inline constexpr std::uint32_t kTileRequestsBinding = 10;
// The buffer of the draw's arguments (terrain/TerrainDrawSet.glsl), which
// the visibility pass in compute reads the triangle count from.
inline constexpr std::uint32_t kDrawArgumentsBinding = 11;
// The frame's TerrainUniforms again, as a storage buffer, for the visibility
// pass and the shading in compute: lavapipe inlines the values of a uniform
// buffer that decide a branch and compiles a program again whenever they
// change, which a moving camera did every frame.
inline constexpr std::uint32_t kFrameUniformsStorageBinding = 12;
// Streamed imagery's atlas, page table and request bits (tiles::gpu::TileAtlas
// of colours, surface/StreamedImagery.glsl; an empty atlas when the imagery
// does not stream).
inline constexpr std::uint32_t kImageryTileAtlasBinding = 13;
inline constexpr std::uint32_t kImageryPageTableBinding = 14;
inline constexpr std::uint32_t kImageryTileRequestsBinding = 15;
// Every binding of both draws' own set is read by their vertex and fragment
// shaders and by the visibility pass and shading in compute
// (terrain::TerrainComputeRaster).
inline constexpr VkShaderStageFlags kTerrainDrawStages =
    VK_SHADER_STAGE_VERTEX_BIT | VK_SHADER_STAGE_FRAGMENT_BIT | VK_SHADER_STAGE_COMPUTE_BIT;

// What both draws' own sets hold (terrain/TerrainDrawSet.glsl).
struct TerrainDrawInputs {
    const HeightmapTexture* heightmap = nullptr;
    const SunShadowMap* sunShadows = nullptr;
    const SeaMaskTexture* seaMask = nullptr;
    const ImageryTexture* imagery = nullptr;
    const tiles::gpu::TileAtlas* atlas = nullptr;
    const tiles::gpu::TileAtlas* imageryTiles = nullptr;
};

// The bindings of a draw's own set: `ownStorageBuffers` (the backend's
// triangles: terrain/HeapTriangles.glsl, PoolTriangles.glsl), then those of
// terrain/TerrainDrawSet.glsl, all read by every stage that draws or shades
// the terrain (kTerrainDrawStages).
std::vector<vk::DescriptorBinding> terrainDrawBindings(std::span<const std::uint32_t> ownStorageBuffers);

// Adds to `writer` the writes of terrain/TerrainDrawSet.glsl's bindings
// but the draw's arguments (kDrawArgumentsBinding, the backend's): the
// frame's uniforms and the inputs.
vk::DescriptorWriter& writeTerrainDrawSet(vk::DescriptorWriter& writer, const vk::Buffer& frameUniforms,
                                          const TerrainDrawInputs& inputs);

// Set 0 the draw's own, set 1 the atmosphere's.
vk::PipelineLayout makeTerrainDrawPipelineLayout(const vk::Device& device, VkDescriptorSetLayout drawLayout,
                                                 VkDescriptorSetLayout atmosphereLayout);

// `vertexProgram` with terrain/TerrainDraw.frag (the variants for the driver
// path and for `atlas`: terrain/TerrainPrograms.h), depth-tested under
// `depth`, back faces culled; `constants` specialize both programs.
vk::GraphicsPipeline makeTerrainDrawPipeline(const vk::Device& device, const vk::ShaderLibrary& shaders,
                                             const vk::PipelineLayout& layout, const char* vertexProgram,
                                             const tiles::gpu::TileAtlas& atlas,
                                             const vk::AttachmentFormats& attachments, camera::DepthConvention depth,
                                             std::vector<vk::SpecializationConstant> constants = {});

}  // namespace terrain
