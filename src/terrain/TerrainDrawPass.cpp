#include "terrain/TerrainDrawPass.h"

#include "camera/Projection.h"
#include "cbt/gpu/ConcurrentBinaryTree.h"
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

// The heap's own: its first leaves' heap indices (0) and the heap (3).
constexpr std::array<std::uint32_t, 2> kHeapBindings{0, 3};

}  // namespace

TerrainDrawPass::TerrainDrawPass(const vk::Device& device, const vk::ShaderLibrary& shaders,
                                 const TerrainDrawInputs& inputs, std::span<const vk::Buffer* const> frameUniforms,
                                 VkDescriptorSetLayout atmosphereLayout, const vk::AttachmentFormats& attachments,
                                 camera::DepthConvention depth)
    : device_(&device),
      shaders_(&shaders),
      atlas_(inputs.atlas),
      attachments_(attachments),
      depth_(depth),
      setLayout_(device, terrainDrawBindings(kHeapBindings)),
      pipelineLayout_(makeTerrainDrawPipelineLayout(device, setLayout_.handle(), atmosphereLayout)),
      pool_(device, setLayout_, static_cast<std::uint32_t>(frameUniforms.size())),
      pipeline_(buildPipeline())
{
    for (const vk::Buffer* uniforms : frameUniforms) {
        const VkDescriptorSet set = pool_.allocate(setLayout_);
        vk::DescriptorWriter writer;
        writeTerrainDrawSet(writer, *uniforms, inputs).update(device, set);
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

void TerrainDrawPass::bindTree(const cbt::gpu::ConcurrentBinaryTree& tree, const vk::Buffer& leafHeapIndices,
                               const vk::Buffer& drawArguments)
{
    for (const VkDescriptorSet set : sets_) {
        vk::DescriptorWriter()
            .storageBuffer(0, leafHeapIndices)
            .storageBuffer(kDrawArgumentsBinding, drawArguments)
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
