#include "terrain/ImageryTexture.h"

#include "terrain/HeightmapTexture.h"
#include "vk/Device.h"
#include "vk/DriverPath.h"
#include "vk/Error.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <stdexcept>
#include <string>

namespace terrain {

namespace {

// Anisotropic filtering up to this ratio where the device has it, on the
// GPU path (vk::DriverPath): lavapipe's anisotropic filter under
// multisampling takes seconds a frame.
constexpr float kMaxAnisotropy = 16.0f;
constexpr std::array<std::uint8_t, 4> kTransparentTexel{0, 0, 0, 0};

std::array<float, 256> srgbDecodeTable()
{
    std::array<float, 256> table{};
    for (std::size_t i = 0; i < table.size(); ++i) {
        const double encoded = static_cast<double>(i) / 255.0;
        table[i] = static_cast<float>(encoded <= 0.04045 ? encoded / 12.92 : std::pow((encoded + 0.055) / 1.055, 2.4));
    }
    return table;
}

std::uint8_t srgbEncode(double linear)
{
    const double clamped = std::clamp(linear, 0.0, 1.0);
    const double encoded = clamped <= 0.0031308 ? clamped * 12.92 : 1.055 * std::pow(clamped, 1.0 / 2.4) - 0.055;
    return static_cast<std::uint8_t>(std::lround(encoded * 255.0));
}

void checkPixels(const vk::Device& device, const ImageryPixels& pixels)
{
    if (pixels.rgba.size() != std::size_t{pixels.width} * pixels.height * 4) {
        throw std::invalid_argument("imagery of " + std::to_string(pixels.width) + "x" + std::to_string(pixels.height) +
                                    " texels needs " + std::to_string(std::size_t{pixels.width} * pixels.height * 4) +
                                    " bytes, got " + std::to_string(pixels.rgba.size()));
    }
    const std::uint32_t limit = device.limits().maxImageDimension2D;
    if (pixels.width > limit || pixels.height > limit) {
        throw vk::Error("imagery of " + std::to_string(pixels.width) + "x" + std::to_string(pixels.height) +
                        " texels is larger than the device's maxImageDimension2D (" + std::to_string(limit) + ")");
    }
}

VkFormatFeatureFlags formatFeatures(const vk::Device& device)
{
    VkFormatProperties properties{};
    vkGetPhysicalDeviceFormatProperties(device.physicalDevice(), ImageryTexture::kFormat, &properties);
    const VkFormatFeatureFlags sampled =
        VK_FORMAT_FEATURE_SAMPLED_IMAGE_BIT | VK_FORMAT_FEATURE_SAMPLED_IMAGE_FILTER_LINEAR_BIT;
    if ((properties.optimalTilingFeatures & sampled) != sampled) {
        throw vk::Error("the device cannot sample and filter R8G8B8A8_SRGB images (imagery)");
    }
    return properties.optimalTilingFeatures;
}

vk::Image makeImageryImage(vk::Device& device, const ImageryPixels& given)
{
    checkPixels(device, given);
    const bool present = !given.rgba.empty();
    const ImageryPixels pixels = present ? given : ImageryPixels{1, 1, kTransparentTexel};
    const VkFormatFeatureFlags blit = VK_FORMAT_FEATURE_BLIT_SRC_BIT | VK_FORMAT_FEATURE_BLIT_DST_BIT;
    const bool gpuMips = (formatFeatures(device) & blit) == blit;
    vk::ImageDescription description;
    description.format = ImageryTexture::kFormat;
    description.extent = VkExtent2D{pixels.width, pixels.height};
    description.mipLevels = fullMipLevelCount(pixels.width, pixels.height);
    description.usage = VK_IMAGE_USAGE_SAMPLED_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT;
    vk::Image image(device, description);
    if (gpuMips) {
        vk::uploadImageMip0(device, image, std::as_bytes(pixels.rgba), VK_IMAGE_LAYOUT_UNDEFINED,
                            VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
        device.submitAndWait([&](VkCommandBuffer commands) { recordMipChain(device, commands, image); });
        return image;
    }
    vk::uploadImageMip0(device, image, std::as_bytes(pixels.rgba));
    std::vector<std::uint8_t> level(pixels.rgba.begin(), pixels.rgba.end());
    for (std::uint32_t mip = 1; mip < image.mipLevels(); ++mip) {
        const VkExtent2D above = image.mipExtent(mip - 1);
        level = imageryMipLevel(level, above.width, above.height);
        vk::uploadImageLevel(device, image, mip, std::as_bytes(std::span<const std::uint8_t>(level)));
    }
    return image;
}

}  // namespace

std::vector<std::uint8_t> imageryMipLevel(std::span<const std::uint8_t> rgba, std::uint32_t width, std::uint32_t height)
{
    static const std::array<float, 256> decode = srgbDecodeTable();
    const std::uint32_t nextWidth = std::max(width / 2, 1u);
    const std::uint32_t nextHeight = std::max(height / 2, 1u);
    // The source texels [first, end) under target texel `index` of `count`.
    const auto span = [](std::uint32_t index, std::uint32_t count, std::uint32_t size) {
        const std::uint32_t first = index * size / count;
        const std::uint32_t end = std::max(first + 1, ((index + 1) * size + count - 1) / count);
        return std::array<std::uint32_t, 2>{first, std::min(end, size)};
    };
    std::vector<std::uint8_t> next(std::size_t{nextWidth} * nextHeight * 4);
    for (std::uint32_t y = 0; y < nextHeight; ++y) {
        const auto rows = span(y, nextHeight, height);
        for (std::uint32_t x = 0; x < nextWidth; ++x) {
            const auto columns = span(x, nextWidth, width);
            std::array<double, 4> sum{};
            for (std::uint32_t row = rows[0]; row < rows[1]; ++row) {
                for (std::uint32_t column = columns[0]; column < columns[1]; ++column) {
                    const std::uint8_t* texel = &rgba[(std::size_t{row} * width + column) * 4];
                    for (std::size_t channel = 0; channel < 3; ++channel) {
                        sum[channel] += static_cast<double>(decode[texel[channel]]);
                    }
                    sum[3] += texel[3];
                }
            }
            const double count = static_cast<double>((rows[1] - rows[0]) * (columns[1] - columns[0]));
            std::uint8_t* target = &next[(std::size_t{y} * nextWidth + x) * 4];
            for (std::size_t channel = 0; channel < 3; ++channel) {
                target[channel] = srgbEncode(sum[channel] / count);
            }
            target[3] = static_cast<std::uint8_t>(std::lround(sum[3] / count));
        }
    }
    return next;
}

ImageryTexture::ImageryTexture(vk::Device& device, const ImageryPixels& pixels)
    : image_(makeImageryImage(device, pixels)),
      sampler_(device, vk::SamplerDescription{VK_FILTER_LINEAR, VK_SAMPLER_MIPMAP_MODE_LINEAR,
                                              VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE,
                                              device.driverPath() == vk::DriverPath::Gpu ? kMaxAnisotropy : 1.0f}),
      present_(!pixels.rgba.empty())
{
}

}  // namespace terrain
