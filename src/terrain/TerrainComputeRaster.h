// The flat terrain's visibility path in compute (scene::RasterPath::Compute):
// the triangles its draw would draw rasterized in compute into the frame's
// visibility buffer (terrain/TerrainRaster.comp over
// raster::gpu::VisibilityRasterPass), then every pixel shaded from it, the
// sky where no triangle lies (terrain/TerrainShade.comp over
// raster::gpu::VisibilityShadePass), with the same shading code as the
// draw's fragment shader (terrain/TerrainShading.glsl). Both kernels bind
// the draw's own set (terrain::TerrainDrawPass or PoolTerrainDrawPass) as
// set 0, so they read what the draw reads.
#pragma once

#include "raster/gpu/VisibilityRasterPass.h"
#include "raster/gpu/VisibilityShadePass.h"
#include "vk/ShaderCompiler.h"

#include <vulkan/vulkan.h>

#include <cstdint>
#include <vector>

namespace vk {
class Buffer;
class Device;
class Image;
class ShaderLibrary;
}  // namespace vk

namespace terrain {

// What the compute path of one backend's draw binds and reads.
struct TerrainComputeSource {
    VkDescriptorSetLayout drawSetLayout = VK_NULL_HANDLE;  // the draw's set 0
    VkDescriptorSetLayout atmosphereLayout = VK_NULL_HANDLE;
    // The terrain's programs' macros (terrain/TerrainPrograms.h), with
    // TERRAIN_POOL for the pool.
    std::vector<vk::ShaderMacro> macros;
    std::uint32_t triangleCapacity = 0;  // at most this many triangles in a draw
};

class TerrainComputeRaster {
public:
    TerrainComputeRaster(const vk::Device& device, const vk::ShaderLibrary& shaders, const TerrainComputeSource& source,
                         VkSampleCountFlagBits samples, std::uint32_t framesInFlight);

    // The visibility pass into `visibility` (scene::RenderTargets', of
    // `extent` at the pass's samples), dispatched as `dispatch` says, with
    // the slot's draw set; the draw's buffers must be visible to compute
    // shaders.
    void recordVisibility(VkCommandBuffer commands, std::uint32_t frameSlot, VkDescriptorSet drawSet,
                          const vk::Buffer& visibility, VkExtent2D extent,
                          const raster::gpu::VisibilityDispatch& dispatch);
    // The shading of `hdr` (GENERAL) from `visibility`, after recordVisibility.
    void recordShading(VkCommandBuffer commands, std::uint32_t frameSlot, VkDescriptorSet drawSet,
                       VkDescriptorSet atmosphereSet, const vk::Buffer& visibility, const vk::Image& hdr);

    // Builds the kernels again; throws vk::Error and keeps the old ones
    // when one fails. No recorded use may be pending.
    void rebuildPipelines();

private:
    raster::gpu::VisibilityRasterPass raster_;
    raster::gpu::VisibilityShadePass shade_;
};

}  // namespace terrain
