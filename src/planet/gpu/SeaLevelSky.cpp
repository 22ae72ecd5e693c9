#include "planet/gpu/SeaLevelSky.h"

#include "atmosphere/Atmosphere.h"
#include "atmosphere/AtmosphereTables.h"
#include "vk/Barriers.h"
#include "vk/Descriptors.h"
#include "vk/Device.h"
#include "vk/ShaderLibrary.h"

#include <array>

namespace planet::gpu {
namespace {

constexpr std::array<vk::DescriptorBinding, 1> kTableBinding{
    vk::DescriptorBinding{0, VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, VK_SHADER_STAGE_COMPUTE_BIT, 1}};
constexpr std::uint32_t kWorkgroupSide = 4;  // SeaLevelSky.comp's local size on each axis

std::uint32_t workgroupsFor(std::uint32_t texels)
{
    return (texels + kWorkgroupSide - 1) / kWorkgroupSide;
}

}  // namespace

SeaLevelSky::SeaLevelSky(vk::Device& device, const vk::ShaderLibrary& shaders, const atmosphere::Atmosphere& atmosphere)
    : device_(&device),
      shaders_(&shaders),
      atmosphere_(&atmosphere),
      table_(device, VK_FORMAT_R16G16B16A16_SFLOAT, kExtent,
             VK_IMAGE_USAGE_STORAGE_BIT | VK_IMAGE_USAGE_SAMPLED_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT),
      kernel_(compileKernel())
{
    device.submitAndWait([&](VkCommandBuffer commands) {
        vk::imageBarrier(device, commands, table_.handle(), table_.fullRange(), VK_IMAGE_LAYOUT_UNDEFINED, kLayout,
                         VK_PIPELINE_STAGE_2_NONE, VK_ACCESS_2_NONE, VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT,
                         VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT);
    });
    build();
}

vk::ComputeKernel SeaLevelSky::compileKernel() const
{
    const VkDescriptorSetLayout tablesLayout = atmosphere_->descriptorSetLayout();
    vk::ComputeKernel kernel(*device_, shaders_->load("planet/SeaLevelSky.comp"), kTableBinding, 0,
                             std::span(&tablesLayout, 1), 1);
    vk::DescriptorWriter().storageImage(0, table_.view(), kLayout).update(*device_, kernel.descriptorSet());
    return kernel;
}

const vk::Sampler& SeaLevelSky::sampler() const
{
    return atmosphere_->tables().sampler();
}

void SeaLevelSky::rebuild()
{
    vk::ComputeKernel compiled = compileKernel();
    kernel_ = std::move(compiled);
    build();
}

void SeaLevelSky::build()
{
    device_->submitAndWait([&](VkCommandBuffer commands) {
        // Earlier draws sampled the table this overwrites.
        vk::memoryBarrier(*device_, commands, VK_PIPELINE_STAGE_2_FRAGMENT_SHADER_BIT, VK_ACCESS_2_SHADER_READ_BIT,
                          VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT, VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT);
        kernel_.bind(commands);
        kernel_.bindSet(commands, 0, atmosphere_->descriptorSet());
        vkCmdDispatch(commands, workgroupsFor(kExtent.width), workgroupsFor(kExtent.height),
                      workgroupsFor(kExtent.depth / 2));
        vk::memoryBarrier(*device_, commands, VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT,
                          VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT,
                          VK_PIPELINE_STAGE_2_FRAGMENT_SHADER_BIT | VK_PIPELINE_STAGE_2_TRANSFER_BIT,
                          VK_ACCESS_2_SHADER_SAMPLED_READ_BIT | VK_ACCESS_2_TRANSFER_READ_BIT);
    });
}

}  // namespace planet::gpu
