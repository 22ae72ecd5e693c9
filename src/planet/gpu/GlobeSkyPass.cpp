#include "planet/gpu/GlobeSkyPass.h"

#include "atmosphere/SkyPass.h"
#include "camera/Projection.h"
#include "planet/gpu/GlobeAtmosphere.h"
#include "planet/gpu/SeaLevelSky.h"
#include "vk/ShaderLibrary.h"

#include <glm/geometric.hpp>
#include <glm/mat4x4.hpp>
#include <glm/matrix.hpp>
#include <glm/vec4.hpp>

#include <array>
#include <span>

namespace planet::gpu {
namespace {

// GlobeSkyView of shaders/planet/GlobeSky.frag.
struct SkyPushConstants {
    glm::mat4 inverseViewRotationProjection{1.0f};
    glm::vec4 cameraAtmosphere{0.0f};
    glm::vec4 sunAtmosphere{0.0f};
};
static_assert(sizeof(SkyPushConstants) == 96);

// Set 1 of GlobeSky.frag: the sea-level sky.
constexpr std::array<vk::DescriptorBinding, 1> kSeaBindings{
    vk::DescriptorBinding{0, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, VK_SHADER_STAGE_FRAGMENT_BIT, 1}};

vk::PipelineLayout skyPipelineLayout(const vk::Device& device, VkDescriptorSetLayout atmosphereLayout,
                                     const vk::DescriptorSetLayout& seaLayout)
{
    const std::array<VkDescriptorSetLayout, 2> sets{atmosphereLayout, seaLayout.handle()};
    const VkPushConstantRange range{VK_SHADER_STAGE_FRAGMENT_BIT, 0, sizeof(SkyPushConstants)};
    return vk::PipelineLayout(device, sets, std::span(&range, 1));
}

}  // namespace

GlobeSkyPass::GlobeSkyPass(const vk::Device& device, const vk::ShaderLibrary& shaders,
                           VkDescriptorSetLayout atmosphereLayout, const SeaLevelSky& seaLevelSky,
                           const vk::AttachmentFormats& attachments)
    : device_(&device),
      shaders_(&shaders),
      attachments_(attachments),
      seaSetLayout_(device, kSeaBindings),
      seaSetPool_(device, seaSetLayout_, 1),
      seaSet_(seaSetPool_.allocate(seaSetLayout_)),
      pipelineLayout_(skyPipelineLayout(device, atmosphereLayout, seaSetLayout_)),
      pipeline_(buildPipeline())
{
    vk::DescriptorWriter()
        .combinedImageSampler(0, seaLevelSky.table().view(), seaLevelSky.sampler().handle(), SeaLevelSky::kLayout)
        .update(device, seaSet_);
}

vk::GraphicsPipeline GlobeSkyPass::buildPipeline() const
{
    return atmosphere::buildSkyPipeline(*device_, *shaders_, pipelineLayout_, attachments_, "planet/GlobeSky.frag");
}

void GlobeSkyPass::rebuildPipeline()
{
    vk::GraphicsPipeline rebuilt = buildPipeline();
    pipeline_ = std::move(rebuilt);
}

void GlobeSkyPass::record(VkCommandBuffer commands, const GlobeView& view, VkExtent2D viewport,
                          double verticalFovRadians, const glm::dvec3& sunDirection,
                          VkDescriptorSet atmosphereSet) const
{
    // Sky.vert puts the triangle at depth 0, the reversed-Z far value the
    // depth image was cleared to: the EQUAL test keeps what the globe left.
    vk::setViewportAndScissor(commands, viewport, 0.0f, 0.0f);
    const std::array<VkDescriptorSet, 2> sets{atmosphereSet, seaSet_};
    vkCmdBindDescriptorSets(commands, VK_PIPELINE_BIND_POINT_GRAPHICS, pipelineLayout_.handle(), 0, 2, sets.data(), 0,
                            nullptr);
    pipeline_.bind(commands);
    const glm::dmat4 projection(camera::vulkanInfinitePerspective(
        static_cast<float>(verticalFovRadians),
        static_cast<float>(viewport.width) / static_cast<float>(viewport.height), 1.0f));
    SkyPushConstants constants;
    constants.inverseViewRotationProjection = glm::mat4(glm::inverse(projection * glm::dmat4(view.ecefToView)));
    const glm::dvec3 camera = atmospherePointOf(view.positionEcef);
    constants.cameraAtmosphere =
        glm::vec4(glm::vec3(camera), static_cast<float>(atmosphereAltitudeKm(view.positionEcef)));
    constants.sunAtmosphere = glm::vec4(glm::vec3(atmosphereDirectionOf(sunDirection)), 0.0f);
    vkCmdPushConstants(commands, pipelineLayout_.handle(), VK_SHADER_STAGE_FRAGMENT_BIT, 0, sizeof(constants),
                       &constants);
    vkCmdDraw(commands, 3, 1, 0, 0);
}

}  // namespace planet::gpu
