#include "terrain/SunShadowMap.h"

#include "vk/Barriers.h"
#include "vk/Descriptors.h"
#include "vk/Device.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <span>

namespace terrain {

namespace {

constexpr std::uint32_t kWorkgroupSize = 8;  // SunHorizon.comp's local size in x and y

constexpr std::array<vk::DescriptorBinding, 2> kBindings{{
    {0, VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, VK_SHADER_STAGE_COMPUTE_BIT, 1},
    {1, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, VK_SHADER_STAGE_COMPUTE_BIT, 1},
}};

// SunHorizon.comp's push constants.
struct HorizonPushConstants {
    glm::vec2 towardsSun{0.0f};  // unit horizontal direction towards the sun (x, z)
    glm::vec2 worldExtentMetres{1.0f};
    float heightScaleMetres = 0.0f;
    float heightOffsetMetres = 0.0f;
};

VkExtent2D shadowExtentFor(const HeightmapTexture& heightmap)
{
    return {std::min(heightmap.width(), kMaxSunShadowTexels), std::min(heightmap.height(), kMaxSunShadowTexels)};
}

}  // namespace

SunShadowMap::SunShadowMap(const vk::Device& device, const vk::ShaderLibrary& shaders,
                           const HeightmapTexture& heightmap)
    : device_(&device),
      image_(device,
             vk::ImageDescription{VK_FORMAT_R32_SFLOAT, shadowExtentFor(heightmap), 1,
                                  VK_IMAGE_USAGE_STORAGE_BIT | VK_IMAGE_USAGE_SAMPLED_BIT, VK_IMAGE_ASPECT_COLOR_BIT}),
      sampler_(device, vk::SamplerDescription{VK_FILTER_LINEAR, VK_SAMPLER_MIPMAP_MODE_NEAREST,
                                              VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE, 1.0f}),
      kernel_(device, shaders.load(vk::ShaderProgram{"terrain/SunHorizon.comp", {}}), kBindings,
              static_cast<std::uint32_t>(sizeof(HorizonPushConstants)))
{
    vk::DescriptorWriter()
        .storageImage(0, image_.view())
        .combinedImageSampler(1, heightmap.view(), heightmap.sampler(), HeightmapTexture::kLayout)
        .update(device, kernel_.descriptorSet());
}

bool SunShadowMap::recordIfStale(VkCommandBuffer commands, const SunShadowInputs& inputs, bool shown)
{
    if (!shown) {
        if (!readable_) {
            vk::imageBarrier(*device_, commands, image_.handle(), image_.fullRange(), VK_IMAGE_LAYOUT_UNDEFINED,
                             kLayout, VK_PIPELINE_STAGE_2_NONE, VK_ACCESS_2_NONE,
                             VK_PIPELINE_STAGE_2_FRAGMENT_SHADER_BIT, VK_ACCESS_2_SHADER_SAMPLED_READ_BIT);
            readable_ = true;
        }
        return false;
    }
    if (computed_ && *computed_ == inputs) {
        return false;
    }
    // Earlier frames' fragment reads end before the compute pass rewrites the image.
    vk::imageBarrier(*device_, commands, image_.handle(), image_.fullRange(),
                     readable_ ? kLayout : VK_IMAGE_LAYOUT_UNDEFINED, VK_IMAGE_LAYOUT_GENERAL,
                     VK_PIPELINE_STAGE_2_FRAGMENT_SHADER_BIT, VK_ACCESS_2_NONE, VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT,
                     VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT);
    HorizonPushConstants constants;
    const glm::vec2 horizontal(inputs.sunDirection.x, inputs.sunDirection.z);
    const float length = std::sqrt(horizontal.x * horizontal.x + horizontal.y * horizontal.y);
    constants.towardsSun = length > 1.0e-6f ? horizontal / length : glm::vec2(0.0f);
    constants.worldExtentMetres = inputs.worldExtentMetres;
    constants.heightScaleMetres = inputs.heightScaleMetres;
    constants.heightOffsetMetres = inputs.heightOffsetMetres;
    kernel_.bind(commands);
    kernel_.pushConstants(commands, std::as_bytes(std::span(&constants, 1)));
    const VkExtent2D extent = image_.extent();
    vkCmdDispatch(commands, (extent.width + kWorkgroupSize - 1) / kWorkgroupSize,
                  (extent.height + kWorkgroupSize - 1) / kWorkgroupSize, 1);
    vk::imageBarrier(*device_, commands, image_.handle(), image_.fullRange(), VK_IMAGE_LAYOUT_GENERAL, kLayout,
                     VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT, VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT,
                     VK_PIPELINE_STAGE_2_FRAGMENT_SHADER_BIT, VK_ACCESS_2_SHADER_SAMPLED_READ_BIT);
    computed_ = inputs;
    readable_ = true;
    return true;
}

}  // namespace terrain
