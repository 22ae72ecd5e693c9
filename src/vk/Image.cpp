#include "vk/Image.h"

#include "vk/Device.h"
#include "vk/Error.h"

#include <algorithm>
#include <string>
#include <utility>

namespace vk {

namespace {

struct ImageShape {
    VkImageType imageType = VK_IMAGE_TYPE_2D;
    VkImageViewType viewType = VK_IMAGE_VIEW_TYPE_2D;
    VkExtent3D extent{1, 1, 1};
    uint32_t mipLevels = 1;
    uint32_t layers = 1;
    // MUTABLE_FORMAT | EXTENDED_USAGE, and the view's usage without STORAGE,
    // for an image whose shaders store through a view of another format.
    bool storesInAnotherFormat = false;
};

UniqueImageView createView(const Device& device, VkImage image, VkImageViewType viewType, VkFormat format,
                           const VkImageSubresourceRange& range, VkImageUsageFlags restrictedUsage)
{
    VkImageViewUsageCreateInfo usageInfo{};
    usageInfo.sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_USAGE_CREATE_INFO;
    usageInfo.usage = restrictedUsage;
    VkImageViewCreateInfo viewInfo{};
    viewInfo.sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO;
    viewInfo.pNext = restrictedUsage != 0 ? &usageInfo : nullptr;
    viewInfo.image = image;
    viewInfo.viewType = viewType;
    viewInfo.format = format;
    viewInfo.subresourceRange = range;
    VkImageView view = VK_NULL_HANDLE;
    VK_CHECK(vkCreateImageView(device.handle(), &viewInfo, nullptr, &view));
    return UniqueImageView(device.handle(), view);
}

DeviceLocalImage createImageOfShape(const Device& device, const ImageShape& shape, VkFormat format,
                                    VkImageUsageFlags usage, const VkImageSubresourceRange& viewRange,
                                    VkSampleCountFlagBits samples)
{
    const VkImageType imageType = shape.imageType;
    const VkExtent3D extent = shape.extent;
    const uint32_t mipLevels = shape.mipLevels;
    DeviceLocalImage result;
    VkImageCreateInfo info{};
    info.sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO;
    info.flags =
        shape.storesInAnotherFormat ? VK_IMAGE_CREATE_MUTABLE_FORMAT_BIT | VK_IMAGE_CREATE_EXTENDED_USAGE_BIT : 0;
    info.imageType = imageType;
    info.format = format;
    info.extent = extent;
    info.mipLevels = mipLevels;
    info.arrayLayers = shape.layers;
    info.samples = samples;
    info.tiling = VK_IMAGE_TILING_OPTIMAL;
    info.usage = usage;
    info.sharingMode = VK_SHARING_MODE_EXCLUSIVE;
    info.initialLayout = VK_IMAGE_LAYOUT_UNDEFINED;
    VkImage image = VK_NULL_HANDLE;
    VK_CHECK(vkCreateImage(device.handle(), &info, nullptr, &image));
    result.image = UniqueImage(device.handle(), image);

    VkMemoryRequirements requirements{};
    vkGetImageMemoryRequirements(device.handle(), image, &requirements);
    VkMemoryAllocateInfo allocateInfo{};
    allocateInfo.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO;
    allocateInfo.allocationSize = requirements.size;
    allocateInfo.memoryTypeIndex =
        device.findMemoryType(requirements.memoryTypeBits, 0, VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT);
    VkDeviceMemory memory = VK_NULL_HANDLE;
    VK_CHECK(vkAllocateMemory(device.handle(), &allocateInfo, nullptr, &memory));
    result.memory = UniqueDeviceMemory(device.handle(), memory);
    VK_CHECK(vkBindImageMemory(device.handle(), image, memory, 0));

    result.view = createView(device, image, shape.viewType, format, viewRange,
                             shape.storesInAnotherFormat ? usage & ~VkImageUsageFlags{VK_IMAGE_USAGE_STORAGE_BIT} : 0);
    return result;
}

}  // namespace

DeviceLocalImage createDeviceLocalImage(const Device& device, VkImageType imageType, VkFormat format, VkExtent3D extent,
                                        uint32_t mipLevels, VkImageUsageFlags usage,
                                        const VkImageSubresourceRange& viewRange, VkSampleCountFlagBits samples)
{
    if (imageType != VK_IMAGE_TYPE_2D && imageType != VK_IMAGE_TYPE_3D) {
        throw Error("vk::createDeviceLocalImage: only 2D and 3D images are supported");
    }
    const ImageShape shape{imageType, imageType == VK_IMAGE_TYPE_3D ? VK_IMAGE_VIEW_TYPE_3D : VK_IMAGE_VIEW_TYPE_2D,
                           extent, mipLevels, 1};
    return createImageOfShape(device, shape, format, usage, viewRange, samples);
}

DeviceLocalImage createDeviceLocalImageArray(const Device& device, VkFormat format, VkExtent2D extent, uint32_t layers,
                                             VkImageUsageFlags usage)
{
    const ImageShape shape{VK_IMAGE_TYPE_2D, VK_IMAGE_VIEW_TYPE_2D_ARRAY, VkExtent3D{extent.width, extent.height, 1}, 1,
                           layers};
    const VkImageSubresourceRange range{VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, layers};
    return createImageOfShape(device, shape, format, usage, range, VK_SAMPLE_COUNT_1_BIT);
}

Image::Image(const Device& device, const ImageDescription& description) : description_(description)
{
    if (description.extent.width == 0 || description.extent.height == 0 || description.mipLevels == 0) {
        throw Error("vk::Image: extent and mip level count must be non-zero");
    }
    if (description.samples != VK_SAMPLE_COUNT_1_BIT && description.mipLevels != 1) {
        throw Error("vk::Image: a multisampled image has one mip level");
    }
    const bool storesInAnotherFormat = description.storageFormat != VK_FORMAT_UNDEFINED;
    if (storesInAnotherFormat && (description.usage & VK_IMAGE_USAGE_STORAGE_BIT) == 0) {
        throw Error("vk::Image: a storage format needs STORAGE usage");
    }
    const ImageShape shape{VK_IMAGE_TYPE_2D,
                           VK_IMAGE_VIEW_TYPE_2D,
                           VkExtent3D{description.extent.width, description.extent.height, 1},
                           description.mipLevels,
                           1,
                           storesInAnotherFormat};
    DeviceLocalImage created =
        createImageOfShape(device, shape, description.format, description.usage, fullRange(), description.samples);
    image_ = std::move(created.image);
    memory_ = std::move(created.memory);
    view_ = std::move(created.view);
    if (storesInAnotherFormat) {
        storageView_ = createView(device, image_.get(), VK_IMAGE_VIEW_TYPE_2D, description.storageFormat, mipRange(0),
                                  VK_IMAGE_USAGE_STORAGE_BIT);
    }
}

VkImageSubresourceRange Image::fullRange() const
{
    return VkImageSubresourceRange{description_.aspect, 0, description_.mipLevels, 0, 1};
}

VkImageSubresourceRange Image::mipRange(uint32_t mipLevel) const
{
    if (mipLevel >= description_.mipLevels) {
        throw Error("vk::Image: mip level " + std::to_string(mipLevel) + " of " +
                    std::to_string(description_.mipLevels));
    }
    return VkImageSubresourceRange{description_.aspect, mipLevel, 1, 0, 1};
}

VkExtent2D Image::mipExtent(uint32_t mipLevel) const
{
    return VkExtent2D{std::max(1u, description_.extent.width >> mipLevel),
                      std::max(1u, description_.extent.height >> mipLevel)};
}

uint32_t formatTexelSize(VkFormat format)
{
    switch (format) {
        case VK_FORMAT_R8_UNORM:
        case VK_FORMAT_R8_UINT: return 1;
        case VK_FORMAT_R8G8_UNORM:
        case VK_FORMAT_R16_UNORM:
        case VK_FORMAT_R16_SFLOAT:
        case VK_FORMAT_R16_UINT: return 2;
        case VK_FORMAT_R8G8B8A8_UNORM:
        case VK_FORMAT_R8G8B8A8_SRGB:
        case VK_FORMAT_B8G8R8A8_UNORM:
        case VK_FORMAT_B8G8R8A8_SRGB:
        case VK_FORMAT_R16G16_SFLOAT:
        case VK_FORMAT_R16G16_UNORM:
        case VK_FORMAT_R32_SFLOAT:
        case VK_FORMAT_R32_UINT:
        case VK_FORMAT_D32_SFLOAT:
        case VK_FORMAT_A2B10G10R10_UNORM_PACK32:
        case VK_FORMAT_B10G11R11_UFLOAT_PACK32: return 4;
        case VK_FORMAT_R16G16B16A16_SFLOAT:
        case VK_FORMAT_R16G16B16A16_UNORM:
        case VK_FORMAT_R32G32_SFLOAT: return 8;
        case VK_FORMAT_R32G32B32A32_SFLOAT: return 16;
        default:
            throw Error("vk::formatTexelSize: VkFormat " + std::to_string(static_cast<int>(format)) +
                        " is not supported");
    }
}

Sampler::Sampler(const Device& device, const SamplerDescription& description)
{
    VkSamplerCreateInfo info{};
    info.sType = VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO;
    info.magFilter = description.filter;
    info.minFilter = description.filter;
    info.mipmapMode = description.mipmapMode;
    info.addressModeU = description.addressMode;
    info.addressModeV = description.addressMode;
    info.addressModeW = description.addressMode;
    const bool anisotropic = description.maxAnisotropy > 1.0f && device.features().samplerAnisotropy;
    info.anisotropyEnable = anisotropic ? VK_TRUE : VK_FALSE;
    info.maxAnisotropy = anisotropic ? std::min(description.maxAnisotropy, device.limits().maxSamplerAnisotropy) : 1.0f;
    info.minLod = 0.0f;
    info.maxLod = VK_LOD_CLAMP_NONE;
    info.borderColor = VK_BORDER_COLOR_FLOAT_TRANSPARENT_BLACK;
    VkSampler sampler = VK_NULL_HANDLE;
    VK_CHECK(vkCreateSampler(device.handle(), &info, nullptr, &sampler));
    sampler_ = UniqueSampler(device.handle(), sampler);
}

}  // namespace vk
