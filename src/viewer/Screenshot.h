// Screenshots: colour-target texels to an RGBA8 image, PNG files
// (stb_image_write) and the timestamped names of F12 screenshots.
#pragma once

#include <vulkan/vulkan.h>

#include <cstddef>
#include <cstdint>
#include <ctime>
#include <filesystem>
#include <ostream>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace scene {
class RenderTargets;
}  // namespace scene
namespace vk {
class Device;
}  // namespace vk

namespace viewer {

struct Rgba8Image {
    uint32_t width = 0;
    uint32_t height = 0;
    std::vector<uint8_t> pixels;  // width * height * 4, top row first
};

// Tightly packed texels of a colour target in `format` (R8G8B8A8 or
// B8G8R8A8, UNORM or SRGB: the bytes are kept as stored) as opaque RGBA8.
// Throws std::runtime_error for another format or a size mismatch.
Rgba8Image rgbaImageFromTexels(std::span<const std::byte> texels, VkExtent2D extent, VkFormat format);

// Writes `image` as a PNG. Throws std::runtime_error ("PATH: cannot write
// PNG") on failure.
void writePng(const std::filesystem::path& path, const Rgba8Image& image);

// Reads the display colour image of `targets` back (it must be in
// TRANSFER_SRC_OPTIMAL after all submitted work, as a recorded frame leaves
// it; this waits for the device) and writes it as a PNG. Throws
// std::runtime_error / vk::Error on failure.
void writeColorTargetPng(vk::Device& device, const scene::RenderTargets& targets, const std::filesystem::path& path);
// The same image, read back as RGBA8 (a video's frame).
Rgba8Image readColorTarget(vk::Device& device, const scene::RenderTargets& targets);

// A window's screenshot: writeColorTargetPng, then "cbt-terrain: wrote
// PATH" on `out`.
void writeScreenshot(vk::Device& device, const scene::RenderTargets& targets, const std::filesystem::path& path,
                     std::ostream& out);

// "PREFIX-YYYYMMDD-HHMMSS.EXT" for a local time (`extension` with its dot).
std::string timestampedFileName(const std::tm& localTime, std::string_view prefix, std::string_view extension);
// directory / timestampedFileName(...), or with "-2", "-3", ... before the
// extension when that file already exists; at a local time, or now.
std::filesystem::path unusedTimestampedPath(const std::filesystem::path& directory, const std::tm& localTime,
                                            std::string_view prefix, std::string_view extension);
std::filesystem::path unusedTimestampedPathNow(const std::filesystem::path& directory, std::string_view prefix,
                                               std::string_view extension);

// "cbt-terrain-YYYYMMDD-HHMMSS.png" for a local time.
std::string screenshotFileName(const std::tm& localTime);

// directory / screenshotFileName(localTime), or with "-2", "-3", ... before
// ".png" when that file already exists.
std::filesystem::path unusedScreenshotPath(const std::filesystem::path& directory, const std::tm& localTime);
// The same at the current local time (a key's screenshot).
std::filesystem::path unusedScreenshotPathNow(const std::filesystem::path& directory);

}  // namespace viewer
