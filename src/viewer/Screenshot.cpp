#include "viewer/Screenshot.h"

#include "scene/RenderTargets.h"
#include "vk/Image.h"

#define STB_IMAGE_WRITE_STATIC
#define STB_IMAGE_WRITE_IMPLEMENTATION
#include <stb_image_write.h>

#include <array>
#include <ctime>
#include <stdexcept>

namespace viewer {

namespace {

constexpr uint32_t kChannels = 4;

bool isBgraFormat(VkFormat format)
{
    return format == VK_FORMAT_B8G8R8A8_UNORM || format == VK_FORMAT_B8G8R8A8_SRGB;
}

bool isRgbaFormat(VkFormat format)
{
    return format == VK_FORMAT_R8G8B8A8_UNORM || format == VK_FORMAT_R8G8B8A8_SRGB;
}

}  // namespace

Rgba8Image rgbaImageFromTexels(std::span<const std::byte> texels, VkExtent2D extent, VkFormat format)
{
    if (!isBgraFormat(format) && !isRgbaFormat(format)) {
        throw std::runtime_error("screenshot: unsupported colour format " + std::to_string(static_cast<int>(format)));
    }
    const size_t pixelCount = static_cast<size_t>(extent.width) * extent.height;
    if (texels.size() != pixelCount * kChannels) {
        throw std::runtime_error("screenshot: expected " + std::to_string(pixelCount * kChannels) + " bytes, got " +
                                 std::to_string(texels.size()));
    }
    Rgba8Image image;
    image.width = extent.width;
    image.height = extent.height;
    image.pixels.resize(texels.size());
    const bool swapRedBlue = isBgraFormat(format);
    for (size_t pixel = 0; pixel < pixelCount; ++pixel) {
        const size_t base = pixel * kChannels;
        const auto red = std::to_integer<uint8_t>(texels[base + (swapRedBlue ? 2 : 0)]);
        const auto blue = std::to_integer<uint8_t>(texels[base + (swapRedBlue ? 0 : 2)]);
        image.pixels[base + 0] = red;
        image.pixels[base + 1] = std::to_integer<uint8_t>(texels[base + 1]);
        image.pixels[base + 2] = blue;
        image.pixels[base + 3] = 255;
    }
    return image;
}

void writePng(const std::filesystem::path& path, const Rgba8Image& image)
{
    const int strideBytes = static_cast<int>(image.width * kChannels);
    const int written =
        stbi_write_png(path.string().c_str(), static_cast<int>(image.width), static_cast<int>(image.height),
                       static_cast<int>(kChannels), image.pixels.data(), strideBytes);
    if (written == 0) {
        throw std::runtime_error(path.string() + ": cannot write PNG");
    }
}

void writeScreenshot(vk::Device& device, const scene::RenderTargets& targets, const std::filesystem::path& path,
                     std::ostream& out)
{
    writeColorTargetPng(device, targets, path);
    out << "cbt-terrain: wrote " << path.string() << "\n" << std::flush;
}

std::string timestampedFileName(const std::tm& localTime, std::string_view prefix, std::string_view extension)
{
    std::array<char, 32> stamp{};
    const size_t length = std::strftime(stamp.data(), stamp.size(), "%Y%m%d-%H%M%S", &localTime);
    return std::string(prefix) + "-" + std::string(stamp.data(), length) + std::string(extension);
}

std::string screenshotFileName(const std::tm& localTime)
{
    return timestampedFileName(localTime, "cbt-terrain", ".png");
}

std::filesystem::path unusedTimestampedPath(const std::filesystem::path& directory, const std::tm& localTime,
                                            std::string_view prefix, std::string_view extension)
{
    const std::string name = timestampedFileName(localTime, prefix, extension);
    std::filesystem::path candidate = directory / name;
    const std::string stem = name.substr(0, name.size() - extension.size());
    for (int suffix = 2; std::filesystem::exists(candidate); ++suffix) {
        candidate = directory / (stem + "-" + std::to_string(suffix) + std::string(extension));
    }
    return candidate;
}

std::filesystem::path unusedScreenshotPath(const std::filesystem::path& directory, const std::tm& localTime)
{
    return unusedTimestampedPath(directory, localTime, "cbt-terrain", ".png");
}

Rgba8Image readColorTarget(vk::Device& device, const scene::RenderTargets& targets)
{
    const std::vector<std::byte> texels =
        vk::downloadImageLevel(device, targets.color(), 0, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
    return rgbaImageFromTexels(texels, targets.extent(), targets.color().format());
}

void writeColorTargetPng(vk::Device& device, const scene::RenderTargets& targets, const std::filesystem::path& path)
{
    writePng(path, readColorTarget(device, targets));
}

std::filesystem::path unusedTimestampedPathNow(const std::filesystem::path& directory, std::string_view prefix,
                                               std::string_view extension)
{
    std::tm localTime{};
    const std::time_t now = std::time(nullptr);
    localtime_r(&now, &localTime);
    return unusedTimestampedPath(directory, localTime, prefix, extension);
}

std::filesystem::path unusedScreenshotPathNow(const std::filesystem::path& directory)
{
    return unusedTimestampedPathNow(directory, "cbt-terrain", ".png");
}

}  // namespace viewer
