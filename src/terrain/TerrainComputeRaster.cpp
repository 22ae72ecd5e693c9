#include "terrain/TerrainComputeRaster.h"

#include "vk/Device.h"

namespace terrain {

TerrainComputeRaster::TerrainComputeRaster(const vk::Device& device, const vk::ShaderLibrary& shaders,
                                           const TerrainComputeSource& source, VkSampleCountFlagBits samples,
                                           std::uint32_t framesInFlight)
    : raster_(device, shaders,
              raster::gpu::VisibilitySource{"terrain/TerrainRaster.comp", source.macros, source.drawSetLayout,
                                            source.triangleCapacity},
              samples, framesInFlight, raster::gpu::defaultSmallTrianglePixels(device.driverPath())),
      shade_(device, shaders,
             raster::gpu::ShadeSource{
                 "terrain/TerrainShade.comp", source.macros, {source.drawSetLayout, source.atmosphereLayout}},
             samples, framesInFlight)
{
}

void TerrainComputeRaster::recordVisibility(VkCommandBuffer commands, std::uint32_t frameSlot, VkDescriptorSet drawSet,
                                            const vk::Buffer& visibility, VkExtent2D extent,
                                            const raster::gpu::VisibilityDispatch& dispatch)
{
    raster_.record(commands, frameSlot, drawSet, visibility, extent, dispatch);
}

void TerrainComputeRaster::recordShading(VkCommandBuffer commands, std::uint32_t frameSlot, VkDescriptorSet drawSet,
                                         VkDescriptorSet atmosphereSet, const vk::Buffer& visibility,
                                         const vk::Image& hdr)
{
    shade_.record(commands, frameSlot, {drawSet, atmosphereSet}, visibility, hdr);
}

void TerrainComputeRaster::rebuildPipelines()
{
    raster_.rebuildPipelines();
    shade_.rebuildPipelines();
}

}  // namespace terrain
