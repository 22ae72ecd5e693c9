#include "terrain/TerrainDrawPipeline.h"

#include "camera/Projection.h"
#include "terrain/TerrainPrograms.h"
#include "vk/Device.h"
#include "vk/DriverPath.h"

#include <array>
#include <utility>
#include <vector>

namespace terrain {

vk::PipelineLayout makeTerrainDrawPipelineLayout(const vk::Device& device, VkDescriptorSetLayout drawLayout,
                                                 VkDescriptorSetLayout atmosphereLayout)
{
    const std::array<VkDescriptorSetLayout, 2> layouts{drawLayout, atmosphereLayout};
    return vk::PipelineLayout(device, layouts);
}

vk::GraphicsPipeline makeTerrainDrawPipeline(const vk::Device& device, const vk::ShaderLibrary& shaders,
                                             const vk::PipelineLayout& layout, const char* vertexProgram,
                                             const tiles::gpu::HeightTileAtlas& atlas,
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
