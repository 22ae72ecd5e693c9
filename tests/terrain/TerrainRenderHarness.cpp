#include "TerrainRenderHarness.h"

#include "vk/Barriers.h"
#include "vk/Device.h"

#include <glm/gtc/matrix_transform.hpp>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <numbers>

#define STB_IMAGE_WRITE_STATIC
#define STB_IMAGE_WRITE_IMPLEMENTATION
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wconversion"
#pragma GCC diagnostic ignored "-Wsign-conversion"
#pragma GCC diagnostic ignored "-Wold-style-cast"
#pragma GCC diagnostic ignored "-Wunused-function"
#include <stb_image_write.h>
#pragma GCC diagnostic pop

namespace terrain::test {

namespace {

gpu::Image makeTarget(const gpu::Device& device, VkFormat format, VkImageUsageFlags usage, VkImageAspectFlags aspect)
{
    gpu::ImageDescription description;
    description.format = format;
    description.extent = kTargetSize;
    description.usage = usage | VK_IMAGE_USAGE_TRANSFER_SRC_BIT;
    description.aspect = aspect;
    return gpu::Image(device, description);
}

VkRenderingAttachmentInfo attachment(VkImageView view, VkImageLayout layout, VkClearValue clear)
{
    VkRenderingAttachmentInfo info{};
    info.sType = VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO;
    info.imageView = view;
    info.imageLayout = layout;
    info.loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR;
    info.storeOp = VK_ATTACHMENT_STORE_OP_STORE;
    info.clearValue = clear;
    return info;
}

}  // namespace

Heightmap makeHeightmap(std::uint32_t width, std::uint32_t height,
                        const std::function<double(double, double)>& heightAt)
{
    Heightmap heightmap;
    heightmap.width = width;
    heightmap.height = height;
    heightmap.bitDepth = 16;
    heightmap.sourcePath = "synthetic-" + std::to_string(width) + "x" + std::to_string(height) + ".png";
    heightmap.samples.resize(std::size_t{width} * height);
    for (std::uint32_t y = 0; y < height; ++y) {
        for (std::uint32_t x = 0; x < width; ++x) {
            const double u = width > 1 ? x / double(width - 1) : 0.0;
            const double v = height > 1 ? y / double(height - 1) : 0.0;
            const double value = std::clamp(heightAt(u, v), 0.0, 1.0);
            heightmap.samples[std::size_t{y} * width + x] = static_cast<std::uint16_t>(std::lround(value * 65535.0));
        }
    }
    return heightmap;
}

Heightmap makeHillsHeightmap(std::uint32_t size)
{
    return makeHeightmap(size, size, [](double u, double v) {
        constexpr double tau = 2.0 * std::numbers::pi;
        const double hills = 0.25 + 0.12 * std::sin(tau * 2.0 * u) * std::cos(tau * 1.5 * v) +
                             0.06 * std::sin(tau * 7.0 * (u + 0.3 * v)) + 0.03 * std::cos(tau * 13.0 * v);
        const double ridge = 0.45 * std::exp(-std::pow((u - 0.6) * 6.0, 2.0) - std::pow((v - 0.35) * 3.0, 2.0));
        return hills + ridge;
    });
}

TerrainSettings testSettings()
{
    TerrainSettings settings;
    settings.maxDepth = 18;
    settings.extentMetres = 10000.0f;
    settings.heightScaleMetres = 2000.0f;
    return settings;
}

FrameView lookAt(glm::vec3 position, glm::vec3 target, VkExtent2D viewport)
{
    FrameView view;
    view.view = glm::lookAtRH(position, target, glm::vec3(0.0f, 1.0f, 0.0f));
    const float aspect = static_cast<float>(viewport.width) / static_cast<float>(viewport.height);
    view.projection = glm::perspectiveRH_ZO(glm::radians(60.0f), aspect, 1.0f, 100000.0f);
    view.projection[1][1] *= -1.0f;  // Vulkan's y points down
    view.cameraPosition = position;
    view.viewport = viewport;
    return view;
}

float RenderedImage::luminance(std::size_t pixel) const
{
    const std::uint8_t* rgb = &rgba[pixel * 4];
    return (0.2126f * rgb[0] + 0.7152f * rgb[1] + 0.0722f * rgb[2]) / 255.0f;
}

void saveForInspection(const RenderedImage& image, const std::string& name)
{
    const char* directory = std::getenv("CBT_TEST_IMAGE_DIR");
    if (directory == nullptr || *directory == '\0') {
        return;
    }
    const std::string path = (std::filesystem::path(directory) / (name + ".png")).string();
    stbi_write_png(path.c_str(), static_cast<int>(image.width), static_cast<int>(image.height), 4, image.rgba.data(),
                   static_cast<int>(image.width * 4));
}

TerrainRenderHarness::TerrainRenderHarness(gpu::Device& device, gpu::ShaderCompiler& compiler,
                                           const Heightmap& heightmap, const TerrainSettings& settings)
    : device_(&device),
      color_(makeTarget(device, kColorFormat, VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT, VK_IMAGE_ASPECT_COLOR_BIT)),
      depth_(makeTarget(device, kDepthFormat, VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT, VK_IMAGE_ASPECT_DEPTH_BIT)),
      renderer_(std::make_unique<TerrainRenderer>(device, compiler, heightmap, settings, kColorFormat, kDepthFormat,
                                                         kFramesInFlight))
{
}

TerrainRenderHarness::~TerrainRenderHarness()
{
    device_->waitIdle();
}

void TerrainRenderHarness::renderFrame(const FrameView& view)
{
    gpu::Device& device = *device_;
    const std::uint32_t slot = frameIndex_++ % kFramesInFlight;
    device.submitAndWait([&](VkCommandBuffer commands) {
        renderer_->recordUpdate(commands, view, slot);
        gpu::imageBarrier(device, commands, color_.handle(), color_.fullRange(), VK_IMAGE_LAYOUT_UNDEFINED,
                          VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL, VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT,
                          VK_ACCESS_2_NONE, VK_PIPELINE_STAGE_2_COLOR_ATTACHMENT_OUTPUT_BIT,
                          VK_ACCESS_2_COLOR_ATTACHMENT_WRITE_BIT);
        gpu::imageBarrier(device, commands, depth_.handle(), depth_.fullRange(), VK_IMAGE_LAYOUT_UNDEFINED,
                          VK_IMAGE_LAYOUT_DEPTH_ATTACHMENT_OPTIMAL, VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT,
                          VK_ACCESS_2_NONE,
                          VK_PIPELINE_STAGE_2_EARLY_FRAGMENT_TESTS_BIT | VK_PIPELINE_STAGE_2_LATE_FRAGMENT_TESTS_BIT,
                          VK_ACCESS_2_DEPTH_STENCIL_ATTACHMENT_READ_BIT |
                              VK_ACCESS_2_DEPTH_STENCIL_ATTACHMENT_WRITE_BIT);
        VkClearValue magenta{};
        magenta.color = VkClearColorValue{{1.0f, 0.0f, 1.0f, 1.0f}};
        VkClearValue farDepth{};
        farDepth.depthStencil = VkClearDepthStencilValue{1.0f, 0};
        const VkRenderingAttachmentInfo colorAttachment =
            attachment(color_.view(), VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL, magenta);
        const VkRenderingAttachmentInfo depthAttachment =
            attachment(depth_.view(), VK_IMAGE_LAYOUT_DEPTH_ATTACHMENT_OPTIMAL, farDepth);
        VkRenderingInfo rendering{};
        rendering.sType = VK_STRUCTURE_TYPE_RENDERING_INFO;
        rendering.renderArea = VkRect2D{{0, 0}, kTargetSize};
        rendering.layerCount = 1;
        rendering.colorAttachmentCount = 1;
        rendering.pColorAttachments = &colorAttachment;
        rendering.pDepthAttachment = &depthAttachment;
        vkCmdBeginRendering(commands, &rendering);
        renderer_->recordDraw(commands, view, slot);
        vkCmdEndRendering(commands);
        gpu::imageBarrier(device, commands, color_.handle(), color_.fullRange(),
                          VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL,
                          VK_PIPELINE_STAGE_2_COLOR_ATTACHMENT_OUTPUT_BIT, VK_ACCESS_2_COLOR_ATTACHMENT_WRITE_BIT,
                          VK_PIPELINE_STAGE_2_COPY_BIT, VK_ACCESS_2_TRANSFER_READ_BIT);
        gpu::imageBarrier(device, commands, depth_.handle(), depth_.fullRange(),
                          VK_IMAGE_LAYOUT_DEPTH_ATTACHMENT_OPTIMAL, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL,
                          VK_PIPELINE_STAGE_2_LATE_FRAGMENT_TESTS_BIT, VK_ACCESS_2_DEPTH_STENCIL_ATTACHMENT_WRITE_BIT,
                          VK_PIPELINE_STAGE_2_COPY_BIT, VK_ACCESS_2_TRANSFER_READ_BIT);
    });
}

void TerrainRenderHarness::updateOnly(const FrameView& view)
{
    const std::uint32_t slot = frameIndex_++ % kFramesInFlight;
    device_->submitAndWait([&](VkCommandBuffer commands) { renderer_->recordUpdate(commands, view, slot); });
}

std::uint32_t TerrainRenderHarness::converge(const FrameView& view, int stableFrames, int maxFrames)
{
    std::uint32_t previous = leafCount();
    int unchanged = 0;
    for (int frame = 0; frame < maxFrames && unchanged < stableFrames; ++frame) {
        updateOnly(view);
        const std::uint32_t current = leafCount();
        unchanged = current == previous ? unchanged + 1 : 0;
        previous = current;
    }
    return previous;
}

RenderedImage TerrainRenderHarness::readBack()
{
    RenderedImage image;
    image.width = kTargetSize.width;
    image.height = kTargetSize.height;
    const std::vector<std::byte> color =
        gpu::downloadImageLevel(*device_, color_, 0, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
    image.rgba.resize(color.size());
    std::memcpy(image.rgba.data(), color.data(), color.size());
    const std::vector<std::byte> depth =
        gpu::downloadImageLevel(*device_, depth_, 0, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
    image.depth.resize(depth.size() / sizeof(float));
    std::memcpy(image.depth.data(), depth.data(), depth.size());
    return image;
}

}  // namespace terrain::test
