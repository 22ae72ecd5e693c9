#include "terrain/PoolTerrainDrawPass.h"

#include "bisector/gpu/PoolBuffers.h"
#include "camera/Projection.h"
#include "terrain/HeightmapTexture.h"
#include "terrain/ImageryTexture.h"
#include "terrain/SeaMask.h"
#include "terrain/SunShadowMap.h"
#include "terrain/TerrainDrawPipeline.h"
#include "tiles/gpu/TileAtlas.h"
#include "vk/Buffer.h"
#include "vk/Device.h"
#include "vk/DriverPath.h"
#include "vk/ShaderLibrary.h"

#include <array>

namespace terrain {
namespace {

// The pool's own: the frame data (0), the draw list (3), the geometry cache (4).
constexpr std::array<std::uint32_t, 3> kPoolBindings{0, 3, 4};

// terrain/PoolTriangles.glsl reads the draw's vertex count at this word of
// the pool's counters.
static_assert(bisector::gpu::kDrawArgumentsOffset == 29 * sizeof(std::uint32_t));

}  // namespace

PoolTerrainDrawPass::PoolTerrainDrawPass(const vk::Device& device, const vk::ShaderLibrary& shaders,
                                         const TerrainDrawInputs& inputs, const bisector::gpu::PoolBuffers& pool,
                                         const vk::Buffer& drawList, const vk::Buffer& cache,
                                         std::span<const vk::Buffer* const> frameUniforms,
                                         std::span<const vk::Buffer> frameData, VkDescriptorSetLayout atmosphereLayout,
                                         const vk::AttachmentFormats& attachments, camera::DepthConvention depth,
                                         int uniformSubdivision)
    : device_(&device),
      shaders_(&shaders),
      atlas_(inputs.atlas),
      pool_(&pool),
      attachments_(attachments),
      depth_(depth),
      subdivided_(uniformSubdivision != 0),
      setLayout_(device, terrainDrawBindings(kPoolBindings)),
      pipelineLayout_(makeTerrainDrawPipelineLayout(device, setLayout_.handle(), atmosphereLayout)),
      setPool_(device, setLayout_, static_cast<std::uint32_t>(frameUniforms.size())),
      pipeline_(buildPipeline(subdivided_))
{
    for (std::size_t slot = 0; slot < frameUniforms.size(); ++slot) {
        const VkDescriptorSet set = setPool_.allocate(setLayout_);
        vk::DescriptorWriter writer;
        writeTerrainDrawSet(writer, *frameUniforms[slot], inputs)
            .storageBuffer(0, frameData[slot])
            .storageBuffer(3, drawList)
            .storageBuffer(4, cache)
            .storageBuffer(kDrawArgumentsBinding, pool.counters())
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
