#include "atmosphere/AtmosphereTables.h"

#include "vk/Barriers.h"
#include "vk/BufferTransfer.h"
#include "vk/Device.h"

namespace atmosphere {

namespace {

constexpr VkImageUsageFlags kTableUsage =
    VK_IMAGE_USAGE_STORAGE_BIT | VK_IMAGE_USAGE_SAMPLED_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT;

vk::Image makeTable(const vk::Device& device, VkFormat format, glm::uvec2 size)
{
    vk::ImageDescription description;
    description.format = format;
    description.extent = VkExtent2D{size.x, size.y};
    description.usage = kTableUsage;
    return vk::Image(device, description);
}

VolumeImage makeVolume(const vk::Device& device, glm::uvec3 size)
{
    return VolumeImage(device, AtmosphereTables::kLuminanceFormat, VkExtent3D{size.x, size.y, size.z}, kTableUsage);
}

vk::SamplerDescription linearClampedSampler()
{
    vk::SamplerDescription description;
    description.filter = VK_FILTER_LINEAR;
    description.mipmapMode = VK_SAMPLER_MIPMAP_MODE_NEAREST;
    description.addressMode = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE;
    return description;
}

}  // namespace

AtmosphereTables::AtmosphereTables(vk::Device& device, const AtmosphereQuality& quality)
    : transmittance_(makeTable(device, kTransmittanceFormat, quality.transmittanceSize)),
      multipleScattering_(makeTable(device, kLuminanceFormat, quality.multipleScatteringSize)),
      skyView_(makeTable(device, kLuminanceFormat, quality.skyViewSize)),
      aerialInScattering_(makeVolume(device, quality.aerialPerspectiveSize)),
      aerialTransmittance_(makeVolume(device, quality.aerialPerspectiveSize)),
      skyIrradiance_(device, sizeof(SkyIrradianceBlock), VK_BUFFER_USAGE_STORAGE_BUFFER_BIT),
      sampler_(device, linearClampedSampler())
{
    vk::fillBuffer(device, skyIrradiance_, 0u);
    device.submitAndWait([&](VkCommandBuffer commands) {
        const auto toGeneral = [&](VkImage image, const VkImageSubresourceRange& range) {
            vk::imageBarrier(device, commands, image, range, VK_IMAGE_LAYOUT_UNDEFINED, kLayout,
                             VK_PIPELINE_STAGE_2_NONE, VK_ACCESS_2_NONE, VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT,
                             VK_ACCESS_2_MEMORY_READ_BIT | VK_ACCESS_2_MEMORY_WRITE_BIT);
        };
        toGeneral(transmittance_.handle(), transmittance_.fullRange());
        toGeneral(multipleScattering_.handle(), multipleScattering_.fullRange());
        toGeneral(skyView_.handle(), skyView_.fullRange());
        toGeneral(aerialInScattering_.handle(), aerialInScattering_.fullRange());
        toGeneral(aerialTransmittance_.handle(), aerialTransmittance_.fullRange());
    });
}

}  // namespace atmosphere
